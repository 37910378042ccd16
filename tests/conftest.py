"""Shared fixtures and the test tiers.

``built_site`` builds the repository's site (every language, strict) into a
temporary folder and yields the site folder. Set ``TRICKBOOK_SITE_DIR`` to a
folder to reuse the build it holds (it is built there first when it holds none),
so that several test runs share one build; ``scripts/test`` builds the site there
once before pytest starts, so that parallel workers share it.

The tiers (``scripts/test --fast`` and ``scripts/test``, see the README):

- ``TRICKBOOK_TEST_SCALE`` (default 1) scales the simulation counts (hands played by
  the conformance test and the like) and selects the Hypothesis profile: ``full`` at
  1 and above, ``fast`` below (``TRICKBOOK_FUZZ_EXAMPLES`` still sets the number of
  examples exactly when given).
- The ``slow`` marker leaves a test to the full tier; the ``smoke`` marker puts a
  browser test in the fast tier (one per page type).
- At the end of the run pytest prints the wall time and the time spent in each
  tier's tests (CPU, pyodide, browser, packaging).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

REPO = Path(__file__).resolve().parents[1]
_STARTED = time.perf_counter()


def _scale() -> float:
    text = os.environ.get("TRICKBOOK_TEST_SCALE", "1")
    try:
        value = float(text)
    except ValueError:
        raise pytest.UsageError(f"TRICKBOOK_TEST_SCALE must be a number such as 0.1 or 1, not {text!r}") from None
    if not 0 < value <= 10:
        raise pytest.UsageError(f"TRICKBOOK_TEST_SCALE must be above 0 and at most 10, not {text!r}")
    return value


def _hypothesis_profiles(scale: float) -> None:
    from hypothesis import HealthCheck, settings

    exact = os.environ.get("TRICKBOOK_FUZZ_EXAMPLES")
    common = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
    settings.register_profile("full", max_examples=int(exact or 300), **common)
    settings.register_profile("fast", max_examples=int(exact or 30), **common)
    settings.load_profile("full" if scale >= 1 else "fast")


def pytest_configure(config: pytest.Config) -> None:
    _hypothesis_profiles(_scale())


def _tier(item_keywords: object) -> str:
    for tier in ("pyodide", "browser", "packaging"):
        if tier in item_keywords:  # type: ignore[operator]
            return tier
    return "CPU"


_SPENT: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    tier = _tier(report.keywords)
    _SPENT[tier] = _SPENT.get(tier, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    wall = time.perf_counter() - _STARTED
    tier_name = os.environ.get("TRICKBOOK_TEST_TIER", "custom selection")
    split = ", ".join(f"{tier} {seconds:.0f} s" for tier, seconds in sorted(_SPENT.items()))
    terminalreporter.write_sep("-", "time")
    terminalreporter.write_line(f"tier: {tier_name}; pytest wall time {wall:.0f} s")
    if split:
        terminalreporter.write_line(f"time in tests (setup + call + teardown, summed over workers): {split}")


def _build_into(site: Path) -> float:
    from trickbook_site.build import build_site
    from trickbook_site.project import Project

    started = time.perf_counter()
    build_site(Project(REPO), site_dir=site, build_root=REPO / "build")
    return time.perf_counter() - started


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    reuse = os.environ.get("TRICKBOOK_SITE_DIR")
    if reuse:
        site = Path(reuse).resolve()
        if not (site / "index.html").is_file():
            _build_into(site)
        yield site
        return
    site = tmp_path_factory.mktemp("built") / "site"
    _build_into(site)
    yield site


@pytest.fixture(scope="session")
def small_course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A course as `trickbook new` makes it (one game, Nap; English, Portuguese and French), built once
    per test run into its ``site/``, its ``build/`` folder seeded with the checkout's engine files
    (``helpers.seeded_build_root``): for a test that needs *a* built course, not the default site's
    content. A test that changes it takes ``course_copy``."""
    from helpers import seeded_build_root

    from trickbook_site.build import build_site
    from trickbook_site.project import Project
    from trickbook_site.scaffold import new_site

    course = new_site(tmp_path_factory.mktemp("small") / "course", games=["nap"], languages=["en", "pt", "fr"])
    build_site(Project(course), site_dir=course / "site", build_root=seeded_build_root(course / "build"))
    return course


@pytest.fixture
def course_copy(small_course: Path, tmp_path: Path) -> Path:
    """A copy of the built ``small_course`` (its pages, records, catalogs, ``site/`` and ``build/``) for
    one test to change; a build of it finds the engine's files and the unchanged pages in its ``build/``."""
    import shutil

    from helpers import ENGINE_CACHES, seeded_build_root

    copy = tmp_path / small_course.name
    engine_files = small_course / "build"
    shutil.copytree(small_course, copy, symlinks=True, ignore=lambda folder, names: [
        name for name in names if Path(folder) == engine_files and name in ENGINE_CACHES])
    seeded_build_root(copy / "build", source=engine_files)  # (links: these files are never changed in place)
    return copy


class Counts:
    """The records replayed and the figures drawn in this process from the moment it is made (a forked
    process counts its own): what the hand cache's tests count instead of timing."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from trickbook_site import build, hands  # (not at the top: the engine's tests also run under Pyodide)

        self.replayed: list[str] = []
        self.drawn: list[tuple[str, int, str]] = []
        replay, draw_hand = hands.replay, build.draw_hand

        def counted_replay(record: Any, **kwargs: Any) -> Any:
            self.replayed.append(record.title)
            return replay(record, **kwargs)

        def counted_draw(hand: Any, step: int, texts: Any) -> Any:
            self.drawn.append((hand.id, step, texts.lang))
            return draw_hand(hand, step, texts)

        monkeypatch.setattr(hands, "replay", counted_replay)
        monkeypatch.setattr(build, "draw_hand", counted_draw)

    def reset(self) -> None:
        self.replayed.clear()
        self.drawn.clear()


@pytest.fixture
def start_counting(monkeypatch: pytest.MonkeyPatch) -> Callable[[], Counts]:
    """Starts counting replays and drawings when called (after any work done ahead in other processes)."""
    return lambda: Counts(monkeypatch)


@pytest.fixture(autouse=True)
def fixed_dealer_secrets(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """No test's deal rests on luck: the dealer's secrets (``fairseed.new_value``, which a table or a class draws
    in this process) come from the test's own name, so that each test gets the same deals on every run and a
    test that needs a kind of deal finds it by the values it chooses. Servers run as subprocesses take
    ``--secrets`` (tests/browser/online_server.py) for the same end."""
    import hashlib
    import itertools

    from trickbook import fairseed

    drawn = itertools.count()
    monkeypatch.setattr(fairseed, "new_value",
                        lambda: hashlib.sha256(f"{request.node.nodeid}/{next(drawn)}".encode()).hexdigest())
