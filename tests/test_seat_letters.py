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


# -- every placeholder that names a seat, in every domain ------------------------------------------

DEFEND_ALONE = REPO / "docs" / "hands" / "euchre" / "euchre-defend-alone.hand.toml"


def _engine_templates() -> dict[str, str]:
    from trickbook import messages
    from trickbook_site.i18n.catalog import load_engine_names

    load_engine_names()
    return dict(messages.MESSAGES)


def test_every_placeholder_of_every_engine_template_is_listed_with_what_it_names() -> None:
    from trickbook import messages

    unlisted = {(code, key) for code, text in _engine_templates().items()
                for key in re.findall(r"\{(\w+)\}", text) if key not in messages.PLACEHOLDER_KINDS}
    assert not unlisted
    assert "defender" in messages.SEAT_KEYS and "declarer" in messages.SEAT_KEYS


def _seat_values(template: str) -> dict[str, object]:
    from trickbook import messages

    values: dict[str, object] = {}
    for key in re.findall(r"\{(\w+)\}", template):
        kind = messages.PLACEHOLDER_KINDS[key]
        values[key] = {"seat": "W", "team": "EW", "card": "JH", "suit": "H", "number": 2, "category": "game",
                       "contract": "nap", "verb": "pass", "message": "hand-over", "text": "x"}[kind]
    return values


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_every_engine_sentence_names_west_o_on_the_pages(lang: str) -> None:
    from trickbook.messages import render

    t = translator(LANGS[lang], REPO)
    letters = SeatLetters(t.ui)
    leaks = []
    for code, text in _engine_templates().items():
        values = _seat_values(text)
        if not any(v in ("W", "EW") for v in values.values()):
            continue
        shown = render(code, letters.values(values), t.engine)
        if re.search(r"\b(W|EW)\b", shown) or not re.search(r"\b(O|EO)\b", shown):
            leaks.append((code, shown))
    assert not leaks


@pytest.mark.parametrize("lang,west", [("pt", "Oeste"), ("fr", "Ouest")])
def test_every_engine_sentence_names_west_in_words_at_the_table(tmp_path: Path, lang: str, west: str) -> None:
    import shutil
    import subprocess

    from trickbook_site.i18n.catalog import browser_catalog, compile_catalogs

    if shutil.which("node") is None:
        pytest.skip("needs Node")
    compile_catalogs(REPO, tmp_path / "mo")
    catalog = browser_catalog(LANGS[lang], tmp_path / "mo")
    filled = {code: _seat_values(text) for code, text in sorted(_engine_templates().items())}
    said = [{"code": code, "values": values, "seats": ["N", "E", "S", "W"]}
            for code, values in filled.items() if "W" in values.values()]
    (tmp_path / "catalog.json").write_text(json.dumps(catalog), encoding="utf-8")
    (tmp_path / "said.json").write_text(json.dumps(said), encoding="utf-8")
    out = subprocess.run(["node", str(REPO / "tests" / "widgets_check.mjs"), "text", str(tmp_path / "catalog.json"),
                          str(tmp_path / "said.json")], check=True, capture_output=True, text=True, timeout=60)
    texts = json.loads(out.stdout)
    assert len(texts) == len(said) > 100
    leaks = [(m["code"], text) for m, text in zip(said, texts, strict=True)
             if re.search(r"\bW\b", text) or west not in text]
    assert not leaks


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_the_defend_alone_hand_names_the_defender_o(lang: str) -> None:
    html = _figure(DEFEND_ALONE, lang)
    narration = _shown(_part(html, '<ol class="tb-narration"', "</ol>"))
    assert re.search(r"\bO\b", narration) and not re.search(r"\b(W|EW|WE)\b", narration)


def test_no_translated_note_of_a_worked_hand_keeps_an_english_seat_letter() -> None:
    from babel.messages.pofile import read_po

    for code in LANGS.values():
        with open(REPO / "locales" / code / "LC_MESSAGES" / "content.po", "rb") as handle:
            catalog = read_po(handle)
        kept = [m.id for m in catalog if m.string and any(c.startswith("hand ") for c in m.auto_comments)
                and re.search(r"(?<![\w`{=\"'])(W|EW|WE)(?![\w`}=\"'])", str(m.string))]
        assert not kept, code


def test_the_french_elision_check_knows_every_placeholder_that_names_a_seat() -> None:
    from trickbook import messages
    from trickbook_site.i18n.morphology import elision_problems

    for key in sorted(messages.SEAT_KEYS | messages.TEAM_KEYS):
        assert elision_problems(f"le partenaire de {{{key}}}", "fr"), key
    assert not elision_problems("le partenaire de {card}", "fr")


def test_every_translators_comment_reads_as_a_sentence_with_its_example_filled_in() -> None:
    from trickbook import messages
    from trickbook_site.i18n.context import EXAMPLE_VALUES, PLACES, engine_comments, ui_comment

    # Every placeholder the engine's templates use has an example value of its kind.
    assert set(messages.PLACEHOLDER_KINDS) - {"why"} <= set(EXAMPLE_VALUES)
    for key, value in EXAMPLE_VALUES.items():
        kind = messages.PLACEHOLDER_KINDS[key]
        assert kind != "number" or isinstance(value, int), key
        assert kind not in ("seat", "team") or value in ("N", "E", "S", "W", "NS", "EW", "A", "B"), key
    comments = engine_comments()
    assert not [c for c in comments.values() if re.search(r"<\w+>", c)]
    # "appears in after English text" and "appears in above the worked hands" were garbled.
    for prefix, _ in PLACES:
        comment = ui_comment([(prefix + "x.js", 1)])
        assert comment and re.match(r"appears (in the|on the|above the|after|at the) ", comment), comment
    both = ui_comment([("src/trickbook_site/on_demand.py", 1), ("widgets/play-table/x.js", 2)])
    assert both == ("appears above the worked hands and play tables, before the reader starts one; "
                    "in the play tables (the Play pages)")
