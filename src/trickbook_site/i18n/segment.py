"""Cut a Markdown page into translatable segments that keep their source positions.

A segment is one run of prose: a heading's text, a paragraph, a list item's
paragraph, a definition, a table cell or an admonition title. markdown-it-py
finds the block boundaries (with their line maps); this module only locates each
block's text inside its source lines, so that a translation can later be put back
in exactly the same place (see ``localize.py``). It never renders anything.

Code blocks, fenced blocks, HTML blocks and front matter are never segments.
Fenced ``hand`` blocks are reported separately (``Page.hand_blocks``), wherever
they are, with what holds them: this is the one finder of hand blocks, used by the
build, ``trickbook check`` and the extractor alike (``trickbook_site.hands.find_blocks``
reads them and refuses those that are not at the left margin).

Admonitions (``!!! note "Title"`` with a body indented by four spaces) are an
extension markdown-it does not know: it sees the title line as a paragraph and the
body as a lazy continuation or a code block. The title line is recognised from the
paragraph token that starts with it, and the body is de-indented and segmented
recursively, its positions shifted back into the page.

>>> page = parse_page("## Scoring { #scoring }\\n\\n- One point\\n  each.\\n")
>>> [(s.kind, s.msgid, s.line, s.end_line) for s in page.segments]
[('heading', 'Scoring', 1, 1), ('list item', 'One point\\neach.', 3, 4)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

# A Python-Markdown attribute list, as written after a heading (`{ #id }`) or on
# the last line of a paragraph (`{: .class }`): it must hold an id, a class or a
# key=value pair, so that a literal `{seat}` in prose is never taken for one.
ATTR_LIST = re.compile(r"\{:?[ \t]*(?:[#.][\w-]|[\w-]+=)[^{}\n]*\}")
TRAILING_ATTR_LIST = re.compile(r"[ \t]*" + ATTR_LIST.pattern + r"[ \t]*$")

ADMONITION_MARKERS = ("!!!", "???")

# Kinds whose untranslated text is marked with an attribute list rather than a span.
BLOCK_KINDS = ("heading", "paragraph")


@dataclass(frozen=True)
class Segment:
    """One translatable run of text and where it sits in the source.

    ``start`` is the 0-based index of its first line; ``columns[k]`` is where the
    text starts on line ``start + k``; on the last line it ends at ``end_column``.
    Everything before a column (indentation, list marker, heading hashes, pipes)
    and after ``end_column`` (a heading's ``{ #id }``, the rest of a table row) is
    kept as it is. ``continuation`` prefixes any extra line a translation adds.
    ``implicit`` marks an admonition whose title is not written: its msgid is the
    default title and a translation is inserted at ``end_column`` as ``"title"``.
    ``attr_line`` is the 0-based line of an attribute list ending the block.
    """

    kind: str
    msgid: str
    start: int
    columns: tuple[int, ...]
    end_column: int
    continuation: str = ""
    implicit: bool = False
    attr_line: int | None = None

    @property
    def line(self) -> int:
        """The 1-based number of the first source line."""
        return self.start + 1

    @property
    def end_line(self) -> int:
        """The 1-based number of the last source line."""
        return self.start + len(self.columns)

    def shifted(self, lines: int, indent: int) -> "Segment":
        """The same segment inside a block indented by ``indent`` spaces, ``lines`` lower."""
        return replace(
            self,
            start=self.start + lines,
            columns=tuple(c + indent for c in self.columns),
            end_column=self.end_column + indent,
            continuation=" " * indent + self.continuation,
            attr_line=None if self.attr_line is None else self.attr_line + lines,
        )


@dataclass(frozen=True)
class HandFence:
    """A fenced ``hand`` block: its fence's lines [start, end) in the page (0-based), its text,
    and what holds it (None at the left margin, else "a list or quote" or "an admonition")."""

    start: int
    end: int
    text: str
    inside: str | None = None

    @property
    def line(self) -> int:
        """The 1-based line of the block's first text line."""
        return self.start + 2

    def shifted(self, lines: int) -> "HandFence":
        """The same block in an admonition's body that starts ``lines`` lower in the page."""
        return replace(self, start=self.start + lines, end=self.end + lines, inside="an admonition")


@dataclass
class Page:
    """Everything the segmenter found in one page."""

    segments: list[Segment] = field(default_factory=list)
    hand_blocks: list[HandFence] = field(default_factory=list)


@lru_cache(maxsize=1)
def markdown_parser() -> MarkdownIt:
    """The one parser of the pipeline: CommonMark with tables, front matter and definition lists."""
    return MarkdownIt("commonmark").enable("table").use(front_matter_plugin).use(deflist_plugin)


def parse_page(text: str) -> Page:
    """Segment a Markdown page (see the module docstring)."""
    lines = text.split("\n")
    tokens = markdown_parser().parse(text)
    page = Page()
    _Walker(lines, tokens, page).walk()
    page.segments.sort(key=lambda s: (s.start, s.columns[0]))
    return page


def segment_markdown(text: str) -> list[Segment]:
    """The translatable segments of a page, in source order."""
    return parse_page(text).segments


def continuation_of(prefix: str) -> str:
    """The prefix of a block's later lines: its first prefix with markers blanked.

    ``"- "`` becomes ``"  "``, ``"> 1. "`` becomes ``">    "``: blockquote markers
    stay, list markers turn into the indentation that continues the item.
    """
    return "".join(ch if ch in " \t>" else " " for ch in prefix)


def has_words(inline: Token) -> bool:
    """Whether an inline token holds any letter outside code spans and HTML."""
    for child in inline.children or ():
        if child.type == "text" and any(ch.isalpha() for ch in child.content):
            return True
        if child.type == "image" and has_words(child):
            return True
    return False


class _Walker:
    """One pass over a token stream, appending segments and hand blocks to a page."""

    def __init__(self, lines: list[str], tokens: list[Token], page: Page) -> None:
        self.lines = lines
        self.tokens = tokens
        self.page = page
        self.skip_from = -1
        self.skip_until = -1  # tokens starting in (skip_from, skip_until) belong to an admonition

    def walk(self) -> None:
        parents: list[Token] = []
        for i, token in enumerate(self.tokens):
            if token.nesting == -1:
                parents.pop()
                continue
            if token.map and self.skip_from < token.map[0] < self.skip_until:
                if token.nesting == 1:
                    parents.append(token)
                continue
            self._visit(i, token, parents)
            if token.nesting == 1:
                parents.append(token)

    def _visit(self, i: int, token: Token, parents: list[Token]) -> None:
        if token.type == "fence" and token.info.strip().split(" ")[0] == "hand" and token.map:
            start, end = token.map
            nested = token.level > 0 or self.lines[start][:1].isspace()
            self.page.hand_blocks.append(HandFence(start, end, token.content, "a list or quote" if nested else None))
        elif token.type == "heading_open":
            self._heading(token, self.tokens[i + 1])
        elif token.type == "paragraph_open":
            self._paragraph(token, self.tokens[i + 1], parents, self.tokens[i - 1] if i else None)
        elif token.type == "dt_open":
            self._term(self.tokens[i + 1])
        elif token.type == "tr_open":
            self._table_row(i, token)

    # -- headings ---------------------------------------------------------

    def _heading(self, token: Token, inline: Token) -> None:
        if not has_words(inline):
            return
        if token.markup.startswith("#"):
            self._atx_heading(token, inline)
        else:
            # A setext heading: its text lines, then the underline.
            start, end = _span(token)
            self._add_block("heading", start, end - 1, inline.content)

    def _atx_heading(self, token: Token, inline: Token) -> None:
        start = _span(token)[0]
        source = self.lines[start]
        content = inline.content
        text = content[: _attr_start(content)].rstrip()
        if not text:
            return
        hashes = source.index("#")
        column = source.index(content, hashes + len(token.markup))
        self.page.segments.append(
            Segment("heading", text, start, (column,), column + len(text), continuation_of(source[:column]))
        )

    # -- paragraphs, list items, definitions ---------------------------------

    def _paragraph(self, token: Token, inline: Token, parents: list[Token], before: Token | None) -> None:
        start, end = _span(token)
        content = inline.content
        if content.startswith(ADMONITION_MARKERS):
            self._admonition(start)
            return
        if not has_words(inline):
            return
        parent = parents[-1].type if parents else ""
        if parent == "list_item_open" and before is not None and before.type == "list_item_open":
            kind = "list item"
        elif parent == "dd_open":
            kind = "definition"
        else:
            kind = "paragraph"
        self._add_block(kind, start, end, content)

    def _term(self, inline: Token) -> None:
        if has_words(inline):
            start = _span(inline)[0]
            self._add_block("definition term", start, start + 1, inline.content)

    def _add_block(self, kind: str, start: int, end: int, content: str) -> None:
        """Locate a block's text (``content``, as markdown-it gives it) on lines start..end-1."""
        texts = content.split("\n")
        attr_line = None
        if len(texts) > 1 and ATTR_LIST.fullmatch(texts[-1].strip()):
            # `{: .class }` on the block's last line is markup, never prose.
            attr_line = start + len(texts) - 1
            texts.pop()
        columns = []
        for k, text in enumerate(texts):
            source = self.lines[start + k].rstrip()
            wanted = text.strip()
            if not source.endswith(wanted):
                raise ValueError(f"line {start + k + 1}: cannot locate {wanted!r} in {source!r}")
            columns.append(len(source) - len(wanted))
        last = start + len(texts) - 1
        end_column = len(self.lines[last].rstrip())
        msgid = "\n".join(
            [self.lines[start + k][c:] for k, c in enumerate(columns[:-1])]
            + [self.lines[last][columns[-1] : end_column]]
        )
        prefix = self.lines[start][: columns[0]]
        self.page.segments.append(
            Segment(kind, msgid, start, tuple(columns), end_column, continuation_of(prefix), attr_line=attr_line)
        )

    # -- admonitions ------------------------------------------------------

    def _admonition(self, start: int) -> None:
        source = self.lines[start]
        indent = len(source) - len(source.lstrip(" "))
        end = self._admonition_end(start, indent + 4)
        self.skip_from, self.skip_until = start, end
        self._admonition_title(start)
        body = [line[indent + 4 :] for line in self.lines[start + 1 : end]]
        inner = parse_page("\n".join(body))
        self.page.segments.extend(s.shifted(start + 1, indent + 4) for s in inner.segments)
        self.page.hand_blocks.extend(b.shifted(start + 1) for b in inner.hand_blocks)

    def _admonition_end(self, start: int, body_indent: int) -> int:
        """The index of the first line after an admonition's body."""
        end = start + 1
        last_text = start
        while end < len(self.lines):
            line = self.lines[end]
            if line.strip():
                if len(line) - len(line.lstrip(" ")) < body_indent:
                    break
                last_text = end
            end += 1
        return last_text + 1

    def _admonition_title(self, start: int) -> None:
        source = self.lines[start].rstrip()
        head = source.lstrip(" ")
        column = len(source) - len(head)
        words = head.lstrip("!?+").split()
        if not words:
            return
        if source.endswith('"') and source.count('"') >= 2:
            first = source.index('"') + 1
            last = len(source) - 1
            if first < last:
                self.page.segments.append(
                    Segment("admonition title", source[first:last], start, (first,), last, " " * column)
                )
            return  # an empty title ("") asks for no title at all
        # No title written: Python-Markdown shows the type, capitalised.
        title = words[0].replace("-", " ").capitalize()
        self.page.segments.append(
            Segment("admonition title", title, start, (len(source),), len(source), " " * column, implicit=True)
        )

    # -- tables -----------------------------------------------------------

    def _table_row(self, i: int, token: Token) -> None:
        row = _span(token)[0]
        cells = split_row(self.lines[row])
        inlines = []
        for t in self.tokens[i + 1 :]:
            if t.type == "tr_close":
                break
            if t.type == "inline":
                inlines.append(t)
        for inline, (first, last) in zip(inlines, cells, strict=False):
            if has_words(inline):
                text = self.lines[row][first:last]
                self.page.segments.append(Segment("table cell", text, row, (first,), last))


def _attr_start(text: str) -> int:
    match = TRAILING_ATTR_LIST.search(text)
    return match.start() if match else len(text)


def split_row(line: str) -> list[tuple[int, int]]:
    """The column span of each cell's text in a table row, as GFM splits it.

    Cells are separated by pipes not escaped with a backslash (a pipe inside a
    code span must be escaped too, as in GFM); the outer pipes are optional and
    the text of each cell is trimmed.
    """
    bounds = []
    start = len(line) - len(line.lstrip(" \t>"))
    if line.startswith("|", start):
        start += 1
    k = start
    escaped = False
    while k < len(line):
        ch = line[k]
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == "|":
            bounds.append((start, k))
            start = k + 1
        k += 1
    if line[start:].strip():
        bounds.append((start, len(line)))
    spans = []
    for first, last in bounds:
        cell = line[first:last]
        lead = len(cell) - len(cell.lstrip())
        spans.append((first + lead, first + len(cell.rstrip())))
    return spans


def _span(token: Token) -> tuple[int, int]:
    """The lines ``[start, end)`` a token covers: markdown-it maps every block token it makes."""
    assert token.map is not None, f"markdown-it gave {token.type} no lines"
    return token.map[0], token.map[1]
