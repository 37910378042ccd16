"""Where a site's sources live, and which languages it is built in.

A site folder holds `mkdocs.yml`, `docs/` (pages and `docs/hands/` records) and
`locales/`. When the current folder is not one, the embedded default site is
used: a copy packaged beside this module (`default_site/`, when present) or, in a
source checkout, the repository this package sits in (a wheel carries the copy:
see `setup.py`). Parts a site may leave out (`overrides/`, `widgets/`) come from
the default site; the Pyodide runtime is looked for as `pyodide_runtime_dir` says.
"""

from __future__ import annotations

import os
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from trickbook.errors import TrickbookError

from .errors import SiteError

PACKAGE_DIR = Path(__file__).resolve().parent

# The source language and the languages we know how to name; others get Babel's name.
SOURCE_LANGUAGE = "en"
# European Portuguese is the project's Portuguese (Babel's plain `pt` is Brazilian).
LOCALE_FOR_CODE = {"pt": "pt_PT"}


@dataclass(frozen=True)
class Language:
    """One language of the site: its URL folder, catalog locale and HTML tag."""

    code: str          # URL folder and Material's theme language: en, pt, fr
    locale: str | None  # catalog folder under locales/ (None for the source language)
    html_lang: str     # <html lang>: en, pt-PT, fr
    name: str          # the language's own name, for the switcher

    @property
    def is_source(self) -> bool:
        return self.locale is None


def language_for_locale(locale: str) -> Language:
    """The site language whose catalogs live in ``locales/<locale>/``."""
    from babel import Locale, UnknownLocaleError

    try:
        babel_locale = Locale.parse(locale)
    except (ValueError, UnknownLocaleError) as exc:
        raise SiteError(f"locales/{locale}: not a known locale ({exc})") from None
    code = babel_locale.language
    html_lang = code + (f"-{babel_locale.territory}" if babel_locale.territory else "")
    name = babel_locale.get_language_name(locale) or locale
    return Language(code=code, locale=locale, html_lang=html_lang, name=name[:1].upper() + name[1:])


ENGLISH = Language(code=SOURCE_LANGUAGE, locale=None, html_lang="en", name="English")


def locale_for_code(code: str) -> str:
    """The catalog locale for a language code given on the command line (pt -> pt_PT)."""
    return LOCALE_FOR_CODE.get(code, code)


@dataclass(frozen=True)
class Project:
    """A site's source folder."""

    root: Path

    @property
    def config_file(self) -> Path:
        return self.root / "mkdocs.yml"

    @property
    def docs(self) -> Path:
        return self.root / "docs"

    @property
    def hands(self) -> Path:
        return self.docs / "hands"

    @property
    def locales(self) -> Path:
        return self.root / "locales"

    @property
    def overrides(self) -> Path:
        return _own_or_default(self.root / "overrides")

    @property
    def widgets(self) -> Path:
        return _own_or_default(self.root / "widgets")

    @property
    def watched(self) -> list[Path]:
        """What `trickbook serve` watches for changes."""
        return [self.docs, self.locales, self.widgets, self.overrides, self.config_file]

    @property
    def pyproject(self) -> Path:
        return self.root / "pyproject.toml"

    def game_modules(self) -> list[str]:
        """The site's own game modules: ``games`` under ``[tool.trickbook]`` in its pyproject.toml.

        A site that adds a game names the module here (``games = ["my_games.whist"]``);
        a record only ever names a game the registry knows.
        """
        if not self.pyproject.is_file():
            return []
        try:
            data = tomllib.loads(self.pyproject.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise SiteError(f"{self.pyproject}: cannot read it: {exc}") from None
        section = data.get("tool", {}).get("trickbook", {})
        names = section.get("games", []) if isinstance(section, dict) else []
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise SiteError(f"{self.pyproject}: [tool.trickbook] games must be a list of module names")
        return names

    def load_games(self) -> None:
        """Register the site's own games (see ``game_modules``); the site folder is on the import path."""
        from trickbook.games import load_game_modules

        names = self.game_modules()
        if not names:
            return
        root = str(self.root)
        if root not in sys.path:
            sys.path.insert(0, root)
        try:
            load_game_modules(names)
        except TrickbookError as exc:
            raise SiteError(f"{self.pyproject}: [tool.trickbook] games: {exc}") from None

    def languages(self) -> list[Language]:
        """English first, then every language with a catalog folder, by URL code."""
        found: dict[str, Language] = {}
        if self.locales.is_dir():
            for folder in sorted(self.locales.iterdir()):
                if (folder / "LC_MESSAGES").is_dir():
                    lang = language_for_locale(folder.name)
                    if lang.code in found or lang.code == SOURCE_LANGUAGE:
                        raise SiteError(f"locales/{folder.name}: a second catalog for language {lang.code!r}")
                    found[lang.code] = lang
        return [ENGLISH] + [found[c] for c in sorted(found)]


def is_site_folder(folder: Path) -> bool:
    return (folder / "mkdocs.yml").is_file() and (folder / "docs").is_dir()


def default_project() -> Project:
    """The embedded default site: packaged data first, then this source checkout."""
    for candidate in (PACKAGE_DIR / "default_site", PACKAGE_DIR.parents[1]):
        if is_site_folder(candidate):
            return Project(candidate)
    raise SiteError("no site here (no mkdocs.yml and docs/) and no embedded default site installed")


def find_project(folder: Path | None = None) -> Project:
    """The site in ``folder`` (default: the current folder), else the default site."""
    here = Path.cwd() if folder is None else folder
    if is_site_folder(here):
        return Project(here.resolve())
    return default_project()


def _own_or_default(path: Path) -> Path:
    if path.exists():
        return path
    default = default_project().root / path.name
    if default.exists():
        return default
    raise SiteError(f"{path}: missing, and the default site has no {path.name}/ either")


PYODIDE_ENV = "TRICKBOOK_PYODIDE_DIR"


def is_pyodide_runtime(folder: Path) -> bool:
    """Whether ``folder`` is the npm `pyodide` package (its lockfile and package.json)."""
    return (folder / "pyodide-lock.json").is_file() and (folder / "package.json").is_file()


def pyodide_runtime_dir(project: Project, here: Path | None = None) -> Path:
    """The npm `pyodide` package folder the site is built with.

    $TRICKBOOK_PYODIDE_DIR when set (and then nothing else); otherwise
    `node_modules/pyodide` in the site folder or one of its parents, then in the
    current folder (``here``) or one of its parents, as Node looks for packages, and
    last in the default site's own folder (a source checkout has it there). An
    installed trickbook ships no runtime: when none is found, one clear error says
    how to get it.
    """
    env = os.environ.get(PYODIDE_ENV)
    if env:
        if is_pyodide_runtime(Path(env)):
            return Path(env)
        raise SiteError(f"{PYODIDE_ENV}={env}: not the npm `pyodide` package folder "
                        "(no pyodide-lock.json and package.json there)")
    here = (Path.cwd() if here is None else here).resolve()
    site, default = project.root.resolve(), default_project().root.resolve()
    # An installed default site sits in site-packages, whose parents are no project of the reader's.
    site_folders = [site] if site == default else [site, *site.parents]
    for folder in dict.fromkeys([*site_folders, here, *here.parents, default]):
        candidate = folder / "node_modules" / "pyodide"
        if is_pyodide_runtime(candidate):
            return candidate
    raise SiteError(
        f"the Pyodide runtime is missing (no node_modules/pyodide in {here} or its parents): "
        f"run `npm install pyodide` there, or set {PYODIDE_ENV} to the folder of the npm `pyodide` package"
    )
