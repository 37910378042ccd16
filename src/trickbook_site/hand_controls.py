"""The step-through controls of a worked hand, written into the page before the player loads.

A page loads only the small `widgets/hand.js` before the reader touches a hand: the
player's code and the hand's data come on the first interaction. So that the first
press already lands on a real control, the build writes the player's bar here (the
same buttons, slider, counter and status row that `hand-player/player.js` builds,
with the same classes and labels in the page's language) inside
``<div class="tb-dormant" hidden>``. Without JavaScript it stays hidden and the
figure reads as its tables; `hand.js` shows it, and the player adopts these very
elements when it mounts (so focus and a press in progress are kept).
"""

from __future__ import annotations

from html import escape
from typing import Callable

Translate = Callable[[str], str]

# The same line drawings as `hand-player/view.js` (ICONS): a chain of two links, four corners.
ICONS = {
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
        "presenter": _("Presenter mode"),
        "group": _("Step through the hand"),
        "status": _("Replay prepared with the page: stepping through it downloads nothing."),
        "try": _("Try other cards"),
    }


def _icon(name: str) -> str:
    return ('<svg viewBox="0 0 24 24" width="1.2em" height="1.2em" aria-hidden="true" focusable="false" fill="none" '
            'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="tb-icon">'
            f'<path d="{ICONS[name]}"></path></svg>')


def _button(cls: str, label: str, symbol: str, disabled: bool) -> str:
    return (f'<button type="button" class="tb-btn {cls}" aria-label="{escape(label)}" title="{escape(label)}" '
            f'aria-disabled="{str(disabled).lower()}">{symbol}</button>')


def controls_html(ui: Translate, total: int, step: int) -> str:
    """The bar for a hand of ``total`` steps after the deal, showing ``step``."""
    t = _labels(ui)
    step = max(0, min(total, step))
    where = escape(t["where"].replace("{step}", str(step)).replace("{total}", str(total)))
    glyph = lambda text: f'<span aria-hidden="true">{text}</span>'  # noqa: E731
    steppers = "".join([
        _button("tb-first", t["first"], glyph("|◀"), step == 0),
        _button("tb-prev", t["prev"], glyph("◀"), step == 0),
        f'<input type="range" class="tb-slider" min="0" step="1" max="{total}" value="{step}" '
        f'aria-label="{escape(t["step"])}" aria-valuetext="{where}">',
        _button("tb-next", t["next"], glyph("▶"), step == total),
        _button("tb-last", t["last"], glyph("▶|"), step == total),
    ])
    tools = "".join([
        f'<output class="tb-counter">{where}</output>',
        _button("tb-copy-link", t["copy"], _icon("link"), False).replace(' aria-disabled="false"', ""),
        f'<button type="button" class="tb-btn tb-presenter-toggle" aria-pressed="false" title="{escape(t["presenter"])}" '
        f'aria-keyshortcuts="Escape PageDown PageUp Space">{_icon("screen")}'
        f'<span class="tb-label">{escape(t["presenter"])}</span></button>',
    ])
    return (
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
    )
