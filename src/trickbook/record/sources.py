"""Where records come from: record files, inline records in pages, and ids unique across them.

``trickbook check``, ``replay``, ``fmt`` and the site build all find record files
with ``record_files``, read them with ``file_source`` and refuse a second record
with an id already used through ``Ids``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..errors import RecordError
from .model import SUFFIX, Record
from .parse import parse_record, read_source


@dataclass(frozen=True)
class Source:
    """A record's text and where it is written: ``line`` is its first line in ``file``.

    A record file holds one record from line 1; a page holds inline records
    (fenced ``hand`` blocks) further down.
    """

    text: str
    file: Path
    line: int = 1

    def parse(self) -> Record:
        return parse_record(self.text, file=str(self.file), line_offset=self.line - 1)


def file_source(path: str | Path) -> Source:
    """A record file's text; bytes that are not UTF-8 are refused with their line."""
    return Source(read_source(path, "the record"), Path(path))


def record_files(paths: Iterable[str | Path]) -> list[Path]:
    """The record files named, folders searched recursively for ``*.hand.toml``; each file once.

    A file named both directly and inside a folder given too is listed once, so
    that it is not taken for a second record with the same id.
    """
    files: list[Path] = []
    seen: set[Path] = set()
    for p in map(Path, paths):
        for f in sorted(p.rglob("*" + SUFFIX)) if p.is_dir() else [p]:
            key = f.resolve()
            if key not in seen:
                seen.add(key)
                files.append(f)
    return files


def id_from_file_name(path: str | Path) -> str | None:
    """The id a ``<id>.hand.toml`` file gives its record; None for any other file."""
    name = Path(path).name
    return name[: -len(SUFFIX)] if name.endswith(SUFFIX) else None


class Ids:
    """Hand ids seen so far, and where: ids are unique across a site, inline records included."""

    def __init__(self) -> None:
        self.seen: dict[str, tuple[Path, int]] = {}

    def add(self, hand_id: str, file: str | Path, line: int) -> None:
        other = self.seen.get(hand_id)
        if other is not None:
            raise RecordError(f"hand id {hand_id!r} is already used by {other[0]}:{other[1]}",
                              file=str(file), line=line, code="duplicate-id")
        self.seen[hand_id] = (Path(file), line)
