"""What ``trickbook i18n check`` verifies in each catalog, beyond its syntax.

Errors (the build refuses the catalog): duplicate messages, a header without
``Language`` or ``Plural-Forms``, a plural message with the wrong number of forms,
``{placeholder}`` names that differ between the English and the translation,
HTML markup that the translation adds (see ``markup``), and, in the ``content``
domain, Markdown whose structure changed: other inline code, other link targets, an
added list, heading or quote, a table cell broken by a pipe; and HTML, as the
site's own renderer makes it, with an address that is not http(s), mailto or
relative, or a tag or attribute the English lacks (``rendered``).

Translators are trusted with words, not with markup. A translation may carry the
HTML of its English source, and no other: a tag (``<img …>``, ``</b>``), a comment,
a declaration or processing instruction (``<!…>``, ``<?…>``), written as such or
spelt with character references that decode to one (``&#60;b&#62;``, ``&lt;b&gt;``),
outside code spans. Tags are compared whole, attributes included, so an attribute
added to a tag of the source counts too. A ``<`` that cannot open a tag (``a < b``,
``<3``) is text. The build escapes such markup regardless (``localize.py``).

Warnings (reported, never fatal): emphasis that differs in count, and a translation
identical to its English source unless that source is only names, card codes,
seat letters, numbers and punctuation.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from typing import Iterator

from .pofile import Entry, PoFile, Problem, _, said
from .rendered import Renderer, rendered_problems
from .segment import markdown_parser

PLACEHOLDER = re.compile(r"\{(\w+)(?:[!:][^{}]*)?\}")

# Names that stay the same in every language: games, contracts, tools, notations, keyboard keys.
NAMES = frozenset(
    """trickbook Nap Napoleon Wellington Euchre Yorkshire Trinidad All Fours Batley
    Pyodide MkDocs Material Python JavaScript Babel Poedit Weblate TOML JSON SHA UTF
    Node npm gettext GitHub Tab Enter Home End Escape Esc Shift Space""".split()
)
# A card code (`TH`, `10H`, `AS`), a seat letter, a team (`NS`, `EW`, `WE`).
TOKEN_WITHOUT_TRANSLATION = re.compile(r"(?:10|[2-9TJQKA])[SHDC]?|[A-Z]|NS|EW|WE|SN|\d+(?:[.,]\d+)*")


def check_entries(po: PoFile, domain: str, language: str | None, renderer: Renderer | None = None) -> list[Problem]:
    """Every problem of a parsed catalog other than its syntax.

    ``renderer`` renders the content domain's messages as the site does (see
    ``rendered``); the default site's configuration when None.
    """
    problems = list(_check_header(po, language))
    problems.extend(_check_duplicates(po))
    nplurals = _nplurals(po.header)
    if domain == "content" and renderer is None:
        renderer = Renderer.default()
    for entry in po.messages:
        problems.extend(_check_entry(po.file, entry, domain, nplurals, renderer))
    return problems


def _nplurals(header: dict[str, str]) -> int | None:
    for part in header.get("Plural-Forms", "").split(";"):
        name, _, value = part.partition("=")
        if name.strip() == "nplurals" and value.strip().isdigit():
            return int(value)
    return None


def _check_header(po: PoFile, language: str | None) -> Iterator[Problem]:
    header_entry = next((e for e in po.entries if e.is_header), None)
    if header_entry is None:
        yield Problem(po.file, 1, "no header entry (msgid \"\")")
        return
    header, line = po.header, header_entry.line
    if "charset=utf-8" not in header.get("Content-Type", "").lower().replace(" ", ""):
        yield Problem(po.file, line, "header: Content-Type must declare charset=UTF-8")
    if language is None:
        return
    if header.get("Language", "") != language:
        yield Problem(po.file, line, f"header: Language is {header.get('Language', '')!r}, expected {language!r}")
    if _nplurals(header) is None:
        yield Problem(po.file, line, "header: no valid Plural-Forms (nplurals=N; plural=...)")


def _check_duplicates(po: PoFile) -> Iterator[Problem]:
    seen: dict[tuple[str | None, str], int] = {}
    for entry in po.entries:
        if entry.obsolete or not entry.has_msgid:
            continue
        key = (entry.msgctxt, entry.msgid)
        if key in seen:
            yield said(po.file, entry.line, _("duplicate message definition (first defined at line {first})"),
                       first=seen[key])
        else:
            seen[key] = entry.line


def _check_entry(file: str, entry: Entry, domain: str, nplurals: int | None,
                 renderer: Renderer | None = None) -> Iterator[Problem]:
    if entry.msgid_plural is not None and nplurals is not None and entry.indexed:
        if sorted(entry.msgstr) != list(range(nplurals)):
            yield said(file, entry.line, _("the header declares {count} plural forms but this message has {given}"),
                       count=nplurals, given=len(entry.msgstr))
    if not entry.translated:
        return
    for index, text in sorted(entry.msgstr.items()):
        source = entry.msgid if index == 0 or entry.msgid_plural is None else entry.msgid_plural
        yield from _check_placeholders(file, entry, source, text)
        added = added_markup(source, text, markdown=domain == "content")
        if added:
            shown = ", ".join(repr(tag) for tag in added)
            yield said(file, entry.msgstr_lines.get(index, entry.line),
                       _("the translation adds HTML markup that the English does not have: {tags}"), tags=shown)
        if domain == "content":
            yield from check_markdown(file, entry, text)
            if renderer is not None:
                for problem in rendered_problems(source, text, renderer):
                    yield Problem(file, entry.msgstr_lines.get(index, entry.line),
                                  f"the translation, rendered as the site renders it, has {problem}")
    if entry.msgid_plural is None and entry.msgstr.get(0) == entry.msgid and not is_name_like(entry.msgid):
        yield said(file, entry.line, _("translation is identical to the English source"), "warning")


def _check_placeholders(file: str, entry: Entry, source: str, text: str) -> Iterator[Problem]:
    wanted, given = set(PLACEHOLDER.findall(source)), set(PLACEHOLDER.findall(text))
    if entry.msgid_plural is not None:
        # A plural form may leave the count implicit ("one card"), never add a name.
        wanted |= set(PLACEHOLDER.findall(entry.msgid))
        if given - wanted:
            yield said(file, entry.line, _("placeholders not in the English: {names}"), names=_names(given - wanted))
        return
    if wanted != given and not given - wanted:
        yield said(file, entry.line, _("placeholders differ from the English: missing {names}"),
                   names=_names(wanted - given))
    elif wanted != given and not wanted - given:
        yield said(file, entry.line, _("placeholders differ from the English: unknown {names}"),
                   names=_names(given - wanted))
    elif wanted != given:
        yield said(file, entry.line, _("placeholders differ from the English: missing {names}, unknown {others}"),
                   names=_names(wanted - given), others=_names(given - wanted))


# What opens markup in HTML: a tag (a letter after < or </), a comment, a declaration, a processing instruction.
MARKUP = re.compile(r"</?[A-Za-z][^<>]*>?|<!--|<![A-Za-z\[]|<\?")


def markup(text: str, markdown: bool = True) -> Counter[str]:
    """The HTML that ``text`` carries, each piece normalized (case, spaces), with entities decoded.

    In Markdown, code spans and code blocks are code, shown as written, and are skipped.

    >>> sorted(markup("Hi <b>there</b> `<i>` &#60;img src=x onerror=alert(1)&#62; a < b"))
    ['</b>', '<b>', '<img src=x onerror=alert(1)>']
    """
    if "<" not in text and "&" not in text:
        return Counter()  # every piece of markup starts with "<", written or as a character reference
    pieces: list[str] = []
    if markdown:
        for token in markdown_parser().parse(text):
            if token.type == "html_block":
                pieces.append(token.content)
            for child in token.children or ():
                if child.type in ("html_inline", "text"):
                    # Text tokens come with their character references decoded once already.
                    pieces.append(child.content)
    else:
        pieces.append(text)
    found: Counter[str] = Counter()
    for piece in pieces:
        for match in MARKUP.finditer(html.unescape(piece)):
            found[" ".join(match.group().lower().split())] += 1
    return found


def added_markup(source: str, translation: str, markdown: bool = True) -> list[str]:
    """The markup of ``translation`` that ``source`` does not have (empty when none)."""
    return sorted((markup(translation, markdown) - markup(source, markdown)).elements())


def _names(names: set[str]) -> str:
    return ", ".join("{" + n + "}" for n in sorted(names))


class MarkdownShape:
    """The parts of a Markdown snippet a translation must keep."""

    def __init__(self, text: str) -> None:
        tokens = markdown_parser().parse(text)
        self.blocks = [t.type for t in tokens if t.type != "inline" and t.nesting >= 0]
        self.code: Counter[str] = Counter()
        self.links: Counter[str] = Counter()
        self.emphasis = 0
        for token in tokens:
            for child in token.children or ():
                if child.type == "code_inline":
                    self.code[child.content] += 1
                elif child.type == "link_open":
                    self.links[str(child.attrs.get("href", ""))] += 1
                elif child.type == "image":
                    self.links[str(child.attrs.get("src", ""))] += 1
                elif child.type in ("em_open", "strong_open"):
                    self.emphasis += 1


def check_markdown(file: str, entry: Entry, text: str) -> Iterator[Problem]:
    """Compare the Markdown of a translation with its English source."""
    source, translation = MarkdownShape(entry.msgid), MarkdownShape(text)
    line = entry.line
    if translation.blocks != source.blocks:
        added = [b for b in translation.blocks if b not in source.blocks]
        what = ", ".join(sorted({b.removesuffix("_open").replace("_", " ") for b in added})) or "blocks"
        yield Problem(file, line, f"the translation changes the Markdown structure ({what})")
    if translation.code != source.code:
        yield Problem(file, line, f"inline code differs: {_diff(source.code, translation.code)}")
    if translation.links != source.links:
        yield Problem(file, line, f"link targets differ: {_diff(source.links, translation.links)}")
    if translation.emphasis != source.emphasis:
        yield Problem(
            file, line, f"emphasis differs: {source.emphasis} in the English, {translation.emphasis} here", "warning"
        )
    if "table cell" in entry.auto_comments and ("\n" in text or _unescaped_pipe(text)):
        yield Problem(file, line, "a table cell's translation must stay on one line without an unescaped |")


def _diff(source: Counter[str], translation: Counter[str]) -> str:
    missing = ", ".join(repr(k) for k in sorted((source - translation).elements()))
    extra = ", ".join(repr(k) for k in sorted((translation - source).elements()))
    return "; ".join(p for p in (missing and f"English has {missing}", extra and f"translation has {extra}") if p)


def _unescaped_pipe(text: str) -> bool:
    escaped = False
    for ch in text:
        if ch == "|" and not escaped:
            return True
        escaped = ch == "\\" and not escaped
    return False


def is_name_like(text: str) -> bool:
    """Whether a text may stay the same in every language.

    >>> is_name_like("Nap"), is_name_like("10♥, J♣"), is_name_like("`TH`, NS"), is_name_like("Players")
    (True, True, True, False)
    """
    # Only text tokens count: code spans are code, never prose.
    tokens = markdown_parser().parseInline(text)
    words = []
    for token in tokens:
        for child in token.children or ():
            if child.type == "text":
                words.extend(re.findall(r"[^\W_]+", child.content))
    return all(w in NAMES or TOKEN_WITHOUT_TRANSLATION.fullmatch(w) for w in words)
