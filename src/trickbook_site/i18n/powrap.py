"""Catalog text wrapped as GNU gettext wraps it, so that ``msgmerge``, Poedit and ``i18n update`` agree.

Babel writes a catalog unwrapped (``write_po`` with a width no line reaches); this
module then wraps each ``msgctxt``/``msgid``/``msgstr`` field and each ``#:``
reference line the way ``msgmerge`` does at its default width of 79 columns:

- a field that fits on its line, and has no newline before its end, stays on it;
- otherwise the field starts with ``""`` and continues one line per piece, a
  new piece after each ``\\n``, each piece cut at the last break that fits;
- breaks follow gettext's (Unicode) line breaking: after a space (not before a
  closing bracket or ``!?;,.:/``), after ``-`` ``/`` ``.`` ``}`` before a letter,
  and between ``)`` or ``]`` and ``(``. A piece with no break that fits runs long.

Extracted comments (``#.``) are never wrapped, as gettext leaves them.

>>> print("\\n".join(wrap_field("msgid", "short")))
msgid "short"
>>> print("\\n".join(wrap_field("msgid", "A line.\\nAnother.")))
msgid ""
"A line.\\n"
"Another."
"""

from __future__ import annotations

import re

from babel.messages.pofile import denormalize, escape

WIDTH = 79  # gettext's default page width
UNWRAPPED = 1 << 30  # a width Babel's writer never reaches: it wraps nothing
_NO_BREAK_BEFORE = frozenset(")]}!?;,.:/»")
_ALPHABETIC_SYMBOLS = frozenset("`#&*@^_|~<=>")
_FIELD = re.compile(r'^(#~ |#\| )?(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?) (".*")$')
_CONTINUATION = re.compile(r'^(#~ |#\| )?(".*")$')


def _alphabetic(char: str) -> bool:
    return char.isalpha() or char in _ALPHABETIC_SYMBOLS


def breaks(text: str) -> list[int]:
    """The places in an escaped string where gettext may start a new line.

    >>> breaks("see docs/hands/ (x) [a](b)")
    [4, 9, 16, 20, 23]
    """
    out = []
    for i in range(1, len(text)):
        before, after = text[i - 1], text[i]
        if before == " ":
            ok = after != " " and after not in _NO_BREAK_BEFORE
        elif before in "-/.}":
            ok = _alphabetic(after)
        elif before in ")]":
            ok = after == "("
        else:
            ok = False
        if ok:
            out.append(i)
    return out


def wrap_field(keyword: str, text: str, prefix: str = "", width: int = WIDTH) -> list[str]:
    """A field's lines as ``msgmerge`` writes them: ``msgid "…"`` or ``msgid ""`` and its pieces."""
    pieces = re.findall(r"[^\n]*\n|[^\n]+", text) or [""]
    whole = f'{prefix}{keyword} "{escape(text)[1:-1]}"'
    if len(pieces) == 1 and len(whole) <= width:
        return [whole]
    lines = [f'{prefix}{keyword} ""']
    room = width - len(prefix) - 2
    for piece in pieces:
        rest = escape(piece)[1:-1]
        while len(rest) > room:
            places = breaks(rest)
            fitting = [i for i in places if i <= room]
            if not fitting and not places:
                break
            cut = fitting[-1] if fitting else places[0]
            lines.append(f'{prefix}"{rest[:cut]}"')
            rest = rest[cut:]
        lines.append(f'{prefix}"{rest}"')
    return lines


def wrap_references(line: str, width: int = WIDTH) -> list[str]:
    """A ``#:`` line cut as gettext cuts it: as many references as fit in ``width``."""
    lines, current = [], "#:"
    for reference in line[2:].split():
        if len(current) + 1 + len(reference) > width and current != "#:":
            lines.append(current)
            current = "#:"
        current += " " + reference
    return lines + [current]


# The header's fields in the order msgmerge writes them; others follow, as they came.
HEADER_ORDER = ("Project-Id-Version", "Report-Msgid-Bugs-To", "POT-Creation-Date", "PO-Revision-Date",
                "Last-Translator", "Language-Team", "Language", "MIME-Version", "Content-Type",
                "Content-Transfer-Encoding", "Plural-Forms")


def gettext_header(text: str) -> str:
    """The header entry's fields in msgmerge's order, with its ``charset=UTF-8`` spelling."""
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if line == 'msgid ""'), None)
    if start is None or start + 1 >= len(lines) or lines[start + 1] != 'msgstr ""':
        return text
    end = start + 2
    while end < len(lines) and lines[end].startswith('"'):
        end += 1
    fields = [f for f in denormalize("\n".join(['""'] + lines[start + 2:end])).split("\n") if f]
    rank = {name: i for i, name in enumerate(HEADER_ORDER)}
    fields.sort(key=lambda f: rank.get(f.split(":")[0], len(HEADER_ORDER)))
    fields = [f.replace("charset=utf-8", "charset=UTF-8") for f in fields]
    body = wrap_field("msgstr", "".join(f + "\n" for f in fields))
    return "\n".join(lines[:start + 1] + body + lines[end:])


def rewrap(text: str, width: int = WIDTH) -> str:
    """A catalog's text (as Babel writes it unwrapped) with gettext's wrapping and header order."""
    text = gettext_header(text).rstrip("\n") + "\n"
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        field = _FIELD.match(line)
        if field:
            prefix, keyword, value = field.group(1) or "", field.group(2), [field.group(3)]
            i += 1
            while i < len(lines):
                more = _CONTINUATION.match(lines[i])
                if not more or (more.group(1) or "") != prefix:
                    break
                value.append(more.group(2))
                i += 1
            out.extend(wrap_field(keyword, denormalize("\n".join(value)), prefix, width))
            continue
        out.extend(wrap_references(line, width) if line.startswith("#: ") else [line])
        i += 1
    return "\n".join(out)
