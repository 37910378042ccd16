"""The translation pipeline: segment pages, extract, merge, check and apply catalogs.

- ``segment.py``: Markdown pages cut into segments that keep their line ranges;
- ``extract.py``: the Babel extractors of the ``content`` domain;
- ``catalog.py``: extracting, merging, checking and compiling the catalogs;
- ``commands.py``: ``trickbook i18n update|check|add``;
- ``localize.py``: translated pages and build-time lookups (``translator``).

The browser catalog, one per language (``assets/i18n/<lang>.json``, ``catalog.browser_catalog``)::

    {"lang", "ui": {msgid: msgstr}, "plural": {"nplurals", "expr"},
     "engine": {"messages": {code: template}, "suits", "categories", "contracts"}}

``plural.expr`` is the catalog's own ``Plural-Forms`` compiled to a tree of JSON lists
(``plurals.py``) that ``widgets/i18n.js`` walks without ``eval``. Values under
``messages.CARD_KEYS`` are always shown as cards, under ``SUIT_KEYS`` as suit names, and negative
numbers with a true minus sign, in Python and in ``i18n.js`` alike. Material's own interface
strings are ``pgettext("theme", …)`` entries of the ``ui`` domain (``theme.py``). French
typography (``typography.py``) is applied to prose, the hands' data, the search index and the
browser catalog, never to code, addresses or placeholders, nor to English shown as a fallback.
"""

from .catalog import (
    add,
    browser_catalog,
    check,
    compile_catalogs,
    require_valid,
    update,
)
from .commands import add_main, check_main, update_main
from .fallback import Fallbacks
from .localize import Coverage, Translator, localize_markdown, translator
from .segment import Segment, parse_page, segment_markdown

__all__ = [
    "Coverage",
    "Fallbacks",
    "Segment",
    "Translator",
    "add",
    "add_main",
    "browser_catalog",
    "check",
    "check_main",
    "compile_catalogs",
    "localize_markdown",
    "parse_page",
    "require_valid",
    "segment_markdown",
    "translator",
    "update",
    "update_main",
]
