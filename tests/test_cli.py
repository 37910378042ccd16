"""The `trickbook` command: usage errors, the engine's commands through it, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from trickbook_site.cli import main

REPO = Path(__file__).resolve().parents[1]
NAP = REPO / "docs" / "hands" / "nap" / "nap-four-hearts.hand.toml"


def _trickbook(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "trickbook_site.cli", *args], capture_output=True, text=True,
                          cwd=cwd or REPO)


@pytest.mark.parametrize("argv", [
    [],
    ["bogus"],
    ["build", "--no-such-option"],
    ["serve", "--port", "not-a-number"],
    ["tables", "--port", "not-a-number"],
    ["new"],
    ["replay"],
    ["i18n"],
    ["i18n", "translate"],
])
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert "usage:" in capsys.readouterr().err


def test_replay_json_through_trickbook(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(NAP), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [t["winner"] for t in result["tricks"]] == ["A", "A", "A", "A", "B"]
    assert result["payments"] == {"A": 12, "B": -4, "C": -4, "D": -4}


def test_replay_of_a_bad_record_exits_1_with_the_error_object(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.hand.toml"
    bad.write_text(NAP.read_text(encoding="utf-8").replace("C 9H; D 7H", "C QS; D 7H", 1), encoding="utf-8")
    assert main(["replay", str(bad), "--json"]) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["file"] == str(bad) and error["code"] == "must-follow-suit" and error["step"] is not None


def test_check_and_fmt_go_to_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(NAP.parent)]) == 0
    assert main(["fmt", str(NAP)]) == 0
    assert "actions" in capsys.readouterr().out


def test_a_failed_build_prints_one_line_naming_file_line_and_action(course_copy: Path) -> None:
    site = course_copy  # a course as `trickbook new` makes it (conftest.py's small_course)
    record = next((site / "docs" / "hands").rglob("*.hand.toml"))
    record.write_text(record.read_text(encoding="utf-8").replace("C 9H; D 7H", "C QS; D 7H", 1), encoding="utf-8")
    done = _trickbook("build", cwd=site)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert f"{record}:" in lines[0] and "action " in lines[0] and "C QS" in lines[0]


def test_new_refuses_a_folder_that_is_not_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file.txt").write_text("x")
    assert main(["new", str(tmp_path)]) == 1
    assert "not empty" in capsys.readouterr().err


def test_outside_a_site_folder_the_default_site_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trickbook_site.project import find_project

    monkeypatch.chdir(tmp_path)
    assert find_project().root == REPO


@pytest.mark.slow  # serves and rebuilds for real; the fast tier keeps the CLI's other commands
def test_serve_rebuilds_on_change_and_keeps_the_last_good_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading
    import urllib.request

    from helpers import Said, seeded_build_root

    from trickbook_site.serve import serve

    site = tmp_path / "club"
    assert main(["new", str(site), "--games", "nap"]) == 0
    seeded_build_root(site / "build")  # the checkout's engine files: serving is under test, not their making
    monkeypatch.chdir(site)
    said = Said()
    stop = threading.Event()
    thread = threading.Thread(target=serve, kwargs={"port": 0, "log": said.add, "poll_seconds": 0.2, "stop": stop})
    thread.start()
    try:
        url = said.wait_for("serving").split(" at ")[1].split(" ")[0]
        with urllib.request.urlopen(url + "en/") as response:
            assert response.status == 200
        index = site / "docs" / "index.md"
        before = len(said.lines)
        index.write_text(index.read_text(encoding="utf-8") + "\nA new paragraph.\n", encoding="utf-8")
        said.wait_for("change seen", since=before)
        said.wait_for("site written to", since=before)  # the rebuild the change started
        assert "A new paragraph." in (site / "site" / "en" / "index.html").read_text(encoding="utf-8")
        record = next((site / "docs" / "hands").rglob("*.hand.toml"))
        before = len(said.lines)
        record.write_text(record.read_text(encoding="utf-8").replace("C 9H; D 7H", "C QS; D 7H", 1), encoding="utf-8")
        assert "action " in said.wait_for("build failed", since=before)
        with urllib.request.urlopen(url + "en/") as response:
            assert b"A new paragraph." in response.read()
    finally:
        stop.set()
        thread.join(timeout=30)


def test_check_reads_the_inline_records_of_markdown_pages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Teachers write records inline in pages: `trickbook check` names the page, line and action."""
    page = tmp_path / "lesson.md"
    page.write_text(
        "# A lesson { #lesson }\n\nSome prose.\n\n"
        "```hand\nformat = 1\nid = \"lesson-one\"\ngame = \"nap\"\nseats = [\"A\", \"B\", \"C\"]\ndealer = \"C\"\n"
        "actions = \"\"\"\nA pass; B bid nap; C pass\nB AS; C QC\n\"\"\"\n\n[deal]\n"
        "A = \"5S AD KD 4C 3C\"\nB = \"AS KS QS JS 7H\"\nC = \"2S AH KH QC JC\"\n```\n",
        encoding="utf-8",
    )
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    # C holds the two of spades, so the fifth action (line 13 of the page) is refused.
    assert f"{page}:13: action 5 'C QC'" in out and "[must-follow-suit]" in out
    assert "1 inline record(s) in 1 page(s) checked, 1 bad" in out

    page.write_text(page.read_text(encoding="utf-8").replace("B AS; C QC", "B AS; C 2S; A 5S"), encoding="utf-8")
    assert main(["check", str(page)]) == 0
    assert "1 inline record(s) in 1 page(s) checked, 0 bad" in capsys.readouterr().out


def test_check_refuses_an_inline_record_without_an_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "lesson.md"
    page.write_text("# Lesson { #lesson }\n\n```hand\nformat = 1\ngame = \"nap\"\n```\n", encoding="utf-8")
    assert main(["check", str(page)]) == 1
    assert f"{page}:3: an inline hand record must carry an `id`" in capsys.readouterr().out
