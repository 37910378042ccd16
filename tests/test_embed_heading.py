"""The embed pages' head and heading: the page's title without its permalink mark, the site's icon (so
that a browser does not ask for /favicon.ico) and one h1."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from trickbook_site import embed

PAGE_HEAD = ('<!doctype html><html lang="fr"><head><link rel="icon" href="../assets/images/favicon.png">'
             '<link rel="stylesheet" href="../assets/stylesheets/main.css"></head><body>')
TABLE_PAGE = (PAGE_HEAD + '<h1 id="jouer">Jouer au Nap contre l&#x27;ordinateur<a class="headerlink" href="#jouer" '
              'title="Lien permanent">&para;</a></h1><div class="tb-table" data-game="nap"><div></div></div>'
              '</body></html>')
HAND_FIGURE = ('<figure class="tb-hand" data-hand-id="nap-x"><figcaption class="tb-title">Une main '
               '&amp; son titre</figcaption></figure>')


def test_table_embed_title_heading_and_icon(tmp_path: Path) -> None:
    page = tmp_path / "fr" / "play-nap" / "index.html"
    path = tmp_path / "embed" / "fr" / "table-nap" / "index.html"
    html = embed.table_embed_page("fr", page, path, TABLE_PAGE, '<div class="tb-table" data-game="nap"></div>',
                                  "Ouvrir")
    assert [unescape(t) for t in re.findall(r"<title>(.*?)</title>", html)] == ["Jouer au Nap contre l'ordinateur"]
    assert "¶" not in html and "&para;" not in html
    assert [unescape(h) for h in re.findall(r"<h1[^>]*>(.*?)</h1>", html)] == ["Jouer au Nap contre l'ordinateur"]
    assert '<link rel="icon" href="../../../fr/assets/images/favicon.png">' in html


def test_hand_embed_heading_and_icon(tmp_path: Path) -> None:
    page = tmp_path / "fr" / "nap" / "index.html"
    hand = embed.Embed("fr", "nap-x", "Une main & son titre", page,
                       tmp_path / "embed" / "fr" / "nap-x" / "index.html")
    head = embed._Head(PAGE_HEAD + HAND_FIGURE + "</body></html>")
    html = embed.embed_page(hand, head, HAND_FIGURE, "<template></template>", "Ouvrir")
    assert re.findall(r"<h1[^>]*>(.*?)</h1>", html) == ["Une main &amp; son titre"]
    assert html.count(HAND_FIGURE) == 1 and html.index(HAND_FIGURE) < html.index("<template></template>")
    assert '<link rel="stylesheet" href="../../../fr/assets/stylesheets/main.css">' in html
    assert '<link rel="icon" href="../../../fr/assets/images/favicon.png">' in html
