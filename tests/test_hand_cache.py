"""The build's cache of worked hands (`build/cache/hands/`, ``handcache.py``).

An unchanged hand is neither replayed nor drawn again by a later build (a new cache
object, as a new `trickbook build` process has); a changed record, a changed msgstr
that a figure uses and a changed engine each make exactly the figures they touch
again; a damaged entry is ignored and made again. Counted by the replays and the
figures drawn, never by time; every figure taken from the cache is the one a build
without a cache draws.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pytest
from helpers import copy_of

from trickbook_site import handcache, translations
from trickbook_site.build import write_localized_docs
from trickbook_site.handcache import HandCache
from trickbook_site.hands import load_hands
from trickbook_site.project import Project
from trickbook_site.scaffold import new_site

if TYPE_CHECKING:
    from conftest import Counts

TITLE = "A Four in hearts: four tricks are enough"
SECOND = "A second hand of Nap"
PT_TITLE = "Um Quatro em copas: quatro vazas bastam"


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new site (Nap; English and Portuguese) with a second record, and the first shown twice."""
    site = new_site(tmp_path_factory.mktemp("hands") / "club", games=["nap"], languages=["en", "pt"])
    first = site / "docs" / "hands" / "nap" / "nap-four-hearts.hand.toml"
    second = first.with_name("nap-second.hand.toml")
    second.write_text(first.read_text(encoding="utf-8").replace(TITLE, SECOND), encoding="utf-8")
    page = site / "docs" / "nap.md"
    page.write_text(page.read_text(encoding="utf-8") + '\n```hand\nref = "nap-four-hearts"\nstep = 6\n```\n\n'
                    '```hand\nref = "nap-second"\n```\n', encoding="utf-8")
    return site


@pytest.fixture
def site(template: Path, tmp_path: Path) -> Path:
    return copy_of(template, tmp_path)


@pytest.fixture
def counts(start_counting: Callable[[], Counts]) -> Counts:
    return start_counting()


RUNS = iter(range(10**6))


def localize(site: Path, cache: bool = True) -> dict[str, str]:
    """What a build's pre-pass writes for each language (pages and figures), with a fresh cache
    object over the site's ``build/`` as a new build process has (or no cache)."""
    project = Project(site)
    hand_cache = HandCache(site / "build") if cache else None
    found = load_hands(project.docs, hand_cache)
    languages = project.languages()
    catalogs = translations.check_catalogs(project, languages, site / "build" / f"mo-{next(RUNS)}")
    out: dict[str, str] = {}
    for lang in languages:
        dest = site / "build" / f"docs-{next(RUNS)}" / lang.code / "docs"
        language_cache = HandCache(site / "build") if cache else None
        write_localized_docs(project, lang, found, catalogs.texts(lang), catalogs, dest, language_cache)
        for path in sorted(dest.parent.rglob("*")):
            if path.is_file():
                out[f"{lang.code}/{path.relative_to(dest.parent).as_posix()}"] = path.read_text(encoding="utf-8")
    if hand_cache is not None:
        hand_cache.prune({hand.key for hand in found.values()})
    return out


FIGURES = {("nap-four-hearts", 0), ("nap-four-hearts", 6), ("nap-second", 0)}


def drawn(counts: Counts) -> set[tuple[str, int, str]]:
    assert len(counts.drawn) == len(set(counts.drawn)), counts.drawn  # each figure drawn once at most
    return set(counts.drawn)


def test_an_unchanged_hand_is_neither_replayed_nor_drawn_again_and_the_figures_are_the_same(
        site: Path, counts: Counts) -> None:
    first = localize(site)
    assert sorted(counts.replayed) == sorted([TITLE, SECOND])
    assert drawn(counts) == {(h, s, lang) for h, s in FIGURES for lang in ("en", "pt")}
    counts.reset()
    again = localize(site)
    assert counts.replayed == [] and counts.drawn == []
    assert again == first
    assert localize(site, cache=False) == first  # what a build without the cache writes


def test_a_changed_record_is_replayed_and_only_its_figures_drawn_again(site: Path, counts: Counts) -> None:
    localize(site)
    counts.reset()
    record = site / "docs" / "hands" / "nap" / "nap-second.hand.toml"
    record.write_text(record.read_text(encoding="utf-8").replace(SECOND, "A second hand, retitled"), encoding="utf-8")
    out = localize(site)
    assert counts.replayed == ["A second hand, retitled"]
    assert drawn(counts) == {("nap-second", 0, "en"), ("nap-second", 0, "pt")}
    assert "A second hand, retitled" in out["en/figures/nap.md.json"]
    counts.reset()
    assert localize(site, cache=False) == out
    # The old entry is gone: only the hands the site has stay in the cache.
    assert len(list((site / "build" / "cache" / "hands").iterdir())) == 2


def test_a_changed_msgstr_draws_again_the_figures_that_use_it_in_its_language(site: Path, counts: Counts) -> None:
    localize(site)
    counts.reset()
    po = site / "locales" / "pt_PT" / "LC_MESSAGES" / "content.po"
    text = po.read_text(encoding="utf-8")
    assert f'msgid "{TITLE}"\nmsgstr ""' in text
    po.write_text(text.replace(f'msgid "{TITLE}"\nmsgstr ""', f'msgid "{TITLE}"\nmsgstr "{PT_TITLE}"'),
                  encoding="utf-8")
    out = localize(site)
    assert counts.replayed == [TITLE]  # drawn again, so its trace is needed once, for both figures
    assert drawn(counts) == {("nap-four-hearts", 0, "pt"), ("nap-four-hearts", 6, "pt")}
    assert PT_TITLE in out["pt/figures/nap.md.json"] and PT_TITLE not in out["en/figures/nap.md.json"]
    counts.reset()
    assert localize(site, cache=False) == out
    # An engine msgstr every figure uses ("Deal"'s), in Portuguese: every Portuguese figure, no English one.
    counts.reset()
    ui = site / "locales" / "pt_PT" / "LC_MESSAGES" / "ui.po"
    ui.write_text(ui.read_text(encoding="utf-8").replace('msgid "Deal"\nmsgstr "Distribuição"',
                                                         'msgid "Deal"\nmsgstr "A distribuição"'), encoding="utf-8")
    localize(site)
    assert drawn(counts) == {(h, s, "pt") for h, s in FIGURES}


def test_a_changed_engine_replays_and_draws_every_hand_again(site: Path, counts: Counts,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    first = localize(site)
    counts.reset()
    engine = handcache.code_hash()
    monkeypatch.setattr(handcache, "code_hash", lambda: engine + "-edited")
    assert localize(site) == first
    assert sorted(counts.replayed) == sorted([TITLE, SECOND])
    assert drawn(counts) == {(h, s, lang) for h, s in FIGURES for lang in ("en", "pt")}


def test_the_code_hash_covers_the_engines_sources(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The key's code part is made from the engine's files: a changed file is a changed hash."""
    from trickbook_site import buildcache

    engine = tmp_path / "trickbook"
    engine.mkdir()
    (engine / "__init__.py").write_text("RULE = 1\n", encoding="utf-8")
    before = buildcache.tree_parts(engine, "*.py")
    (engine / "__init__.py").write_text("RULE = 2\n", encoding="utf-8")
    assert buildcache.digest(before) != buildcache.digest(buildcache.tree_parts(engine, "*.py"))
    parts = buildcache._package_parts("trickbook")
    assert any(isinstance(p, bytes) and b"def replay" in p for p in parts)  # the engine's own code, by content


@pytest.mark.parametrize("damage", ["truncated", "not json", "wrong types", "empty", "other key"])
def test_a_damaged_entry_is_ignored_and_made_again(site: Path, counts: Counts, damage: str) -> None:
    first = localize(site)
    entries = sorted((site / "build" / "cache" / "hands").iterdir())
    assert len(entries) == 2
    for entry in entries:
        for path in entry.glob("*.json"):
            text = path.read_text(encoding="utf-8")
            path.write_text({"truncated": text[: len(text) // 2], "not json": "\x00\xff garbage",
                             "wrong types": '{"key": 5, "steps": "many", "0": {"html": 7, "uses": "all"}}',
                             "empty": "", "other key": text.replace(entry.name, "0" * len(entry.name))}[damage],
                            encoding="utf-8")
    counts.reset()
    assert localize(site) == first
    assert sorted(counts.replayed) == sorted([TITLE, SECOND])
    assert drawn(counts) == {(h, s, lang) for h, s in FIGURES for lang in ("en", "pt")}
    counts.reset()
    assert localize(site) == first  # and made again: the next build reuses them
    assert counts.replayed == [] and counts.drawn == []


def test_a_figure_kept_with_a_catalog_entry_it_no_longer_matches_is_drawn_again(site: Path, counts: Counts) -> None:
    """A kept figure whose noted entries are not what the catalog now gives (here: edited by hand
    in the cache) is never served."""
    localize(site)
    for path in (site / "build" / "cache" / "hands").glob("*/pt.json"):
        path.write_text(path.read_text(encoding="utf-8").replace('"Distribuição"', '"Outra coisa"'), encoding="utf-8")
    counts.reset()
    localize(site)
    assert drawn(counts) == {(h, s, "pt") for h, s in FIGURES}
