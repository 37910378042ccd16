"""The translatable strings of a hand record: its title and its notes, with their lines.

``tomllib`` gives no positions, so the line of each key is found by reading the
record's lines: the ``title`` key before the first table, and each key of the
``[notes]`` table. The values themselves always come from ``tomllib``.

>>> record = 'title = "A first hand"\\n[notes]\\n2 = "Hearts are led."\\n'
>>> [(s.line, s.msgid, s.comment) for s in hand_strings(record, hand_id="demo")]
[(1, 'A first hand', 'hand demo: title'), (3, 'Hearts are led.', 'hand demo: note on action 2')]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass

from ..errors import CatalogError


@dataclass(frozen=True)
class HandString:
    """One string of a record: its 1-based line, its English text and a hint for translators."""

    line: int
    msgid: str
    comment: str


def hand_strings(text: str, *, hand_id: str | None = None, line_offset: int = 0, file: str = "<record>") -> list[HandString]:
    """The title and notes of a record (``line_offset`` lines into its file)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CatalogError(f"{file}:{line_offset + 1}: not a hand record: {error}") from None
    name = data.get("id", hand_id) or "?"
    lines = text.split("\n")
    found = []
    title = data.get("title")
    if isinstance(title, str) and title.strip():
        found.append(HandString(line_offset + _key_line(lines, "title", None), title, f"hand {name}: title"))
    notes = data.get("notes")
    if isinstance(notes, dict):
        for key, note in notes.items():
            if isinstance(note, str) and note.strip():
                line = line_offset + _key_line(lines, key, "notes")
                found.append(HandString(line, note, f"hand {name}: note on action {key}"))
    return found


def _key_line(lines: list[str], key: str, table: str | None) -> int:
    """The 1-based line where ``key`` is set in ``table`` (None: before any table)."""
    current = None
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            current = stripped.strip("[] ")
            continue
        if current != table:
            continue
        name, sep, _ = stripped.partition("=")
        if sep and name.strip().strip("\"'") == key:
            return number
    return 1
