"""Actions: what a seat does, with one canonical text per action.

An action is written ``SEAT VERB [ARG]`` or ``SEAT CARD`` (a play). Parsing is
forgiving (any case, ``10``/``T``, suit letters or symbols); printing is
canonical, and the two round-trip.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .cards import Card, full_pack, parse_suit
from .errors import N_, NotationError
from .memo import Memo

CONTRACTS = ("three", "misere", "four", "nap", "wellington")  # in the order bids rank
# Other spellings a record may use for a contract.
CONTRACT_SPELLINGS = {"misère": "misere"}

# Verbs and the argument each takes: None, "card", "suit" or "contract".
VERBS = {
    "play": "card",
    "pass": None,
    "bid": "contract",
    "order": None,
    "pickup": None,
    "call": "suit",
    "notrump": None,
    "defend": None,
    "discard": "card",
    "throw": None,
    "peek": None,
    "stand": None,
    "beg": None,
    "give": None,
    "run": None,
}
_VERB_ALIASES = {"pick-up": "pickup", "pick": "pickup", "play": "play"}
ALONE_VERBS = frozenset({"order", "pickup", "call", "notrump"})
# Verbs whose name includes "alone" (Euchre's ``defend alone``): printed with it, and read with or
# without it; the action is the verb itself (``alone`` means a maker going alone).
SAID_ALONE = frozenset({"defend"})



@dataclass(frozen=True, init=False, eq=False)
class Action:
    """One action by one seat. ``str(action)`` is its canonical text.

    There is one object per action: ``Action("N", "pass")`` made twice is the same object, made
    and checked once, with its text worked out then. Equal actions are the same object, so
    comparing and hashing actions costs no more than comparing objects.

    >>> Action("N", "play", card=Card("TH")) is Action.parse("n 10h", ["N", "E", "S", "W"])
    True
    """

    seat: str
    verb: str
    card: Card | None = None
    suit: str | None = None
    contract: str | None = None
    alone: bool = False
    # Worked out once, when the action is made: its fields as a tuple, and its text.
    _key: tuple[Any, ...] = field(init=False, repr=False, compare=False)
    _text: str = field(init=False, repr=False, compare=False)

    def __new__(cls, seat: str, verb: str, card: Card | None = None, suit: str | None = None,
                contract: str | None = None, alone: bool = False) -> "Action":
        if type(seat) is not str:
            raise NotationError(f"a seat is a name, not {seat!r}")
        return ACTION_BY_FIELDS[seat, verb, card, suit, contract, alone]

    @classmethod
    def _made(cls, key: tuple[Any, ...]) -> "Action":
        """The action of these fields, made and checked (once: ``ACTION_BY_FIELDS``)."""
        seat, verb, card, suit, contract, alone = key
        action = object.__new__(cls)
        # Frozen: the fields are written once, here (one dictionary update for all; a dataclass's
        # frozen __init__ would set each through object.__setattr__).
        action.__dict__.update(seat=seat, verb=verb, card=card, suit=suit, contract=contract, alone=bool(alone))
        action.__post_init__()
        action.__dict__.update(_key=key, _text=action._format())
        return action

    def __post_init__(self) -> None:
        """Only well-formed actions exist: a known verb with exactly the argument it takes."""
        if self.verb not in VERBS:
            raise NotationError(f"{self.verb!r} is not a verb ({', '.join(VERBS)})")
        kind = VERBS[self.verb]
        given = [name for name in ("card", "suit", "contract") if getattr(self, name) is not None]
        if given != ([kind] if kind else []):
            needs = f"one {kind}" if kind else "no argument"
            raise NotationError(f"{self.verb!r} takes {needs}, not {', '.join(given) or 'none'}")
        if self.alone and self.verb not in ALONE_VERBS:
            raise NotationError(f"only {', '.join(sorted(ALONE_VERBS))} can go alone, not {self.verb!r}")
        if self.contract is not None and self.contract not in CONTRACTS:
            raise NotationError(f"{self.contract!r} is not a contract ({', '.join(CONTRACTS)})")

    # Equality and hashing are the object's own (one object per action).

    # One object per action: copies are the action itself.
    def __copy__(self) -> "Action":
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> "Action":
        return self

    def __reduce__(self) -> tuple[type["Action"], tuple[Any, ...]]:
        return (Action, self._key)

    def __str__(self) -> str:
        return self._text

    def _format(self) -> str:
        if self.verb == "play":
            return f"{self.seat} {self.card}"
        parts = [self.seat, self.verb]
        if self.card is not None:
            parts.append(str(self.card))
        if self.suit is not None:
            parts.append(self.suit)
        if self.contract is not None:
            parts.append(self.contract)
        if self.alone or self.verb in SAID_ALONE:
            parts.append("alone")
        return " ".join(parts)

    def __repr__(self) -> str:
        """An expression that evaluates to an equal action.

        >>> Action("A", "bid", contract="four")
        Action('A', 'bid', contract='four')
        >>> eval(repr(Action("N", "play", card=Card("TH"))))
        Action('N', 'play', card=Card('TH'))
        """
        parts = [repr(self.seat), repr(self.verb)]
        for name in ("card", "suit", "contract"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value!r}")
        if self.alone:
            parts.append("alone=True")
        return f"Action({', '.join(parts)})"

    def as_json(self) -> dict[str, Any]:
        """The action as data: its canonical text and each part (``card`` as canonical text or null).

        >>> Action("N", "call", suit="H", alone=True).as_json()["text"]
        'N call H alone'
        """
        return {
            "text": str(self),
            "seat": self.seat,
            "verb": self.verb,
            "card": None if self.card is None else str(self.card),
            "suit": self.suit,
            "contract": self.contract,
            "alone": self.alone,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Action":
        """The action ``as_json`` describes.

        >>> a = Action("D", "discard", card=Card("9C"))
        >>> Action.from_json(a.as_json()) == a
        True
        """
        card = data.get("card")
        return cls(data["seat"], data["verb"], card=None if card is None else Card.parse(card),
                   suit=data.get("suit"), contract=data.get("contract"), alone=bool(data.get("alone")))

    @property
    def arg(self) -> str | None:
        """The argument as text (card, suit or contract), if any."""
        if self.card is not None:
            return str(self.card)
        return self.suit or self.contract

    @classmethod
    def parse(cls, text: str, seats: Sequence[str]) -> "Action":
        """Parse one action; ``seats`` are the table's seat names.

        >>> str(Action.parse("a bid Four", ["A", "B", "C", "D"]))
        'A bid four'
        >>> str(Action.parse("n call ♥ ALONE", ["N", "E", "S", "W"]))
        'N call H alone'
        >>> str(Action.parse("w defend", ["N", "E", "S", "W"]))
        'W defend alone'
        """
        words = text.split()
        if not words:
            raise NotationError.said(N_("empty action"))
        seat = _match_seat(words[0], seats, text)
        rest = words[1:]
        if not rest:
            raise NotationError.said(N_("action {text} names a seat but no card or verb"), text=repr(text))
        verb = rest[0].lower()
        verb = _VERB_ALIASES.get(verb, verb)
        if verb not in VERBS:
            if len(rest) == 1:
                try:
                    return cls(seat, "play", card=Card.parse(rest[0]))
                except NotationError:
                    pass
            raise NotationError.said(N_("action {text}: {word} is neither a card nor a verb"), text=repr(text),
                                     word=repr(rest[0]))
        args = rest[1:]
        alone = False
        if args and args[-1].lower() == "alone" and verb in SAID_ALONE:
            args = args[:-1]
        elif args and args[-1].lower() == "alone":
            if verb not in ALONE_VERBS:
                raise NotationError.said(N_("action {text}: only {verbs} can go alone"), text=repr(text),
                                         verbs=", ".join(sorted(ALONE_VERBS)))
            alone = True
            args = args[:-1]
        kind = VERBS[verb]
        if kind is None:
            if args:
                raise NotationError.said(N_("action {text}: {verb} takes no argument"), text=repr(text),
                                         verb=repr(verb))
            return cls(seat, verb, alone=alone)
        if len(args) != 1:
            raise NotationError.said(_NEEDS_ONE[kind], text=repr(text), verb=repr(verb))
        if kind == "card":
            return cls(seat, verb, card=Card.parse(args[0]))
        if kind == "suit":
            return cls(seat, verb, suit=parse_suit(args[0]), alone=alone)
        contract = args[0].lower()
        contract = CONTRACT_SPELLINGS.get(contract, contract)
        if contract not in CONTRACTS:
            raise NotationError.said(N_("action {text}: {word} is not a contract ({contracts})"), text=repr(text),
                                     word=repr(args[0]), contracts=", ".join(CONTRACTS))
        return cls(seat, verb, contract=contract)


# What a verb's missing argument is, said whole (each sentence translated as one).
_NEEDS_ONE = {"card": N_("action {text}: {verb} needs one card"), "suit": N_("action {text}: {verb} needs one suit"),
              "contract": N_("action {text}: {verb} needs one contract")}

# Every action made so far, by its fields (seat, verb, card, suit, contract, alone): one object per action.
ACTION_BY_FIELDS: Memo[tuple[Any, ...], Action] = Memo(Action._made)


def _match_seat(word: str, seats: Sequence[str], text: str) -> str:
    for s in seats:
        if s.lower() == word.lower():
            return s
    raise NotationError.said(N_("action {text}: {word} is not a seat at this table ({seats})"), text=repr(text),
                             word=repr(word), seats=" ".join(seats))


def play(seat: str, card: Card) -> Action:
    return Action(seat, "play", card=card)


def _play_actions(seat: str) -> dict[Card, Action]:
    return {card: Action(seat, "play", card=card) for card in full_pack()}


# Every card's play by a seat, by seat and card.
PLAY_ACTION = Memo(_play_actions)
