"""Packaging hook: ship the default site inside the wheel as `trickbook_site/default_site/`.

The default site (pages and worked hands, catalogs, `mkdocs.yml`, theme overrides,
widgets and Babel mappings) lives once, at the top of the repository. Building a
wheel copies it beside the generator, where `trickbook_site.project.default_project`
looks first, so that an installed `trickbook build` run outside any site folder
builds it. Everything else about the package is declared in `pyproject.toml`;
`MANIFEST.in` puts the same files into the source distribution.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SITE_FOLDERS = ("docs", "locales", "overrides", "widgets")
SITE_FILES = ("mkdocs.yml",)
SITE_FILE_PATTERNS = ("babel*.cfg",)
# Build products and caches that may sit in a working tree but are never sources.
NOT_SOURCES = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo", "*.mo", ".DS_Store")


def default_site_files() -> list[Path]:
    """The top-level files and folders that make up the default site."""
    parts = [ROOT / name for name in SITE_FOLDERS + SITE_FILES]
    for pattern in SITE_FILE_PATTERNS:
        parts.extend(sorted(ROOT.glob(pattern)))
    missing = [p.name for p in parts if not p.exists()]
    if missing:
        raise SystemExit(f"cannot package the default site: missing {', '.join(missing)} in {ROOT}")
    return parts


class build_py_with_default_site(build_py):
    """`build_py`, then a copy of the default site into the built `trickbook_site` package."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return  # an editable install finds the default site in the checkout itself
        target = Path(self.build_lib) / "trickbook_site" / "default_site"
        shutil.rmtree(target, ignore_errors=True)  # no stale pages from an earlier build
        target.mkdir(parents=True)
        for part in default_site_files():
            if part.is_dir():
                shutil.copytree(part, target / part.name, ignore=NOT_SOURCES)
            else:
                shutil.copyfile(part, target / part.name)


setup(cmdclass={"build_py": build_py_with_default_site})
