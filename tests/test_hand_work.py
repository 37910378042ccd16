"""The worked hands replayed and drawn in forked processes before the languages (``handwork.py``).

Counted by records replayed and figures drawn, and by the processes that did it, never by
time. The site a build writes with the work shared out is the one a serial build writes,
byte for byte; a bad record met in a forked process fails the build with the message the
serial build gives (file, line, action) and leaves the previous site whole.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pytest
from helpers import copy_of, seeded_build_root

from trickbook.errors import RecordError
from trickbook_site import handwork, translations
from trickbook_site.build import build_site, write_localized_docs
from trickbook_site.errors import CatalogError
from trickbook_site.handcache import HandCache
from trickbook_site.hands import load_hands
from trickbook_site.project import Project
from trickbook_site.scaffold import new_site

if TYPE_CHECKING:
    from conftest import Counts

REPO = Path(__file__).resolve().parents[1]
RECORD = Path("docs/hands/nap/nap-four-hearts.hand.toml")
TITLE = "A Four in hearts: four tricks are enough"
EXTRA = 9  # records added to the new site: ten in all, so that each process gets several
BAD = 6    # the record made bad in the failure tests (a middle one: neither process's first)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new site (Nap; English and Portuguese) with ten records shown on its Nap page, two of them
    at a later step, one twice, and an inline record on the home page."""
    site = new_site(tmp_path_factory.mktemp("work") / "club", games=["nap"], languages=["en", "pt"])
    first = site / RECORD
    text = first.read_text(encoding="utf-8")
    page = site / "docs" / "nap.md"
    blocks = ['```hand\nref = "nap-four-hearts"\nstep = 6\n```']
    for n in range(1, EXTRA + 1):
        first.with_name(f"nap-copy-{n}.hand.toml").write_text(text.replace(TITLE, f"Copy {n} of the Four"),
                                                             encoding="utf-8")
        blocks.append(f'```hand\nref = "nap-copy-{n}"\n' + ("step = 13\n" if n % 4 == 0 else "") + "```")
    page.write_text(page.read_text(encoding="utf-8") + "\n" + "\n\n".join(blocks) + "\n", encoding="utf-8")
    inline = text.split("\n", 1)[1].replace(TITLE, "An inline Four")
    home = site / "docs" / "index.md"
    home.write_text(home.read_text(encoding="utf-8") + '\n```hand\nid = "inline-four"\n' + inline + "```\n",
                    encoding="utf-8")
    return site


@pytest.fixture
def site(template: Path, tmp_path: Path) -> Path:
    return copy_of(template, tmp_path)


def build_root(site: Path) -> Path:
    """The site's own build folder, with the engine's files of the checkout's, if made (``seeded_build_root``)."""
    return seeded_build_root(site / "build")


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def texts_of(site: Path) -> tuple[Project, translations.Catalogs, list[Any]]:
    project = Project(site)
    languages = project.languages()
    catalogs = translations.check_catalogs(project, languages, site / "build" / "mo")
    return project, catalogs, [catalogs.texts(lang) for lang in languages]


def bad_record(site: Path) -> Path:
    record = site / RECORD.with_name(f"nap-copy-{BAD}.hand.toml")
    text = record.read_text(encoding="utf-8")
    broken = text.replace("C 9H; D 7H", "C QS; D 7H", 1)
    assert broken != text
    record.write_text(broken, encoding="utf-8")
    return record


# ----- the number of processes ---------------------------------------------------------------

def test_jobs_follow_the_variable_the_cores_and_fork(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(handwork.JOBS_ENV, "1")
    assert handwork.jobs() == 1
    monkeypatch.setenv(handwork.JOBS_ENV, "3")
    assert handwork.jobs() == 3
    for value in ("", "0", "many", "-2"):
        monkeypatch.setenv(handwork.JOBS_ENV, value)
        assert handwork.jobs() == (os.cpu_count() or 1)
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    monkeypatch.setenv(handwork.JOBS_ENV, "4")
    assert handwork.jobs() == 1  # no fork: serial, whatever is asked


def test_with_one_process_nothing_is_done_ahead(site: Path) -> None:
    _, _, texts = texts_of(site)
    with handwork.replaying_ahead(site / "docs", site / "build", lambda: texts, 1) as wait:
        ahead = wait()
    assert (ahead.replayed, ahead.drawn, ahead.processes) == (0, 0, set())
    assert not (site / "build" / "cache" / "hands").exists()


# ----- the work shared out ---------------------------------------------------------------------

def test_the_plan_lists_every_record_in_load_order_with_the_steps_shown(site: Path) -> None:
    planned = handwork.plan(site / "docs")
    assert [r.hand_id for r in planned] == ["nap-copy-1", "nap-copy-2", "nap-copy-3", "nap-copy-4", "nap-copy-5",
                                            "nap-copy-6", "nap-copy-7", "nap-copy-8", "nap-copy-9",
                                            "nap-four-hearts", "inline-four"]
    steps = {r.hand_id: r.steps for r in planned}
    assert steps["nap-four-hearts"] == (0, 6) and steps["nap-copy-4"] == (13,) and steps["nap-copy-8"] == (13,)
    assert steps["nap-copy-1"] == (0,) and steps["inline-four"] == (0,)


def localize(site: Path, cache: bool) -> dict[str, str]:
    """What a build's pre-pass writes for each language, with the hand cache over ``build/`` or none."""
    project, catalogs, _ = texts_of(site)
    found = load_hands(project.docs, HandCache(site / "build") if cache else None)
    out: dict[str, str] = {}
    for lang in project.languages():
        dest = site / "build" / f"docs-{cache}" / lang.code / "docs"
        write_localized_docs(project, lang, found, catalogs.texts(lang), catalogs, dest,
                             HandCache(site / "build") if cache else None)
        for path in sorted(dest.parent.rglob("*")):
            if path.is_file():
                out[f"{lang.code}/{path.relative_to(dest.parent).as_posix()}"] = path.read_text(encoding="utf-8")
    return out


def test_two_processes_replay_every_record_once_and_draw_every_figure_so_the_languages_do_neither(
        site: Path, start_counting: Callable[[], Counts]) -> None:
    _, _, texts = texts_of(site)
    with handwork.replaying_ahead(site / "docs", site / "build", lambda: texts, 2) as wait:
        ahead = wait()
    figures = (EXTRA + 1 + 1 + 1) * 2  # every record at one step, the first at two more: in two languages
    assert ahead.replayed == EXTRA + 2 and ahead.drawn == figures
    assert len(ahead.processes) == 2 and os.getpid() not in ahead.processes
    assert len(ahead.keys) == EXTRA + 2
    counts = start_counting()
    shared = localize(site, cache=True)
    assert counts.replayed == [] and counts.drawn == []  # all done ahead
    assert shared == localize(site, cache=False)  # the pages a build without any of it writes
    # A second pass finds it all in the cache: nothing to fork for.
    with handwork.replaying_ahead(site / "docs", site / "build", lambda: texts, 2) as wait:
        again = wait()
    assert (again.replayed, again.drawn, again.processes) == (0, 0, set())


def test_a_parallel_build_writes_the_serial_builds_site_byte_for_byte(site: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    root = build_root(site)
    said: list[str] = []
    monkeypatch.setenv(handwork.JOBS_ENV, "1")
    build_site(Project(site), site_dir=site / "serial", build_root=root, log=said.append)
    assert any(line == f"replayed {EXTRA + 2} worked hands" for line in said), said
    shutil.rmtree(root / "cache")  # a cold build again: no hand, figure or page kept
    said.clear()
    monkeypatch.setenv(handwork.JOBS_ENV, "2")
    build_site(Project(site), site_dir=site / "parallel", build_root=root, log=said.append)
    assert any(line == f"replayed {EXTRA + 2} worked hands in 2 processes" for line in said), said
    serial, parallel = files(site / "serial"), files(site / "parallel")
    assert sorted(serial) == sorted(parallel)
    assert [name for name in serial if serial[name] != parallel[name]] == []


# ----- a bad record ----------------------------------------------------------------------------

def test_a_bad_record_met_in_a_forked_process_fails_the_build_as_the_serial_build_does(
        site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = build_root(site)
    out = site / "site"
    build_site(Project(site), site_dir=out, build_root=root)
    before = files(out)
    record = bad_record(site)
    errors = []
    for jobs in ("1", "2"):
        shutil.rmtree(root / "cache")
        monkeypatch.setenv(handwork.JOBS_ENV, jobs)
        with pytest.raises(RecordError) as info:
            build_site(Project(site), site_dir=out, build_root=root)
        errors.append(info.value)
    serial, parallel = errors
    assert str(parallel) == str(serial)
    assert parallel.file == str(record) and parallel.code == "must-follow-suit" and parallel.step is not None
    assert f"action {parallel.step}" in str(parallel)
    # The other records were replayed in the forked processes, then the build stopped: the previous
    # site is whole, and no half-made one is left in the build folder.
    kept = [p for p in (root / "cache" / "hands").glob("*/hand.json")]
    assert len(kept) == EXTRA + 1
    assert files(out) == before
    assert [p.name for p in root.iterdir() if p.name.startswith("site-")] == []


@pytest.mark.slow
def test_a_bad_record_fails_trickbook_build_in_one_line_whether_parallel_or_serial(site: Path) -> None:
    build_root(site)
    record = bad_record(site)
    lines = []
    for jobs in ("1", "2"):
        shutil.rmtree(site / "build" / "cache", ignore_errors=True)
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", handwork.JOBS_ENV: jobs}
        env.pop("TRICKBOOK_DEBUG", None)
        done = subprocess.run([str(Path(sys.executable).with_name("trickbook")), "build"], cwd=site, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 1 and "Traceback" not in done.stderr + done.stdout, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
        lines.append(done.stderr.strip())
    assert lines[0] == lines[1]
    assert lines[1].startswith(f"trickbook build: {record}:") and "action" in lines[1]
    assert not (site / "site").exists()


def test_a_broken_catalog_checked_while_the_hands_replay_fails_the_build_as_the_serial_build_does(
        site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The parent checks the catalogs while the processes replay (each reads the catalogs itself, and
    draws nothing from a catalog it cannot read): the error is the serial build's, after the records."""
    root = build_root(site)
    po = site / "locales" / "pt_PT" / "LC_MESSAGES" / "content.po"
    lines = po.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("msgstr") and i > 5)
    lines[at] = 'msgstr "sem fim'
    po.write_text("\n".join(lines) + "\n", encoding="utf-8")
    errors = []
    for jobs in ("1", "2"):
        shutil.rmtree(root / "cache", ignore_errors=True)
        monkeypatch.setenv(handwork.JOBS_ENV, jobs)
        with pytest.raises(CatalogError) as info:
            build_site(Project(site), site_dir=site / "site", build_root=root)
        errors.append(str(info.value))
    assert errors[0] == errors[1] and f"content.po:{at + 1}" in errors[1]
    # With a bad record too, the catalog is reported first, in both: it is checked before any replay.
    bad_record(site)
    for jobs in ("1", "2"):
        shutil.rmtree(root / "cache", ignore_errors=True)
        monkeypatch.setenv(handwork.JOBS_ENV, jobs)
        with pytest.raises(CatalogError):
            build_site(Project(site), site_dir=site / "site", build_root=root)
    assert not (site / "site").exists()


def test_a_glossary_slip_fails_the_build_before_any_hand_is_replayed_with_the_checks_message(
        site: Path) -> None:
    from trickbook_site.i18n.catalog import check

    glossary = site / "locales" / "pt_PT" / "glossary.toml"
    glossary.write_text('[[term]]\nen = "trick"\ntranslation = "lance"\n', encoding="utf-8")
    errors = [str(p) for p in check(site, ["pt_PT"]).errors]
    assert errors and all("glossary:" in e for e in errors)
    said: list[str] = []
    with pytest.raises(CatalogError) as info:
        build_site(Project(site), site_dir=site / "site", build_root=build_root(site), log=said.append)
    assert str(info.value).splitlines()[1:] == errors
    assert not [line for line in said if "replayed" in line]
    assert not (site / "site").exists()
    # A bad record as well is not reached: the translator hears of the glossary first.
    bad_record(site)
    with pytest.raises(CatalogError):
        build_site(Project(site), site_dir=site / "site", build_root=build_root(site))
