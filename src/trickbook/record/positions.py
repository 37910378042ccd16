"""Where things are in a record's TOML text: the line of every key, table and string value.

``tomllib`` reads TOML but gives no positions, so this module scans the text once,
in linear time, and never raises on text that is not TOML (``tomllib`` says what
is wrong with it). It knows enough of TOML to point at a line: table headers,
keys (dotted and quoted), strings of the four kinds, comments, and arrays and
inline tables, whose nesting it also bounds (``tomllib`` recurses, and a few
hundred nested brackets would exhaust Python's stack).

>>> pos = scan('game = "nap"\\nactions = [\\n  "A AH",\\n  "B JH",\\n]\\n[deal]\\nA = "AH"\\n')
>>> pos.line_of("deal", "A"), pos.line_of("deal", "B"), pos.line_of("notes")
(7, 6, None)
>>> [s.line for s in pos.strings[("actions",)]]
[3, 4]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Deeper than any record needs (they use two levels at most), shallow enough for
# tomllib's recursion on every Python, Pyodide's included.
MAX_NESTING = 32
# A key path longer than this (``a.b.c…``) is refused too: it builds nested tables.
MAX_KEY_PARTS = 32

# In a value: a multi-line string's opening quotes, a whole one-line string (or
# its unterminated start), a comment, a bracket or a newline.
# Possessive (``*+``, ``++``): a long one-line string is matched without backtracking, whose stack
# grew to hundreds of megabytes on a string of millions of characters.
_VALUE_TOKEN = re.compile(r'"""|\'\'\'|"(?:[^"\\\n]++|\\.)*+"?|\'[^\'\n]*+\'?|#[^\n]*+|[\[\]{}\n]')
_BASIC = re.compile(r'(?:[^"\\\n]++|\\.)*+"')
_SPACE = re.compile(r"[ \t\r]*")
_BARE = re.compile(r"[A-Za-z0-9_-]+")


class TooMany(ValueError):
    """The actions of a record, counted as far as ``limit`` and found to be more, starting on ``line``."""

    def __init__(self, line: int, limit: int) -> None:
        self.line = line
        self.limit = limit
        super().__init__(f"more than {limit} actions")


class TooDeep(ValueError):
    """Arrays, inline tables or dotted keys nested beyond the limit, starting on ``line``."""

    def __init__(self, line: int, what: str) -> None:
        self.line = line
        super().__init__(what)


@dataclass(frozen=True)
class StringAt:
    """A string value: the line it starts on, and the line its text starts on."""

    line: int
    first: int          # a multi-line string drops a newline right after its opening quotes
    multiline: bool


@dataclass
class Positions:
    """``keys``: the line of each key path (a table header gives its table's path).
    ``strings``: the string values under each key path, in order (one for a string
    value, one per element for an array of strings). ``lines``: the number of lines."""

    keys: dict[tuple[str, ...], int] = field(default_factory=dict)
    strings: dict[tuple[str, ...], list[StringAt]] = field(default_factory=dict)
    lines: int = 1

    def line_of(self, *path: str) -> int | None:
        """The line of the longest known prefix of ``path`` (a key, else its table)."""
        for end in range(len(path), 0, -1):
            line = self.keys.get(path[:end])
            if line is not None:
                return line
        return None


def split_key(text: str) -> tuple[str, ...]:
    """The parts of a (possibly dotted, possibly quoted) key, as written; never raises."""
    parts: list[str] = []
    pos, n = 0, len(text)
    while pos < n:
        pos = _skip_space(text, pos)
        if pos >= n:
            break
        ch = text[pos]
        if ch == '"':
            end = _BASIC.match(text, pos + 1)
            stop = end.end() if end else n
            parts.append(_unescape(text[pos + 1:stop - 1] if end else text[pos + 1:]))
            pos = stop
        elif ch == "'":
            stop = text.find("'", pos + 1)
            stop = n if stop < 0 else stop + 1
            parts.append(text[pos + 1:stop - 1])
            pos = stop
        else:
            bare = _BARE.match(text, pos)
            stop = bare.end() if bare and bare.end() > pos else text.find(".", pos + 1)
            stop = n if stop < 0 else stop
            parts.append(text[pos:stop].strip())
            pos = stop
        pos = _skip_space(text, pos)
        if pos < n and text[pos] == ".":
            pos += 1
        elif pos < n:
            break  # not a key after all; what came before is enough to point at a line
    return tuple(parts)


def _unescape(text: str) -> str:
    if "\\" not in text:
        return text
    try:
        return text.encode("latin-1", "backslashreplace").decode("unicode_escape")
    except UnicodeError:
        return text


def scan(text: str, max_actions: int | None = None) -> Positions:
    """Scan a TOML text (see the module docstring); raises ``TooDeep`` past the limits, and
    ``TooMany`` as soon as the top-level ``actions`` is seen to hold more than ``max_actions``
    (the scan stops there: a huge record is refused before ``tomllib`` reads it)."""
    return _Scanner(text, max_actions).run()


ACTIONS = ("actions",)


def count_pieces(raw: str, limit: int, one_line: bool = False) -> int:
    r"""The actions in an actions string's raw text (pieces between newlines and ';', comments cut),
    counted up to ``limit + 1`` at most; 0 when it has too few separators to reach ``limit``.

    >>> count_pieces("A pass; B pass # no bid; C pass\n\nC pass", 3)
    3
    >>> count_pieces(r"A pass\nB pass", 1, one_line=True), count_pieces("A; B; C; D", 2)
    (2, 3)
    """
    if raw.count("\n") + raw.count(";") + raw.count("\\n") < limit:
        return 0
    if one_line:
        raw = raw.replace("\\n", "\n")
    count = 0
    for line in re.finditer(r"[^\n]+", raw):
        for piece in line.group().split("#", 1)[0].split(";"):
            if piece.strip():
                count += 1
                if count > limit:
                    return count
    return count


class _Scanner:
    def __init__(self, text: str, max_actions: int | None = None) -> None:
        self.max_actions = max_actions
        self.text = text
        self.pos = 0
        self.line = 1
        self.out = Positions()
        self.table: tuple[str, ...] = ()
        self.arrays: dict[tuple[str, ...], int] = {}  # tables of each ``[[array]]`` header met so far

    def run(self) -> Positions:
        text, n = self.text, len(self.text)
        while self.pos < n:
            self.pos = _skip_space(text, self.pos)
            if self.pos >= n:
                break
            ch = text[self.pos]
            if ch == "\n":
                self.newline()
            elif ch == "#":
                self.skip_comment()
            elif ch == "[":
                self.header()
            else:
                self.key_value()
        self.out.lines = self.line
        return self.out

    def newline(self) -> None:
        self.line += 1
        self.pos += 1

    def skip_comment(self) -> None:
        end = self.text.find("\n", self.pos)
        self.pos = len(self.text) if end < 0 else end

    def rest_of_line(self) -> str:
        end = self.text.find("\n", self.pos)
        return self.text[self.pos: len(self.text) if end < 0 else end]

    def header(self) -> None:
        line = self.rest_of_line()
        double = line.startswith("[[")
        inner = line[2 if double else 1:]
        close = _closing_bracket(inner)
        path = split_key(inner[:close])
        self.check_parts(path)
        self.out.keys.setdefault(path, self.line)
        if double:  # an array of tables: each table's keys under its index ("questions", "0", "step")
            index = self.arrays.get(path, 0)
            self.arrays[path] = index + 1
            path = path + (str(index),)
            self.out.keys.setdefault(path, self.line)
        self.table = path
        self.pos += len(line)

    def key_value(self) -> None:
        line = self.rest_of_line()
        eq = _equals(line)
        if eq < 0:
            self.pos += len(line)  # not a key: tomllib will say what it is
            return
        parts = split_key(line[:eq])
        self.check_parts(self.table + parts)
        path = self.table + parts
        for end in range(len(self.table) + 1, len(path) + 1):
            self.out.keys.setdefault(path[:end], self.line)
        self.pos += eq + 1
        self.value(path)

    def check_parts(self, path: tuple[str, ...]) -> None:
        if len(path) > MAX_KEY_PARTS:
            raise TooDeep(self.line, f"a key of more than {MAX_KEY_PARTS} dotted parts")

    def value(self, path: tuple[str, ...]) -> None:
        """Skip a value (to the end of its last line), noting its strings and bounding its nesting."""
        text = self.text
        depth = 0
        strings = self.out.strings.setdefault(path, [])
        search = _VALUE_TOKEN.search
        while True:
            m = search(text, self.pos)
            if m is None:
                self.pos = len(text)
                return
            tok = m.group()
            first = tok[0]
            self.pos = m.end()
            if first == "\n":
                if depth == 0:
                    self.pos = m.start()
                    return
                self.line += 1
            elif first in "[{":
                depth += 1
                if depth > MAX_NESTING:
                    raise TooDeep(self.line, f"arrays or inline tables nested more than {MAX_NESTING} deep")
            elif first in "]}":
                depth = max(0, depth - 1)
            elif tok == '"""' or tok == "'''":
                line = self.line
                strings.append(self.multiline_string(tok, m.end()))
                self.bound(path, line, self.text[m.end():self.pos].rstrip(tok[0]))  # without its closing quotes
            elif first != "#":
                strings.append(StringAt(self.line, self.line, False))
                self.bound(path, self.line, tok, one_line=True)

    def bound(self, path: tuple[str, ...], line: int, raw: str, one_line: bool = False) -> None:
        """Stop the scan once the record's actions are more than any hand of any game can take."""
        limit = self.max_actions
        if limit is None or path != ACTIONS:
            return
        if len(self.out.strings[path]) > limit or count_pieces(raw, limit, one_line) > limit:
            raise TooMany(line, limit)

    def multiline_string(self, quote: str, begin: int) -> StringAt:
        text, start = self.text, self.line
        end = _closing_triple(text, begin, quote)
        first = start + 1 if text.startswith("\n", begin) or text.startswith("\r\n", begin) else start
        self.line += text.count("\n", begin, end)
        self.pos = end
        return StringAt(start, first, True)


def _skip_space(text: str, pos: int) -> int:
    m = _SPACE.match(text, pos)
    return m.end() if m else pos


def _closing_triple(text: str, pos: int, quote: str) -> int:
    """The index just past the quotes closing a multi-line string (the end of the text if none)."""
    while True:
        at = text.find(quote, pos)
        if at < 0:
            return len(text)
        if quote == '"""':
            slashes = 0
            while at - slashes - 1 >= pos and text[at - slashes - 1] == "\\":
                slashes += 1
            if slashes % 2:
                pos = at + 1
                continue
        # Up to two more quotes may close it ("""a"""" ends with a quote in the string).
        end = at + 3
        while end < len(text) and text[end] == quote[0] and end - at < 5:
            end += 1
        return end


def _outside_quotes(text: str, marks: str) -> int:
    """Where the first of ``marks`` stands outside quotes in ``text``; -1 if nowhere."""
    quote = None
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch in marks:
            return i
    return -1


def _closing_bracket(text: str) -> int:
    """Where a header's key ends: its first ']' outside quotes (the end if none)."""
    at = _outside_quotes(text, "]")
    return at if at >= 0 else len(text)


def _equals(line: str) -> int:
    """The '=' after a key, outside quotes; -1 if the line holds none (or a comment comes first)."""
    at = _outside_quotes(line, "=#")
    return at if at >= 0 and line[at] == "=" else -1
