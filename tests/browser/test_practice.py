"""Practice pages: the engine deals fresh seeded positions in the browser and asks each kind in turn;
a wrong and a right answer to each kind, the hint, Next question, the seed in the URL, the tally per
kind in localStorage and its reset, in three languages. These tests boot the engine (Pyodide).

The answers given are the engine's own answer keys for the same seed, worked out here on CPython
(trickbook.questions.facade): that the keys are the rules is tested in tests/test_questions_engine.py;
here the page must ask those very questions and judge them as the keys say.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from trickbook.questions.facade import practice_position

pytestmark = pytest.mark.browser

SEED = "class7"
CASES = [("en", "yorkshire"), ("pt", "nap"), ("fr", "euchre"), ("en", "trinidad")]
KINDS = ["legal", "winner", "play", "score"]


def ui(catalogs: dict, lang: str, msgid: str) -> str:
    return catalogs[lang]["ui"].get(msgid) or msgid


def give(panel: Any, key: dict, right: bool) -> None:
    """Answer a question as its key says (right) or with a choice the key refuses (wrong)."""
    if "parts" in key:
        rows = panel.locator(".tb-q-part")
        for i, part in enumerate(key["parts"]):
            pick = part["accepted"]
            if not right and i == 0:
                pick = next(c for c in part["choices"] if c != part["accepted"])
            rows.nth(i).locator(f".tb-q-choice[data-choice='{pick}']").click()
        panel.locator(".tb-q-check").click()
    elif key["multiple"]:
        marked = list(key["accepted"]) if right else list(key["accepted"])[1:]
        for code in marked:
            panel.locator(f".tb-q-choice[data-choice='{code}']").focus()
            panel.page.keyboard.press("Space")
        panel.locator(".tb-q-check").click()
    else:
        pick = key["accepted"][0] if right else next(c for c in key["choices"] if c not in key["accepted"])
        panel.locator(f".tb-q-choice[data-choice='{pick}']").click()


@pytest.mark.parametrize("lang, game", CASES)
def test_a_drill_asks_each_kind_and_judges_it(
        open_page: Any, site_url: str, catalogs: dict, tb: Any, lang: str, game: str) -> None:
    page = open_page(None, (360, 740), gentle=False)
    guard = open_page.guard(page)
    page.goto(f"{site_url}/{lang}/practice-{game}/#seed={SEED}&q=0")
    drill = page.locator(".tb-practice-drill")
    expect(drill).to_be_visible()
    assert page.evaluate("() => document.documentElement.lang") == tb.HTML_LANG[lang]
    page.evaluate("(g) => localStorage.removeItem('trickbook.practice.' + g)", game)
    assert not [u for u in guard.seen if "/pyodide/" in u]  # nothing downloads before Start
    start = drill.locator(".tb-practice-start")
    expect(start).to_have_text(ui(catalogs, lang, "Start practising"))
    start.click()
    for number, kind in enumerate(KINDS):
        if number:
            drill.locator(".tb-practice-next").click()
        expect(drill).to_have_attribute("data-number", str(number), timeout=tb.LIVE_TIMEOUT_MS)
        assert f"seed={SEED}&q={number}" in page.url
        _, key = practice_position(game, SEED, number)
        assert key["kind"] == kind
        panel = drill.locator(f".tb-question[data-kind='{kind}']")
        expect(panel).to_be_visible()
        for button in panel.locator("button:visible").all():
            box = button.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44
        # The hint: the rule that decides this kind, in the reader's language.
        hint = drill.locator(".tb-practice-hint")
        hint.click()
        expect(hint).to_have_attribute("aria-expanded", "true")
        expect(drill.locator(".tb-practice-hint-text")).to_be_visible()
        give(panel, key, right=False)
        expect(panel).to_have_attribute("data-verdict", "wrong")
        expect(panel.locator(".tb-q-head")).to_have_text(ui(catalogs, lang, "Not quite."))
        expect(panel.locator(".tb-q-reasons li").first).not_to_be_empty()
        panel.locator(".tb-q-again").click()
        panel = drill.locator(f".tb-question[data-kind='{kind}']")
        give(panel, key, right=True)
        expect(panel).to_have_attribute("data-verdict", "right")
        expect(panel.locator(".tb-q-head")).to_have_text(ui(catalogs, lang, "Right."))
    # The tally counts each question's first answer: every kind once, none right.
    tally = page.evaluate("(g) => JSON.parse(localStorage.getItem('trickbook.practice.' + g))", game)
    assert tally == {k: {"right": 0, "asked": 1} for k in KINDS}
    expect(drill.locator(".tb-practice-tally li[data-kind='legal']")).to_contain_text(NONE_RIGHT[lang] + "1")
    drill.locator(".tb-practice-reset").click()
    assert page.evaluate("(g) => localStorage.getItem('trickbook.practice.' + g)", game) is None
    expect(drill.locator(".tb-practice-tally li[data-kind='legal']")).to_contain_text(NONE_RIGHT[lang] + "0")


# The tally's counts, each in the plural its language gives the number of right answers.
NONE_RIGHT = {"en": "0 right answers of ", "pt": "0 respostas certas em ", "fr": "0 réponse juste sur "}
TALLIES = {
    "pt": {1: "Cartas permitidas: 1 resposta certa em 2", 2: "Cartas permitidas: 2 respostas certas em 2"},
    "fr": {1: "Cartes permises\u00a0: 1 réponse juste sur 1", 2: "Cartes permises\u00a0: 2 réponses justes sur 2"},
}


@pytest.mark.parametrize("lang", list(TALLIES))
@pytest.mark.parametrize("right", [1, 2])
def test_the_tally_counts_right_answers_in_the_plural_of_their_number(open_page: Any, lang: str, right: int) -> None:
    page = open_page(f"/{lang}/practice-euchre/")
    asked = 2 if lang == "pt" else right
    tally = {k: {"right": right if k == "legal" else 0, "asked": asked if k == "legal" else 0} for k in KINDS}
    page.evaluate("(t) => localStorage.setItem('trickbook.practice.euchre', JSON.stringify(t))", tally)
    page.reload()
    expect(page.locator(".tb-practice-tally li[data-kind='legal']")).to_have_text(TALLIES[lang][right])


def test_the_same_seed_gives_a_class_the_same_question(open_page: Any, site_url: str, tb: Any) -> None:
    page = open_page(None, (1280, 720), gentle=False)
    page.goto(f"{site_url}/en/practice-nap/#seed={SEED}&q=2")
    drill = page.locator(".tb-practice-drill")
    drill.locator(".tb-practice-start").click()
    expect(drill).to_have_attribute("data-number", "2", timeout=tb.LIVE_TIMEOUT_MS)
    _, key = practice_position("nap", SEED, 2)
    shown = drill.locator(".tb-q-choice").evaluate_all("(bs) => bs.map((b) => b.dataset.choice)")
    assert shown == key["choices"]
    assert re.search(r"#seed=class7&q=2$", page.url)
