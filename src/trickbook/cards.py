"""Cards, suits and ranks: parsing, printing and the packs the games use."""

from __future__ import annotations

from typing import Iterable

from .errors import NotationError

SUITS = "SHDC"
RANKS = "AKQJT98765432"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
# The white (outline) symbols are accepted too, since authors paste them.
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})
RED_SUITS = frozenset("HD")


def parse_suit(text: str) -> str:
    """Return the suit letter for ``S``/``h``/``♠``…; raise NotationError otherwise.

    >>> parse_suit("♥"), parse_suit("c")
    ('H', 'C')
    """
    t = text.strip()
    if len(t) == 1:
        if t.upper() in SUITS:
            return t.upper()
        if t in _SYMBOL_TO_SUIT:
            return _SYMBOL_TO_SUIT[t]
    raise NotationError(f"not a suit: {text!r} (expected one of S H D C or ♠ ♥ ♦ ♣)")


def same_colour(a: str, b: str) -> bool:
    """True when two suits have the same colour (Euchre's left bower)."""
    return (a in RED_SUITS) == (b in RED_SUITS)


class Card:
    """A playing card, immutable and hashable.

    >>> c = Card.parse("10♥")
    >>> str(c), repr(c)
    ('TH', "Card('TH')")
    """

    __slots__ = ("rank", "suit", "_hash")
    rank: str
    suit: str
    _hash: int

    def __init__(self, rank: str, suit: str | None = None) -> None:
        if suit is None:  # Card("TH"), as repr() writes it
            parsed = Card.parse(rank)
            rank, suit = parsed.rank, parsed.suit
        if rank not in RANKS or suit not in SUITS or len(rank) != 1 or len(suit) != 1:
            raise NotationError(f"not a card: rank {rank!r}, suit {suit!r}")
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "_hash", hash((rank, suit)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    # Immutable, so copies may share the card (the default copy would set its slots).
    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> "Card":
        return self

    def __reduce__(self) -> tuple[type["Card"], tuple[str, str]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse ``TH``, ``10H``, ``th``, ``10♥`` or ``T♥`` (rank first, then suit)."""
        known = _CANONICAL.get(text)
        if known is not None:  # a card's own text, as every view writes it
            return known
        t = text.strip()
        if len(t) < 2:
            raise NotationError(f"not a card: {text!r}")
        rank_text, suit_text = t[:-1], t[-1]
        rank_text = rank_text.upper()
        if rank_text == "10":
            rank_text = "T"
        if len(rank_text) != 1 or rank_text not in RANKS:
            raise NotationError(f"not a card: {text!r} (bad rank {t[:-1]!r})")
        try:
            suit = parse_suit(suit_text)
        except NotationError:
            raise NotationError(f"not a card: {text!r} (bad suit {suit_text!r})") from None
        return cls(rank_text, suit)

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.rank == self.rank and other.suit == self.suit

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: "Card") -> bool:
        return self.sort_key() < other.sort_key()

    def sort_key(self) -> tuple[int, int]:
        """Canonical order: suits S H D C, then ranks A down to 2."""
        return (SUITS.index(self.suit), RANKS.index(self.rank))

    @property
    def display(self) -> str:
        """The card for people: ``10♥``, ``A♠``."""
        return ("10" if self.rank == "T" else self.rank) + SUIT_SYMBOLS[self.suit]


# Every card by its canonical text: parsing a view's cards needs no work.
_CANONICAL = {r + s: Card(r, s) for s in SUITS for r in RANKS}


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse a list of cards separated by spaces or commas.

    >>> [str(c) for c in parse_cards("AH 10♠, 2c")]
    ['AH', 'TS', '2C']
    """
    if isinstance(text, str):
        parts = text.replace(",", " ").split()
    else:
        parts = list(text)
    return [Card.parse(p) for p in parts]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def full_pack() -> list[Card]:
    """The 52-card pack in canonical order (suits S H D C, ranks A to 2)."""
    return [Card(r, s) for s in SUITS for r in RANKS]


def euchre_pack() -> list[Card]:
    """The 24-card Euchre pack in canonical order (A down to 9 in each suit)."""
    return [Card(r, s) for s in SUITS for r in RANKS[:6]]


def rank_index(card: Card) -> int:
    """0 for an ace, 12 for a two: lower is higher."""
    return RANKS.index(card.rank)


# Game (the All Fours category) values.
GAME_VALUES = {"A": 4, "K": 3, "Q": 2, "J": 1, "T": 10}


def game_value(card: Card) -> int:
    return GAME_VALUES.get(card.rank, 0)
