"""Card ranks in the reader's letters: a Portuguese or French page writes the king, queen and jack
as R, D and V (rei/roi, dama/dame, valete/valet), through the ``ui`` catalog's ``rank letter``
entries. Records, the notation and every machine-read attribute (``data-card``) keep A K Q J T."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from trickbook_site.figure import Texts, draw_hand, render_hand
from trickbook_site.hands import replay_hand
from trickbook_site.i18n.catalog import browser_catalog, compile_catalogs
from trickbook_site.i18n.localize import translator
from trickbook_site.question_print import print_parts
from trickbook_site.seats import SeatLetters

REPO = Path(__file__).resolve().parents[1]
LONE_MARCH = REPO / "docs" / "hands" / "euchre" / "euchre-lone-march.hand.toml"
LANGS = {"pt": "pt_PT", "fr": "fr"}
ENGLISH_FACE = re.compile(r"(?<![\w-])[KQJ][♠♥♦♣]")


def _texts(lang: str) -> Texts:
    if lang == "en":
        return Texts(lang="en")
    t = translator(LANGS[lang], REPO)
    return Texts(lang=lang, ui=t.ui, engine=t.engine, content=t.content)


def _hand():  # type: ignore[no-untyped-def]
    return replay_hand("euchre-lone-march", LONE_MARCH.read_text(encoding="utf-8"), LONE_MARCH, 1)


def _shown(markup: str) -> str:
    return re.sub(r"<[^>]+>", "", re.sub(r'<span class="tb-sr">[^<]*</span>', "", markup))


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_a_page_writes_the_face_cards_r_d_v_and_keeps_the_codes_for_machines(lang: str) -> None:
    html = render_hand(_hand(), 0, _texts(lang))
    shown = _shown(html)
    # N's hand KS KH JH QD 9C, the narration's "W leads JS", the tricks: all in the page's letters.
    assert "R♠" in shown and "R♥" in shown and "V♥" in shown and "D♦" in shown
    assert not ENGLISH_FACE.search(shown)
    # What machines read keeps the record's codes.
    assert 'data-card="KS"' in html and 'data-card="QD"' in html and 'data-card="JH"' in html
    record = json.loads(draw_hand(_hand(), 0, _texts(lang)).data)["record"]
    assert 'N = "KS KH JH QD 9C"' in record


def test_an_english_page_keeps_k_q_j() -> None:
    shown = _shown(render_hand(_hand(), 0, _texts("en")))
    assert "K♠" in shown and "Q♦" in shown and "J♥" in shown and "R♠" not in shown


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_a_print_writes_the_face_cards_in_the_page_letters(lang: str) -> None:
    keys = [{"step": 3, "kind": "play", "text": "Which card may S play?", "choices": ["KC", "QD", "JH", "TS"],
             "accepted": ["JH"], "reasons": {"JH": {"code": "trick-won", "values": {"seat": "S", "card": "JH"}}}}]
    t = translator(LANGS[lang], REPO)
    asked, answers = print_parts(keys, "T", t.ui, t.engine, t.content)
    assert "R♣" in asked and "D♦" in asked and "V♥" in asked and "10♠" in asked
    assert "V♥" in answers and not ENGLISH_FACE.search(asked + answers)
    english_asked, english_answers = print_parts(keys, "T", lambda s: s, lambda s: s, lambda s: s)
    assert "K♣" in english_asked and "J♥" in english_answers


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_the_table_writes_the_face_cards_in_the_page_letters(tmp_path: Path, lang: str) -> None:
    if shutil.which("node") is None:
        pytest.skip("needs Node")
    compile_catalogs(REPO, tmp_path / "mo")
    (tmp_path / "catalog.json").write_text(json.dumps(browser_catalog(LANGS[lang], tmp_path / "mo")),
                                           encoding="utf-8")
    said = [{"code": "trick-won", "values": {"seat": "N", "card": "KC"}, "seats": ["N", "E", "S", "W"]},
            {"code": "explain-trumps", "values": {"suit": "H", "seat": "S", "right": "JH", "left": "JD"}},
            {"code": "plays", "values": {"seat": "E", "card": "QS"}},
            {"code": "plays", "values": {"seat": "E", "card": "TS"}}]
    (tmp_path / "said.json").write_text(json.dumps(said), encoding="utf-8")
    out = subprocess.run(["node", str(REPO / "tests" / "widgets_check.mjs"), "text", str(tmp_path / "catalog.json"),
                          str(tmp_path / "said.json")], check=True, capture_output=True, text=True, timeout=60)
    texts = json.loads(out.stdout)
    assert "R♣" in texts[0] and "V♥" in texts[1] and "V♦" in texts[1] and "D♠" in texts[2] and "10♠" in texts[3]
    assert not ENGLISH_FACE.search(" ".join(texts))


def test_the_letters_come_from_the_catalog_entries_a_translator_sets() -> None:
    for lang, code in LANGS.items():
        letters = SeatLetters(translator(code, REPO).ui)
        assert [letters.card(c) for c in ("AS", "KC", "QD", "JH", "TS", "9H")] == [
            "A♠", "R♣", "D♦", "V♥", "10♠", "9♥"], lang
    assert SeatLetters(translator("en", REPO).ui).card("KC") == "K♣"
