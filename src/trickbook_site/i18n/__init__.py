"""The translation pipeline: segment pages, extract, merge, check and apply catalogs.

- ``segment.py``: Markdown pages cut into segments that keep their line ranges;
- ``extract.py``: the Babel extractors of the ``content`` domain;
- ``catalog.py``: extracting, merging, checking and compiling the catalogs;
- ``commands.py``: ``trickbook i18n update|check|add``;
- ``localize.py``: translated pages and build-time lookups (``translator``).
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
