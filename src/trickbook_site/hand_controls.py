"""The step-through controls of a worked hand, written into the page before the player loads.

A page loads only the small `widgets/hand.js` before the reader touches a hand: the
player's code and the hand's data come on the first interaction. So that the first
press already lands on a real control, the build writes the player's bar once per
page with hands (the same buttons, slider, counter and status row that
`hand-player/player.js` builds, with the same classes and labels in the page's
language) as a ``<template>``; `hand.js` puts a copy in each hand
(``<div class="tb-dormant">``), and the player adopts these very elements when it
mounts (so focus and a press in progress are kept). ``templates/controls.html`` draws them.
Without JavaScript a template shows nothing and the figure reads as its tables.
"""

from __future__ import annotations

from typing import Any, Callable

from . import templates

Translate = Callable[[str], str]

# The same line drawings as `hand-player/view.js` (ICONS): a chain of two links, four corners, brackets.
ICONS = {
    "code": "M8 6l-6 6 6 6M16 6l6 6-6 6",
    "print": "M6 9V3h12v6M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2M6 14h12v7H6z",
    "link": "M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7",
    "screen": "M8 3H5a2 2 0 0 0-2 2v3M21 8V5a2 2 0 0 0-2-2h-3M16 21h3a2 2 0 0 0 2-2v-3M3 16v3a2 2 0 0 0 2 2h3",
}


def _labels(_: Translate) -> dict[str, str]:
    """The bar's texts; literal ``_()`` calls, the same messages as the player's."""
    return {
        "first": _("First step"),
        "prev": _("Previous step"),
        "next": _("Next step"),
        "last": _("Last step"),
        "step": _("Step"),
        "where": _("Step {step} of {total}"),
        "copy": _("Copy the link to this step"),
        "embed": _("Copy the code to embed this hand"),
        "print": _("Print this hand"),
        "presenter": _("Presenter mode"),
        "group": _("Step through the hand"),
        "status": _("Replay prepared with the page: stepping through it downloads nothing."),
        "try": _("Try other cards"),
    }


def _bar(name: str) -> Any:
    """A macro of ``templates/controls.html``."""
    return templates.macro("controls.html", name)


def controls_template(ui: Translate) -> str:
    """The bar as a ``<template>``, once per page: `hand.js` puts a copy in each hand, with
    the slider's range, the disabled buttons and the counter (from ``data-where``) of its step."""
    return str(_bar("hand_bar")(_labels(ui), ICONS))


def pair_controls(ui: Translate, total: int) -> str:
    """The one bar of two hands shown side by side (``pairing.py``), at its first moment of ``total``.

    Hidden until `widgets/hand.js` shows it: without JavaScript the two figures read as they are.
    The pair's controller (`hand-player/pair.js`) adopts these very elements.
    """
    t = _labels(ui)
    _ = ui
    # TRANSLATORS: the label of the one set of controls that steps two worked hands shown side by side.
    group = _("Step through both hands together")
    # TRANSLATORS: shown above two worked hands stepped together; it says how their steps are matched.
    aligned = _("Both tables move together: the deal, then the same card of the same trick at each table. "
                "A table with nothing at that moment stays as it was.")
    where = t["where"].replace("{step}", "0").replace("{total}", str(total))
    return str(_bar("pair_bar")(t, ICONS, group, aligned, where, total))
