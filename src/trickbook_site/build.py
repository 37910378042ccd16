"""The build pipeline behind `trickbook build`: records, catalogs, pages per language, assets.

Everything is written into a fresh folder under `build/` and moved into place
(`site/` or `--site-dir`) only when every step succeeded, so a failed build
leaves the previous site untouched (see `workdirs.py` for the folders a killed
build leaves, which the next build removes, and for the atomic swap):

a. replay every worked hand (files under docs/hands/ and inline blocks);
b. check the catalogs (a broken one fails; an incomplete one does not);
c. per language, a localized copy of docs/ with the hands expanded;
d. per language, a generated mkdocs.yml inheriting the base, built by MkDocs;
e. the shared assets, once: Pyodide, the engine wheel and lockfile, widgets,
   browser catalogs, runtime.json;
f. the root index.html that sends readers to their language;
g. the swap into place, in one atomic exchange.
"""

from __future__ import annotations

import functools
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from markdown_it import MarkdownIt

from . import buildcache, csp, embed, on_demand, translations
from .assets import write_assets
from .figure import Texts, render_hand
from .hands import Hand, expand_blocks, load_hands, unshown_records
from .landing import landing_page, not_found_page, root_not_found_page
from .mkdocs_run import language_config, read_base_config, run_mkdocs, write_language_config
from .project import Language, Project, pyodide_runtime_dir
from .textfile import read_text
from .workdirs import claim, swap_into_place

Log = Callable[[str], None]


@dataclass
class BuildResult:
    site: Path
    languages: list[str]
    hands: int
    seconds: float
    coverage: dict[str, dict[str, float]] = field(default_factory=dict)  # lang -> page -> percent


def _quiet(message: str) -> None:
    pass


def build_site(project: Project, site_dir: Path | None = None, build_root: Path | None = None,
               strict: bool = False, log: Log = _quiet) -> BuildResult:
    """Build the whole site; raise a TrickbookError subclass (file, line, reason) on failure."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    started = time.perf_counter()
    site_dir = (site_dir or Path.cwd() / "site").resolve()
    build_root = (build_root or Path.cwd() / "build").resolve()
    runtime = pyodide_runtime_dir(project)  # before any work: a missing runtime fails at once
    with claim(build_root, "site-", log) as work, buildcache.using(build_root) as cache:
        base = read_base_config(project)
        check_pages_are_utf8(project.docs)
        hands = load_hands(project.docs)
        log(f"replayed {len(hands)} worked hands")
        for warning in unshown_records(project.docs, hands):
            log(f"warning: {warning}")
        languages = project.languages()
        catalogs = translations.check_catalogs(project, languages, work / "locales", strict=strict)
        out = work / "site"
        result = BuildResult(site_dir, [lang.code for lang in languages], len(hands), 0.0)
        site_name = str(base.get("site_name", "trickbook"))
        for lang in languages:
            texts = catalogs.texts(lang)
            docs = work / lang.code / "docs"
            result.coverage[lang.code] = write_localized_docs(project, lang, hands, texts, catalogs, docs)
            nav = catalogs.write_terms_page(lang, languages, docs)
            settings = language_config(project, base, lang, languages, docs, out / lang.code,
                                       catalogs.language_texts(lang, base, nav))
            config = write_language_config(work / lang.code / "mkdocs.yml", settings)
            # The language's finished folder, made again only when something it is made from changed.
            key = buildcache.pages_key(lang.code, work, docs, config, base, project.root, project.overrides,
                                       [build_root, site_dir, project.root / "site"])
            if buildcache.restore_pages(cache, lang.code, key, out / lang.code):
                log(f"built {lang.code}/ (its pages are unchanged: kept from the last build)")
                continue
            run_mkdocs(config, strict=True, project=project, lang=lang.code)
            drop_not_found_page(out / lang.code)
            (out / lang.code / "404.html").write_text(
                not_found_page(site_name, lang, languages, texts.ui, base.get("site_url")), encoding="utf-8")
            catalogs.finish_pages(lang, out / lang.code)
            plural = functools.partial(catalogs.translator(lang).ngettext, "ui")
            on_demand.finish_pages(out / lang.code, texts.ui, lang.code, plural)  # after the typography, before the seal
            csp.seal_site(out / lang.code)  # last: the hashes are those of the pages as served
            buildcache.keep_pages(cache, lang.code, key, out / lang.code)
            log(f"built {lang.code}/")
        write_assets(out, runtime, project.widgets, build_root)
        catalogs.write_browser_catalogs(out / "assets" / "i18n", languages)
        (out / "index.html").write_text(csp.seal_page(landing_page(site_name, languages)), encoding="utf-8")
        (out / "404.html").write_text(csp.seal_page(
            root_not_found_page(site_name, languages, {language.code: catalogs.texts(language).ui for language in languages},
                                base.get("site_url"))), encoding="utf-8")
        log(f"wrote {embed.write_embed_pages(out, {lang.code: catalogs.texts(lang).ui for lang in languages})} "
            "embed pages")
        swap_into_place(out, site_dir)
        result.seconds = time.perf_counter() - started
        log(f"site written to {site_dir} in {result.seconds:.1f} s")
        return result


def check_pages_are_utf8(docs: Path) -> None:
    """Refuse a page that is not UTF-8, naming its line and column, before anything reads it."""
    for page in sorted(docs.rglob("*.md")):
        read_text(page)


def write_localized_docs(project: Project, lang: Language, hands: dict[str, Hand], texts: Texts,
                         catalogs: "translations.Catalogs", dest: Path) -> dict[str, float]:
    """Copy docs/ for one language: pages translated and hands expanded; other files as they are."""
    coverage: dict[str, float] = {}

    def render(hand: Hand, step: int) -> str:
        return render_hand(hand, step, texts)

    for src in sorted(project.docs.rglob("*")):
        if src.is_dir():
            continue
        rel = src.relative_to(project.docs)
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if src.suffix != ".md":
            shutil.copyfile(src, target)
            continue
        text = read_text(src)
        if not lang.is_source:
            text, percent = catalogs.localize(lang, text, rel.as_posix())
            coverage[rel.as_posix()] = percent
            if percent < 100:
                text = add_coverage_note(text, catalogs.coverage_note(texts, percent))
        target.write_text(expand_blocks(text, src, hands, render), encoding="utf-8")
    return coverage


def add_coverage_note(text: str, note_html: str) -> str:
    """Put the note on how much of the page is translated just after the page's first heading."""
    lines = text.splitlines()
    at = 0
    for token in MarkdownIt("commonmark").parse(text):
        if token.type == "heading_open" and token.map is not None:
            at = token.map[1]
            break
    # An attribute list written on the line after the heading belongs to it.
    while at < len(lines) and lines[at].lstrip().startswith("{:"):
        at += 1
    return "\n".join(lines[:at] + ["", note_html, ""] + lines[at:]) + "\n"


def drop_not_found_page(lang_site: Path) -> None:
    """Remove MkDocs' 404.html: a host shows it at any depth, so its links are written
    from the server root ("/assets/…"), which breaks a site kept in a sub-path. The
    build writes its own, self-contained, in the language (landing.not_found_page)."""
    (lang_site / "404.html").unlink(missing_ok=True)


