"""The build's view of the translation pipeline (`trickbook_site.i18n`): one object per build.

It checks the catalogs once (a broken one stops the build with file and line), then
serves each language's lookups, localized pages, the note on partial pages and the
browser catalogs.
"""

from __future__ import annotations

import json
import shutil
from html import escape
from pathlib import Path
from typing import Any

from . import i18n, terms, widget_catalogs
from .buildcache import digest, from_cache, tool_parts, tree_parts
from .errors import CatalogError
from .figure import Texts
from .i18n import typography
from .i18n.theme import CONFIG_TEXTS, theme_strings
from .mkdocs_run import LanguageTexts
from .project import Language, Project


class Catalogs:
    """Every language's catalogs for one build of one site."""

    def __init__(self, project: Project, mo_dir: Path) -> None:
        self.project = project
        self.mo_dir = mo_dir
        self._translators: dict[str, i18n.Translator] = {}

    def translator(self, lang: Language) -> "i18n.Translator":
        if lang.code not in self._translators:
            self._translators[lang.code] = i18n.translator(lang.locale, self.project.root)
        return self._translators[lang.code]

    def forget(self, lang: Language) -> None:
        """Read the language's catalogs again at the next lookup (one was edited)."""
        self._translators.pop(lang.code, None)

    def texts(self, lang: Language) -> Texts:
        t = self.translator(lang)
        return Texts(lang=lang.code, ui=t.ui, engine=t.engine, content=t.content, fallbacks=self.fallbacks(lang))

    def fallbacks(self, lang: Language) -> i18n.Fallbacks | None:
        """The content shown in English in ``lang``, to mark; None for the source language."""
        if lang.is_source or not lang.locale:
            return None
        t = self.translator(lang)
        return i18n.Fallbacks(html_lang=lang.html_lang, catalog=f"locales/{lang.locale}/LC_MESSAGES/content.po",
                              states=t.content_states, ui=t.ui)

    def language_texts(self, lang: Language, base: dict[str, Any], nav_pages: list[str] | None = None) -> LanguageTexts:
        """The configuration's words in ``lang``: description, anchor title, theme strings."""
        nav = list(nav_pages or [])
        if lang.is_source:
            return LanguageTexts(nav_pages=nav)
        t = self.translator(lang)
        description = str(base.get("site_description") or "")
        return LanguageTexts(
            site_description=t.ui(description) if description else "",
            permalink_title=t.ui(CONFIG_TEXTS["permalink_title"]),
            theme=theme_strings(lambda context, message: t.pgettext("ui", context, message)),
            nav_pages=nav,
        )

    @staticmethod
    def finish_search_index(lang: Language, folder: Path) -> None:
        """Apply the language's typography to its built search index (the build does its pages)."""
        rules = typography.html_rules(lang.code)
        if rules is None:
            return
        index = folder / "search" / "search_index.json"
        if index.is_file():
            data = json.loads(index.read_text(encoding="utf-8"))
            for doc in data.get("docs", []):
                for key in ("title", "text"):
                    if isinstance(doc.get(key), str):
                        doc[key] = rules(doc[key])
            index.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")

    def write_terms_page(self, lang: Language, languages: list[Language], docs: Path) -> list[str]:
        """Write the Terms page into a language's pages; the pages to add to the navigation."""
        text = terms.terms_page(self.project.root, lang, languages, self.translator(lang).ui)
        if text is None or (docs / terms.PAGE).exists():
            return []
        (docs / terms.PAGE).write_text(text, encoding="utf-8")
        return [terms.PAGE]

    def localize(self, lang: Language, text: str, rel_path: str) -> tuple[str, float]:
        """A page in ``lang`` (English where untranslated) and the percent translated."""
        localized, coverage = i18n.localize_markdown(text, rel_path, self.translator(lang).content_catalog(),
                                                     self.fallbacks(lang))
        return localized, coverage.percent

    @staticmethod
    def coverage_note(texts: Texts, percent: float) -> str:
        _ = texts.ui
        text = _("{percent}% of this page is translated; the rest is shown in English.")
        shown = text.format(percent=int(percent))
        return f'<p class="tb-coverage" role="note">{escape(shown)}</p>'

    def write_browser_catalogs(self, dest: Path, languages: list[Language]) -> None:
        """`assets/i18n/<code>.json`: the ui and engine catalogs the widgets load; and for a widget that
        starts on a page's arrival, its own strings only (`widget_catalogs.py`)."""
        i18n.compile_catalogs(self.project.root, self.mo_dir)
        dest.mkdir(parents=True, exist_ok=True)
        whole = {}
        for lang in languages:
            data = i18n.browser_catalog(lang.locale or lang.code, self.mo_dir)
            rules = typography.text_rules(lang.code)
            if rules is not None:
                # The widgets' text follows the language's typography, as the pages do.
                data["ui"] = typography.map_strings(rules, data["ui"])
                data["engine"] = typography.map_strings(rules, data["engine"])
            (dest / f"{lang.code}.json").write_text(json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n",
                                                     encoding="utf-8")
            whole[lang.code] = data
        widget_catalogs.write_page_catalogs(dest, self.project.widgets, whole)


def check_catalogs(project: Project, languages: list[Language], mo_dir: Path, strict: bool = False) -> Catalogs:
    """Refuse broken catalogs (file and line); with ``strict``, warnings too.

    In a build, catalogs that passed before, unchanged and checked by the same
    code, are not checked again: their warnings come from the build's cache.
    """
    locales = [lang.locale for lang in languages if lang.locale]
    cache = from_cache()
    if locales:
        key = _check_key(project, locales) if cache is not None else ""
        kept = cache.get("catalog-check", key) if cache is not None else None
        if isinstance(kept, list) and all(isinstance(w, str) for w in kept):
            warnings = kept
        else:
            report = i18n.require_valid(project.root, locales)
            warnings = [str(p) for p in report.problems if p.severity != "error"]
            if cache is not None:
                cache.put("catalog-check", key, warnings)
        if strict and warnings:
            raise CatalogError("catalog warnings (strict build):\n" + "\n".join(warnings))
    return Catalogs(project, mo_dir)


def broken_languages(project: Project, languages: list[Language]) -> dict[str, str]:
    """Each language whose catalogs have errors, with the errors in one message (``serve`` leaves it out)."""
    broken: dict[str, str] = {}
    cache = from_cache()
    for lang in languages:
        if not lang.locale:
            continue
        kind, key = f"catalog-sound-{lang.locale}", _check_key(project, [lang.locale])
        if cache is not None and cache.get(kind, key) is True:
            continue  # unchanged since it was last found sound
        report = i18n.check(project.root, [lang.locale])
        if report.ok:
            if cache is not None:
                cache.put(kind, key, True)
        else:
            broken[lang.code] = "broken translation catalogs: " + "; ".join(str(p) for p in report.errors)
    return broken


def _check_key(project: Project, locales: list[str]) -> str:
    """Everything the catalog check reads: the catalogs and glossaries, its own code, msgfmt."""
    return digest([*locales, *tree_parts(project.root / "locales"),
                   *tree_parts(Path(i18n.__file__).parent, "*.py"), *tool_parts(shutil.which("msgfmt"))])
