"""The hand record, format 1, as a value: its deal and its record, with where each part was written."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..actions import Action
from ..cards import Card
from ..errors import RecordError
from ..messages import Reason, render
from ..questions import Question
from .positions import Positions

FORMAT = 1
SUFFIX = ".hand.toml"
TOP_KEYS = (
    "format", "id", "game", "title", "seats", "dealer", "score", "actions", "rules", "deal", "notes", "questions",
)
DEAL_EXTRAS = ("turn", "kitty", "stock", "seed", "hand")


class ActionRefused(RecordError):
    """A record action that the rules refuse; ``reason`` is the engine's explanation."""

    def __init__(self, reason: Reason, **where: Any) -> None:
        self.reason = reason
        super().__init__(reason.text, code=reason.code, **where)

    def localized(self, translate: Callable[[str], str] | None = None) -> str:
        """The rule's reason in the language of ``translate``, its values named in the same."""
        return render(self.reason.code, self.reason.values, *(() if translate is None else (translate,)))


@dataclass(frozen=True)
class DealSpec:
    """The ``[deal]`` table: the hands as written, or a seed and a hand number."""

    hands: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    turn: Card | None = None
    kitty: tuple[Card, ...] = ()
    stock: tuple[Card, ...] = ()
    seed: str | None = None
    hand: int | None = None


@dataclass(frozen=True)
class Record:
    """A parsed hand record. Equality ignores where it came from (file, lines)."""

    game: str
    seats: tuple[str, ...]
    dealer: str
    deal: DealSpec
    actions: tuple[Action, ...] = ()
    id: str | None = None
    title: str | None = None
    score: Mapping[str, int] | None = None
    rules: Mapping[str, Any] = field(default_factory=dict)
    notes: Mapping[int, str] = field(default_factory=dict)
    questions: tuple[Question, ...] = ()
    format: int = FORMAT
    file: str | None = field(default=None, compare=False)
    lines: tuple[int | None, ...] = field(default=(), compare=False)
    positions: Positions | None = field(default=None, compare=False, repr=False)
    line_offset: int = field(default=0, compare=False, repr=False)
    id_written: bool = field(default=False, compare=False)
    # Each note's key as written ("12", "C 7D", "trick 3 C"), by action number.
    note_keys: Mapping[int, str] = field(default_factory=dict, compare=False, repr=False)

    def __str__(self) -> str:
        """The record's canonical TOML text: ``parse_record(str(record)) == record``."""
        from .format import format_record  # format reads this module

        return format_record(self)

    def line_of(self, *path: str) -> int | None:
        """The source line of a key path (``"deal", "N"``), else of the nearest table or key holding it."""
        if self.positions is None:
            return None
        line = self.positions.line_of(*path)
        return None if line is None else line + self.line_offset

    def action_line(self, number: int) -> int | None:
        """The source line of action ``number`` (1-based)."""
        if 1 <= number <= len(self.lines):
            return self.lines[number - 1]
        return None
