"""`trickbook serve`'s page-by-page rebuilds: an edit shows in the pages that use it, in each language.

After a whole build (``build_site(..., keep_work=...)``) the server keeps, per
language, the generated pages and configuration, and MkDocs loaded on them: the
configuration with its plugins, the files, the navigation and the theme's
templates, as `mkdocs serve --dirty` keeps them, with each page's title as the
whole build found it (``titles.json``). An edit is then rebuilt where it is used:

- a record under ``docs/hands/``: replayed, then the pages that show it;
- a page (``docs/**.md``): that page, its inline records replayed;
- a ``content.po``: in that language only, the pages holding a changed message
  (a paragraph, or a title or note of a hand they show).

Each such page is rendered again by MkDocs and given the same finishing passes
as in a whole build (typography, the hands' data files, the controls, the
sealed policy), and its entries in the language's search index are replaced.
The new files go into the served site only once every page rendered; any error
leaves the site as it was. Anything else (a page added or removed, a changed
title, which the navigation of every page shows, ``mkdocs.yml``, templates,
widgets, other catalogs, glossaries) asks for a whole build (``plan`` says None).
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trickbook.record.sources import id_from_file_name

from . import csp, embed, hand_data, on_demand
from .build import TITLES, BuiltState, localized_page, write_figures
from .errors import CatalogError, SiteError
from .hands import find_blocks, pages, replay_hand
from .i18n import catalog, segment_markdown, typography
from .mkdocs_run import PageFacts, _Collect, _explain, _own_paths
from .project import Language
from .spoken_cards import spoken_cards
from .textfile import read_text


class NeedsFullBuild(Exception):
    """The edit changes more than single pages (a page's title is in every page's navigation)."""


@dataclass
class Plan:
    """What an edit asks to rebuild."""

    hands: list[Path] = field(default_factory=list)   # records under docs/hands/ to replay
    pages: list[Path] = field(default_factory=list)   # edited pages (English sources)
    catalogs: list[str] = field(default_factory=list)  # language codes whose content.po changed


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class _Language:
    """MkDocs loaded on one language's generated pages, ready to render any of them again."""

    def __init__(self, state: BuiltState, lang: Language) -> None:
        from mkdocs.commands.build import (  # type: ignore[attr-defined]  # MkDocs' own import, not re-exported by name
            get_navigation,
        )
        from mkdocs.config import load_config
        from mkdocs.structure.files import get_files, set_exclusions
        from mkdocs.structure.pages import Page

        self.lang = lang
        self.project = state.project
        self.home = state.work / lang.code
        self.docs = self.home / "docs"
        self.config_file = self.home / "mkdocs.yml"
        settings = json.loads(self.config_file.read_text(encoding="utf-8"))
        settings["docs_dir"] = str(self.docs)
        settings["site_dir"] = str(self.home / "out")
        self.config_file.write_text(json.dumps(settings, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        self.facts: dict[str, Any] = json.loads((self.home / TITLES).read_text(encoding="utf-8"))
        with _mkdocs_messages() as said:
            config = load_config(config_file=str(self.config_file), strict=True)
            PageFacts.add_to(config)  # the figures back in their slots, as in the whole build
            config = config.plugins.on_config(config)
            config.plugins.on_pre_build(config=config)
            files = get_files(config)
            env = config.theme.get_env()
            files.add_files_from_theme(env, config)
            files = config.plugins.on_files(files, config=config)
            set_exclusions(files, config)
            nav = config.plugins.on_nav(get_navigation(files, config), config=config, files=files)
            for file in files.documentation_pages():
                page = file.page if file.page is not None else Page(None, file, config)
                self._as_built(page)
            self.env = config.plugins.on_env(env, config=config, files=files)
        if said:
            raise NeedsFullBuild("; ".join(said))
        self.config, self.files, self.nav = config, files, nav
        self.search = next((p for p in config.plugins.values() if hasattr(p, "search_index")), None)
        self.hashes = {p.relative_to(self.docs).as_posix(): _digest(p.read_text(encoding="utf-8"))
                       for p in self.docs.rglob("*.md")}

    def _as_built(self, page: Any) -> None:
        """A page not rendered here, with its title and front matter as the whole build found them."""
        facts = self.facts.get(page.file.src_uri) or {}
        page._title_from_render = facts.get("title")
        page.meta = dict(facts.get("meta") or {})
        page.content = ""
        page.markdown = ""  # not None: MkDocs gives a page that was never read no title

    def render(self, rel: str, text: str, figures: dict[str, str]) -> tuple[str, list[dict[str, Any]], str]:
        """Page ``rel`` rendered from ``text`` by MkDocs: its HTML, its search entries and its URL."""
        from mkdocs.commands.build import _build_page, _populate_page

        file = self.files.get_file_from_path(rel)
        if file is None or file.page is None:
            raise NeedsFullBuild(f"{rel} is not a page of the last build")
        page = file.page
        (self.docs / rel).write_text(text, encoding="utf-8")
        write_figures(self.docs, rel, figures)
        if self.search is not None:
            self.search.search_index.entries = []
        try:
            with _mkdocs_messages() as said:
                _populate_page(page, self.config, self.files)
                facts = self.facts.get(rel) or {}
                if page._title_from_render != facts.get("title") or page.meta != (facts.get("meta") or {}):
                    raise NeedsFullBuild(f"the title of {rel} changed: every page's navigation shows it")
                _build_page(page, self.config, self.files.documentation_pages(), self.nav, self.env)
            if said:
                where = _own_paths(said, self.config_file, self.project)
                raise SiteError(_explain(where, self.project, f"MkDocs warned ({self.lang.code}/)"))
            html = Path(page.file.abs_dest_path).read_text(encoding="utf-8")
            entries = list(self.search.search_index.entries) if self.search is not None else []
            return html, entries, page.url
        finally:
            self._as_built(page)


class _mkdocs_messages:
    """MkDocs' warnings while rendering (a strict build fails on them), kept off the terminal."""

    def __enter__(self) -> list[str]:
        self.logger = logging.getLogger("mkdocs")
        self.collect = _Collect()
        self.quiet = list(self.logger.handlers)
        for handler in self.quiet:
            self.logger.removeHandler(handler)
        self.logger.addHandler(self.collect)
        return self.collect.messages

    def __exit__(self, *exc: object) -> None:
        self.logger.removeHandler(self.collect)
        for handler in self.quiet:
            self.logger.addHandler(handler)


class LiveSite:
    """The served site and what it was built from, rebuilt page by page."""

    def __init__(self, state: BuiltState, site: Path) -> None:
        self.state, self.site = state, site
        self.project = state.project
        self.languages = {lang.code: _Language(state, lang) for lang in state.languages}
        # Each language's content translations as its pages were built from them (to see what an edit changes).
        self.messages = {code: dict(state.catalogs.translator(lg.lang).content_catalog())
                         for code, lg in self.languages.items() if not lg.lang.is_source}
        self.failed: dict[str, str] = {}  # language code -> why its catalogs are not used (serve goes on without)
        self.stale: dict[str, set[str]] = {}  # language code -> pages not rebuilt while its catalogs were broken
        self.shown: dict[str, set[str]] = {}  # hand id -> the pages (docs-relative) that show it
        for page in pages(self.project.docs):
            self._note_blocks(page)

    def _note_blocks(self, page: Path) -> None:
        rel = page.relative_to(self.project.docs).as_posix()
        for ids in self.shown.values():
            ids.discard(rel)
        for block in find_blocks(read_text(page), page):
            for hand_id in block.ids:
                self.shown.setdefault(hand_id, set()).add(rel)

    def plan(self, changed: list[Path]) -> Plan | None:
        """What to rebuild for these changed files (each still there), or None for a whole build."""
        plan = Plan()
        docs, locales = self.project.docs.resolve(), self.project.locales.resolve()
        by_locale = {lang.locale: code for code, lang in ((c, lg.lang) for c, lg in self.languages.items())}
        for path in changed:
            path = path.resolve()
            if path.is_relative_to(docs / "hands") and path.name.endswith(".hand.toml"):
                plan.hands.append(path)
            elif path.is_relative_to(docs) and path.suffix == ".md" and path.name != "terms.md":
                plan.pages.append(path)
            elif (path.is_relative_to(locales) and path.name == "content.po" and path.parent.name == "LC_MESSAGES"
                  and path.parent.parent.name in by_locale):
                plan.catalogs.append(by_locale[path.parent.parent.name])
            else:
                return None
        return plan

    def rebuild(self, plan: Plan) -> int:
        """Rebuild what the plan names; the number of pages written. The site is unchanged on any error."""
        state = self.state
        hands = dict(state.hands)
        todo: dict[str, set[str]] = {code: set() for code in self.languages}  # language -> docs-relative pages
        for path in plan.hands:
            hand_id = id_from_file_name(path)
            assert hand_id is not None
            hands[hand_id] = replay_hand(hand_id, read_text(path), path, 1)
            for code in todo:
                todo[code] |= self.shown.get(hand_id, set())
        for path in plan.pages:
            text = read_text(path)
            for block in find_blocks(text, path):
                if block.inline_id is not None:
                    if block.inline_id not in hands or hands[block.inline_id].file != path:
                        raise NeedsFullBuild(f"{path}: a new inline record")
                    hands[block.inline_id] = replay_hand(block.inline_id, block.content, path, block.line)
            for code in todo:
                todo[code].add(path.relative_to(self.project.docs).as_posix())
        messages: dict[str, dict[str, Any]] = {}
        for code in plan.catalogs:
            try:
                pages_changed, messages[code] = self._changed_messages(code, hands)
            except CatalogError as exc:
                self.failed[code] = str(exc)
                continue
            self.failed.pop(code, None)
            todo[code] |= pages_changed | self.stale.pop(code, set())
        for code in self.failed:
            self.stale.setdefault(code, set()).update(todo.pop(code, set()))
        written = self._write(hands, todo)
        for path in plan.hands:  # MkDocs copies the record files into the site as they are
            rel = path.relative_to(self.project.docs)
            data = path.read_bytes()
            for code in todo:
                _write_atomically(self.languages[code].docs / rel, data)
                _write_atomically(self.site / code / rel, data)
        self.messages.update(messages)
        state.hands.clear()
        state.hands.update(hands)
        for path in plan.pages:
            self._note_blocks(path)
        return written

    def _changed_messages(self, code: str, hands: dict[str, Any]) -> tuple[set[str], dict[str, Any]]:
        """The pages of a language holding a message whose translation changed, and the new translations
        (its catalog is checked, then read again)."""
        lang = self.languages[code].lang
        assert lang.locale is not None
        # The edited catalog alone, as `i18n check` checks it (the language's others are unchanged).
        po = self.project.locales / lang.locale / "LC_MESSAGES" / "content.po"
        from .i18n.glossary import glossary_problems

        read, problems = catalog.check_file(po, lang.locale)
        before = self.messages[code]
        # The glossary reads only the messages whose translation changed (the build checked the others),
        # unless the language is left out for a problem that may still be there.
        edited = None if code in self.failed else {
            entry.msgid for entry in read.messages if before.get(entry.msgid) != entry.msgstr.get(0)}
        problems += glossary_problems(self.project.root, lang.locale, [po], edited)
        errors = [p for p in problems if p.severity == "error"]
        if errors:
            raise CatalogError("broken translation catalogs: " + "; ".join(str(p) for p in errors))
        catalogs = self.state.catalogs
        catalogs.forget(lang)
        after = dict(catalogs.translator(lang).content_catalog())
        changed = {m for m in set(before) | set(after) if before.get(m) != after.get(m)}
        out: set[str] = set()
        if not changed:
            return out, after
        for page in pages(self.project.docs):
            text = read_text(page)
            rel = page.relative_to(self.project.docs).as_posix()
            if any(s.msgid in changed for s in segment_markdown(text)):
                out.add(rel)
                continue
            shown = [hands.get(hand_id) for block in find_blocks(text, page) for hand_id in block.ids]
            for hand in shown:
                record = hand.record if hand is not None else None
                if (hand is not None and record is not None
                        and ({record.title or hand.id, *record.notes.values()} & changed)):
                    out.add(rel)
                    break
        return out, after

    def _write(self, hands: dict[str, Any], todo: dict[str, set[str]]) -> int:
        """Render every page to do, then put them all in the site (the data files first, then the pages)."""
        catalogs = self.state.catalogs
        ready: list[tuple[Path, str, dict[str, str]]] = []
        indexes: dict[str, list[tuple[str, list[dict[str, Any]]]]] = {}
        for code, rels in todo.items():
            language = self.languages[code]
            lang = language.lang
            texts = catalogs.texts(lang)
            rules = typography.html_rules(code)
            plural = functools.partial(catalogs.translator(lang).ngettext, "ui")
            for rel in sorted(rels):
                src = self.project.docs / rel
                text, _, figures, files = localized_page(self.project, lang, src, hands, texts, catalogs,
                                                         directory_urls=embed.directory_urls(self.state.base))
                if language.hashes.get(rel) == _digest(text):
                    continue  # this language's page is the same as before (a slot names its figure's hash)
                html, entries, url = language.render(rel, text, figures)
                html = spoken_cards(texts.ui, texts.engine)(html)  # as the whole build's pass (build.finish_language)
                if rules is not None:
                    html = rules(html)
                html = csp.seal_page(on_demand.finish_page(html, texts.ui, code, plural, texts.engine))
                built = language.files.get_file_from_path(rel)
                assert built is not None, f"{rel} is not among the language's files"  # every changed page was listed
                dest = self.site / code / Path(built.dest_uri)
                ready.append((dest, html, files))
                indexes.setdefault(code, []).append((url, entries))
                language.hashes[rel] = _digest(text)
        for dest, html, files in ready:
            for name, data in files.items():
                if not (dest.parent / name).exists():  # a data file's name is its content's
                    _write_atomically(dest.parent / name, data)
            _write_atomically(dest, html)
            for stale in hand_data.unused_data_files(dest.parent):
                stale.unlink(missing_ok=True)
        for code, changed in indexes.items():
            self._update_search_index(code, changed)
        # The hands' embed pages, as the whole build's last pass leaves them (the figures name them already).
        base = self.state.base
        site_url = str(base["site_url"]) if base.get("site_url") else None
        for code in todo:
            texts = catalogs.texts(self.languages[code].lang)
            embed.refresh_embed_pages(self.site, self.project.docs, [dest for dest, _, _ in ready], texts, hands,
                                      embed.directory_urls(base), site_url)
        ui = {code: catalogs.texts(self.languages[code].lang).ui for code in todo}
        embed.refresh_table_embed_pages(self.site, [dest for dest, _, _ in ready], ui)
        return len(ready)

    def _update_search_index(self, code: str, changed: list[tuple[str, list[dict[str, Any]]]]) -> None:
        """Replace the entries of the pages rebuilt, where the whole build puts them (in page order)."""
        path = self.site / code / "search" / "search_index.json"
        if not path.is_file():
            return
        data = json.loads(path.read_text(encoding="utf-8"))
        rules = typography.html_rules(code)
        order = [f.page.url for f in self.languages[code].files.documentation_pages() if f.page is not None]
        for url, entries in changed:
            if rules is not None:
                for entry in entries:
                    for key in ("title", "text"):
                        if isinstance(entry.get(key), str):
                            entry[key] = rules(entry[key])
            docs = [d for d in data["docs"] if d["location"].split("#")[0] != url]
            before = set(order[:order.index(url)]) if url in order else set()
            at = max((i + 1 for i, d in enumerate(docs) if d["location"].split("#")[0] in before), default=0)
            data["docs"] = docs[:at] + entries + docs[at:]
        if rules is not None:
            text = json.dumps(data, ensure_ascii=False)  # as Catalogs.finish_search_index writes it
        else:
            text = json.dumps(data, separators=(",", ":"), default=str)  # as Material's search plugin writes it
        _write_atomically(path, text)


def _write_atomically(path: Path, text: str | bytes) -> None:
    """A served file is the old one or the new one, never half of one."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    with os.fdopen(fd, "wb") as f:
        f.write(text.encode("utf-8") if isinstance(text, str) else text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
