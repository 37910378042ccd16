"""The translatable strings of a hand record: its title and its notes, with their lines.

The record is read as the engine reads it (``trickbook.record.read_toml``): the
values come from ``tomllib`` and the line of each key from the engine's one
position scanner, so a title or note is found wherever and however its key is
written (a quoted key, a dotted ``notes.3``, a ``[notes]`` table).

>>> record = 'title = "A first hand"\\n[notes]\\n2 = "Hearts are led."\\n'
>>> [(s.line, s.msgid, s.comment) for s in hand_strings(record, hand_id="demo")]
[(1, 'A first hand', 'hand demo: title'), (3, 'Hearts are led.', 'hand demo: note on action 2')]
"""

from __future__ import annotations

from dataclasses import dataclass

from trickbook.errors import RecordError
from trickbook.record import read_toml

from ..errors import CatalogError


@dataclass(frozen=True)
class HandString:
    """One string of a record: its 1-based line, its English text and a hint for translators."""

    line: int
    msgid: str
    comment: str


def hand_strings(
    text: str, *, hand_id: str | None = None, line_offset: int = 0, file: str = "<record>"
) -> list[HandString]:
    """The title and notes of a record (``line_offset`` lines into its file)."""
    try:
        data, positions = read_toml(text, file, line_offset)
    except RecordError as error:
        raise CatalogError(f"{error} (its title and notes cannot be read)") from None
    name = data.get("id", hand_id) or "?"
    found = []

    def line_of(*path: str) -> int:
        return line_offset + (positions.line_of(*path) or 1)

    title = data.get("title")
    if isinstance(title, str) and title.strip():
        found.append(HandString(line_of("title"), title, f"hand {name}: title"))
    notes = data.get("notes")
    if isinstance(notes, dict):
        for key, note in notes.items():
            if isinstance(note, str) and note.strip():
                found.append(HandString(line_of("notes", key), note, f"hand {name}: note on action {key}"))
    questions = data.get("questions")
    if isinstance(questions, list):
        for index, question in enumerate(questions):
            asked = question.get("text") if isinstance(question, dict) else None
            if isinstance(asked, str) and asked.strip():
                found.append(HandString(line_of("questions", str(index), "text"), asked,
                                        f"hand {name}: question at step {question.get('step')}"))
    return found
