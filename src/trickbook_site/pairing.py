"""Two worked hands side by side, stepped with one set of controls (a ```hand``` block with ``pair``).

Two hands of different games, or of one deal under different rules, seldom have the same
number of steps: Trinidad begs and runs the pack where Yorkshire leads at once, and one
table may play more tricks than the other. So the pair does not step both hands by step
number but by *moment*, a stage both tables can have:

- the deal (step 0);
- each action before the first card (a kick, a beg, a bid), the first beside the first;
- each card of the play, card *k* of trick *t* beside card *k* of trick *t*;
- an action after a card that is not a card, beside the same action after the same card.

``moments`` lists every moment either hand has, in order, and for each one the step each
hand shows there: its own step of that moment, or, when it has none, the last step it
had before it (the table waits, as it was). The last moment shows both hands finished.
The build writes the moments into the pair's markup (``data-align``); the browser's
pair controller (``widgets/hand-player/pair.js``) steps both players through them.
"""

from __future__ import annotations

import json
from html import escape
from typing import Callable, Sequence

from trickbook.trace import Trace

from .hand_controls import pair_controls

Translate = Callable[[str], str]
Moment = tuple[int, ...]

TRICK_VERBS = frozenset({"play", "throw"})  # the actions that put something on a trick


def stage_keys(trace: Trace) -> list[Moment]:
    """The moment of each step of a hand, in step order (an increasing list).

    ``(0,)`` is the deal; ``(1, n)`` the n-th action before the first card; ``(2, t, k)``
    card k of trick t; ``(2, t, k, n)`` the n-th other action after that card.
    """
    places = [(t, k) for t, trick in enumerate(trace.tricks, start=1) for k in range(1, len(trick.entries) + 1)]
    keys: list[Moment] = []
    before = 0
    played = 0
    after = 0
    for step in trace.steps:
        action = step.action
        if action is None:
            keys.append((0,))
        elif action.verb in TRICK_VERBS and played < len(places):
            t, k = places[played]
            played += 1
            after = 0
            keys.append((2, t, k))
        elif played == 0:
            before += 1
            keys.append((1, before))
        else:
            after += 1
            t, k = places[played - 1]
            keys.append((2, t, k, after))
    return keys


def moments(first: Trace, second: Trace) -> list[tuple[int, int]]:
    """For each moment either hand has, in order, the step each hand shows (see the module's text)."""
    keys = [stage_keys(first), stage_keys(second)]
    out: list[tuple[int, int]] = []
    shown = [0, 0]
    for moment in sorted(set(keys[0]) | set(keys[1])):
        for side in (0, 1):
            # The hand's own step of this moment, or the last it reached before it.
            while shown[side] + 1 < len(keys[side]) and keys[side][shown[side] + 1] <= moment:
                shown[side] += 1
        out.append((shown[0], shown[1]))
    return out


def short_name(game: str, ui: Translate) -> str:
    """The game's name as short as the pair's sticking bar on a phone names each table (``data-short``)."""
    _ = ui
    names = {
        # TRANSLATORS: the short name of the Yorkshire All Fours table, beside its trick in a narrow bar.
        "yorkshire": _("Yorkshire"),
        # TRANSLATORS: the short name of the Trinidad All Fours table, beside its trick in a narrow bar.
        "trinidad": _("Trinidad"),
        "nap": _("Nap"),
        "euchre": _("Euchre"),
    }
    return names.get(game, game)


def pair_html(first: Trace, second: Trace, pair_id: str, figures: Sequence[str], titles: Sequence[str],
              ui: Translate) -> str:
    """The pair's markup around the two figures (as the build renders them): one bar, two labelled regions.

    Without JavaScript the bar stays hidden and the two figures read as two figures. Each region
    carries its table's short name (``data-short``): on a phone the bar names each table's trick by it,
    or by the hand's title where both hands are of one game.
    """
    align = moments(first, second)
    shorts = [short_name(trace.record.game, ui) for trace in (first, second)]
    if shorts[0] == shorts[1]:
        shorts = list(titles)
    sides = []
    for figure, title, short in zip(figures, titles, shorts, strict=True):
        sides.append(f'<div class="tb-pair-side" role="region" tabindex="0" aria-label="{escape(title)}" '
                     f'data-short="{escape(short)}">')
        sides.extend(figure.splitlines())
        sides.append("</div>")
    data = escape(json.dumps([list(m) for m in align], separators=(",", ":")))
    return "\n".join([
        f'<div class="tb-pair" id="pair-{escape(pair_id)}" data-pair-id="{escape(pair_id)}" data-step="0" '
        f'data-align="{data}">',
        pair_controls(ui, len(align) - 1),
        '<div class="tb-pair-sides">',
        *sides,
        "</div>",
        "</div>",
    ])
