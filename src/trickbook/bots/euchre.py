"""A Euchre bot (rule text 004): makes trumps on strength, leads trumps as maker, plays low under a winning partner.

It reads only its seat's observation. Hand strength counts the bowers and the
other trumps, off-suit aces and voids, and adjusts for the upcard going to the
dealer's side in round one.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from ..cards import SUITS, Card
from ..errors import TrickbookError
from ..games.euchre import card_power, card_suit, is_left_bower, is_right_bower

# What a card is worth towards making trumps (about a third of a trick per point).
_TRUMP_VALUE = {"A": 2.0, "K": 1.7, "Q": 1.5, "T": 1.3, "9": 1.2}
_RIGHT_BOWER, _LEFT_BOWER = 3.0, 2.5
_OFF_ACE = 1.0
_VOID = 0.6
ORDER_AT = 7.0  # enough to expect three tricks with partner's help
ALONE_AT = 11.5  # enough to expect five tricks without it
_UPCARD_SHARE = 0.8  # how much of the upcard's value the dealer's side gains


def trump_value(card: Card, trump: str) -> float:
    if is_right_bower(card, trump):
        return _RIGHT_BOWER
    if is_left_bower(card, trump):
        return _LEFT_BOWER
    if card.suit == trump:
        return _TRUMP_VALUE[card.rank]
    return 0.0


def strength(hand: Sequence[Card], trump: str) -> float:
    """How good ``trump`` would be for this hand: trumps, off-suit aces, voids once trumps are held."""
    total = sum(trump_value(c, trump) for c in hand)
    trumps = sum(1 for c in hand if card_suit(c, trump) == trump)
    for suit in SUITS:
        if suit == trump:
            continue
        cards = [c for c in hand if card_suit(c, trump) == suit]
        if any(c.rank == "A" for c in cards):
            total += _OFF_ACE
        if not cards and trumps >= 2:
            total += _VOID
    return total


def discard_choice(hand: Sequence[Card], trump: str) -> Card:
    """Keep trumps and aces; throw a lone low card to make a void, else the lowest plain card."""
    def key(card: Card) -> tuple[int, int, int, int]:
        suit = card_suit(card, trump)
        length = sum(1 for c in hand if card_suit(c, trump) == suit)
        return (suit == trump, card.rank == "A", length > 1, card_power(card, trump))
    return min(hand, key=key)


class EuchreBot:
    """Plays one seat from its observation; deterministic given ``seed``."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Mapping[str, Any]) -> str:
        legal: list[str] = list(observation["legal"])
        if not legal:
            raise TrickbookError(f"seat {observation.get('seat')!r} has no legal action to choose from")
        phase = observation["phase"]
        hand = [Card.parse(c) for c in observation["hand"]]
        if phase == "round-one":
            return self._round_one(observation, hand, legal)
        if phase == "round-two":
            return self._round_two(observation, hand, legal)
        if phase == "discard":
            return self._pick(legal, f"{observation['seat']} discard {discard_choice(hand, observation['trump'])}")
        return self._play(observation, hand, legal)

    # ----- making trumps -----------------------------------------------------
    def _round_one(self, obs: Mapping[str, Any], hand: list[Card], legal: list[str]) -> str:
        seat, dealer = obs["seat"], obs["dealer"]
        upcard = Card.parse(obs["upcard"])
        trump = upcard.suit
        if seat == dealer:
            kept = list(hand) + [upcard]
            kept.remove(discard_choice(kept, trump))
            score = alone_score = strength(kept, trump)
            verb = "pickup"
        else:
            alone_score = strength(hand, trump)
            gain = _UPCARD_SHARE * trump_value(upcard, trump)
            partner_deals = _partner(obs["seats"], seat) == dealer
            score = alone_score + gain if partner_deals else alone_score - gain
            verb = "order"
        if score < ORDER_AT:
            return self._pick(legal, f"{seat} pass")
        alone = " alone" if alone_score >= ALONE_AT else ""
        return self._pick(legal, f"{seat} {verb}{alone}", f"{seat} {verb}")

    def _round_two(self, obs: Mapping[str, Any], hand: list[Card], legal: list[str]) -> str:
        seat = obs["seat"]
        options = [s for s in SUITS if f"{seat} call {s}" in legal]
        best = max(options, key=lambda s: (strength(hand, s), -SUITS.index(s)))
        score = strength(hand, best)
        stuck = f"{seat} pass" not in legal
        if score < ORDER_AT and not stuck:
            return self._pick(legal, f"{seat} pass")
        alone = " alone" if score >= ALONE_AT else ""
        return self._pick(legal, f"{seat} call {best}{alone}", f"{seat} call {best}")

    # ----- trick play --------------------------------------------------------
    def _play(self, obs: Mapping[str, Any], hand: list[Card], legal: list[str]) -> str:
        seat, trump = obs["seat"], obs["trump"]
        cards = [Card.parse(a.split()[-1]) for a in legal]
        trick = _current_trick(obs)
        if trick is None:
            card = self._lead(obs, hand, cards, trump)
        else:
            card = self._follow(obs, trick, cards, trump)
        return f"{seat} {card}"

    def _lead(self, obs: Mapping[str, Any], hand: list[Card], cards: list[Card], trump: str) -> Card:
        trumps = [c for c in cards if card_suit(c, trump) == trump]
        plain = [c for c in cards if card_suit(c, trump) != trump]
        aces = [c for c in plain if c.rank == "A"]
        makers = obs["makers"] == _team(obs["seats"], obs["seat"])
        if makers and trumps and (obs["maker"] == obs["seat"] or len(trumps) >= 2):
            # Draw the defenders' trumps, top down.
            return max(trumps, key=lambda c: card_power(c, trump))
        if aces:
            return self._tie(aces)
        if makers and trumps:
            return max(trumps, key=lambda c: card_power(c, trump))
        if plain:
            return _lowest(plain, trump, hand)
        return min(trumps, key=lambda c: card_power(c, trump))

    def _follow(self, obs: Mapping[str, Any], trick: Mapping[str, Any], cards: list[Card], trump: str) -> Card:
        plays = [(s, Card.parse(c)) for s, c in trick["plays"]]
        led = card_suit(plays[0][1], trump)
        win_seat, win_card = max(plays, key=lambda p: _trick_key(p[1], led, trump))
        partner_wins = win_seat == _partner(obs["seats"], obs["seat"])
        last = len(plays) == len(obs["in_play"]) - 1
        if partner_wins and (last or _strong(win_card, led, trump)):
            return _lowest(cards, trump, cards)
        beaters = [c for c in cards if _trick_key(c, led, trump) > _trick_key(win_card, led, trump)]
        if beaters:
            # Win as cheaply as possible: a card of the led suit before a trump.
            return min(beaters, key=lambda c: _trick_key(c, led, trump))
        return _lowest(cards, trump, cards)

    # ----- helpers -----------------------------------------------------------
    def _pick(self, legal: list[str], *wanted: str) -> str:
        for text in wanted:
            if text in legal:
                return text
        return self.rng.choice(legal)

    def _tie(self, cards: list[Card]) -> Card:
        return self.rng.choice(sorted(cards))


def _partner(seats: Sequence[str], seat: str) -> str:
    return seats[(list(seats).index(seat) + 2) % 4]


def _team(seats: Sequence[str], seat: str) -> str:
    i = list(seats).index(seat) % 2
    return seats[i] + seats[i + 2]


def _current_trick(obs: Mapping[str, Any]) -> Mapping[str, Any] | None:
    tricks = obs["tricks"]
    if tricks and tricks[-1]["winner"] is None:
        return tricks[-1]
    return None


def _trick_key(card: Card, led: str, trump: str) -> tuple[int, int]:
    suit = card_suit(card, trump)
    if suit == trump:
        return (2, card_power(card, trump))
    if suit == led:
        return (1, card_power(card, trump))
    return (0, 0)


def _strong(card: Card, led: str, trump: str) -> bool:
    """A partner's card that probably holds the trick: a trump, or the ace of a plain suit led."""
    return card_suit(card, trump) == trump or (card.rank == "A" and card_suit(card, trump) == led)


def _lowest(cards: list[Card], trump: str, hand: Sequence[Card]) -> Card:
    """The cheapest card to give away: plain before trump, short suits before long, low before high."""
    def key(card: Card) -> tuple[int, int, int, int]:
        suit = card_suit(card, trump)
        length = sum(1 for c in hand if card_suit(c, trump) == suit)
        return (suit == trump, card.rank == "A", card_power(card, trump), length)
    return min(cards, key=key)
