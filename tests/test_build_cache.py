"""What a build keeps in `build/cache/` for the next one is reused only for the same inputs.

A second build with nothing changed keeps each language's finished pages and writes the
same bytes; any change to what the pages are made from (a page, a hook, a theme override,
a catalog) builds them again, and a catalog broken after a passing check still stops the
build. Each test works on a copy of a tiny site (`trickbook new`, Nap, English and
Portuguese) built once for the module (its `build/engine` keeps the copies' builds quick), and runs
the real `trickbook` command.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import copy_of, seeded_build_root

from trickbook_site.scaffold import new_site

# Left to the full tier: each test runs `trickbook build` in subprocesses on a copy of a template site.
pytestmark = pytest.mark.slow

TRICKBOOK = Path(sys.executable).with_name("trickbook")
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
ENV.pop("TRICKBOOK_DEBUG", None)
KEPT = "kept from the last build"


def trickbook(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [str(TRICKBOOK)] if TRICKBOOK.exists() else [sys.executable, "-m", "trickbook_site.cli"]
    return subprocess.run([*command, *args], cwd=cwd, capture_output=True, text=True, env=ENV, timeout=300)


def build(site: Path, into: str = "site") -> str:
    done = trickbook("build", "--site-dir", str(site / into), cwd=site)
    assert done.returncode == 0, done.stderr
    return done.stdout


def kept(stdout: str) -> set[str]:
    """The languages whose pages the build took from the cache."""
    return {line.split()[1].rstrip("/") for line in stdout.splitlines() if line.startswith("built ") and KEPT in line}


def same_tree(a: Path, b: Path) -> list[str]:
    """Files that differ or exist on one side only (compared byte for byte)."""
    out: list[str] = []

    def walk(cmp: filecmp.dircmp[str], prefix: str) -> None:
        out.extend(prefix + n for n in cmp.left_only + cmp.right_only + cmp.funny_files)
        _, mismatch, errors = filecmp.cmpfiles(cmp.left, cmp.right, cmp.common_files, shallow=False)
        out.extend(prefix + n for n in mismatch + errors)
        for name, sub in cmp.subdirs.items():
            walk(sub, f"{prefix}{name}/")

    walk(filecmp.dircmp(a, b), "")
    return out


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = new_site(tmp_path_factory.mktemp("cache") / "small", games=["nap"], languages=["en", "pt"])
    seeded_build_root(site / "build")  # the checkout's engine files: the pages' cache is what is tested
    first = build(site)
    assert kept(first) == set()  # nothing kept yet: every language built by MkDocs
    return site


@pytest.fixture
def small(template: Path, tmp_path: Path) -> Path:
    """A copy, built once in its own place (the cache's keys hold the site's paths)."""
    copy = copy_of(template, tmp_path, symlinks=True)
    build(copy)
    return copy


def test_a_build_with_nothing_changed_keeps_every_language_and_writes_the_same_bytes(small: Path) -> None:
    again = build(small, "again")
    assert kept(again) == {"en", "pt"}
    assert same_tree(small / "site", small / "again") == []


def test_an_edited_page_is_built_again_in_every_language(small: Path) -> None:
    home = small / "docs" / "index.md"
    home.write_text(home.read_text(encoding="utf-8") + "\nA sentence added after the first build.\n",
                    encoding="utf-8")
    again = build(small)
    assert kept(again) == set()
    for lang in ("en", "pt"):  # Portuguese shows the untranslated sentence in English
        assert "A sentence added after the first build." in (small / "site" / lang / "index.html").read_text(
            encoding="utf-8")


def test_a_new_build_after_site_is_removed_and_a_page_edited_draws_no_hand_again(small: Path) -> None:
    """The hands' cache in a new process: nothing replayed or drawn, and the same site as without it."""
    shutil.rmtree(small / "site")
    home = small / "docs" / "index.md"
    home.write_text(home.read_text(encoding="utf-8") + "\nAnother sentence.\n", encoding="utf-8")
    again = build(small)
    assert "replayed 1 worked hands (1 unchanged, taken from the build's cache)" in again
    for lang in ("en", "pt"):
        assert f"built {lang}/ (0 hand figures drawn, 1 taken from the build's cache)" in again
    assert kept(again) == set()  # the pages themselves are built again
    shutil.rmtree(small / "build" / "cache")
    fresh = build(small, "fresh")
    assert "cache" not in fresh and "worked hands\n" in fresh
    assert same_tree(small / "site", small / "fresh") == []


def test_an_edited_hook_is_built_again_though_mkdocs_yml_is_unchanged(small: Path) -> None:
    hook = small / "mark.py"
    hook.write_text("def on_page_content(html, **kwargs):\n    return html + '<p>mark one</p>'\n", encoding="utf-8")
    config = small / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8") + f"\nhooks:\n  - {hook}\n", encoding="utf-8")
    build(small)
    assert "mark one" in (small / "site" / "en" / "index.html").read_text(encoding="utf-8")
    hook.write_text(hook.read_text(encoding="utf-8").replace("mark one", "mark two"), encoding="utf-8")
    again = build(small)
    assert kept(again) == set()
    page = (small / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert "mark two" in page and "mark one" not in page


def test_an_edited_theme_override_is_compiled_and_built_again(small: Path) -> None:
    overrides = small / "overrides"
    if not overrides.is_dir():
        shutil.copytree(Path(__file__).resolve().parents[1] / "overrides", overrides)
        build(small)
    main = overrides / "main.html"
    main.write_text(main.read_text(encoding="utf-8") + "\n{# an edit after the first build #}\n"
                    "{% block footer %}{{ super() }}<p>override edited</p>{% endblock %}\n", encoding="utf-8")
    again = build(small)
    assert kept(again) == set()
    assert "override edited" in (small / "site" / "pt" / "index.html").read_text(encoding="utf-8")


def test_a_catalog_broken_after_a_passing_build_still_stops_the_build(small: Path) -> None:
    catalog = small / "locales" / "pt_PT" / "LC_MESSAGES" / "ui.po"
    catalog.write_text(catalog.read_text(encoding="utf-8") + '\nmsgid "unterminated\nmsgstr ""\n', encoding="utf-8")
    done = trickbook("build", cwd=small)
    assert done.returncode == 1, done.stdout
    assert "Traceback" not in done.stderr
    assert str(catalog) in done.stderr or "ui.po" in done.stderr
