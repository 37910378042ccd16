"""The plain values of a hand: its phases, the rules options, the deal and the points awarded."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from itertools import chain
from typing import Any, Mapping

from .cards import Card
from .errors import N_, DealError, OptionError


class Phase(StrEnum):
    """The phases of a hand. The values are the strings views, widgets and bots read."""

    BIDDING = "bidding"
    BEG = "beg"
    GIVE = "give"
    ROUND_ONE = "round-one"
    DISCARD = "discard"
    DEFEND = "defend"
    ROUND_TWO = "round-two"
    PLAY = "play"
    OVER = "over"

    def __repr__(self) -> str:
        return repr(self.value)

    @property
    def method(self) -> str:
        """The stem of the phase's methods: ``round_one`` for ``round-one``."""
        return self.value.replace("-", "_")

    @property
    def is_call(self) -> bool:
        """A call before trick play (a bid, a pass, a beg, an answer to it, making trumps): the strong
        bot plays each one out. The Euchre dealer's discard is not a call, nor is a card played.

        >>> [p.value for p in Phase if p.is_call]
        ['bidding', 'beg', 'give', 'round-one', 'round-two']
        """
        return self in _CALLS


_CALLS = frozenset({Phase.BIDDING, Phase.BEG, Phase.GIVE, Phase.ROUND_ONE, Phase.ROUND_TWO})


def _word(value: Any) -> str:
    """An option's value as a record writes it: true and false, not Python's True and False."""
    return ("true" if value else "false") if isinstance(value, bool) else repr(value)


@dataclass(frozen=True)
class Rules:
    """Options of a game. Subclasses declare their own fields with defaults; Nap has none.

    ``target`` is the score that wins a match, 0 for a game without one.
    """

    @property
    def target(self) -> int:
        return 0

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> "Rules":
        """Build rules from a mapping of option names; unknown names are errors."""
        known = {f.name: f for f in fields(cls)}
        for name, value in options.items():
            if name not in known:
                if not known:
                    raise OptionError(f"unknown rules option {name!r}: this game has no rules options")
                raise OptionError(f"unknown rules option {name!r} (known: {', '.join(sorted(known))})")
            default = getattr(cls(), name)
            if type(default) is bool and type(value) is not bool:
                raise OptionError(f"rules option {name!r} must be true or false, not {_word(value)}")
            if type(default) is int and type(value) is not int:
                raise OptionError(f"rules option {name!r} must be a whole number, not {_word(value)}")
        rules = cls(**dict(options))
        rules.check()
        return rules

    def check(self) -> None:
        """Refuse option values no game can be played with; raise OptionError."""
        if "target" in {f.name for f in fields(self)} and self.target < 1:
            raise OptionError(f"rules option 'target' must be at least 1, not {self.target}")

    def changed(self) -> dict[str, Any]:
        """The options that differ from the defaults."""
        base = type(self)()
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(base, f.name)}


@dataclass
class Deal:
    """What was dealt: each seat's cards, and the extra cards some games turn or keep."""

    hands: dict[str, list[Card]]
    turn: Card | None = None
    kitty: list[Card] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)

    def all_cards(self) -> list[Card]:
        out = list(chain.from_iterable(self.hands.values()))
        if self.turn is not None:
            out.append(self.turn)
        out.extend(self.kitty)
        out.extend(self.stock)
        return out

    def check_unique(self) -> None:
        cards = self.all_cards()
        if len(set(cards)) == len(cards):
            return
        seen: set[Card] = set()
        for c in cards:
            if c in seen:
                raise DealError.said(N_("{card} is dealt twice"), card=str(c))
            seen.add(c)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hands": {s: [str(c) for c in h] for s, h in self.hands.items()}}
        if self.turn is not None:
            out["turn"] = str(self.turn)
        if self.kitty:
            out["kitty"] = [str(c) for c in self.kitty]
        if self.stock:
            out["stock"] = [str(c) for c in self.stock]
        return out


@dataclass
class DealSeen:
    """What one seat's view shows of how its hand's deal lies besides the hands
    (``HandState.deal_seen``), for laying out a deal that fits it (``HandState.deal_from``)."""

    view: Mapping[str, Any]  # the seat's observation
    laid_out: list[Card] = field(default_factory=list)  # cards seen that the deal laid out of the hands
    held: dict[str, list[Card]] = field(default_factory=dict)  # cards a seat holds unless seen leaving it
    more_cards: int = 0  # cards the rest of the hand may still deal to the hands (a Trinidad run)
    unknown: str = ""  # why no deal can be laid out from this view ("" when one can)


@dataclass(frozen=True)
class Award:
    """Points scored in a hand: a category, who scored (team or seat) and how many."""

    category: str
    team: str
    points: int
    per_seat: bool = False

    def as_json(self) -> dict[str, Any]:
        who = "seat" if self.per_seat else "team"
        return {"category": self.category, who: self.team, "points": self.points}
