"""Why a card was played, in words that are true of the position: the reason codes the bots share.

A reason claims something of the position (the seat holds trumps it keeps, the
card given is the cheapest it could give, the partner is still to play); the
code is chosen by checking that claim, so that a learner is never told
something false. ``cost`` is what giving a card away costs: a trump before a
plain card, then (in All Fours) its Game points, then its power.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..cards import Card, game_value
from ..view import SeatView


def cost(me: SeatView, card: Card, values: bool) -> tuple[bool, int, int]:
    """What giving ``card`` away costs, lowest first: plain before trump, Game points (if they count), power."""
    return me.is_trump(card), game_value(card) if values else 0, me.power(card)


def cheaper_than(me: SeatView, card: Card, cards: Sequence[Card], values: bool) -> list[Card]:
    """The cards of ``cards`` that cost strictly less to give than ``card``."""
    mine = cost(me, card, values)
    return [c for c in cards if cost(me, c, values) < mine]


def play_reason(me: SeatView, card: Card, cards: Sequence[Card], values: bool,
                after: Sequence[str] = ()) -> tuple[str, dict[str, Any]]:
    """The reason for playing ``card`` of the legal ``cards``; ``after`` are the seats still to play
    to this trick, ``values`` whether captured cards score by their Game points."""
    said: dict[str, Any] = {"seat": me.seat, "card": card}
    if len(cards) == 1:
        return "bot-only-card", said
    if not me.plays:
        if me.is_trump(card):
            return ("bot-lead-trump" if trumps_out(me) else "bot-lead-trump-none-out"), said
        kept = any(me.is_trump(c) for c in me.hand if c != card)
        return ("bot-lead-plain" if kept else "bot-lead-no-trump"), said
    assert me.winning is not None and me.led is not None
    if me.beats(card, me.winning[1], me.led):
        return "bot-take-trick", said
    partner = getattr(me, "partner", None)
    if partner is not None and me.winning[0] == partner:
        return "bot-partner-holds", {**said, "partner": partner}
    cheaper = cheaper_than(me, card, cards, values)
    if not cheaper:
        return "bot-cannot-win", said
    if partner is not None and partner in after:
        return "bot-gives-partner-to-play", {**said, "partner": partner}
    return "bot-keeps-cheaper", {**said, "kept": min(cheaper, key=lambda c: cost(me, c, values))}


def trumps_out(me: SeatView) -> list[Card]:
    """The trumps this seat has not seen (neither in its hand, nor played or thrown, nor kicked): the
    other side may hold them."""
    seen = set(me.hand) | {Card.parse(c) for c in me.obs.get("kicks", [])}
    for trick in me.obs["tricks"]:
        for entry in trick["plays"]:
            if entry[1] == "throw":
                seen.update(Card.parse(c) for c in entry[2])
            else:
                seen.add(Card.parse(entry[1]))
    return [c for c in me.rules.pack() if me.is_trump(c) and c not in seen]


def still_to_play(me: SeatView) -> list[str]:
    """The seats still to play to the trick in progress after this one, in order."""
    j = me.in_play.index(me.seat)
    return [s for s in me.in_play[j + 1:] + me.in_play[:j] if s not in me.played_here]


__all__ = ["cheaper_than", "cost", "play_reason", "still_to_play", "trumps_out"]
