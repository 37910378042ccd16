"""Seat letters in the reader's language on the pre-rendered worked hands.

Records keep the English letters N, E, S, W. A Portuguese or French page writes West as O
(Oeste, Ouest) and the team EW as EO, through the ``ui`` catalog's ``seat letter`` entries;
an English page and Nap's seats A to G are unchanged.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from trickbook_site.figure import Texts, draw_hand, render_hand
from trickbook_site.hands import replay_hand
from trickbook_site.i18n.localize import translator
from trickbook_site.question_print import print_parts
from trickbook_site.seats import SeatLetters

REPO = Path(__file__).resolve().parents[1]
LONE_MARCH = REPO / "docs" / "hands" / "euchre" / "euchre-lone-march.hand.toml"
NAP = REPO / "docs" / "hands" / "nap" / "nap-four-hearts.hand.toml"
LANGS = {"pt": "pt_PT", "fr": "fr"}


def _texts(lang: str) -> Texts:
    if lang == "en":
        return Texts(lang="en")
    t = translator(LANGS[lang], REPO)
    return Texts(lang=lang, ui=t.ui, engine=t.engine, content=t.content)


def _figure(path: Path, lang: str) -> str:
    hand = replay_hand(path.name.removesuffix(".hand.toml"), path.read_text(encoding="utf-8"), path, 1)
    return render_hand(hand, 0, _texts(lang))


def _part(html: str, start: str, end: str) -> str:
    at = html.index(start)
    return html[at:html.index(end, at)]


def _shown(markup: str) -> str:
    """What the eye reads: the words for screen readers only taken out, tags dropped."""
    return re.sub(r"<[^>]+>", "", re.sub(r'<span class="tb-sr">[^<]*</span>', "", markup))


@pytest.mark.parametrize("lang,west", [("pt", "Oeste"), ("fr", "Ouest")])
def test_west_is_written_o_in_portuguese_and_french_figures(lang: str, west: str) -> None:
    html = _figure(LONE_MARCH, lang)
    # The deal's row and the tricks' column of West: O for the eye, the word for the ear.
    said = f'<span aria-hidden="true">O</span><span class="tb-sr">{west}</span>'
    deal = _part(html, "tb-deal-table", "</table>")
    tricks = _part(html, "tb-trick-table", "</table>")
    assert said in deal and said in tricks
    assert not re.search(r"\bW\b", _shown(deal) + _shown(tricks))
    # The narration: West's actions, and the team EW as EO (its score and the match).
    narration = _shown(_part(html, '<ol class="tb-narration"', "</ol>"))
    assert re.search(r"\bO\b", narration) and re.search(r"\bEO\b", narration)
    assert not re.search(r"\b(W|EW|WE)\b", narration)
    # The scoring table's side and the match's winner.
    scoring = _shown(_part(html, '<div class="tb-scoring">', "</div>\n"))
    assert re.search(r"\bEO\b", scoring) and not re.search(r"\b(W|EW)\b", scoring)


def test_english_figures_keep_the_record_letters() -> None:
    html = _figure(LONE_MARCH, "en")
    deal = _part(html, "tb-deal-table", "</table>")
    assert '<span aria-hidden="true">W</span><span class="tb-sr">West</span>' in deal
    narration = _shown(_part(html, '<ol class="tb-narration"', "</ol>"))
    assert "W goes alone." in narration and "EW win the match." in narration
    assert not re.search(r"\b(O|EO)\b", narration)
    scoring = _shown(_part(html, '<div class="tb-scoring">', "</div>\n"))
    assert "NS 5, EW 10" in scoring


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_the_record_in_the_hands_data_keeps_english_letters(lang: str) -> None:
    text = LONE_MARCH.read_text(encoding="utf-8")
    hand = replay_hand(LONE_MARCH.name.removesuffix(".hand.toml"), text, LONE_MARCH, 1)
    record = json.loads(draw_hand(hand, 0, _texts(lang)).data)["record"]
    assert 'dealer = "W"' in record and "W pickup alone" in record


def test_nap_seats_keep_their_letters_even_where_a_catalog_renames_e() -> None:
    # A catalog that wrote East as "X" would still leave Nap's seat E alone: it is not a compass point.
    ui = {"seat letter\x04E": "X", "seat letter\x04W": "O"}
    texts = Texts(lang="xx", ui=lambda s: ui.get(s, s))
    html = render_hand(replay_hand("nap-four-hearts", NAP.read_text(encoding="utf-8"), NAP, 1), 0, texts)
    assert '<span aria-hidden="true">X</span>' not in html and "<th scope=\"col\">" in html
    assert SeatLetters(texts.ui)("E") == "X" and SeatLetters(texts.ui, compass=False)("E") == "E"


def test_the_letters_come_from_the_catalog_entries_a_translator_sets() -> None:
    for lang, code in LANGS.items():
        letters = SeatLetters(translator(code, REPO).ui)
        assert [letters(v) for v in ("N", "E", "S", "W", "NS", "EW", "WE")] == [
            "N", "E", "S", "O", "NS", "EO", "OE"
        ], lang
    english = SeatLetters(translator("en", REPO).ui)
    assert [english(v) for v in ("W", "EW", "WE")] == ["W", "EW", "WE"]


def test_printed_answers_name_seats_in_the_page_letters() -> None:
    keys = [{"step": 9, "kind": "winner", "text": "Who takes this trick?", "choices": ["N", "S", "W"],
             "accepted": ["W"], "reasons": {"W": {"code": "trick-won", "values": {"seat": "W", "card": "TC"}}}}]
    t = translator("pt_PT", REPO)
    asked, answers = print_parts(keys, "T", t.ui, t.engine, t.content)
    assert "N S O" in asked and not re.search(r"\bW\b", asked)
    assert "<strong>O</strong>" in answers and re.search(r"\bO\b[^<]*10♣", answers)
    asked_en, answers_en = print_parts(keys, "T", lambda s: s, lambda s: s, lambda s: s)
    assert "N S W" in asked_en and "W wins the trick with 10♣." in answers_en
