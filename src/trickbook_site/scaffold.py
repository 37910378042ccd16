"""`trickbook new DIR`: start a site of one's own, laid out like the default site.

The new folder gets `mkdocs.yml`, `docs/index.md`, one page per chosen game with
an example worked hand (a record copied from the default site, under
`docs/hands/<game>/`), `babel.cfg` for the pages' catalogs and, for each chosen
language, catalogs under `locales/`: the pages' own, started empty, and the
default site's translations of the widget labels and engine messages. A GitHub
Actions workflow (`.github/workflows/publish.yml`) publishes the site to GitHub Pages
with `trickbook publish`.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from trickbook.games import canonical_name, find_game
from trickbook.record import SUFFIX
from trickbook.record.sources import id_from_file_name

from .errors import SiteError
from .project import SOURCE_LANGUAGE, default_project, locale_for_code

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

Each page shows a worked hand from `docs/hands/`. Add a record there, refer to it from a page with a `hand` block holding `ref = "its-id"`, then run `trickbook build` to check and build the site, or `trickbook serve` to look at it while you write.
"""

GAME_MD = """\
# {title} {{ #{game} }}

An example hand of {title}, step by step.

```hand
ref = "{hand_id}"
```
"""

BABEL_CFG = f"""\
# The `content` catalog: the pages and the titles and notes of the hand records.
[trickbook_markdown: docs/**.md]
[trickbook_hand: docs/hands/**{SUFFIX}]
"""

# The catalogs a site shares with the default site rather than writing its own.
SHARED_DOMAINS = ("ui", "engine")


def example_record(game: str) -> Path:
    """The game's example hand in the default site (``HandState.example``), else its first worked hand."""
    folder = default_project().hands / game
    records = sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []
    if not records:
        raise SiteError(f"the default site has no worked hand of {game} to start from")
    preferred = folder / f"{find_game(game).example}{SUFFIX}"
    return preferred if preferred in records else records[0]


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
env:
  # Where pip finds trickbook (a package name, a wheel's address or git+https://…).
  TRICKBOOK: "trickbook[site]=={version}"
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
      - run: python -m pip install "$TRICKBOOK"
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
    pyodide = json.loads(package.read_text(encoding="utf-8"))["dependencies"]["pyodide"] if package.is_file() else "314.0.7"
    return PUBLISH_WORKFLOW.format(version=trickbook.__version__, pyodide=pyodide)


def new_site(folder: Path, games: list[str], languages: list[str]) -> Path:
    """Create the site; ``folder`` must not exist or be empty."""
    games = [canonical_name(g) for g in games] or ["nap"]
    if languages and languages[0] != SOURCE_LANGUAGE or not languages:
        raise SiteError(f"--languages must start with the source language {SOURCE_LANGUAGE!r}, e.g. en,pt,fr")
    if folder.exists() and any(folder.iterdir()):
        raise SiteError(f"{folder}: already exists and is not empty")
    records = {g: example_record(g) for g in games}
    site_name = folder.resolve().name
    docs = folder / "docs"
    (docs / "hands").mkdir(parents=True)
    pages = ["index.md"] + [f"{g}.md" for g in games]
    (folder / "mkdocs.yml").write_text(
        MKDOCS_YML.format(site_name=site_name, nav="\n".join(f"  - {p}" for p in pages)), encoding="utf-8")
    titles = {g: find_game(g).title for g in games}
    links = "\n".join(f"- [{titles[g]}]({g}.md)" for g in games)
    (docs / "index.md").write_text(
        INDEX_MD.format(site_name=site_name, games=", ".join(titles.values()), links=links),
        encoding="utf-8")
    for game, record in records.items():
        (docs / "hands" / game).mkdir()
        shutil.copyfile(record, docs / "hands" / game / record.name)
        hand_id = id_from_file_name(record)
        assert hand_id is not None  # found by the suffix
        (docs / f"{game}.md").write_text(GAME_MD.format(title=titles[game], game=game, hand_id=hand_id),
                                         encoding="utf-8")
    (folder / "babel.cfg").write_text(BABEL_CFG, encoding="utf-8")
    (folder / ".github" / "workflows").mkdir(parents=True)
    (folder / ".github" / "workflows" / "publish.yml").write_text(publish_workflow(), encoding="utf-8")
    for code in languages[1:]:
        start_language(folder, locale_for_code(code))
    return folder


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
