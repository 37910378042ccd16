"""Tricks: who led, what was played (or thrown in), who is winning and who won.

``play_key`` is the one trick-winner rule of every game: a trump beats any other
suit, a card of the suit led beats any card of a plain suit not led, and within a
suit the higher power wins. Games differ only in a card's suit in play and its
power (Euchre's bowers), which they pass in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card, full_pack
from .memo import Memo


@dataclass(frozen=True)
class TrickEntry:
    """One seat's part in a trick: a card played, or a whole hand thrown in."""

    seat: str
    card: Card | None = None
    thrown: tuple[Card, ...] = ()

    @classmethod
    def played(cls, seat: str, card: Card) -> "TrickEntry":
        """A card played (equal to ``TrickEntry(seat, card=card)``): entries are frozen, so one object
        per seat and card serves every trick (``PLAYED_ENTRY``)."""
        return PLAYED_ENTRY[seat][card] if cls is TrickEntry else cls(seat, card)

    def as_json(self) -> list[Any]:
        if self.card is not None:
            return [self.seat, str(self.card)]
        return [self.seat, "throw", [str(c) for c in self.thrown]]


@dataclass
class Trick:
    """A trick in progress or complete.

    ``expected`` are the seats that take part, in order (the leader first);
    ``winning`` is the play holding the trick so far; ``winner`` and
    ``winning_card`` are set once the trick is complete.
    """

    leader: str
    expected: tuple[str, ...]
    entries: list[TrickEntry] = field(default_factory=list)
    winner: str | None = None
    winning_card: Card | None = None
    winning: tuple[str, Card] | None = None

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

    def as_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "plays": [e.as_json() for e in self.entries],
            "winner": self.winner,
        }


def _played_entries(seat: str) -> dict[Card, TrickEntry]:
    return {card: TrickEntry(seat, card) for card in full_pack()}


# A card played, by seat and card: one frozen entry each (``TrickEntry.played``).
PLAYED_ENTRY = Memo(_played_entries)


def holding_class(suit: str, led_suit: str, trump: str | None) -> int:
    """The class of a card of ``suit`` in a trick led in ``led_suit``: 2 a trump, 1 the suit led, 0 another.

    >>> holding_class("S", "H", "S"), holding_class("H", "H", "S"), holding_class("D", "H", "S")
    (2, 1, 0)
    """
    if trump is not None and suit == trump:
        return 2
    return 1 if suit == led_suit else 0


def play_key(suit: str, power: int, led_suit: str, trump: str | None) -> tuple[int, int]:
    """How strongly a card holds a trick led in ``led_suit``: higher wins.

    ``suit`` and ``power`` are the card's suit in play and its power within that suit, as its
    game gives them (Euchre's left bower is a trump and outranks the ace). A trump beats any
    other suit, a card of the suit led beats a plain card not led, and within a suit the
    higher power wins; a plain card not led never holds the trick.

    >>> play_key("S", 2, "H", "S") > play_key("H", 14, "H", "S")
    True
    >>> play_key("D", 14, "H", "S")
    (0, 0)
    """
    rank = holding_class(suit, led_suit, trump)
    return (rank, power) if rank else (0, 0)
