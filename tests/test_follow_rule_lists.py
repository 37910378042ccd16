"""A game's follow rule written as a list (``playable``) allows exactly the cards its per-card form
(``follow_refusal``) allows, in the hand's order, for every game, suit led and trump suit."""

from __future__ import annotations

import random
from typing import Sequence

import pytest

from trickbook.cards import SUITS, Card
from trickbook.games import GAMES, find_game
from trickbook.games.nap import NapHand


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_cards_a_hand_may_play_are_those_the_follow_rule_does_not_refuse(game: str) -> None:
    cls = find_game(game)
    rng = random.Random(game)
    pack = cls.pack()
    checked = 0
    for _ in range(400):
        hand = rng.sample(pack, rng.randint(1, 9))
        for led in SUITS:
            for trump in (None, *SUITS):
                by_card = [c for c in hand if cls.follow_refusal(c, hand, led, trump) is None]
                assert cls.playable(hand, led, trump) == by_card, (hand, led, trump)
                checked += 1
    assert checked == 400 * 4 * 5


class _FollowAnything(NapHand):
    """A game (unregistered) whose own follow rule refuses nothing but a heart while a spade is held."""

    @classmethod
    def follow_refusal(cls, card: Card, hand: Sequence[Card], led: str | None, trump: str | None) -> str | None:
        if card.suit == "H" and any(c.suit == "S" for c in hand):
            return "no-hearts-with-spades"
        return None


def test_a_game_that_writes_only_its_follow_rule_is_asked_card_by_card() -> None:
    hand = [Card("AH"), Card("2S"), Card("3D")]
    assert _FollowAnything.playable(hand, "D", None) == [Card("2S"), Card("3D")]
    assert NapHand.playable(hand, "D", None) == [Card("3D")]  # the default: follow suit
