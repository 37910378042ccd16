"""Put translations back into an English page, and translate strings at build time.

``localize_markdown(text, rel_path, catalog)`` substitutes each translated
segment (see ``segment.py``) at its own line range, keeping the indentation, list
markers, heading hashes, ``{ #id }`` and table pipes of the English source, so
that MkDocs renders the result with its own Markdown. A segment without a usable
translation (missing or fuzzy) stays in English and says so: ``{: lang="en" }`` on
the line after a paragraph or at the end of a heading's attribute list, an inline
``<span lang="en">`` in list items, table cells, definitions and admonition titles.

``translator(locale, root)`` reads a language's ``.po`` files and gives the build
``content``, ``ui`` and ``engine`` lookups (record titles and notes, labels,
engine events).

>>> page = "## Scoring { #scoring }\\n\\nOne point each.\\n"
>>> text, coverage = localize_markdown(page, "x.md", {"Scoring": "Pontuação"})
>>> print(text)
## Pontuação { #scoring }
<BLANKLINE>
One point each.
{: lang="en" }
<BLANKLINE>
>>> coverage.translated, coverage.total
(1, 2)
"""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from babel.messages.catalog import Catalog

from .catalog import DOMAINS, read_catalog, resolve_locale
from .checks import added_markup
from .fallback import FUZZY, MISSING, Fallbacks
from .segment import BLOCK_KINDS, TRAILING_ATTR_LIST, Segment, parse_page

LANG_ATTR = 'lang="en"'


@dataclass(frozen=True)
class Coverage:
    """How many of a page's segments are shown translated."""

    path: str
    translated: int
    total: int

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0

    @property
    def complete(self) -> bool:
        return self.translated == self.total


def translations(catalog: Catalog | Mapping[str, str]) -> dict[str, str]:
    """The usable translations of a catalog: not fuzzy, not empty, not plural."""
    if not isinstance(catalog, Catalog):
        return {k: v for k, v in catalog.items() if k and v}
    return {
        m.id: m.string
        for m in catalog
        if m.id and isinstance(m.id, str) and not m.context and isinstance(m.string, str) and m.string and not m.fuzzy
    }


def localize_markdown(text: str, rel_path: str, catalog: Catalog | Mapping[str, str],
                      fallbacks: Fallbacks | None = None) -> tuple[str, Coverage]:
    """The page in the catalog's language, English where no translation is usable.

    With ``fallbacks``, each English segment also says whether it is missing or
    fuzzy (``data-tb-fallback``), and a paragraph, list item or table cell ends
    with the marker for readers and translators (see ``fallback.py``).
    """
    table = translations(catalog)
    lines = text.split("\n")
    segments = parse_page(text).segments
    translated = 0
    # Bottom to top, right to left: a substitution never moves a segment still to do.
    for segment in sorted(segments, key=lambda s: (s.start, s.columns[0]), reverse=True):
        translation = table.get(segment.msgid)
        if translation is not None:
            translated += 1
            _substitute(lines, segment, translation)
        elif not segment.implicit:
            state = fallbacks.state(segment.msgid) if fallbacks else None
            marker = fallbacks.marker(segment.msgid) if fallbacks else ""
            _mark_english(lines, segment, state, marker)
    return "\n".join(lines), Coverage(rel_path, translated, len(segments))


CODE_SPAN = re.compile(r"(`+)(?:.|\n)*?(?<!`)\1(?!`)")


def neutralize(translation: str, source: str) -> str:
    """The translation, with its markup shown as text when it adds any to its English source.

    ``i18n check`` refuses such a translation; a build that meets one anyway (the
    check bypassed, a catalog edited after it) escapes ``&`` and ``<`` outside code
    spans, so that the page shows what the translator typed and runs none of it.

    >>> neutralize("Olá <img src=x onerror=alert(1)> `<i>`", "Hello `<i>`")
    'Olá &lt;img src=x onerror=alert(1)> `<i>`'
    >>> neutralize("Carregue em <kbd>A</kbd>", "Press <kbd>A</kbd>")
    'Carregue em <kbd>A</kbd>'
    """
    if not added_markup(source, translation):
        return translation
    out, at = [], 0
    for span in CODE_SPAN.finditer(translation):
        out.append(_escape(translation[at:span.start()]))
        out.append(span.group())
        at = span.end()
    out.append(_escape(translation[at:]))
    return "".join(out)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;")


def _substitute(lines: list[str], segment: Segment, translation: str) -> None:
    translation = neutralize(translation, segment.msgid)
    if segment.kind in ("table cell", "admonition title"):
        translation = " ".join(part.strip() for part in translation.split("\n"))
    if segment.implicit:
        translation = f' "{translation}"'
    _replace(lines, segment, translation.split("\n"))


def _replace(lines: list[str], segment: Segment, new: list[str]) -> None:
    """Replace a segment's text with ``new`` lines, keeping what surrounds it."""
    start, count = segment.start, len(segment.columns)
    last = start + count - 1
    head = lines[start][: segment.columns[0]]
    tail = lines[last][segment.end_column :]
    out = []
    for k, text in enumerate(new):
        if k == 0:
            prefix = head
        elif k < count:
            prefix = lines[start + k][: segment.columns[k]]
        else:
            prefix = segment.continuation
        out.append(prefix + text)
    out[-1] += tail
    lines[start : last + 1] = out


def _mark_english(lines: list[str], segment: Segment, state: str | None = None, marker: str = "") -> None:
    attrs = LANG_ATTR + (f' data-tb-fallback="{state}"' if state else "")
    inline_marker = marker and segment.kind not in ("heading", "admonition title")
    if segment.kind == "heading":
        _mark_heading(lines, segment, attrs)
    elif segment.kind in BLOCK_KINDS and segment.attr_line is not None:
        lines[segment.attr_line] = _with_lang(lines[segment.attr_line], attrs)
        if inline_marker:
            _append(lines, segment, " " + marker)
    elif segment.kind in BLOCK_KINDS and _ends_block(lines, segment.start + len(segment.columns)):
        if inline_marker:
            _append(lines, segment, " " + marker)
        lines.insert(segment.start + len(segment.columns), segment.continuation + "{: " + attrs + " }")
    else:
        text = segment.msgid.split("\n")
        text[0] = f"<span {attrs}>" + text[0]
        text[-1] += "</span>" + (" " + marker if inline_marker else "")
        _replace(lines, segment, text)


def _append(lines: list[str], segment: Segment, text: str) -> None:
    """Add ``text`` right after a segment's last character."""
    last = segment.start + len(segment.columns) - 1
    lines[last] = lines[last][: segment.end_column] + text + lines[last][segment.end_column:]


def _mark_heading(lines: list[str], segment: Segment, attrs: str = LANG_ATTR) -> None:
    line = lines[segment.start]
    tail = line[segment.end_column :]
    if TRAILING_ATTR_LIST.search(tail):
        lines[segment.start] = line[: segment.end_column] + _with_lang(tail, attrs)
    elif len(segment.columns) == 1 and not tail.strip():
        lines[segment.start] = line.rstrip() + " { " + attrs + " }"
    else:
        lines[segment.start] = line[: segment.end_column] + " { " + attrs + " }" + tail


def _with_lang(attr_text: str, attrs: str = LANG_ATTR) -> str:
    """An attribute list with ``lang="en"`` (and the other ``attrs``) added before its closing brace."""
    close = attr_text.rindex("}")
    return attr_text[:close].rstrip() + " " + attrs + " " + attr_text[close:]


def _ends_block(lines: list[str], after: int) -> bool:
    """Whether the line after a block is blank (or the end), so an attribute line may go there.

    Python-Markdown lets no list or heading interrupt a paragraph, so an attribute
    line before such a line would show as text: those paragraphs get a span instead.
    """
    return after >= len(lines) or not lines[after].strip()


class Translator:
    """A language's catalogs as lookups for the build: English where nothing usable exists."""

    def __init__(
        self,
        locale: str | None,
        catalogs: Mapping[str, Mapping[str, Any]],
        plural: Callable[[int], int] = lambda n: int(n != 1),
    ) -> None:
        self.locale = locale
        self._catalogs = catalogs
        self._plural = plural
        # The content messages shown in English: msgid -> (missing or fuzzy, the entry's line).
        self.content_states: dict[str, tuple[str, int]] = {}

    def gettext(self, domain: str, message: str) -> str:
        found = self._catalogs.get(domain, {}).get(message)
        return found if isinstance(found, str) and found else message

    def pgettext(self, domain: str, context: str, message: str) -> str:
        """A message marked with a context (``pgettext``)."""
        found = self._catalogs.get(domain, {}).get(f"{context}\x04{message}")
        return found if isinstance(found, str) and found else message

    def ngettext(self, domain: str, singular: str, plural: str, n: int) -> str:
        """A plural message, in the form the language's ``Plural-Forms`` rule picks for ``n``."""
        forms = self._catalogs.get(domain, {}).get(singular)
        index = self._plural(n)
        if isinstance(forms, list) and index < len(forms):
            return str(forms[index])
        return singular if n == 1 else plural

    def content(self, message: str) -> str:
        """A record title or note, or any prose of the ``content`` domain."""
        return self.gettext("content", message)

    def ui(self, message: str) -> str:
        """A label of the generated pages or widgets."""
        return self.gettext("ui", message)

    def engine(self, message: str) -> str:
        """An engine template or name (pass as ``translate`` to ``trickbook.messages.render``)."""
        return self.gettext("engine", message)

    def content_catalog(self) -> Mapping[str, Any]:
        """The usable ``content`` translations, for ``localize_markdown``."""
        return self._catalogs.get("content", {})


def translator(locale: str | None, root: Path | str = ".") -> Translator:
    """The lookups of one language (``None`` or ``"en"``: the English source itself)."""
    if locale is None or locale == "en":
        return Translator(None, {})
    root = Path(root)
    locale = resolve_locale(root, locale)
    catalogs: dict[str, dict[str, Any]] = {}
    states: dict[str, tuple[str, int]] = {}
    plural_expr = None
    for domain in DOMAINS:
        path = root / "locales" / locale / "LC_MESSAGES" / f"{domain}.po"
        if path.exists():
            catalog = read_catalog(path, locale)
            catalogs[domain] = _usable(catalog)
            plural_expr = catalog.plural_expr
            if domain == "content":
                states = _fallback_states(catalog)
    found = Translator(locale, catalogs) if plural_expr is None else Translator(locale, catalogs,
                                                                                 gettext.c2py(plural_expr))
    found.content_states = states
    return found


def _fallback_states(catalog: Catalog) -> dict[str, tuple[str, int]]:
    """The content messages with no usable translation: fuzzy ones, and those never translated."""
    states = {}
    for message in catalog:
        if message.id and isinstance(message.id, str) and not message.context and isinstance(message.string, str):
            if message.fuzzy and message.string:
                states[message.id] = (FUZZY, message.lineno or 0)
            elif not message.string:
                states[message.id] = (MISSING, message.lineno or 0)
    return states


def _usable(catalog: Catalog) -> dict[str, Any]:
    usable: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        # A message with a context is kept under "context\x04msgid", as gettext keys it.
        prefix = f"{message.context}\x04" if message.context else ""
        if isinstance(message.id, (list, tuple)):
            if isinstance(message.string, (list, tuple)) and all(message.string):
                usable[prefix + message.id[0]] = list(message.string)
        elif message.string:
            usable[prefix + message.id] = message.string
    return usable
