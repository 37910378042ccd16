"""`trickbook new DIR`: start a site of one's own, laid out like the default site.

The new folder gets `mkdocs.yml`, `docs/index.md`, one page per chosen game with
an example worked hand (a record copied from the default site, under
`docs/hands/<game>/`; a game the default site has no hand of, such as a course's
own, gets a page from its class: its facts, its play table and its practice),
`babel.cfg` for the pages' catalogs and, for each chosen language, catalogs under
`locales/`: the pages' own, started empty, and the default site's translations of
the widget labels and engine messages, and its glossary.

``add_games`` adds games to a course made before (``trickbook add-game``, or ``new``
with ``--games`` on a course), keeping everything its author wrote.
A GitHub Actions workflow (`.github/workflows/publish.yml`) publishes the site to GitHub
Pages with `trickbook publish`, installing the trickbook the course carries in `.trickbook/`
(see ``carry``); ``update_workflow`` writes both again with the running trickbook.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Callable

from trickbook.games import canonical_name, find_game
from trickbook.record import SUFFIX
from trickbook.record.sources import id_from_file_name

from .carry import INSTALL, carry
from .errors import SiteError
from .project import SOURCE_LANGUAGE, default_project, is_site_folder, locale_for_code

# The games a course starts with when ``--games`` is not given.
DEFAULT_GAMES = ("nap",)

MKDOCS_YML = """\
# Build with `trickbook build`, look with `trickbook serve` (not `mkdocs build`:
# the worked hands, the translations and the widgets come from trickbook).
site_name: {site_name}
docs_dir: docs
strict: true

nav:
{nav}

theme:
  name: material
  font: false

plugins:
  - search

extra:
  generator: false

markdown_extensions:
  - toc:
      permalink: true
  - attr_list
  - admonition
  - def_list
  - tables
  - pymdownx.highlight
  - pymdownx.superfences
"""

INDEX_MD = """\
# {site_name} {{ #home }}

Worked hands of {games}, replayed card by card by the trickbook rule engine.

## Pages {{ #pages }}

{links}

## Writing your own hands {{ #writing }}

Each page shows a worked hand from `docs/hands/`. Add a record there, refer to it from a page with a \
`hand` block holding `ref = "its-id"`, then run `trickbook build` to check and build the site, or \
`trickbook serve` to look at it while you write.
"""

GAME_MD = """\
# {title} {{ #{game} }}

An example hand of {title}, step by step.

```hand
ref = "{hand_id}"
```
"""

# The page of a game the default site has no worked hand of (a course's own game): started from its class,
# with its facts, its play table and its practice; the author adds worked hands of it.
GAME_FROM_CLASS_MD = """\
# {title} {{ #{game} }}

{title} is played by {players}, {hand_size} cards each. Play it against the computer, or practise it:
the rule engine deals, plays and judges by the game's own rules.

## Play {{ #play }}

<div class="tb-table" data-game="{game}" markdown>

The play table runs in your browser and needs JavaScript. Turn JavaScript on and reload this page to play.

</div>

## Practise {{ #practice }}

<div class="tb-practice" data-game="{game}" markdown>

The practice questions come from the rule engine, which runs in your browser and needs JavaScript.

</div>

<script type="module" src="../../assets/widgets/play-table/start.js"></script>
<script type="module" src="../../assets/widgets/practice/practice.js"></script>
"""

BABEL_CFG = f"""\
# The `content` catalog: the pages and the titles and notes of the hand records.
[trickbook_markdown: docs/**.md]
[trickbook_hand: docs/hands/**{SUFFIX}]
"""

# What the commands make from a course, made again by every build, serve or publish: left out of its repository
# (site/ the built site, build/ the caches and the online tables' store, public/ a publish's folder).
GITIGNORE = """\
# Made by trickbook from the course, and made again by every build, serve or publish.
site/
build/
public/
"""

# The catalogs a site shares with the default site rather than writing its own.
SHARED_DOMAINS = ("ui", "engine")


def example_record(game: str) -> Path | None:
    """The game's example hand in the default site (``HandState.example``), else its first worked hand;
    None for a game the default site has no worked hand of (its page is started from its class)."""
    folder = default_project().hands / game
    records = sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []
    if not records:
        return None
    preferred = folder / f"{find_game(game).example}{SUFFIX}"
    return preferred if preferred in records else records[0]


def _players(game: str) -> str:
    """How many play ``game``, in words, from its class."""
    counts = find_game(game).seat_counts
    low, high = counts.start, counts.stop - 1
    return f"{low} players" if low == high else f"{low} to {high} players"


# `trickbook publish` on GitHub's machines, the result uploaded to GitHub Pages.
PUBLISH_WORKFLOW = """\
# Publishes the site to GitHub Pages on every push to the main branch.
# On GitHub: Settings > Pages > Source: GitHub Actions.
name: publish
on:
  push:
    branches: [main]
  workflow_dispatch:
permissions:
  contents: read
  pages: write
  id-token: write
concurrency:
  group: pages
  cancel-in-progress: true
jobs:
  publish:
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: ${{{{ steps.deployment.outputs.page_url }}}}
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: "3.12"
      - uses: actions/setup-node@v4
        with:
          node-version: "20"
      - run: sudo apt-get install -y gettext
      # trickbook {version}, the one this course carries in .trickbook/, and what it needs:
      # pip checks every file against the sha256 written there and installs nothing else.
      - run: {install}
      # The Python runtime the site ships to readers' browsers.
      - run: npm install --no-save pyodide@{pyodide}
      - id: pages
        uses: actions/configure-pages@v5
      - run: trickbook publish --base-url "${{{{ steps.pages.outputs.base_url }}}}/" --out public
      - uses: actions/upload-pages-artifact@v3
        with:
          path: public
      - id: deployment
        uses: actions/deploy-pages@v4
"""


def publish_workflow() -> str:
    """The GitHub Pages workflow of a new site, with this trickbook's and its runtime's versions."""
    import json

    import trickbook

    package = default_project().root / "package.json"
    pyodide = (json.loads(package.read_text(encoding="utf-8"))["dependencies"]["pyodide"]
               if package.is_file() else "314.0.7")
    return PUBLISH_WORKFLOW.format(version=trickbook.__version__, pyodide=pyodide, install=INSTALL)


def new_site(folder: Path, games: list[str], languages: list[str]) -> Path:
    """Create the site; ``folder`` must not exist or be empty (a course already there: see ``add_games``)."""
    games = [canonical_name(g) for g in games] or list(DEFAULT_GAMES)
    if languages and languages[0] != SOURCE_LANGUAGE or not languages:
        raise SiteError(f"--languages must start with the source language {SOURCE_LANGUAGE!r}, e.g. en,pt,fr")
    if folder.exists() and any(folder.iterdir()):
        raise SiteError(f"{folder}: already exists and is not empty")
    records = {g: example_record(g) for g in games}
    site_name = folder.resolve().name
    _write_workflow(folder)  # first: when trickbook's wheel cannot be made, nothing is written
    docs = folder / "docs"
    (docs / "hands").mkdir(parents=True)
    pages = ["index.md"] + [f"{g}.md" for g in games]
    (folder / "mkdocs.yml").write_text(
        MKDOCS_YML.format(site_name=site_name, nav="\n".join(f"  - {p}" for p in pages)), encoding="utf-8")
    titles = {g: find_game(g).title for g in games}
    (docs / "index.md").write_text(
        INDEX_MD.format(site_name=site_name, games=", ".join(titles.values()), links=_links(games)),
        encoding="utf-8")
    for game, record in records.items():
        _write_game(docs, game, record)
    (folder / "babel.cfg").write_text(BABEL_CFG, encoding="utf-8")
    (folder / ".gitignore").write_text(GITIGNORE, encoding="utf-8")
    for code in languages[1:]:
        start_language(folder, locale_for_code(code))
    return folder


def update_workflow(folder: Path) -> None:
    """Write the course's publishing workflow and the trickbook it carries again, from the running trickbook."""
    if not is_site_folder(folder):
        raise SiteError(f"{folder}: not a course (no mkdocs.yml and docs/): make one with `trickbook new DIR`")
    _write_workflow(folder)


def _write_workflow(folder: Path) -> None:
    """``.github/workflows/publish.yml``, and in ``.trickbook/`` the wheel and the requirements it installs."""
    carry(folder)
    (folder / ".github" / "workflows").mkdir(parents=True, exist_ok=True)
    (folder / ".github" / "workflows" / "publish.yml").write_text(publish_workflow(), encoding="utf-8")


def add_games(folder: Path, games: list[str]) -> list[str]:
    """Add games to a course made by ``new``, keeping everything its author wrote.

    Each new game gets its page (``docs/<game>.md``) and its example hand, an
    entry at the end of the ``nav`` of ``mkdocs.yml`` and a link at the end of
    the home page's list of pages. No existing file is replaced: a game whose
    page or hand is already there is refused. Returns the games added.
    """
    if not is_site_folder(folder):
        raise SiteError(f"{folder}: not a course (no mkdocs.yml and docs/): make one with `trickbook new DIR`")
    games = list(dict.fromkeys(canonical_name(g) for g in games))
    if not games:
        raise SiteError("name a game to add: nap, yorkshire, trinidad or euchre")
    docs = folder / "docs"
    records = {g: example_record(g) for g in games}
    for game, record in records.items():
        for path in (docs / f"{game}.md", *([docs / "hands" / game / record.name] if record else [])):
            if path.exists():
                raise SiteError(f"{path}: already there; {find_game(game).title} is part of this course "
                                "(nothing was changed)")
    for game, record in records.items():
        _write_game(docs, game, record)
    _edit(folder / "mkdocs.yml", lambda text: _with_nav_entries(text, [f"{g}.md" for g in games]))
    index = docs / "index.md"
    if index.is_file():
        _edit(index, lambda text: _with_links(text, games))
    return games


def _edit(path: Path, change: Callable[[str], str]) -> None:
    """Rewrite ``path`` through ``change``, keeping its line endings (a file written with CRLF stays CRLF)."""
    with open(path, encoding="utf-8", newline="") as handle:
        text = handle.read()
    crlf = "\r\n" in text
    changed = change(text.replace("\r\n", "\n"))
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(changed.replace("\n", "\r\n") if crlf else changed)


def _links(games: list[str]) -> str:
    return "\n".join(f"- [{find_game(g).title}]({g}.md)" for g in games)


def _write_game(docs: Path, game: str, record: Path | None) -> None:
    """The game's page and its example hand; without one, its page from its class (``GAME_FROM_CLASS_MD``)."""
    cls = find_game(game)
    if record is None:
        (docs / f"{game}.md").write_text(GAME_FROM_CLASS_MD.format(
            title=cls.title or game, game=game, players=_players(game), hand_size=cls.hand_size), encoding="utf-8")
        return
    (docs / "hands" / game).mkdir(parents=True, exist_ok=True)
    shutil.copyfile(record, docs / "hands" / game / record.name)
    hand_id = id_from_file_name(record)
    assert hand_id is not None  # found by the suffix
    (docs / f"{game}.md").write_text(GAME_MD.format(title=find_game(game).title, game=game, hand_id=hand_id),
                                     encoding="utf-8")


def _with_nav_entries(config: str, pages: list[str]) -> str:
    """``mkdocs.yml``'s text with ``pages`` added at the end of its ``nav`` list (kept as written otherwise).

    Without a ``nav``, MkDocs lists every page by itself, so nothing is added.

    >>> print(_with_nav_entries("site_name: x\\nnav:\\n  - index.md\\n  - nap.md\\n\\ntheme: {}\\n", ["euchre.md"]),
    ...       end="")
    site_name: x
    nav:
      - index.md
      - nap.md
      - euchre.md
    <BLANKLINE>
    theme: {}
    """
    lines = config.split("\n")
    start = next((i for i, line in enumerate(lines) if line.rstrip() == "nav:"), None)
    if start is None:
        return config
    last, indent = start, "  - "
    for i in range(start + 1, len(lines)):
        line = lines[i]
        if line.strip() and not line[0].isspace():
            break  # the next top-level key
        if line.lstrip().startswith("- "):
            last, indent = i, line[: len(line) - len(line.lstrip())] + "- "
    entries = [f"{indent}{page}" for page in pages if not re.search(rf"(^|[\s:]){re.escape(page)}\s*$",
                                                                     "\n".join(lines[start:last + 1]), re.M)]
    return "\n".join(lines[: last + 1] + entries + lines[last + 1:])


def _with_links(index: str, games: list[str]) -> str:
    """The home page with a link to each new game after the last link of its list of pages, if it has one."""
    lines = index.split("\n")
    heading = next((i for i, line in enumerate(lines) if line.startswith("## ") and "#pages" in line), None)
    if heading is None:
        return index
    end = heading
    for i in range(heading + 1, len(lines)):
        if lines[i].startswith("#"):
            break
        if lines[i].startswith("- ["):
            end = i
    new = [line for line in _links(games).split("\n") if line not in lines]
    return "\n".join(lines[: end + 1] + new + lines[end + 1:]) if end > heading else index


def start_language(folder: Path, locale: str) -> None:
    """The pages' catalog for a new language, plus the default site's shared translations."""
    from . import i18n

    i18n.add(folder, locale)
    shared = default_project().locales / locale / "LC_MESSAGES"
    target = folder / "locales" / locale / "LC_MESSAGES"
    for domain in SHARED_DOMAINS:
        source = shared / f"{domain}.po"
        if source.is_file():
            shutil.copyfile(source, target / f"{domain}.po")
    glossary = default_project().locales / locale / "glossary.toml"
    if glossary.is_file():  # the words of the games, one translation each, as the default site has them
        shutil.copyfile(glossary, folder / "locales" / locale / "glossary.toml")
