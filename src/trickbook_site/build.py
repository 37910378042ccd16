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
import hashlib
import json
import multiprocessing
import os
import re
import shutil
import threading
import time
import warnings
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from markdown_it import MarkdownIt

from . import buildcache, children, csp, embed, handcache, handwork, on_demand, theme_css, translations
from .assets import prepare_engine, write_assets
from .embed import directory_urls
from .errors import SiteError
from .figure import HandFigure, Texts, draw_hand
from .handouts import add_handout_codes
from .hands import Hand, expand_blocks, load_hands, unshown_records
from .i18n import typography
from .landing import landing_page, not_found_page, root_not_found_page
from .mkdocs_run import config_line, language_config, read_base_config, run_mkdocs, write_language_config
from .pairing import pair_html
from .project import Language, Project, pyodide_runtime_dir
from .spoken_cards import spoken_cards
from .textfile import read_text, rewrite_pages
from .workdirs import child_start, claim, swap_into_place

Log = Callable[[str], None]

# A page whose HTML passes this many bytes gets a warning (``extra.trickbook.page_size_warning``).
PAGE_SIZE_WARNING = 1_000_000


@dataclass
class BuildResult:
    site: Path
    languages: list[str]
    hands: int
    seconds: float
    coverage: dict[str, dict[str, float]] = field(default_factory=dict)  # lang -> page -> percent
    warnings: list[str] = field(default_factory=list)
    # In `serve` only: the languages left out for a broken catalog, with the error (their last good pages stay).
    failed: dict[str, str] = field(default_factory=dict)
    state: "BuiltState | None" = None


@dataclass
class BuiltState:
    """What a build leaves for `trickbook serve` to rebuild single pages from (see `live.py`)."""

    project: Project
    base: dict[str, Any]
    languages: list[Language]
    hands: dict[str, Hand]
    catalogs: "translations.Catalogs"
    work: Path  # <lang>/docs, <lang>/mkdocs.yml and <lang>/titles.json of each language built


@dataclass
class _Job(BuiltState):
    """Everything a language's build needs: the build's state (its ``work`` folder still in use) and
    where it writes; set before the languages fork, so they inherit it."""

    out: Path
    build_root: Path
    leave_out: list[Path]
    size_limit: int
    fresh: frozenset[str] = frozenset()  # the hands' cache keys this build replayed ahead (handwork)
    keep_work: bool = False  # the languages' generated pages stay for `live.py` (else each process removes its own)


@dataclass
class _Built:
    code: str
    coverage: dict[str, float]
    said: list[str]
    warnings: list[str]
    embeds: int = 0  # the language's hands' embed pages written


_JOB: _Job | None = None


def _quiet(message: str) -> None:
    pass


def build_site(project: Project, site_dir: Path | None = None, build_root: Path | None = None,
               strict: bool = False, log: Log = _quiet, serving: bool = False,
               keep_work: Path | None = None) -> BuildResult:
    """Build the whole site; raise a TrickbookError subclass (file, line, reason) on failure.

    With ``serving`` (`trickbook serve`), a language whose catalogs are broken is
    left out, keeping its last good pages, and named in ``BuildResult.failed``;
    otherwise a broken catalog in any language fails the build. ``keep_work``
    receives each language's generated pages and configuration for `live.py`.
    """
    global _JOB
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    started = time.perf_counter()
    site_dir = (site_dir or Path.cwd() / "site").resolve()
    build_root = (build_root or Path.cwd() / "build").resolve()
    runtime = pyodide_runtime_dir(project)  # before any work: a missing runtime fails at once
    with claim(build_root, "site-", log) as work, buildcache.using(build_root) as cache:
        base = read_base_config(project)
        size_limit = page_size_limit(project, base)
        check_pages_are_utf8(project.docs)
        languages = project.languages()
        failed = translations.broken_languages(project, languages) if serving else {}
        usable = [lang for lang in languages if lang.code not in failed]
        # The catalogs first, in seconds (or at once from the cache): a translator's slip fails the build
        # with the message `trickbook i18n check` gives, before any hand is replayed or page built.
        catalogs = translations.check_catalogs(project, usable, work / "locales", strict=strict)
        # The hands replayed and drawn on every core (forked first: no thread runs then; each process
        # reads the catalogs itself), and the engine's files made in a thread meanwhile.
        with handwork.replaying_ahead(project.docs, build_root, functools.partial(_texts, project, usable, work),
                                      handwork.jobs()) as hands_ahead, \
                _engine_ahead(runtime, build_root) as engine_ready:
            ahead = hands_ahead()
            hand_cache = handcache.HandCache(build_root)
            hands = load_hands(project.docs, hand_cache)
            replays = hand_cache.replays + ahead.replayed
            kept_hands = f" ({len(hands) - replays} unchanged, taken from the build's cache)" \
                if replays < len(hands) else ""
            shared = f" in {len(ahead.processes)} processes" if len(ahead.processes) > 1 else ""
            log(f"replayed {len(hands)} worked hands{shared}{kept_hands}")
            unshown = [f"warning: {w}" for w in unshown_records(project.docs, hands)]
            for line in unshown:
                log(line)
            for code, why in failed.items():
                log(f"{code}/ not rebuilt: {why}")
            out = work / "site"
            result = BuildResult(site_dir, [lang.code for lang in languages], len(hands), 0.0, warnings=unshown,
                                 failed=failed)
            _JOB = _Job(project, base, languages, hands, catalogs, work, out, build_root,
                        [build_root, site_dir, project.root / "site"], size_limit, frozenset(ahead.keys),
                        keep_work is not None)
            engine_ready()  # no thread is left running when the languages fork
        embeds: dict[str, int] = {}
        try:
            for built in _build_languages(usable, cache):
                embeds[built.code] = built.embeds
                result.coverage[built.code] = built.coverage
                result.warnings += built.warnings
                for line in built.said + built.warnings:
                    log(line)
        finally:
            _JOB = None
        for code in failed:  # the last good pages of a language whose catalogs broke (serve only)
            if (site_dir / code).is_dir():
                shutil.copytree(site_dir / code, out / code)
        site_name = str(base.get("site_name", "trickbook"))
        write_assets(out, runtime, project.widgets, build_root)
        catalogs.write_browser_catalogs(out / "assets" / "i18n", usable)
        for code in failed:
            kept = site_dir / "assets" / "i18n" / f"{code}.json"
            if kept.is_file():
                shutil.copyfile(kept, out / "assets" / "i18n" / kept.name)
        (out / "index.html").write_text(csp.seal_page(landing_page(site_name, languages)), encoding="utf-8")
        (out / "404.html").write_text(csp.seal_page(
            root_not_found_page(site_name, languages,
                                {language.code: catalogs.texts(language).ui for language in usable},
                                base.get("site_url"))), encoding="utf-8")
        for lang in languages:  # a language left out keeps its last good pages: their hands' embed pages
            if lang.code in failed and (out / lang.code).is_dir():
                embeds[lang.code] = _finish_embeds(lang, catalogs.texts(lang), hands, project.docs, base, out)
        log(f"wrote {sum(embeds.values())} embed pages")
        log(f"wrote {embed.write_table_embed_pages(out, {lang.code: catalogs.texts(lang).ui for lang in languages})} "
            "play-table embed pages")
        swap_into_place(out, site_dir)
        hand_cache.prune({hand.key for hand in hands.values() if hand.key})
        if keep_work is not None:
            result.state = _keep_work(work, keep_work, project, base, usable, hands, catalogs)
        result.seconds = time.perf_counter() - started
        log(f"site written to {site_dir} in {result.seconds:.1f} s")
        return result


def _texts(project: Project, languages: list[Language], work: Path) -> list[Texts]:
    """Each language's texts, read in a hands' process (``handwork``) while the parent checks the catalogs."""
    catalogs = translations.Catalogs(project, work / "locales")
    return [catalogs.texts(lang) for lang in languages]


@contextmanager
def _engine_ahead(runtime: Path, build_root: Path) -> Iterator[Callable[[], None]]:
    """The engine's wheel and snapshot made in a thread while the hands replay (``prepare_engine``);
    the callable waits for it. At most 1 GB: the snapshot's Node process runs before the
    languages' processes start, never beside them (bench/HISTORY-2026-12.md). A build that fails
    meanwhile (a wrong record) stops the thread's programs (``children.stop``) and reports at once,
    rather than after the Node steps."""
    def make() -> None:
        try:
            prepare_engine(runtime, build_root)
        except Exception:  # noqa: BLE001 - write_assets does the same work again and reports the error
            pass

    thread = threading.Thread(target=make, name="trickbook-engine", daemon=True)
    thread.start()
    try:
        yield thread.join
    except BaseException:
        children.stop(thread)
        raise
    finally:
        thread.join()
        children.forget(thread)


def _build_languages(languages: list[Language], cache: buildcache.BuildCache) -> Iterator[_Built]:
    """Each language's pages in forked processes, one more at a time than there are cores (on a machine
    with two or more), so that three languages share two cores to the end rather than the third
    running alone. This once took a course of 1,000 hands past 1.2 GB; the processes no longer hold
    the hands' traces (``handwork``), and it peaks far lower (bench/HISTORY-2026-12.md)."""
    cores = handwork.jobs()  # TRICKBOOK_JOBS, else the cores; 1 without fork
    workers = min(len(languages), cores + 1) if cores >= 2 else 1
    if workers < 2:
        for lang in languages:
            yield _build_language(lang, cache)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # fork beside serve's server thread: the child only builds
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                                 initializer=child_start, initargs=(os.getpid(),)) as pool:
            futures = [pool.submit(_build_language_in_child, lang) for lang in languages]
            try:
                for future in futures:
                    yield future.result()
            except BaseException:
                pool.shutdown(wait=True, cancel_futures=True)  # the languages not started yet need not be
                raise


def _build_language_in_child(lang: Language) -> _Built:
    """In a forked process: the language's build. An error goes back to the parent with its
    traceback (``concurrent.futures`` sends it as the error's cause), which ``--debug`` shows."""
    assert _JOB is not None
    with buildcache.using(_JOB.build_root) as cache:
        return _build_language(lang, cache)


def _build_language(lang: Language, cache: buildcache.BuildCache | None) -> _Built:
    """One language: its localized pages with the hands expanded, MkDocs, and the finishing passes."""
    job = _JOB
    assert job is not None
    project, catalogs, out = job.project, job.catalogs, job.out
    texts = catalogs.texts(lang)
    docs = job.work / lang.code / "docs"
    hand_cache = handcache.HandCache(job.build_root, fresh=job.fresh) if cache is not None else None
    coverage = write_localized_docs(project, lang, job.hands, texts, catalogs, docs, hand_cache,
                                    directory_urls(job.base))
    nav = catalogs.write_terms_page(lang, job.languages, docs)
    settings = language_config(project, job.base, lang, job.languages, docs, out / lang.code,
                               catalogs.language_texts(lang, job.base, nav))
    config = write_language_config(job.work / lang.code / "mkdocs.yml", settings)
    titles_file = job.work / lang.code / TITLES
    # The language's finished folder, made again only when something it is made from changed.
    key = buildcache.pages_key(lang.code, job.work, docs, config, job.base, project.root, project.overrides,
                               job.leave_out)
    if buildcache.restore_pages(cache, lang.code, key, out / lang.code, extra={TITLES: titles_file}):
        said = f"built {lang.code}/ (its pages are unchanged: kept from the last build)"
    else:
        titles = run_mkdocs(config, strict=True, project=project, lang=lang.code)
        titles_file.write_text(json.dumps(titles, ensure_ascii=False), encoding="utf-8")
        finish_language(lang, job.languages, catalogs, job.base, out / lang.code)
        buildcache.keep_pages(cache, lang.code, key, out / lang.code, extra={TITLES: titles_file})
        said = f"built {lang.code}/"
    if hand_cache is not None and hand_cache.reused:
        said += (f" ({hand_cache.drawn + hand_cache.ahead} hand figures drawn, {hand_cache.reused} taken from "
                 "the build's cache)")
    warned = oversized_pages(out / lang.code, job.size_limit)
    embeds = _finish_embeds(lang, texts, job.hands, project.docs, job.base, out)
    if not job.keep_work:  # the generated pages, no longer needed: removed here, beside the other languages
        shutil.rmtree(job.work / lang.code, ignore_errors=True)
    return _Built(lang.code, coverage, [said], warned, embeds)


def _finish_embeds(lang: Language, texts: Texts, hands: dict[str, Hand], docs: Path, base: dict[str, Any],
                   out: Path) -> int:
    """A language folder's printed hands' codes and its hands' embed pages (``handouts``, ``embed``), the
    last passes over its pages, which read and write only that folder and ``embed/<lang>/``."""
    site_url = str(base["site_url"]) if base.get("site_url") else None
    if site_url:  # printed hands lead back to their live page (handouts.py)
        add_handout_codes(out, site_url, only=lang.code)
    return embed.language_embeds(out, docs, texts, hands, directory_urls(base), site_url)


TITLES = "titles.json"


def finish_language(lang: Language, languages: list[Language], catalogs: "translations.Catalogs",
                    base: dict[str, Any], folder: Path) -> None:
    """The passes over a language's folder after MkDocs: its own 404 page, typography, hands' data, the seal,
    and the theme's style sheet trimmed (``theme_css``)."""
    texts = catalogs.texts(lang)
    drop_not_found_page(folder)
    (folder / "404.html").write_text(
        not_found_page(str(base.get("site_name", "trickbook")), lang, languages, texts.ui, base.get("site_url")),
        encoding="utf-8")
    plural = functools.partial(catalogs.translator(lang).ngettext, "ui")
    typeset = typography.html_rules(lang.code) or (lambda html: html)
    say = spoken_cards(texts.ui, texts.engine)
    finish = on_demand.page_finisher(folder, texts.ui, lang.code, plural, texts.engine)
    # One pass over the pages: the cards in the prose spoken in words, the typography, the player's
    # controls (``on_demand``), then the seal, last, so that the hashes are those of the pages as served.
    rewrite_pages(folder, lambda page, html: csp.seal_page(finish(page, typeset(say(html)))))
    catalogs.finish_search_index(lang, folder)
    # Material's style sheet without the features the site does not turn on (a first visit's weight).
    theme_css.trim_theme_sheets(folder, base, [other.code for other in languages])


def _keep_work(work: Path, keep: Path, project: Project, base: dict[str, Any], languages: list[Language],
               hands: dict[str, Hand], catalogs: "translations.Catalogs") -> BuiltState:
    """Move each language's generated pages and configuration out of the work folder, for `live.py`."""
    shutil.rmtree(keep, ignore_errors=True)
    keep.mkdir(parents=True)
    for lang in languages:
        (work / lang.code).rename(keep / lang.code)
    return BuiltState(project, base, languages, hands, catalogs, keep)


def page_size_limit(project: Project, base: dict[str, Any]) -> int:
    """``extra.trickbook.page_size_warning`` in ``mkdocs.yml``: bytes (``1500000``) or ``"800 KB"``, ``"2 MB"``."""
    extra = base.get("extra")
    value = extra.get("trickbook", {}).get("page_size_warning") if isinstance(extra, dict) and isinstance(
        extra.get("trickbook"), dict) else None
    if value is None:
        return PAGE_SIZE_WARNING
    found = (re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(B|KB|MB)?\s*", str(value), re.I)
             if not isinstance(value, bool) else None)
    if found is None:
        line = config_line(project.config_file, "page_size_warning")
        raise SiteError(f"{project.config_file}{f':{line}' if line else ''}: page_size_warning must be a number of "
                        f"bytes or a size such as \"800 KB\" or \"2 MB\", not {value!r}")
    unit = {"": 1, "b": 1, "kb": 1000, "mb": 1_000_000}[(found.group(2) or "").lower()]
    return int(float(found.group(1)) * unit)


def _size(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 1_000_000 else (f"{n / 1e3:.0f} KB" if n >= 10_000 else f"{n} bytes")


def oversized_pages(folder: Path, limit: int) -> list[str]:
    """A warning for each page of a built language folder whose HTML passes ``limit`` bytes."""
    out = []
    for page in sorted(folder.rglob("*.html")):
        size = page.stat().st_size
        if size > limit:
            rel = page.relative_to(folder.parent).as_posix()
            out.append(f"warning: {rel} is {_size(size)} of HTML, more than {_size(limit)} "
                       f"(extra.trickbook.page_size_warning): it may be slow to load on a phone; "
                       f"split its page into several")
    return out


def check_pages_are_utf8(docs: Path) -> None:
    """Refuse a page that is not UTF-8, naming its line and column, before anything reads it."""
    for page in sorted(docs.rglob("*.md")):
        read_text(page)


def write_localized_docs(project: Project, lang: Language, hands: dict[str, Hand], texts: Texts,
                         catalogs: "translations.Catalogs", dest: Path,
                         hand_cache: handcache.HandCache | None = None, directory_urls: bool = True,
                         ) -> dict[str, float]:
    """Copy docs/ for one language: pages translated and hands expanded; other files as they are."""
    coverage: dict[str, float] = {}
    for src in sorted(project.docs.rglob("*")):
        if src.is_dir():
            continue
        rel = src.relative_to(project.docs)
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if src.suffix != ".md":
            _link_or_copy(src, target)
            continue
        text, percent, figures, data = localized_page(project, lang, src, hands, texts, catalogs, hand_cache,
                                                      directory_urls)
        if percent is not None:
            coverage[rel.as_posix()] = percent
        target.write_text(text, encoding="utf-8")
        write_figures(dest, rel.as_posix(), figures, data)
    return coverage


def _link_or_copy(src: Path, target: Path) -> None:
    """A file of docs/ that a language's pages take as it is (a record, an image): linked, not copied
    (a course's thousand records, in each language), where the file system allows it. MkDocs copies
    it into the site, and nothing writes to it in the language's folder (``live.py`` writes only pages)."""
    try:
        os.link(src, target)
    except FileExistsError:
        target.unlink()
        shutil.copyfile(src, target)
    except OSError:  # another file system, or linking refused
        shutil.copyfile(src, target)


FIGURES = "figures"  # beside a language's docs/: each page's figures, by the name of their slot
HAND_DATA = "hand-data"  # beside a language's docs/: each page's hands' data files, by file name


def figure_slot(html: str) -> str:
    """What the Markdown holds in place of a worked hand's figure (``mkdocs_run.PageFacts`` puts it back)."""
    return f'<div data-tb-figure="{hashlib.sha256(html.encode("utf-8")).hexdigest()[:32]}"></div>'


def write_figures(docs: Path, rel: str, figures: dict[str, str], data: dict[str, str] | None = None) -> None:
    """The figures of page ``rel`` of a language whose generated pages are in ``docs``, and their data
    files (``mkdocs_run.PageFacts`` writes those beside the built page)."""
    for folder, value in ((FIGURES, figures), (HAND_DATA, data)):
        path = docs.parent / folder / f"{rel}.json"
        if value:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
        else:
            path.unlink(missing_ok=True)


def localized_page(project: Project, lang: Language, src: Path, hands: dict[str, Hand], texts: Texts,
                   catalogs: "translations.Catalogs", hand_cache: handcache.HandCache | None = None,
                   directory_urls: bool = True) -> tuple[str, float | None, dict[str, str], dict[str, str]]:
    """One page in one language as MkDocs reads it, the percent translated, its hands' figures (by
    slot) and their data files (by name: ``figure.HandFigure.data_file``).

    Each figure stands in the Markdown as a slot (``figure_slot``), which MkDocs passes through as
    it would the figure, without Python-Markdown reading the figure's HTML (most of a course
    page); the figure goes back in its slot as soon as the page is rendered, before any other
    plugin sees it. With a ``hand_cache``, a figure an earlier build drew with the same record,
    code and catalog entries is taken from it (``handcache``).
    """
    text = read_text(src)
    embeds = embed.embed_root(src.relative_to(project.docs).as_posix(), lang.code, directory_urls)
    percent = None
    if not lang.is_source:
        text, percent = catalogs.localize(lang, text, src.relative_to(project.docs).as_posix())
        if percent < 100:
            text = add_coverage_note(text, catalogs.coverage_note(texts, percent))

    figures: dict[str, str] = {}
    data: dict[str, str] = {}

    def render(hand: Hand, step: int) -> str:
        if hand_cache is not None and hand.key:
            drawn = hand_cache.figure(hand.key, step, texts, lambda t: draw_hand(hand, step, t))
        else:
            drawn = draw_hand(hand, step, texts)
        data[drawn.data_name] = drawn.data
        # Each hand has its embed page (embed.py), which the figure names for the player's "Embed" control.
        html = drawn.placed(embed=f"{embeds}{hand.id}/")
        slot = figure_slot(html)
        figures[slot] = html
        # A hand's printed answers stay in the Markdown: expand_blocks gathers them at the page's end.
        return "\n".join(line for line in (slot, drawn.answers) if line)

    def render_pair(first: Hand, second: Hand, shown: list[str]) -> str:
        titles = [HandFigure(hand, texts).title() for hand in (first, second)]
        return pair_html(first.trace, second.trace, f"{first.id}~{second.id}", shown, titles, texts.ui)

    return expand_blocks(text, src, hands, render, render_pair), percent, figures, data


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


