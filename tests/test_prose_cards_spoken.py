"""Cards that an author writes in a rules page's prose ("J♥ is the right bower") reach a screen reader
in words, in the page's language: the built page's accessible text holds "jack of hearts" ("valet de
cœur") and no suit symbol, while the eye still reads the card as written. A speech engine reads "♥" as
"black heart suit", whatever the card's colour."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from trickbook_site.spoken_cards import spoken_cards

SYMBOL = re.compile("[♠♥♦♣]")
SILENT = {"script", "style", "template"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Speech(HTMLParser):
    """The text of a page's article as the accessibility tree gives it: what is hidden (``hidden``, such
    as the questions kept for print) or hidden from speech (``aria-hidden``) left out, an image
    (``role="img"``) said by its name."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.said: list[str] = []
        self.shown: list[str] = []
        self.stack: list[tuple[str, bool, bool]] = []  # tag, silent, in the article

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        a = dict(attrs)
        silent, article = self.stack[-1][1:] if self.stack else (False, False)
        article = article or tag == "article"
        if article and not silent and a.get("role") == "img" and a.get("aria-label"):
            self.said.append(f" {a['aria-label']} ")
        silent = silent or tag in SILENT or "hidden" in a or a.get("aria-hidden") == "true" or a.get("role") == "img"
        self.stack.append((tag, silent, article))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if self.stack and self.stack[-1][2]:
            self.shown.append(data)
            if not self.stack[-1][1]:
                self.said.append(data)


def speech(page: Path) -> tuple[str, str]:
    parser = Speech()
    parser.feed(page.read_text(encoding="utf-8"))
    return " ".join("".join(parser.said).split()), " ".join("".join(parser.shown).split())


# Cards written in each page's prose (docs/<page>.md and its translations), and their names.
CASES = {
    "en": {"euchre": ("J♥", "jack of hearts"), "nap": ("2♣", "2 of clubs"), "trinidad": ("A♠", "ace of spades")},
    "fr": {"euchre": ("V♥", "valet de cœur"), "nap": ("2♣", "2 de trèfle"), "trinidad": ("A♠", "as de pique")},
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("page", ["euchre", "nap", "trinidad", "two-all-fours", "yorkshire"])
def test_cards_in_a_rules_pages_prose_are_spoken_in_words(built_site: Path, lang: str, page: str) -> None:
    said, shown = speech(built_site / lang / page / "index.html")
    assert said, page
    assert SYMBOL.findall(said) == [], re.findall(r".{0,40}[♠♥♦♣].{0,20}", said)[:5]
    if page in CASES[lang]:
        card, words = CASES[lang][page]
        assert words in said, (page, words)
        assert card in shown  # the eye still reads the card as written


def test_the_pass_leaves_code_tags_and_what_is_already_spoken_alone() -> None:
    say = spoken_cards(lambda message: message)
    kept = ('<pre><code>n 10♥</code></pre><p title="J♥"><span role="img" aria-label="ace of hearts">A♥</span>'
            '<span aria-hidden="true">K♠</span><span class="tb-sr">king of spades</span></p>')
    assert say(kept) == kept
    assert say("<li>A: A♥ K♥</li>").count('role="img"') == 2
    assert say("<p>Q♦, 10♣.</p>") == (
        '<p><span role="img" aria-label="queen of diamonds">Q♦</span>, '
        '<span role="img" aria-label="10 of clubs">10♣</span>.</p>')
