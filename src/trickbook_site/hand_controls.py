"""The step-through controls of a worked hand, written into the page before the player loads.

A page loads only the small `widgets/hand.js` before the reader touches a hand: the
player's code and the hand's data come on the first interaction. So that the first
press already lands on a real control, the build writes the player's bar once per
page with hands (the same buttons, slider, counter and status row that
`hand-player/player.js` builds, with the same classes and labels in the page's
language) as a ``<template>``; `hand.js` puts a copy in each hand
(``<div class="tb-dormant">``), and the player adopts these very elements when it
mounts (so focus and a press in progress are kept). Without JavaScript a template
shows nothing and the figure reads as its tables.
"""

from __future__ import annotations

from html import escape
from typing import Callable

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


def _icon(name: str) -> str:
    return ('<svg viewBox="0 0 24 24" width="1.2em" height="1.2em" aria-hidden="true" focusable="false" fill="none" '
            'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="tb-icon">'
            f'<path d="{ICONS[name]}"></path></svg>')


def _presenter_button(label: str, keys: str) -> str:
    """The presenter-mode switch, its icon and its name (a label only screen readers hear on a phone)."""
    return (f'<button type="button" class="tb-btn tb-presenter-toggle" aria-pressed="false" '
            f'title="{escape(label)}" aria-keyshortcuts="{keys}">{_icon("screen")}'
            f'<span class="tb-label">{escape(label)}</span></button>')


def _button(cls: str, label: str, symbol: str) -> str:
    return (f'<button type="button" class="tb-btn {cls}" aria-label="{escape(label)}" '
            f'title="{escape(label)}">{symbol}</button>')


def controls_template(ui: Translate) -> str:
    """The bar as a ``<template>``, once per page: `hand.js` puts a copy in each hand, with
    the slider's range, the disabled buttons and the counter (from ``data-where``) of its step."""
    t = _labels(ui)

    def glyph(text: str) -> str:
        return f'<span aria-hidden="true">{text}</span>'

    steppers = "".join([
        _button("tb-first", t["first"], glyph("|◀")),
        _button("tb-prev", t["prev"], glyph("◀")),
        f'<input type="range" class="tb-slider" min="0" step="1" aria-label="{escape(t["step"])}">',
        _button("tb-next", t["next"], glyph("▶")),
        _button("tb-last", t["last"], glyph("▶|")),
    ])
    tools = "".join([
        f'<output class="tb-counter" data-where="{escape(t["where"])}"></output>',
        _button("tb-copy-link", t["copy"], _icon("link")),
        _button("tb-embed", t["embed"], _icon("code")),
        _button("tb-print", t["print"], _icon("print")),
        _presenter_button(t["presenter"], "Escape PageDown PageUp Space B ."),
    ])
    return (
        '<template class="tb-controls-template">'
        '<div class="tb-dormant" hidden data-search-exclude>'
        '<div class="tb-bar">'
        f'<div class="tb-controls" role="group" aria-label="{escape(t["group"])}">'
        f'<span class="tb-steppers">{steppers}</span><span class="tb-tools">{tools}</span></div>'
        '</div>'
        '<div class="tb-status-row">'
        f'<p class="tb-status">{escape(t["status"])}</p>'
        f'<button type="button" class="tb-btn tb-try">{escape(t["try"])}</button>'
        '</div>'
        '</div>'
        '</template>'
    )


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

    def glyph(text: str) -> str:
        return f'<span aria-hidden="true">{text}</span>'

    where = t["where"].replace("{step}", "0").replace("{total}", str(total))
    start, end = ' aria-disabled="true"', ' aria-disabled="false"' if total > 0 else ' aria-disabled="true"'
    steppers = "".join([
        _button("tb-first", t["first"], glyph("|◀")).replace("<button ", f"<button{start} ", 1),
        _button("tb-prev", t["prev"], glyph("◀")).replace("<button ", f"<button{start} ", 1),
        f'<input type="range" class="tb-slider" min="0" step="1" max="{total}" value="0" '
        f'aria-label="{escape(t["step"])}" aria-valuetext="{escape(where)}">',
        _button("tb-next", t["next"], glyph("▶")).replace("<button ", f"<button{end} ", 1),
        _button("tb-last", t["last"], glyph("▶|")).replace("<button ", f"<button{end} ", 1),
    ])
    tools = "".join([
        f'<output class="tb-counter" data-where="{escape(t["where"])}">{escape(where)}</output>',
        _button("tb-copy-link", t["copy"], _icon("link")),
        _presenter_button(t["presenter"], "Escape PageDown PageUp Space"),
    ])
    return (
        f'<p class="tb-pair-how" hidden data-search-exclude>{escape(aligned)}</p>'
        '<div class="tb-pair-bar" hidden data-search-exclude>'
        f'<div class="tb-controls" role="group" aria-label="{escape(group)}">'
        f'<span class="tb-steppers">{steppers}</span><span class="tb-tools">{tools}</span></div>'
        '</div>'
    )
