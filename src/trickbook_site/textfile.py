"""Reading the site's text files (pages, catalogs, configuration) as UTF-8, or saying where they are not.

>>> where_not_utf8("olá\\nCafé".encode("latin-1"), "page.md")
'page.md:1:3: not UTF-8 text (byte 0xE1); save the file as UTF-8'
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from .errors import SiteError

NOT_UTF8 = "not UTF-8 text (byte 0x{byte:02X}); save the file as UTF-8"


def first_bad_byte(data: bytes) -> tuple[int, int, int] | None:
    """``(line, column, byte)`` of the first byte that is not UTF-8, or None when all of it is."""
    try:
        data.decode("utf-8")
        return None
    except UnicodeDecodeError as exc:
        start = exc.start
    line = data.count(b"\n", 0, start) + 1
    line_start = data.rfind(b"\n", 0, start) + 1
    # Columns count characters, as an editor shows them (the text before the byte is valid UTF-8).
    column = len(data[line_start:start].decode("utf-8", errors="replace")) + 1
    return line, column, data[start]


def where_not_utf8(data: bytes, name: str) -> str | None:
    """``file:line:column: reason`` for the first byte that is not UTF-8, or None."""
    bad = first_bad_byte(data)
    if bad is None:
        return None
    line, column, byte = bad
    return f"{name}:{line}:{column}: " + NOT_UTF8.format(byte=byte)


def rewrite_pages(folder: Path, change: Callable[[Path, str], str]) -> int:
    """Give every HTML page under ``folder`` (in name order) the text ``change(page, text)`` returns,
    writing only the pages it changes; the number changed."""
    changed = 0
    for page in sorted(folder.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        new = change(page, text)
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed += 1
    return changed


def read_text(path: Path) -> str:
    """A file's text; a ``SiteError`` naming file, line and column when it is not UTF-8."""
    data = path.read_bytes()
    problem = where_not_utf8(data, str(path))
    if problem is not None:
        raise SiteError(problem)
    return data.decode("utf-8")
