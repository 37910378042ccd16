"""A strict reader of gettext ``.po`` files that keeps the line of every entry.

Babel's ``read_po`` is lenient (it accepts unterminated strings and duplicate
msgids), so ``trickbook i18n check`` reads each catalog with this parser first. It
never stops at the first mistake: it records each one as a ``Problem`` with its
line and goes on at the next keyword, so a translator sees every error at once.

>>> po = read_entries('msgid ""\\nmsgstr "Language: fr\\\\n"\\n\\nmsgid "Hi"\\nmsgstr "Salut"\\n', "fr.po")
>>> [(e.line, e.msgid, e.msgstr) for e in po.entries]
[(1, '', {0: 'Language: fr\\n'}), (4, 'Hi', {0: 'Salut'})]
>>> po.problems
[]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a catalog, at a file and line."""

    file: str
    line: int
    message: str
    severity: str = "error"  # or "warning"
    # The message as a ``ui`` catalog template and its values (``said``), for the command line to
    # say it in the translator's own language; None for a message said in English only.
    template: str | None = field(default=None, compare=False)
    values: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        label = "" if self.severity == "error" else f"{self.severity}: "
        return f"{self.file}:{self.line}: {label}{self.message}"

    def localized(self, translate: Callable[[str], str]) -> str:
        """The problem in the language of ``translate`` (its message in English where it has no template)."""
        message = self.message
        if self.template is not None:
            try:
                message = translate(self.template).format_map(self.values)
            except (KeyError, IndexError, ValueError):
                pass
        label = "" if self.severity == "error" else translate(_("warning")) + ": "
        return f"{self.file}:{self.line}: {label}{message}"


def _(message: str) -> str:
    """Mark a message for the ``ui`` catalog; return it unchanged."""
    return message


def said(file: str, line: int, template: str, severity: str = "error", **values: Any) -> Problem:
    """A problem whose message is the ``ui`` catalog's ``template`` filled with ``values``."""
    return Problem(file, line, template.format_map(values), severity, template, values)


@dataclass
class Entry:
    """One message of a catalog. ``msgstr`` maps a plural index to its text (0 when singular)."""

    line: int
    msgid: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    auto_comments: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    previous_msgid: str | None = None
    obsolete: bool = False
    has_msgid: bool = False
    indexed: bool = False  # msgstr[N] rather than msgstr
    msgstr_lines: dict[int, int] = field(default_factory=dict)  # plural index -> line of its ``msgstr``

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def is_header(self) -> bool:
        return self.msgid == "" and self.msgctxt is None and not self.obsolete

    @property
    def translated(self) -> bool:
        """Usable: not fuzzy and every form filled in."""
        return not self.fuzzy and bool(self.msgstr) and all(self.msgstr.values())


@dataclass
class PoFile:
    """A parsed catalog: its entries (header first when present) and its syntax problems."""

    file: str
    entries: list[Entry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def header(self) -> dict[str, str]:
        for entry in self.entries:
            if entry.is_header:
                fields = {}
                for line in entry.msgstr.get(0, "").split("\n"):
                    name, sep, value = line.partition(":")
                    if sep:
                        fields[name.strip()] = value.strip()
                return fields
        return {}

    @property
    def messages(self) -> list[Entry]:
        """The entries a translator works on: neither the header nor obsolete."""
        return [e for e in self.entries if not e.obsolete and not e.is_header]


def parse_string(text: str) -> str:
    """The value of one quoted PO string (``"..."``); raises ValueError with the reason."""
    text = text.strip()
    if not text.startswith('"'):
        raise ValueError("a string must start with a double quote")
    out = []
    k = 1
    while k < len(text):
        ch = text[k]
        if ch == "\\":
            if k + 1 >= len(text):
                break
            nxt = text[k + 1]
            if nxt not in ESCAPES:
                raise ValueError(f"invalid escape sequence \\{nxt}")
            out.append(ESCAPES[nxt])
            k += 2
            continue
        if ch == '"':
            if text[k + 1 :].strip():
                raise ValueError(f"unexpected text after the closing quote: {text[k + 1:].strip()!r}")
            return "".join(out)
        out.append(ch)
        k += 1
    raise ValueError("end-of-line within string (unterminated string)")


class _Reader:
    def __init__(self, file: str) -> None:
        self.po = PoFile(file)
        self.entry: Entry | None = None
        self.pending = Entry(line=0)  # comments gathered before the next keyword
        self.target: tuple[str, int] | None = None  # the field continuation strings extend
        self.previous_open = False  # inside a ``#| msgid`` that may go on in ``#| "…"`` lines

    def problem(self, line: int, message: str) -> None:
        self.po.problems.append(Problem(self.po.file, line, message))

    def finish(self) -> None:
        entry = self.entry
        if entry is not None:
            if not entry.has_msgid:
                self.problem(entry.line, "msgctxt without msgid")
            elif not entry.msgstr:
                self.problem(entry.line, "missing msgstr")
            elif entry.msgid_plural is not None and not entry.indexed:
                self.problem(entry.line, "a message with msgid_plural needs msgstr[N]")
            elif entry.msgid_plural is None and entry.indexed:
                self.problem(entry.line, "msgstr[N] without msgid_plural")
            self.po.entries.append(entry)
        self.entry = None
        self.target = None

    def comment(self, line: int, text: str) -> None:
        if self.entry is not None and self.entry.msgstr:
            self.finish()
        kind, rest = text[:2], text[2:].strip()
        if kind == "#,":
            self.pending.flags.update(f.strip() for f in rest.split(",") if f.strip())
        elif kind == "#.":
            self.pending.auto_comments.append(rest)
        elif kind == "#:":
            self.pending.references.extend(ref.rpartition(":")[0] or ref for ref in rest.split())
        elif kind == "#|":
            keyword, _, value = rest.partition(" ")
            try:
                if keyword == "msgid":
                    self.pending.previous_msgid = parse_string(value)
                    self.previous_open = True
                elif rest.startswith('"') and self.previous_open:
                    # A wrapped previous msgid goes on in ``#| "…"`` lines.
                    self.pending.previous_msgid = (self.pending.previous_msgid or "") + parse_string(rest)
                else:
                    self.previous_open = False
            except ValueError as error:
                self.problem(line, f"previous msgid: {error}")

    def keyword(self, line: int, text: str, obsolete: bool) -> None:
        keyword, _, value = text.partition(" ")
        keyword = keyword.strip()
        entry = self.entry
        if keyword in ("msgctxt", "msgid") and entry is not None and (entry.has_msgid or keyword == "msgctxt"):
            self.finish()
            entry = None
        if keyword in ("msgctxt", "msgid") and entry is None:
            entry = self.entry = self.pending
            entry.line, entry.obsolete = line, obsolete
            self.pending = Entry(line=0)
        if entry is None:
            self.problem(line, f"{keyword} without msgid")
            return
        try:
            string = parse_string(value)
        except ValueError as error:
            self.problem(line, str(error))
            string = ""
        if keyword == "msgctxt":
            entry.msgctxt = string
            self.target = ("msgctxt", 0)
        elif keyword == "msgid":
            entry.msgid, entry.has_msgid, entry.line = string, True, line
            self.target = ("msgid", 0)
        elif keyword == "msgid_plural":
            entry.msgid_plural = string
            self.target = ("msgid_plural", 0)
        elif keyword == "msgstr" or keyword.startswith("msgstr["):
            self.msgstr(line, entry, keyword, string)
        else:
            self.problem(line, f"unknown keyword {keyword!r}")

    def msgstr(self, line: int, entry: Entry, keyword: str, string: str) -> None:
        index = 0
        if keyword != "msgstr":
            number = keyword[len("msgstr[") : -1] if keyword.endswith("]") else ""
            if not number.isdigit():
                self.problem(line, f"bad plural index in {keyword!r}")
                return
            index = int(number)
            entry.indexed = True
        if index in entry.msgstr:
            self.problem(line, f"{keyword} given twice")
        entry.msgstr[index] = string
        entry.msgstr_lines[index] = line
        self.target = ("msgstr", index)

    def continuation(self, line: int, text: str) -> None:
        if self.entry is None or self.target is None:
            self.problem(line, "a string outside any message")
            return
        try:
            string = parse_string(text)
        except ValueError as error:
            self.problem(line, str(error))
            return
        name, index = self.target
        if name == "msgstr":
            self.entry.msgstr[index] += string
        else:
            setattr(self.entry, name, getattr(self.entry, name) + string)


def read_entries(text: str, file: str) -> PoFile:
    """Parse a catalog's text; syntax mistakes land in ``problems``, never raise."""
    reader = _Reader(file)
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
            if line.startswith("|"):
                continue  # the previous msgid of an obsolete entry
        if not line:
            if not obsolete:
                reader.finish()
        elif line.startswith("#"):
            reader.comment(number, line)
        elif line.startswith('"'):
            reader.continuation(number, line)
        elif line.startswith("msg"):
            reader.keyword(number, line, obsolete)
        else:
            reader.problem(number, f"syntax error: {line[:40]!r}")
    reader.finish()
    return reader.po


def read_po_file(path: str) -> PoFile:
    """Read and parse a catalog file (UTF-8, as every catalog of the project).

    A file that is not UTF-8 is one problem at the line and column of its first bad
    byte; the rest is still read (bad bytes as U+FFFD) so that other mistakes show too.
    """
    from ..textfile import NOT_UTF8, first_bad_byte

    with open(path, "rb") as handle:
        data = handle.read()
    po = read_entries(data.decode("utf-8", errors="replace"), path)
    bad = first_bad_byte(data)
    if bad is not None:
        line, column, byte = bad
        po.problems.insert(0, Problem(path, line, f"column {column}: " + NOT_UTF8.format(byte=byte)))
    return po
