"""`trickbook publish --out`: it replaces only folders it made itself, and a killed publish leaves a whole one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from trickbook_site.errors import SiteError
from trickbook_site.outdir import MARK, check_out
from trickbook_site.publish import publish_folder

REPO = Path(__file__).resolve().parents[1]
CACHE = REPO / "build" / "publish"


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def course(tmp_path: Path) -> Path:
    from trickbook_site.scaffold import new_site

    return new_site(tmp_path / "course", games=["nap"], languages=["en"])


def test_publish_out_docs_is_refused_and_the_pages_stay(course: Path, built_site: Path) -> None:
    before = tree(course)
    proc = subprocess.run([sys.executable, "-m", "trickbook_site.cli", "publish", "--site-dir", str(built_site),
                           "--out", "docs"], capture_output=True, text=True, cwd=course)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "docs/ holds the course's pages and hand records" in proc.stderr
    assert "--out ../pages/docs" in proc.stderr and "GitHub Actions" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert tree(course) == before


@pytest.mark.parametrize("name, says", [
    ("docs", "docs/ holds the course's pages"),
    ("docs/public", "it is inside docs/, which holds the course's pages"),
    ("mkdocs.yml", "mkdocs.yml is part of the course"),
    ("locales", "locales is part of the course"),
    ("src", "src is part of the course"),
    (".github", ".github is part of the course"),
    (".", "that holds the current folder"),
    ("..", "that holds the current folder"),
])
def test_the_courses_own_folders_and_files_are_refused(course: Path, name: str, says: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(course)
    before = tree(course)
    with pytest.raises(SiteError, match=f"--out .*: {says}"):
        check_out(Path(name), course / "site", course)
    assert tree(course) == before


def test_the_course_is_refused_from_outside_it_too(course: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path.parent / f"{tmp_path.name}-elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    with pytest.raises(SiteError, match="that holds the course"):
        check_out(course, course / "site", course)
    with pytest.raises(SiteError, match="that holds the course"):
        check_out(course / "..", course / "site", course)


def test_the_site_folder_and_its_parts_are_refused(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    for out in (site, site / "public", tmp_path):
        with pytest.raises(SiteError, match="must be a folder apart from the site|holds the current folder"):
            check_out(out, site, None)


def test_the_home_folder_and_the_root_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    (home / "work").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(home / "work")
    with pytest.raises(SiteError, match="that holds your home folder"):
        check_out(home, tmp_path / "site", None)
    with pytest.raises(SiteError, match="that is the root of the file system"):
        check_out(Path("/"), tmp_path / "site", None)


def test_a_file_and_a_folder_of_someone_elses_files_are_refused(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "project").mkdir()
    (tmp_path / "project" / "plan.md").write_text("mine")
    with pytest.raises(SiteError, match="that is a file, not a folder"):
        check_out(tmp_path / "notes.txt", tmp_path / "site", None)
    with pytest.raises(SiteError, match=f"holds files that trickbook publish did not write \\(it has no {MARK}\\)"):
        check_out(tmp_path / "project", tmp_path / "site", None)
    # New, empty, and previously published folders are fine.
    (tmp_path / "empty").mkdir()
    (tmp_path / "project" / MARK).write_text("")
    for out in ("new", "empty", "project"):
        check_out(tmp_path / out, tmp_path / "site", None)


def test_a_published_folder_carries_the_mark_and_a_second_publish_replaces_it(built_site: Path,
                                                                             tmp_path: Path) -> None:
    out = tmp_path / "public"
    publish_folder(built_site, out, cache=CACHE)
    assert (out / MARK).is_file()
    (out / "stale.txt").write_text("from the first publish")
    publish_folder(built_site, out, cache=CACHE)
    assert (out / MARK).is_file() and not (out / "stale.txt").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["public"]


KILL_AT = """
import os, signal, sys
from pathlib import Path
from trickbook_site import workdirs
from trickbook_site.publish import publish_folder
site, out, cache, point, no_exchange = sys.argv[1:6]
def step(name):
    if name == point:
        os.kill(os.getpid(), signal.SIGKILL)
workdirs._step = step
if no_exchange == "1":
    workdirs.exchange = lambda a, b: False
publish_folder(Path(site), Path(out), cache=Path(cache))
"""


def leftovers(parent: Path) -> list[str]:
    return sorted(p.name for p in parent.iterdir() if p.name != "public")


def test_a_publish_killed_at_every_stage_leaves_a_whole_folder_and_the_next_clears_what_it_left(
        built_site: Path, tmp_path: Path) -> None:
    out = tmp_path / "public"
    publish_folder(built_site, out, cache=CACHE)
    # Leftovers of older versions (staging and old folders named by process id) go too.
    for name in (".public.publishing-4242", ".public.old-4243"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "index.html").write_text("left by a killed publish")
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    stages = [("claim:locked", "0", True), ("publish:staged", "0", True), ("swap:exchanged", "0", False),
              ("swap:between-renames", "1", None)]
    for point, no_exchange, old_stays in stages:
        (out / "old-marker.txt").write_text("the previous publish")
        killed = subprocess.run([sys.executable, "-c", KILL_AT, str(built_site), str(out), str(CACHE), point,
                                 no_exchange], capture_output=True, text=True, env=env, timeout=600)
        assert killed.returncode == -signal.SIGKILL, (point, killed.stderr)
        if old_stays is None:
            # Two renames (no atomic exchange on this file system): killed between them, the old folder
            # waits beside it, and the next publish puts it back before anything else.
            assert not out.exists()
            assert len([p for p in tmp_path.iterdir() if p.name.startswith(".public.old-")]) == 1
        else:
            assert (out / "index.html").is_file() and (out / MARK).is_file(), point
            assert (out / "old-marker.txt").exists() == old_stays, point
        # Whatever an earlier kill left was cleared by this publish: only this one's work folder remains
        # (and, killed between the renames, the old folder).
        assert not [n for n in leftovers(tmp_path) if n in (".public.publishing-4242", ".public.old-4243")], point
        assert len([n for n in leftovers(tmp_path) if not n.endswith(".lock")]) <= (2 if old_stays is None else 1), (
            point, leftovers(tmp_path))
    publish_folder(built_site, out, cache=CACHE)
    assert (out / "index.html").is_file() and (out / MARK).is_file() and not (out / "old-marker.txt").exists()
    assert leftovers(tmp_path) == []
