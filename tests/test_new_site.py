"""`trickbook new`: a site of one's own that builds, with a worked hand added by its author."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import seeded_build_root

from trickbook_site.cli import main

REPO = Path(__file__).resolve().parents[1]
NAP = REPO / "docs" / "hands" / "nap" / "nap-four-hearts.hand.toml"

INLINE_PAGE = """\
# My own hand {{ #mine }}

A hand written straight into the page.

```hand
id = "my-first-hand"
{record}```
"""


@pytest.fixture
def own_site(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    assert main(["new", str(folder), "--games", "nap,euchre", "--languages", "en,pt"]) == 0
    return folder


def test_new_lays_out_pages_records_and_catalogs(own_site: Path) -> None:
    assert (own_site / "mkdocs.yml").is_file()
    assert {p.name for p in (own_site / "docs").glob("*.md")} == {"index.md", "nap.md", "euchre.md"}
    assert list((own_site / "docs" / "hands" / "nap").glob("*.hand.toml"))
    assert list((own_site / "docs" / "hands" / "euchre").glob("*.hand.toml"))
    assert (own_site / "locales" / "pt_PT" / "LC_MESSAGES" / "content.po").is_file()


def test_a_new_course_keeps_what_the_commands_make_out_of_its_repository(own_site: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("needs git")
    subprocess.run(["git", "init", "-q", str(own_site)], check=True)
    made = ["site/index.html", "build/hands/x.json", "public/index.html"]
    kept = ["docs/index.md", "mkdocs.yml", ".github/workflows/publish.yml", ".trickbook/trickbook.txt"]
    ignored = subprocess.run(["git", "-C", str(own_site), "check-ignore", *made, *kept],
                             capture_output=True, text=True)
    assert ignored.stdout.split() == made


@pytest.mark.slow  # builds a new site in every language; the fast tier keeps `trickbook new`'s layout
def test_an_added_worked_hand_builds_in_every_language(own_site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = NAP.read_text(encoding="utf-8")
    (own_site / "docs" / "mine.md").write_text(INLINE_PAGE.format(record=record), encoding="utf-8")
    mkdocs = own_site / "mkdocs.yml"
    mkdocs.write_text(mkdocs.read_text(encoding="utf-8").replace("  - euchre.md\n", "  - euchre.md\n  - mine.md\n"),
                      encoding="utf-8")
    monkeypatch.chdir(own_site)
    seeded_build_root(own_site / "build")  # the engine's files the checkout has made: no Node step again
    assert main(["build"]) == 0
    site = own_site / "site"
    for code, tag in (("en", "en"), ("pt", "pt-PT")):
        page = (site / code / "mine" / "index.html").read_text(encoding="utf-8")
        assert f'<html lang="{tag}"' in page
        assert 'data-hand-id="my-first-hand"' in page
        nap = (site / code / "nap" / "index.html").read_text(encoding="utf-8")
        assert 'data-hand-id="nap-four-hearts"' in nap
    assert json.loads((site / "assets" / "runtime.json").read_text())["pyodide"].startswith("pyodide/")
    assert (site / "assets" / "i18n" / "pt.json").is_file()


def test_new_rejects_an_unknown_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", str(tmp_path / "x"), "--games", "bridge"]) == 1
    assert "bridge" in capsys.readouterr().err


def test_add_game_keeps_crlf_files_crlf_and_lf_files_lf(tmp_path: Path) -> None:
    from trickbook_site.scaffold import add_games, new_site

    course = new_site(tmp_path / "course", games=["nap"], languages=["en"])
    config, index = course / "mkdocs.yml", course / "docs" / "index.md"
    config.write_bytes(config.read_bytes().replace(b"\n", b"\r\n"))
    add_games(course, ["yorkshire"])
    written = config.read_bytes()
    assert b"yorkshire.md" in written
    assert written.count(b"\n") == written.count(b"\r\n") > 3  # every line still ends with CRLF
    assert b"yorkshire.md" in index.read_bytes() and b"\r" not in index.read_bytes()


# A program that runs until it is killed (it waits to read from a pipe that nobody writes to).
RUNS_UNTIL_KILLED = "import os; r, w = os.pipe(); os.read(r, 1)"


def test_a_build_that_fails_on_a_record_stops_the_engine_work_and_reports_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's files are made beside the replays (``build._engine_ahead``); a record's mistake is
    reported without waiting for them: the program making them is killed. Here it stands for the wheel
    and the Node steps, and would never end of itself: a build that waited for it would fail this test
    when its two minutes ran out, with the program's end read as "timed out", not "stopped"."""
    import sys

    from trickbook.errors import TrickbookError
    from trickbook_site import build, children
    from trickbook_site.project import Project
    from trickbook_site.scaffold import new_site

    course = new_site(tmp_path / "course", games=["nap"], languages=["en"])
    record = next((course / "docs" / "hands").rglob("*.hand.toml"))
    text = record.read_text(encoding="utf-8")
    assert "C 9H; D 7H" in text
    record.write_text(text.replace("C 9H; D 7H", "C QS; D 7H", 1), encoding="utf-8")
    ended: list[str] = []

    def engine_work(runtime: Path, build_root: Path) -> None:
        try:
            children.run([sys.executable, "-c", RUNS_UNTIL_KILLED], timeout=120)
            ended.append("finished")
        except children.Stopped:
            ended.append("stopped")
        except subprocess.TimeoutExpired:
            ended.append("timed out")

    monkeypatch.setattr(build, "prepare_engine", engine_work)
    with pytest.raises(TrickbookError) as failed:
        build.build_site(Project(course), site_dir=tmp_path / "site", build_root=tmp_path / "build")
    assert ended == ["stopped"]
    assert str(record) in str(failed.value) and "C QS" in str(failed.value)
    assert not (tmp_path / "site").exists()
