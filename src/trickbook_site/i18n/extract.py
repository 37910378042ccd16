"""Babel extractors for the ``content`` domain: Markdown pages and hand records.

Both are registered under the ``babel.extractors`` entry point (``pyproject.toml``)
and mapped in ``babel.cfg``, so ``pybabel extract -F babel.cfg -o locales/content.pot .``
works as well as ``trickbook i18n update``:

- ``trickbook_markdown`` (``extract_markdown``): every segment of a page (see
  ``segment.py``), with its kind as a translator comment, plus the titles and notes
  of the ``hand`` records written inline in the page, found as the build finds them
  (a block the build refuses, e.g. inside an admonition, is refused here too);
- ``trickbook_hand`` (``extract_hand_record``): the title and notes of a
  ``docs/hands/<game>/<id>.hand.toml`` record.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any, Collection, Iterator, Mapping

from trickbook.record.sources import id_from_file_name

from .hand_text import hand_strings
from .segment import parse_page

Extracted = tuple[int, None, str, list[str]]


def _read(fileobj: IO[bytes], options: Mapping[str, Any]) -> tuple[str, str]:
    encoding = options.get("encoding", "utf-8")
    name = getattr(fileobj, "name", "<page>")
    return fileobj.read().decode(encoding), str(name)


def extract_markdown(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[Extracted]:
    """Yield ``(lineno, None, msgid, [kind])`` for each segment of a Markdown page."""
    from ..hands import find_blocks  # the build's own finder: the same blocks, the same refusals

    text, name = _read(fileobj, options)
    page = parse_page(text)
    found: list[Extracted] = [(s.line, None, s.msgid, [s.kind]) for s in page.segments]
    for block in find_blocks(text, Path(name)):
        for string in hand_strings(block.content, line_offset=block.line - 1, file=name):
            found.append((string.line, None, string.msgid, [string.comment]))
    found.sort(key=lambda item: item[0])
    yield from found


def extract_hand_record(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[Extracted]:
    """Yield the title and the notes of a ``*.hand.toml`` record."""
    text, name = _read(fileobj, options)
    hand_id = id_from_file_name(name)
    for string in hand_strings(text, hand_id=hand_id, file=name):
        yield (string.line, None, string.msgid, [string.comment])
