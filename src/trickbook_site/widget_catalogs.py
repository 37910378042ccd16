"""A widget that starts on a page's arrival reads a catalog of its own strings only.

The browser catalog of a language (``assets/i18n/<code>.json``) holds every string of every
widget and every message of the engine, about 40 KB in French. The verifier starts as its
page opens, so its catalog counts in the page's first load; it shows a handful of labels and
the names of cards. Its catalog, ``assets/i18n/verifier/<code>.json``, is the language's
catalog cut down to the ``ui`` strings that the verifier's modules (its entry module and every
module it imports, to the end) mark with ``_()``, ``ngettext()`` or ``pgettext()``, as Babel's
javascript extractor finds them, and the engine's names of suits, categories, contracts and
verbs; the engine's messages only when the widget shows the engine's events or reasons.
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.extract import DEFAULT_KEYWORDS, extract


@dataclass(frozen=True)
class PageCatalog:
    name: str  # the folder under assets/i18n/
    entry: str  # the widget's entry module, under widgets/
    engine_messages: bool  # whether it shows the engine's events and reasons


# The verifier deals cards and names them: no event or reason of the engine.
PAGE_CATALOGS = (PageCatalog("verifier", "verifier/verify.js", engine_messages=False),)

# import "x"; import/export … from "x"; import("x"): every module the entry may load.
_IMPORT = re.compile(r"""(?:^\s*import\s*["']([^"']+)["']|^\s*(?:import|export)\b[^;"'`(]*?\bfrom\s*["']([^"']+)["']"""
                     r"""|\bimport\(\s*["']([^"']+)["']\s*\))""", re.M)


def module_graph(widgets: Path, entry: str) -> list[Path]:
    """The entry module and every module of the site's own it imports, to the end, in the order found."""
    seen: dict[Path, None] = {}
    todo = [(widgets / entry).resolve()]
    while todo:
        module = todo.pop()
        if module in seen or not module.is_file():
            continue
        seen[module] = None
        for found in _IMPORT.findall(module.read_text(encoding="utf-8")):
            target = next(name for name in found if name)
            if target.startswith("."):
                todo.append((module.parent / target).resolve())
    return list(seen)


def ui_keys(modules: list[Path]) -> set[str]:
    """The ``ui`` catalog keys the modules use: a msgid, a plural's singular, ``context + "\\x04" + msgid``."""
    keys = set()
    for module in modules:
        for _line, message, _comments, context in extract("javascript", io.BytesIO(module.read_bytes()),
                                                           keywords=DEFAULT_KEYWORDS):
            msgid = message[0] if isinstance(message, tuple) else message
            keys.add(f"{context}\x04{msgid}" if context else msgid)
    return keys


def page_catalog(data: dict[str, Any], keys: set[str], engine_messages: bool) -> dict[str, Any]:
    """The language's browser catalog ``data`` cut down to ``keys`` (and the engine's messages if asked)."""
    engine = dict(data["engine"])
    if not engine_messages:
        engine["messages"] = {}
    return {**data, "ui": {k: v for k, v in data["ui"].items() if k in keys}, "engine": engine}


def write_page_catalogs(dest: Path, widgets: Path, catalogs: dict[str, dict[str, Any]]) -> list[Path]:
    """``dest/<name>/<code>.json`` for each widget of PAGE_CATALOGS found in ``widgets``; the files written.
    ``catalogs`` maps a language code to its whole browser catalog."""
    written = []
    for page in PAGE_CATALOGS:
        modules = module_graph(widgets, page.entry)
        if not modules:
            continue  # a site without this widget
        keys = ui_keys(modules)
        (dest / page.name).mkdir(parents=True, exist_ok=True)
        for code, data in catalogs.items():
            path = dest / page.name / f"{code}.json"
            small = page_catalog(data, keys, page.engine_messages)
            path.write_text(json.dumps(small, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
            written.append(path)
    return written
