"""Bots for Yorkshire and Trinidad All Fours: they play for High, Low, Jack and Game like club players.

Both see only their seat's observation. They lead strong trumps to draw the
others, win tricks worth points cheaply, feed tens to a partner whose trick is
safe, keep the trump jack away from the opponents, and shed worthless cards.
The Trinidad bot also stands or begs, and gives or runs, on the strength of its
trumps. Ties between equally good cards are broken by ``random.Random(seed)``.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from ..cards import RANKS, Card, game_value
from ..errors import TrickbookError

_VERBS = frozenset({"throw", "peek", "stand", "beg", "give", "run"})
# How much a card is worth in a suit that may become trumps: High, Jack, Game, Low.
_TRUMP_WORTH = {"A": 4.0, "K": 2.5, "Q": 1.5, "J": 2.0, "T": 2.0, "4": 1.0, "3": 2.0, "2": 3.5}
STAND_STRENGTH = 7.0  # a trump holding worth standing on (or, for the dealer, giving a point for)


def _power(card: Card) -> int:
    return len(RANKS) - RANKS.index(card.rank)


def suit_strength(hand: Sequence[Card], suit: str) -> float:
    """How good ``suit`` would be as trumps for this hand: its honours, its low cards, its length."""
    cards = [c for c in hand if c.suit == suit]
    return sum(_TRUMP_WORTH.get(c.rank, 0.5) + 1.5 for c in cards)


class _Seat:
    """What one seat knows at its turn, read from its observation."""

    def __init__(self, obs: Mapping[str, Any]) -> None:
        self.seat: str = obs["seat"]
        seats: list[str] = obs["seats"]
        self.partner = seats[(seats.index(self.seat) + 2) % 4]
        self.hand = [Card.parse(c) for c in obs["hand"]]
        self.trump: str | None = obs["trump"]
        self.seen: set[Card] = {Card.parse(c) for c in obs.get("kicks", [])}
        self.plays: list[tuple[str, Card]] = []
        entries = 0
        for trick in obs["tricks"]:
            for entry in trick["plays"]:
                if entry[1] == "throw":
                    self.seen.update(Card.parse(c) for c in entry[2])
                else:
                    self.seen.add(Card.parse(entry[1]))
            if trick["winner"] is None:
                self.plays = [(e[0], Card.parse(e[1])) for e in trick["plays"] if e[1] != "throw"]
                entries = len(trick["plays"])
        # Seats still to play after this one in the current trick.
        self.after = len(obs["in_play"]) - entries - 1

    def unseen_above(self, card: Card) -> bool:
        """True when a higher card of the same suit may still be out against us."""
        return any(
            Card(r, card.suit) not in self.seen and Card(r, card.suit) not in self.hand
            for r in RANKS[: RANKS.index(card.rank)]
        )

    def trumps(self, cards: Sequence[Card]) -> list[Card]:
        return [c for c in cards if c.suit == self.trump]

    def beats(self, card: Card, best: Card, led: str) -> bool:
        if card.suit == self.trump:
            return best.suit != self.trump or _power(card) > _power(best)
        return card.suit == led == best.suit and _power(card) > _power(best)

    def best(self) -> tuple[str, Card]:
        seat, best = self.plays[0]
        for s, c in self.plays[1:]:
            if self.beats(c, best, self.plays[0][1].suit):
                seat, best = s, c
        return seat, best

    def sure(self, card: Card) -> bool:
        """A trump no unseen trump can beat (a plain card can always be trumped)."""
        return card.suit == self.trump and not self.unseen_above(card)


class AllFoursBot:
    """The play of the hand, shared by both games."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Mapping[str, Any]) -> str:
        legal: list[str] = list(observation["legal"])
        if not legal:
            raise TrickbookError(f"seat {observation.get('seat')!r} has no legal action to choose from")
        verbs = {text.split()[1]: text for text in legal if text.split()[1] in _VERBS}
        decision = self._decide(observation, verbs)
        if decision is not None:
            return decision
        cards = [Card.parse(text.split()[1]) for text in legal if text.split()[1] not in _VERBS]
        card = self.play(_Seat(observation), cards)
        return f"{observation['seat']} {card}"

    def _decide(self, obs: Mapping[str, Any], verbs: Mapping[str, str]) -> str | None:
        """A game's decision other than playing a card; None to play a card."""
        return None

    def _pick(self, cards: Sequence[Card], key: Callable[[Card], Any]) -> Card:
        """The card with the smallest key; equal keys are a tie broken by the seed."""
        low = min(key(c) for c in cards)
        tied = sorted(c for c in cards if key(c) == low)
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    # ----- the play -------------------------------------------------------------
    def play(self, me: _Seat, cards: list[Card]) -> Card:
        if not me.plays:
            return self.lead(me, cards)
        led = me.plays[0][1].suit
        best_seat, best = me.best()
        on_table = sum(game_value(c) for _, c in me.plays)
        partner_wins = best_seat == me.partner
        if partner_wins and (me.after == 0 or me.sure(best)):
            return self.feed(me, cards)
        winners = [c for c in cards if me.beats(c, best, led)]
        if partner_wins:
            # Overtake a partner only to make the trick safe.
            winners = [c for c in winners if me.sure(c)]
        safe = [c for c in winners if me.after == 0 or me.sure(c)]
        # A commanding trump is kept for a trick worth taking.
        worth = on_table > 0 or me.after > 0 or len(me.hand) <= 2
        if safe and (worth or any(c.rank not in "AKQ" or c.suit != me.trump for c in safe)):
            return self._pick(safe, lambda c: (c.suit == me.trump, _power(c)))
        if winners and (on_table >= 4 or self._jack_on_table(me)):
            # Worth a try with the highest winner that costs nothing if it is beaten.
            cheap = [c for c in winners if game_value(c) == 0] or winners
            return self._pick(cheap, lambda c: -_power(c))
        return self.shed(me, cards)

    def _jack_on_table(self, me: _Seat) -> bool:
        return any(c.suit == me.trump and c.rank == "J" for _, c in me.plays)

    def lead(self, me: _Seat, cards: list[Card]) -> Card:
        if me.trump is None:
            return self.pitch(me, cards)
        trumps = me.trumps(cards)
        out = any(Card(r, me.trump) not in me.seen and Card(r, me.trump) not in me.hand for r in RANKS)
        top = [c for c in trumps if me.sure(c)]
        if top and out:
            # Draw the others' trumps with a card nobody can beat.
            return self._pick(top, lambda c: -_power(c))
        plain = [c for c in cards if c.suit != me.trump]
        if plain:
            return self._pick(plain, lambda c: (game_value(c) > 0, _power(c)))
        return self._pick(cards, lambda c: (c.rank in "JT", _power(c)))

    def pitch(self, me: _Seat, cards: list[Card]) -> Card:
        """The first lead of a Yorkshire hand names trumps: choose the best suit."""
        suit = max(sorted({c.suit for c in cards}), key=lambda s: suit_strength(cards, s))
        mine = [c for c in cards if c.suit == suit]
        top = max(mine, key=_power)
        if top.rank in "AK":
            return top
        return self._pick(mine, lambda c: (c.rank in "JT", _power(c)))

    def feed(self, me: _Seat, cards: list[Card]) -> Card:
        """Partner's trick is safe: give it the most points, keeping trumps that command."""
        def cost(c: Card) -> tuple[int, int]:
            keeps_control = c.suit == me.trump and c.rank in "AKQ"
            return (keeps_control, -game_value(c) - (5 if c.suit == me.trump and c.rank == "J" else 0))
        return self._pick(cards, cost)

    def shed(self, me: _Seat, cards: list[Card]) -> Card:
        """Cannot (or need not) win: throw the least useful card."""
        def cost(c: Card) -> tuple[int, int, int]:
            jack = c.suit == me.trump and c.rank == "J"
            return (game_value(c) + (20 if jack else 0), c.suit == me.trump, _power(c))
        return self._pick(cards, cost)


class YorkshireBot(AllFoursBot):
    """Yorkshire All Fours: picks trumps with its first lead; never throws in or looks early."""


class TrinidadBot(AllFoursBot):
    """Trinidad All Fours: stands on good trumps, begs on poor ones; the dealer gives or runs."""

    def _decide(self, obs: Mapping[str, Any], verbs: Mapping[str, str]) -> str | None:
        if not verbs:
            return None
        hand = [Card.parse(c) for c in obs["hand"]]
        strong = suit_strength(hand, obs["trump"]) >= STAND_STRENGTH
        if "stand" in verbs:
            return verbs["stand" if strong else "beg"]
        if "give" in verbs and strong and not self._gift_wins(obs):
            return verbs["give"]
        return verbs.get("run") or verbs["give"]

    @staticmethod
    def _gift_wins(obs: Mapping[str, Any]) -> bool:
        seats = obs["seats"]
        i = seats.index(obs["eldest"]) % 2
        team = seats[i] + seats[i + 2]  # teams are named by their two seats in seat order
        target = obs.get("target") or 0
        return bool(target) and obs["score"][team] + 1 >= target
