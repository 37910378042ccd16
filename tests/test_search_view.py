"""The search reads a worked hand as it indexes it (``mkdocs_run.search_view``), and builds the same index.

The theme's search parser tokenizes every tag of a page, even inside the parts marked
``data-search-exclude`` that it leaves out; a course page is mostly its figures' tables and
narration. The build gives it each figure without those parts and its data script, then puts
the whole figure back. Every worked hand of the site, in each language, must give the search
the same sections, title and text, both ways.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from material.plugins.search.plugin import Parser  # type: ignore[import-untyped]

from trickbook_site import translations
from trickbook_site.figure import render_hand
from trickbook_site.hands import load_hands
from trickbook_site.mkdocs_run import PageFacts, search_view
from trickbook_site.project import Project

REPO = Path(__file__).resolve().parents[1]


def sections(html: str) -> list[tuple[str | None, str, str]]:
    parser = Parser()
    parser.feed(html)
    parser.close()
    return [(s.id, "".join(s.title).strip(), "".join(s.text).strip()) for s in parser.data if not s.is_excluded()]


def page(*figures: str) -> str:
    """A page as MkDocs renders it: headings, prose and figures between them."""
    body = "\n".join(f'<h2 id="part-{n}">Part {n}</h2>\n<p>Some prose {n}.</p>\n{f}\n<p>After {n}.</p>'
                     for n, f in enumerate(figures))
    return f'<h1 id="course">Course</h1>\n<p>Intro.</p>\n{body}\n'


@pytest.fixture(scope="module")
def figures(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Every worked hand of the site, at its first step and at its last, in each language."""
    project = Project(REPO)
    hands = load_hands(project.docs)
    languages = project.languages()
    catalogs = translations.check_catalogs(project, languages, tmp_path_factory.mktemp("mo"))
    out: dict[str, list[str]] = {}
    for lang in languages:
        texts = catalogs.texts(lang)
        out[lang.code] = [render_hand(hand, step, texts) for hand in hands.values()
                          for step in (0, len(hand.trace.steps) - 1)]
    return out


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_every_figure_gives_the_search_the_same_index_read_whole_or_as_searched(figures: dict[str, list[str]],
                                                                                 lang: str) -> None:
    whole = figures[lang]
    assert len(whole) > 40
    assert sections(page(*whole)) == sections(page(*(search_view(f) for f in whole)))
    for figure in whole:  # each alone too: nothing of one figure makes up for another
        assert sections(page(figure)) == sections(page(search_view(figure)))


def test_the_search_view_is_the_figures_summary_without_tables_narration_or_data(
        figures: dict[str, list[str]]) -> None:
    figure = next(f for f in figures["en"] if 'data-hand-id="nap-four-hearts"' in f and 'data-step="0"' in f)
    seen = search_view(figure)
    assert len(seen) * 5 < len(figure)
    assert 'class="tb-title"' in seen and 'class="tb-trump"' in seen
    for left_out in ("<table", "tb-narration", "tb-data", "<script", "data-search-exclude"):
        assert left_out not in seen, left_out
    assert seen.startswith('<figure class="tb-hand"') and seen.rstrip().endswith("</figure>")
    text = " ".join(t for _, _, t in sections(page(figure)))
    assert "Trumps" in text  # what search finds of a hand: its title, trumps, tricks and score


class _Page:
    def __init__(self, content: str) -> None:
        self.content = content
        self.file = type("File", (), {"src_uri": "course.md"})()


def _config(tmp_path: Path, figures: list[str]) -> Any:
    """A language's configuration whose page ``course.md`` holds ``figures`` (as ``build.write_figures``
    leaves them)."""
    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    (tmp_path / "figures").mkdir(exist_ok=True)
    (tmp_path / "figures" / "course.md.json").write_text(json.dumps({str(n): f for n, f in enumerate(figures)}),
                                                          encoding="utf-8")
    return type("Config", (), {"plugins": {}, "docs_dir": str(docs)})()


def test_the_page_gets_its_whole_figures_back_after_the_search_has_read_it(figures: dict[str, list[str]],
                                                                         tmp_path: Path) -> None:
    """The figures go back whole after the search (which strips its own attributes from the page)."""
    whole = figures["fr"][:3]
    config = _config(tmp_path, whole)
    PageFacts.add_to(config)
    facts = config.plugins[PageFacts.NAME]
    after = config.plugins["trickbook-full-figures"]
    content = page(*whole).replace("<p>Intro.</p>", '<p data-search-boost="2">Intro.</p>')
    p = _Page(content)
    facts.shown.add(p.file.src_uri)
    facts.on_page_context({}, page=p, config=config, nav=None)
    assert all(f not in p.content for f in whole) and all(search_view(f) in p.content for f in whole)
    p.content = p.content.replace(' data-search-boost="2"', "")  # what Material's search does after reading
    after.on_page_context({}, page=p, config=config, nav=None)
    assert p.content == content.replace(' data-search-boost="2"', "")
    # Without a search plugin, the page comes back as it was.
    p = _Page(content)
    facts.shown.add(p.file.src_uri)
    facts.on_page_context({}, page=p, config=config, nav=None)
    after.on_page_context({}, page=p, config=config, nav=None)
    assert p.content == content
