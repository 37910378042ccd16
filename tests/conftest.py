"""Shared fixtures: the real site, built once per test session.

``built_site`` builds the repository's site (every language, strict) into a
temporary folder and yields the site folder. Set ``TRICKBOOK_SITE_DIR`` to a
folder to reuse the build it holds (it is built there first when it holds none),
so that several test runs share one build.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Iterator

import pytest

REPO = Path(__file__).resolve().parents[1]


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
