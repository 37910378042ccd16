"""`trickbook serve`'s page-by-page rebuilds give the site a whole build gives; one language's broken
catalog leaves the others served; a page over the configured size gets a warning."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

import pytest
from helpers import seeded_build_root

from trickbook_site.build import PAGE_SIZE_WARNING, build_site, oversized_pages, page_size_limit
from trickbook_site.errors import CatalogError, SiteError
from trickbook_site.live import LiveSite, NeedsFullBuild
from trickbook_site.project import Project

if TYPE_CHECKING:
    from conftest import Counts

REPO = Path(__file__).resolve().parents[1]
SITE_PARTS = ("mkdocs.yml", "docs", "locales", "overrides")
LANGUAGES = ("en", "pt", "fr")


@pytest.fixture(autouse=True)
def _runtime(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRICKBOOK_PYODIDE_DIR", str(REPO / "node_modules" / "pyodide"))


def copy_site(dest: Path) -> Project:
    dest.mkdir(parents=True)
    for part in SITE_PARTS:
        (shutil.copytree if (REPO / part).is_dir() else shutil.copyfile)(REPO / part, dest / part)
    return Project(dest)


class Served:
    """A copy of the repository's site, built as `trickbook serve` builds it, and its page-by-page rebuilder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.project = copy_site(root / "src")
        self.site = root / "src" / "site"
        self.build_root = seeded_build_root(root / "build")  # the default site's content, the checkout's engine
        result = build_site(self.project, site_dir=self.site, build_root=self.build_root, serving=True,
                            keep_work=self.build_root / "live")
        assert result.state is not None and result.failed == {}
        self.live = LiveSite(result.state, self.site)

    def edit(self, rel: str, old: str, new: str) -> Path:
        path = self.project.root / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, (rel, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        return path

    def rebuild(self, *paths: Path) -> int:
        plan = self.live.plan(list(paths))
        assert plan is not None
        return self.live.rebuild(plan)

    def assert_same_as_a_whole_build(self) -> None:
        """Every file of every language folder, and every embed page, is byte for byte what a whole build
        of the same sources writes."""
        whole = self.root / "whole"
        shutil.rmtree(whole, ignore_errors=True)
        build_site(self.project, site_dir=whole, build_root=self.build_root)
        for lang in (*LANGUAGES, "embed"):
            mine, theirs = _files(self.site / lang), _files(whole / lang)
            assert mine.keys() == theirs.keys(), (lang, set(mine) ^ set(theirs))
            differ = [name for name in mine if mine[name] != theirs[name]]
            assert differ == [], (lang, differ)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    old = os.environ.get("TRICKBOOK_PYODIDE_DIR")
    os.environ["TRICKBOOK_PYODIDE_DIR"] = str(REPO / "node_modules" / "pyodide")
    try:
        yield Served(tmp_path_factory.mktemp("served"))
    finally:
        if old is None:
            os.environ.pop("TRICKBOOK_PYODIDE_DIR", None)
        else:
            os.environ["TRICKBOOK_PYODIDE_DIR"] = old


def test_a_page_edit_rebuilds_that_page_in_each_language_as_a_whole_build_would(served: Served) -> None:
    page = served.edit("docs/nap.md", "\n## ", "\nA paragraph added while serving.\n\n## ")
    assert served.rebuild(page) == len(LANGUAGES)  # nap.md, in each language; no other page
    for lang in LANGUAGES:
        assert "A paragraph added while serving." in (served.site / lang / "nap" / "index.html").read_text("utf-8")
    served.assert_same_as_a_whole_build()


def test_a_play_table_page_edit_remakes_that_table_s_embed_page_in_each_language(served: Served) -> None:
    page = served.edit("docs/play-euchre.md", "needs JavaScript.", "needs JavaScript (edited while serving).")
    assert served.rebuild(page) == len(LANGUAGES)
    embed = (served.site / "embed" / "en" / "table-euchre" / "index.html").read_text(encoding="utf-8")
    assert "(edited while serving)" in embed
    served.assert_same_as_a_whole_build()


def test_a_record_edit_rebuilds_the_pages_that_show_it_and_its_search_entries(served: Served) -> None:
    record = served.edit("docs/hands/nap/nap-four-hearts.hand.toml", 'title = "', 'title = "Edited: ')
    written = served.rebuild(record)
    # The pages that show the hand, in each language; its title is what the search index reads of it.
    assert written >= len(LANGUAGES)
    index = (served.site / "en" / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "Edited: " in index
    served.assert_same_as_a_whole_build()


def test_a_msgstr_edit_rebuilds_only_that_language_s_pages_holding_the_message(
        served: Served, start_counting: Callable[[], Counts]) -> None:
    po = served.project.locales / "fr" / "LC_MESSAGES" / "content.po"
    found = re.search(r'#: docs/nap\.md:\d+\n(?:#.*\n)*msgid "(?:[^"\\]|\\.)+"\nmsgstr "((?:[^"\\]|\\.){20,})"\n',
                      po.read_text(encoding="utf-8"))
    assert found is not None
    served.edit("locales/fr/LC_MESSAGES/content.po", f'msgstr "{found.group(1)}"',
                f'msgstr "{found.group(1)} Modifié en direct."')
    before = {lang: (served.site / lang / "nap" / "index.html").stat().st_mtime_ns for lang in ("en", "pt")}
    counts = start_counting()
    assert served.rebuild(po) == 1  # fr/nap/ only
    # Finding the pages that hold the message reads the hands' records; it replays none of them (at a
    # thousand hands, replaying them all took seconds of every msgstr edit).
    assert counts.replayed == []
    assert "Modifié en direct." in (served.site / "fr" / "nap" / "index.html").read_text(encoding="utf-8")
    assert before == {lang: (served.site / lang / "nap" / "index.html").stat().st_mtime_ns for lang in ("en", "pt")}
    served.assert_same_as_a_whole_build()


def test_a_broken_catalog_in_one_language_leaves_the_others_rebuilt_until_it_is_fixed(served: Served) -> None:
    po = served.project.locales / "pt_PT" / "LC_MESSAGES" / "content.po"
    good = po.read_bytes()
    po.write_bytes(good + b'\nmsgid "Unclosed\nmsgstr "x"\n')
    page = served.edit("docs/nap.md", "\n## ", "\nWritten while Portuguese was broken.\n\n## ")
    served.rebuild(po, page)
    assert set(served.live.failed) == {"pt"} and "content.po" in served.live.failed["pt"]
    assert "Written while Portuguese was broken." in (served.site / "en" / "nap" / "index.html").read_text("utf-8")
    assert "Written while Portuguese was broken." not in (served.site / "pt" / "nap" / "index.html").read_text("utf-8")
    po.write_bytes(good)
    served.rebuild(po)  # fixed: the page it missed is rebuilt too
    assert served.live.failed == {}
    assert "Written while Portuguese was broken." in (served.site / "pt" / "nap" / "index.html").read_text("utf-8")
    served.assert_same_as_a_whole_build()


def test_a_msgstr_edited_against_the_glossary_leaves_that_language_out_until_it_is_fixed(served: Served) -> None:
    po = served.project.locales / "fr" / "LC_MESSAGES" / "content.po"
    good = po.read_bytes()
    found = re.search(r'#: docs/nap\.md:\d+\n(?:#.*\n)*msgid "(?:[^"\\]|\\.)+"\nmsgstr "((?:[^"\\]|\\.){20,})"\n',
                      good.decode("utf-8"))
    assert found is not None
    # The French glossary refuses "pli" for a trick (it is "levée"): only this message has changed.
    served.edit("locales/fr/LC_MESSAGES/content.po", f'msgstr "{found.group(1)}"', f'msgstr "{found.group(1)} Un pli."')
    served.rebuild(po)
    assert set(served.live.failed) == {"fr"} and "pli" in served.live.failed["fr"]
    assert "Un pli." not in (served.site / "fr" / "nap" / "index.html").read_text(encoding="utf-8")
    po.write_bytes(good)
    served.rebuild(po)
    assert served.live.failed == {}
    served.assert_same_as_a_whole_build()


def test_a_changed_title_or_a_new_file_asks_for_a_whole_build(served: Served) -> None:
    title = served.edit("docs/nap.md", "# ", "# Renamed ")
    with pytest.raises(NeedsFullBuild, match="title of nap.md"):
        served.rebuild(title)
    served.edit("docs/nap.md", "# Renamed ", "# ")
    assert served.live.plan([served.project.root / "mkdocs.yml"]) is None
    assert served.live.plan([served.project.locales / "fr" / "LC_MESSAGES" / "ui.po"]) is None


def test_a_whole_build_while_serving_leaves_out_a_broken_language_and_plain_build_fails(course_copy: Path) -> None:
    project = Project(course_copy)  # a course as `trickbook new` makes it: Nap, in English, Portuguese and French
    site, build_root = course_copy / "site", course_copy / "build"
    config = project.config_file
    config.write_text(config.read_text(encoding="utf-8").replace(
        "  generator: false", "  generator: false\n  trickbook:\n    page_size_warning: 20 KB"), encoding="utf-8")
    said: list[str] = []
    build_site(project, site_dir=site, build_root=build_root, log=said.append)
    # The size warning names the page and the setting (the Nap page, with its hand, passes 20 KB; the
    # home page does not).
    assert not any(line.startswith("warning: en/index.html ") for line in said)
    assert any(line.startswith("warning: en/nap/index.html is ") and "page_size_warning" in line for line in said)
    kept_fr = (site / "fr" / "nap" / "index.html").read_bytes()
    fr = project.locales / "fr" / "LC_MESSAGES" / "content.po"
    fr.write_bytes(fr.read_bytes() + b'\nmsgid "Unclosed\nmsgstr "x"\n')
    (project.docs / "nap.md").write_text((project.docs / "nap.md").read_text("utf-8") + "\nNew in English.\n", "utf-8")
    with pytest.raises(CatalogError, match="content.po"):
        build_site(project, site_dir=site, build_root=build_root)
    assert "New in English." not in (site / "en" / "nap" / "index.html").read_text("utf-8")  # nothing swapped in
    result = build_site(project, site_dir=site, build_root=build_root, serving=True)
    assert set(result.failed) == {"fr"} and "content.po" in result.failed["fr"]
    assert "New in English." in (site / "en" / "nap" / "index.html").read_text("utf-8")
    assert "New in English." in (site / "pt" / "nap" / "index.html").read_text("utf-8")
    assert (site / "fr" / "nap" / "index.html").read_bytes() == kept_fr  # its last good pages stay


def test_the_page_size_warning_reads_bytes_or_a_size_with_its_unit(tmp_path: Path) -> None:
    project = Project(tmp_path)
    (tmp_path / "mkdocs.yml").write_text("site_name: x\nextra:\n  trickbook:\n    page_size_warning: lots\n")
    assert page_size_limit(project, {}) == PAGE_SIZE_WARNING == 1_000_000
    assert page_size_limit(project, {"extra": {"trickbook": {"page_size_warning": 1500}}}) == 1500
    assert page_size_limit(project, {"extra": {"trickbook": {"page_size_warning": "800 KB"}}}) == 800_000
    assert page_size_limit(project, {"extra": {"trickbook": {"page_size_warning": "2 MB"}}}) == 2_000_000
    with pytest.raises(SiteError, match=r"mkdocs.yml:4: page_size_warning must be"):
        page_size_limit(project, {"extra": {"trickbook": {"page_size_warning": "lots"}}})
    folder = tmp_path / "site" / "en"
    (folder / "big").mkdir(parents=True)
    (folder / "big" / "index.html").write_text("x" * 2001)
    (folder / "index.html").write_text("x" * 2000)
    assert oversized_pages(folder, 2000) == [
        "warning: en/big/index.html is 2001 bytes of HTML, more than 2000 bytes (extra.trickbook.page_size_warning): "
        "it may be slow to load on a phone; split its page into several"]
