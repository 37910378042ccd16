"""A Nap bot (rule text 001): bids the tricks its hand is likely to take, draws trumps as declarer, defends together."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..cards import RANKS, SUITS, Card
from ..errors import TrickbookError

CONTRACT_TRICKS = (("wellington", 5.0), ("nap", 4.7), ("four", 3.7), ("three", 2.7))

# Chance that a trump wins a trick, by how many higher trumps the hand lacks.
_TRUMP_CHANCE = {0: 1.0, 1: 0.7, 2: 0.45}


def _card(action_text: str) -> Card:
    return Card.parse(action_text.split()[-1])


def _side_ace_chance(players: int) -> float:
    """A side ace is less safe the more players may be void in its suit."""
    return max(0.4, 0.95 - 0.05 * players)


def suit_estimate(hand: Sequence[Card], trump: str, players: int) -> float:
    """Tricks the hand should take with ``trump`` as trumps: trump length and honours, side aces."""
    trumps = sorted((c for c in hand if c.suit == trump), key=lambda c: RANKS.index(c.rank))
    total = 0.0
    for k, card in enumerate(trumps):
        missing = RANKS.index(card.rank) - k  # higher trumps held by somebody else
        total += _TRUMP_CHANCE.get(missing, 0.25 if len(trumps) >= 3 else 0.1)
    for card in hand:
        if card.suit != trump and card.rank == "A":
            total += _side_ace_chance(players)
    return total


def best_suit(hand: Sequence[Card], players: int) -> tuple[str, float]:
    """The suit that makes the best trumps, and the tricks expected with it."""
    scored = [(suit_estimate(hand, s, players), -SUITS.index(s), s) for s in SUITS if any(c.suit == s for c in hand)]
    estimate, _, suit = max(scored)
    return suit, estimate


class NapBot:
    """Plays Nap from its observation alone; deterministic (the seed is kept for the common interface)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, observation: Mapping[str, Any]) -> str:
        legal: list[str] = list(observation["legal"])
        if not legal:
            raise TrickbookError(f"seat {observation.get('seat')!r} has no legal action to choose from")
        if observation["phase"] == "bidding":
            return self._bid(observation, legal)
        return self._play(observation, legal)

    # ----- bidding ---------------------------------------------------------
    def _bid(self, obs: Mapping[str, Any], legal: list[str]) -> str:
        hand = [Card.parse(c) for c in obs["hand"]]
        _, estimate = best_suit(hand, len(obs["seats"]))
        for contract, needed in CONTRACT_TRICKS:
            text = f"{obs['seat']} bid {contract}"
            if estimate >= needed and text in legal:
                return text
        return f"{obs['seat']} pass"

    # ----- card play -------------------------------------------------------
    def _play(self, obs: Mapping[str, Any], legal: list[str]) -> str:
        seat = obs["seat"]
        cards = [_card(a) for a in legal]
        plays = _current_plays(obs)
        if not plays:
            card = self._lead(obs, cards)
        elif seat == obs["declarer"]:
            card = self._follow_as_declarer(obs, cards, plays)
        else:
            card = self._follow_as_defender(obs, cards, plays)
        return f"{seat} {card}"

    def _lead(self, obs: Mapping[str, Any], cards: list[Card]) -> Card:
        trump = obs["trump"]
        players = len(obs["seats"])
        if obs["seat"] == obs["declarer"]:
            if trump is None:  # the first lead names trumps: lead the top of the best suit
                suit, _ = best_suit(cards, players)
                return _highest([c for c in cards if c.suit == suit])
            trumps = [c for c in cards if c.suit == trump]
            if trumps and _trumps_out(obs) > 0:
                return _highest(trumps)
            return _highest(cards)
        aces = [c for c in cards if c.rank == "A" and c.suit != trump]
        if aces:
            return aces[0]
        return _lowest(cards, trump)

    def _follow_as_declarer(self, obs: Mapping[str, Any], cards: list[Card], plays: list[tuple[str, Card]]) -> Card:
        winners = [c for c in cards if _beats(c, plays, obs["trump"])]
        return _lowest(winners, obs["trump"]) if winners else _lowest(cards, obs["trump"])

    def _follow_as_defender(self, obs: Mapping[str, Any], cards: list[Card], plays: list[tuple[str, Card]]) -> Card:
        trump, declarer = obs["trump"], obs["declarer"]
        leader_seat, _ = _winning(plays, trump)
        declarer_played = any(s == declarer for s, _ in plays)
        winners = [c for c in cards if _beats(c, plays, trump)]
        if declarer_played:
            if leader_seat != declarer or not winners:
                return _lowest(cards, trump)  # a fellow defender has it, or nobody can beat the declarer
            return _lowest(winners, trump)
        # The declarer is still to play: only a strong card is worth putting up.
        if winners:
            return _highest(winners)
        return _lowest(cards, trump)


def _current_plays(obs: Mapping[str, Any]) -> list[tuple[str, Card]]:
    tricks = obs["tricks"]
    if not tricks or tricks[-1]["winner"] is not None:
        return []
    return [(entry[0], Card.parse(entry[1])) for entry in tricks[-1]["plays"] if len(entry) == 2]


def _key(card: Card, led: str, trump: str | None) -> tuple[int, int]:
    power = len(RANKS) - RANKS.index(card.rank)
    if card.suit == trump:
        return (2, power)
    if card.suit == led:
        return (1, power)
    return (0, 0)


def _winning(plays: list[tuple[str, Card]], trump: str | None) -> tuple[str, Card]:
    led = plays[0][1].suit
    return max(plays, key=lambda sc: _key(sc[1], led, trump))


def _beats(card: Card, plays: list[tuple[str, Card]], trump: str | None) -> bool:
    led = plays[0][1].suit
    _, best = _winning(plays, trump)
    # The first card led sets trump when none is set yet; it is then the led suit.
    return _key(card, led, trump or led) > _key(best, led, trump or led)


def _highest(cards: list[Card]) -> Card:
    return min(cards, key=lambda c: (RANKS.index(c.rank), SUITS.index(c.suit)))


def _lowest(cards: list[Card], trump: str | None) -> Card:
    """The cheapest card to give away: a low plain card before any trump."""
    return max(cards, key=lambda c: (c.suit != trump, RANKS.index(c.rank), -SUITS.index(c.suit)))


def _trumps_out(obs: Mapping[str, Any]) -> int:
    """Trumps not yet seen: neither played nor in this hand (some may not be dealt at all)."""
    trump = obs["trump"]
    seen = sum(1 for t in obs["tricks"] for e in t["plays"] if len(e) == 2 and e[1][-1] == trump)
    mine = sum(1 for c in obs["hand"] if c[-1] == trump)
    return 13 - seen - mine
