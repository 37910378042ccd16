"""The checks of a hand's deal and of the score it starts from: a deal the game cannot have and a
score no match can stand at are refused with a ``DealError`` before the hand begins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import N_, DealError
from .model import Deal

if TYPE_CHECKING:
    from .game import HandState


def check_deal(state: HandState, deal: Deal) -> None:
    """Refuse a deal the game cannot have: a card twice, the hand size, the extra cards, cards not in the pack."""
    cards = deal.all_cards()  # listed once for both the repeat check and the pack check
    if len(frozenset(cards)) != len(cards):
        deal.check_unique()  # names the card dealt twice
    size, hands = state.hand_size, state.hands
    for s in state.seats:
        if len(hands[s]) != size:
            raise DealError.said(N_("{seat} must be dealt {size} cards, not {count}"), seat=s, size=size,
                                 count=len(hands[s]))
    if state.turn_card and deal.turn is None:
        raise DealError(f"a {state.title} deal needs the {state.turn_card} (`turn`)")
    if ((deal.turn is not None and not state.turn_card) or (deal.kitty and not state.kitty_size)
            or (deal.stock and not state.has_stock)):
        dealt = {"turned card": bool(state.turn_card), "kitty": bool(state.kitty_size), "stock": state.has_stock}
        given = {"turned card": deal.turn is not None, "kitty": bool(deal.kitty), "stock": bool(deal.stock)}
        wrong = [name for name in given if given[name] and not dealt[name]]
        alone = "; its deal is the hands alone (no upcard, kitty or stock)" if not any(dealt.values()) else ""
        raise DealError(f"{state.title} deals no {' and no '.join(wrong)}{alone}")
    if deal.kitty and len(deal.kitty) != state.kitty_size:
        raise DealError.said(N_("the kitty holds {size} cards, not {count}"), size=state.kitty_size,
                             count=len(deal.kitty))
    pack = state._pack_set()
    if not pack.issuperset(cards):
        for card in cards:
            if card not in pack:
                raise DealError(f"{card} is not in {state.pack_name}")


def check_score_before(state: HandState) -> None:
    """Refuse a score no match can stand at before a hand: below zero, or already at the target."""
    target = state.rules.target
    for team, points in state.score.items():
        if points < 0:
            raise DealError(f"score of {team} cannot be below zero, not {points}")
        if target and points >= target:
            raise DealError(f"score of {team} is {points}: the match is already won at {target}")
