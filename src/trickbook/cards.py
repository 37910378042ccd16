"""Cards, suits and ranks: parsing, printing and the packs the games use."""

from __future__ import annotations

from typing import Iterable

from .errors import N_, NotationError

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

    There is one object per card: ``Card("T", "H")``, ``Card("TH")`` and ``Card.parse("10♥")``
    all return it, so comparing and hashing cards costs no more than comparing objects.
    ``index`` is the card's place in the canonical order (suits S H D C, ranks A to 2).

    >>> c = Card.parse("10♥")
    >>> str(c), repr(c), c is Card("T", "H")
    ('TH', "Card('TH')", True)
    """

    __slots__ = ("rank", "suit", "index", "_text", "_key")
    rank: str
    suit: str
    index: int
    _text: str
    _key: tuple[int, int]

    def __new__(cls, rank: str, suit: str | None = None) -> "Card":
        card = _CARDS.get((rank, suit)) if suit is not None else _CARDS_BY_TEXT.get(rank)
        if card is not None:
            return card
        if suit is None:  # Card("10♥"), Card("th"): the forgiving spelling
            return cls.parse(rank)
        raise NotationError(f"not a card: rank {rank!r}, suit {suit!r}")

    @classmethod
    def _make(cls, rank: str, suit: str) -> "Card":
        card = object.__new__(cls)
        index = SUITS.index(suit) * len(RANKS) + RANKS.index(rank)
        for name, value in (("rank", rank), ("suit", suit), ("index", index), ("_text", rank + suit),
                            ("_key", (SUITS.index(suit), RANKS.index(rank)))):
            object.__setattr__(card, name, value)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    # One object per card: copies are the card itself.
    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> "Card":
        return self

    def __reduce__(self) -> tuple[type["Card"], tuple[str, str]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse ``TH``, ``10H``, ``th``, ``10♥`` or ``T♥`` (rank first, then suit)."""
        card = _CARDS_BY_TEXT.get(text)
        if card is not None:
            return card
        t = text.strip()
        if len(t) < 2:
            raise NotationError.said(N_("not a card: {text}"), text=repr(text))
        rank_text, suit_text = t[:-1], t[-1]
        rank_text = rank_text.upper()
        if rank_text == "10":
            rank_text = "T"
        if len(rank_text) != 1 or rank_text not in RANKS:
            raise NotationError.said(N_("not a card: {text} (bad rank {rank})"), text=repr(text), rank=repr(t[:-1]))
        try:
            suit = parse_suit(suit_text)
        except NotationError:
            raise NotationError.said(N_("not a card: {text} (bad suit {suit})"), text=repr(text),
                                     suit=repr(suit_text)) from None
        return _CARDS[(rank_text, suit)]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card('{self._text}')"

    # Equality and hashing are the object's own (one object per card).

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    @property
    def display(self) -> str:
        """The card for people: ``10♥``, ``A♠``."""
        return ("10" if self.rank == "T" else self.rank) + SUIT_SYMBOLS[self.suit]


# The 52 cards, made once.
_CARDS: dict[tuple[str, str], Card] = {(r, s): Card._make(r, s) for s in SUITS for r in RANKS}
_CARDS_BY_TEXT: dict[str, Card] = {str(c): c for c in _CARDS.values()}
_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}


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
    return [_CARDS[(r, s)] for s in SUITS for r in RANKS]


def euchre_pack() -> list[Card]:
    """The 24-card Euchre pack in canonical order (A down to 9 in each suit)."""
    return [_CARDS[(r, s)] for s in SUITS for r in RANKS[:6]]


def rank_index(card: Card) -> int:
    """0 for an ace, 12 for a two: lower is higher."""
    return _RANK_INDEX[card.rank]


# Game (the All Fours category) values.
GAME_VALUES = {"A": 4, "K": 3, "Q": 2, "J": 1, "T": 10}


def game_value(card: Card) -> int:
    return GAME_VALUES.get(card.rank, 0)
