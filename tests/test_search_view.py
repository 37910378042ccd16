"""The theme's search reads each figure without the parts it leaves out, and indexes the same.

Material's search parses every page's HTML; most of a course page is its worked hands'
figures, whose tables, narration and printed questions carry ``data-search-exclude``. The
build gives the search each figure with those parts as empty stand-ins (``search_view``) and
puts the figures back whole once it has read the page, so the index is the same and the
page as written is the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from material.plugins.search.plugin import Parser

from trickbook_site.figure import Texts, render_hand
from trickbook_site.hands import replay_hand
from trickbook_site.mkdocs_run import search_view

REPO = Path(__file__).resolve().parents[1]
HANDS = sorted((REPO / "docs" / "hands").rglob("*.hand.toml"))


def sections(html: str) -> list[tuple[str, str, str | None]]:
    parser = Parser()
    parser.feed(f'<h1 id="page">Page</h1>\n<p>Before.</p>\n{html}\n<h2 id="after">After</h2><p>Text.</p>')
    parser.close()
    return [("".join(s.title), "".join(s.text), s.id) for s in parser.data]


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.name.removesuffix(".hand.toml"))
def test_a_figures_search_view_indexes_as_the_figure_does(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    hand = replay_hand(path.name.removesuffix(".hand.toml"), text, path, 1)
    figure = render_hand(hand, 0, Texts(lang="en"))
    view = search_view(figure)
    assert sections(view) == sections(figure)
    # What the search never reads is gone from its view, and what it reads stays.
    assert "tb-deal-table" in figure and "tb-deal-table" not in view
    assert "tb-narration" in figure and "tb-narration" not in view
    assert 'class="tb-data"' in figure and 'class="tb-data"' not in view
    assert '<figcaption class="tb-title"' in view and len(view) < len(figure) / 2
    if "tb-questions-print" in figure:
        assert "tb-questions-print" not in view


def test_the_built_pages_hold_their_figures_whole(built_site: Path) -> None:
    """The search read the stand-ins; the pages as written hold the figures, none of the stand-ins."""
    for code in ("en", "pt", "fr"):
        for page in ("nap", "trinidad", "euchre"):
            html = (built_site / code / page / "index.html").read_text(encoding="utf-8")
            assert html.count('<ol class="tb-narration"') == html.count('<figure class="tb-hand"') > 0, (code, page)
            assert "<ol data-search-exclude></ol>" not in html and "<div data-search-exclude></div>" not in html
