"""Actions: what a seat does, with one canonical text per action.

An action is written ``SEAT VERB [ARG]`` or ``SEAT CARD`` (a play). Parsing is
forgiving (any case, ``10``/``T``, suit letters or symbols); printing is
canonical, and the two round-trip.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .cards import Card, full_pack, parse_suit
from .declared import declared
from .errors import N_, NotationError
from .memo import Memo

# The verbs, their arguments, the contracts and their other spellings are what the registered games
# declare (``declared.py``); ``VERBS``, ``CONTRACTS``, ``ALONE_VERBS`` and ``SAID_ALONE`` read them.


_DECLARED = {"VERBS": "verbs", "CONTRACTS": "contracts", "ALONE_VERBS": "alone_verbs", "SAID_ALONE": "said_alone",
             "CONTRACT_SPELLINGS": "contract_spellings"}


def __getattr__(name: str) -> Any:
    if name in _DECLARED:
        return getattr(declared(), _DECLARED[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
        tables = declared()
        verbs, contracts = tables.verbs, tables.contracts
        if self.verb not in verbs:
            raise NotationError(f"{self.verb!r} is not a verb ({', '.join(verbs)})")
        kind = verbs[self.verb]
        given = [name for name in ("card", "suit", "contract") if getattr(self, name) is not None]
        if given != ([kind] if kind else []):
            needs = f"one {kind}" if kind else "no argument"
            raise NotationError(f"{self.verb!r} takes {needs}, not {', '.join(given) or 'none'}")
        if self.alone and self.verb not in tables.alone_verbs:
            raise NotationError(f"only {', '.join(sorted(tables.alone_verbs))} can go alone, not {self.verb!r}")
        if self.contract is not None and self.contract not in contracts:
            raise NotationError(f"{self.contract!r} is not a contract ({', '.join(contracts)})")

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
        if self.alone or self.verb in declared().said_alone:
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
        tables = declared()
        verb = rest[0].lower()
        verb = tables.verb_spellings.get(verb, verb)
        if verb not in tables.verbs:
            if len(rest) == 1:
                try:
                    return cls(seat, "play", card=Card.parse(rest[0]))
                except NotationError:
                    pass
            raise NotationError.said(N_("action {text}: {word} is neither a card nor a verb"), text=repr(text),
                                     word=repr(rest[0]))
        args = rest[1:]
        alone = False
        if args and args[-1].lower() == "alone" and verb in tables.said_alone:
            args = args[:-1]
        elif args and args[-1].lower() == "alone":
            if verb not in tables.alone_verbs:
                raise NotationError.said(N_("action {text}: only {verbs} can go alone"), text=repr(text),
                                         verbs=", ".join(sorted(tables.alone_verbs)))
            alone = True
            args = args[:-1]
        kind = tables.verbs[verb]
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
        contract = tables.contract_spellings.get(contract, contract)
        if contract not in tables.contracts:
            raise NotationError.said(N_("action {text}: {word} is not a contract ({contracts})"), text=repr(text),
                                     word=repr(args[0]), contracts=", ".join(tables.contracts))
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
