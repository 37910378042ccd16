"""Tricks: who led, what was played (or thrown in), and who won."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .cards import Card


@dataclass(frozen=True)
class TrickEntry:
    """One seat's part in a trick: a card played, or a whole hand thrown in."""

    seat: str
    card: Card | None = None
    thrown: tuple[Card, ...] = ()

    def as_json(self) -> list[Any]:
        if self.card is not None:
            return [self.seat, str(self.card)]
        return [self.seat, "throw", [str(c) for c in self.thrown]]


@dataclass
class Trick:
    """A trick in progress or complete. ``expected`` are the seats still to take part."""

    leader: str
    expected: tuple[str, ...]
    entries: list[TrickEntry] = field(default_factory=list)
    winner: str | None = None
    winning_card: Card | None = None

    @property
    def plays(self) -> list[tuple[str, Card]]:
        """The cards played (throw-ins excluded), in order."""
        return [(e.seat, e.card) for e in self.entries if e.card is not None]

    @property
    def cards(self) -> list[Card]:
        """Every card that goes to the trick's winner, thrown cards included."""
        out: list[Card] = []
        for e in self.entries:
            if e.card is not None:
                out.append(e.card)
            out.extend(e.thrown)
        return out

    @property
    def led(self) -> Card | None:
        for entry in self.entries:
            if entry.card is not None:
                return entry.card
        return None

    @property
    def complete(self) -> bool:
        return len(self.entries) == len(self.expected)

    def seats_played(self) -> set[str]:
        return {e.seat for e in self.entries}

    def as_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "plays": [e.as_json() for e in self.entries],
            "winner": self.winner,
        }


def best_play(
    plays: list[tuple[str, Card]],
    led_suit: str,
    trump: str | None,
    suit_of: Callable[[Card], str],
    power: Callable[[Card], int],
) -> tuple[str, Card]:
    """The play that wins: the highest trump, else the highest card of the led suit."""
    best: tuple[str, Card] | None = None
    best_key = (-1, -1)
    for seat, card in plays:
        suit = suit_of(card)
        if trump is not None and suit == trump:
            key = (2, power(card))
        elif suit == led_suit:
            key = (1, power(card))
        else:
            key = (0, 0)
        if key > best_key:
            best, best_key = (seat, card), key
    assert best is not None
    return best
