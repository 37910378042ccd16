"""English shown in place of a translation: marked as such, for readers and for translators.

A segment of a page, a record title or a hand note that has no usable translation
(none yet, or one that is fuzzy because its English changed) is shown in English.
It carries ``lang="en"`` and ``data-tb-fallback="missing"`` or ``"fuzzy"``, and a
small marker in the reader's language, "not yet translated" or "translation out of
date", that links translators to the translator's guide and names the catalog
entry (``locales/<locale>/LC_MESSAGES/content.po:<line>``) in its title.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Callable

MISSING, FUZZY = "missing", "fuzzy"


def labels(ui: Callable[[str], str]) -> dict[str, str]:
    """The marker's words; literal ``_()`` calls so that Babel extracts them."""
    _ = ui
    return {
        # TRANSLATORS: a small marker after a paragraph or note still shown in English because it has no
        # translation yet (pages, hand notes).
        MISSING: _("not yet translated"),
        # TRANSLATORS: a small marker after a paragraph or note shown in English because its English
        # changed since it was translated (the translation is fuzzy).
        FUZZY: _("translation out of date"),
        # TRANSLATORS: the marker's tooltip: {entry} is the catalog file and line, e.g.
        # locales/fr/LC_MESSAGES/content.po:213.
        "title": _("Shown in English. Translators: see {entry}"),
    }


@dataclass(frozen=True)
class Fallbacks:
    """Which content messages have no usable translation in one language, and where their entries are."""

    html_lang: str  # the reader's language, as the page's <html lang> has it
    catalog: str  # the content catalog's path, relative to the project
    states: dict[str, tuple[str, int]]  # msgid -> (MISSING or FUZZY, the entry's line)
    ui: Callable[[str], str]

    def state(self, msgid: str) -> str | None:
        found = self.states.get(msgid)
        return found[0] if found else None

    def marker(self, msgid: str) -> str:
        """The marker after a fallback's text. Its link, ``#tb-guide``, becomes the translator's guide
        once the page is built and its place known (``on_demand.finish_page``)."""
        found = self.states.get(msgid)
        if not found:
            return ""
        state, line = found
        words = labels(self.ui)
        title = words["title"].replace("{entry}", f"{self.catalog}:{line}")
        attributes = (f'class="tb-fallback-mark" lang="{escape(self.html_lang)}" data-tb-entry="{escape(self.catalog)}:'
                      f'{line}" title="{escape(title)}" data-search-exclude')
        return f'<a {attributes} href="{GUIDE_LINK}">{escape(words[state])}</a>'


GUIDE_LINK = "#tb-guide"
GUIDE_PAGE = "translating/"  # the translator's guide, under each language's root


def link_guide(html: str, depth: int, has_guide: bool) -> str:
    """A built page's markers linked to the translator's guide (``depth``: the page's folders below its
    language's root), or left without a link on a site that has no guide."""
    if GUIDE_LINK not in html:
        return html
    return html.replace(f'href="{GUIDE_LINK}"', f'href="{"../" * depth}{GUIDE_PAGE}"' if has_guide else "")
