"""Cards written in a page's own prose, spoken in words: a build pass over a finished page.

An author writes "J♥" or "10♠" in Markdown (and a translator "V♥"); a speech engine would read
the symbol as "black heart suit", whatever the card's colour. This pass gives each such card
in the page's text the markup the worked hands' tables give their cards: the card as written, an
image named for screen readers ("jack of hearts", "valet de cœur"), from the same catalog entries
as the hands and the widgets. It is the shortest markup that says so (a rules page carries many).

Left as they are: code (``code``, ``pre``, ``kbd``, ``samp``), scripts and styles, the tags
and their attributes, and whatever is already spoken or hidden from speech (a worked hand's
figure, an element with ``aria-hidden``, ``role="img"`` or the class ``tb-sr``).

>>> say = spoken_cards(lambda m: m)
>>> say("<p>J♥ is the right bower; 10♠ and <code>10♠</code> stay.</p>")  # doctest: +NORMALIZE_WHITESPACE
'<p><span role="img" aria-label="jack of hearts">J♥</span> is the right bower;
<span role="img" aria-label="10 of spades">10♠</span> and <code>10♠</code> stay.</p>'
"""

from __future__ import annotations

import re
from html import escape
from typing import Callable

from trickbook.messages import SUIT_NAMES

from .figure import _labels
from .seats import Translate, rank_letters

SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
# Elements whose text is left as it is, and void elements (never closed).
KEPT = frozenset({"code", "pre", "kbd", "samp", "script", "style", "textarea", "title", "figure", "svg"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
SPOKEN_ALREADY = re.compile(r'\baria-hidden="true"|\brole="img"|\bclass="[^"]*\btb-sr\b')
TAG = re.compile(r"<!--.*?-->|<(/?)([a-zA-Z][\w-]*)([^>]*)>", re.DOTALL)


def spoken_cards(ui: Translate, engine: Translate | None = None) -> Callable[[str], str]:
    """The pass for one language: ``ui`` and ``engine`` are its catalogs (English names for either missing)."""
    labels = _labels(ui)
    suits = engine or (lambda message: message)
    # English's letters too: a translation may keep "K♣" where its own would be "R♣".
    letters = {**{r: r for r in "AKQJ"}, **{shown: rank for rank, shown in rank_letters(ui).items()}}
    ranks = "|".join(sorted({re.escape(letter) for letter in letters}, key=len, reverse=True))
    card = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9]|" + ranks + r")([♠♥♦♣])(?![\w])")
    english_card = labels["card"] == "{rank} of {suit}"

    def name(match: re.Match[str]) -> str:
        rank, suit = match.group(1), SUITS[match.group(2)]
        rank = labels.get(letters.get(rank, rank), rank) if rank in letters else rank
        suit_name = SUIT_NAMES[suit] if english_card else suits(SUIT_NAMES[suit])
        said = labels["card"].format(rank=rank, suit=suit_name)
        return f'<span role="img" aria-label="{escape(said)}">{match.group(0)}</span>'

    def text(piece: str) -> str:
        return card.sub(name, piece) if any(s in piece for s in SUITS) else piece

    def page(html: str) -> str:
        if not any(s in html for s in SUITS):
            return html
        out: list[str] = []
        stack: list[tuple[str, bool]] = []  # each open element, and whether its text is left as it is
        at = 0
        for match in TAG.finditer(html):
            piece = html[at:match.start()]
            out.append(piece if stack and stack[-1][1] else text(piece))
            out.append(match.group(0))
            at = match.end()
            closing, tag, attrs = match.group(1), (match.group(2) or "").lower(), match.group(3) or ""
            if not tag or tag in VOID or attrs.rstrip().endswith("/"):
                continue
            if closing:  # up to the element it closes (one left open, as <li> may be, closes with it)
                while any(open_tag == tag for open_tag, _kept in stack) and stack.pop()[0] != tag:
                    pass
                continue
            kept = tag in KEPT or SPOKEN_ALREADY.search(attrs) is not None
            stack.append((tag, kept or bool(stack and stack[-1][1])))
        piece = html[at:]
        out.append(piece if stack and stack[-1][1] else text(piece))
        return "".join(out)

    return page
