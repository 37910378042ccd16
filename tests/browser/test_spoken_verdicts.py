"""Cards spoken in words where a reader answers or checks: a worked hand's question (its choices and
its verdict), a practice drill's verdict, and the Verify page's dealt hands, in English and French, as
Chromium's accessibility tree (Playwright's aria snapshot) holds them. The card stays for the eye
("R♥"); a screen reader hears "roi de cœur", never a bare suit symbol ("black heart suit")."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SYMBOL = re.compile("[♠♥♦♣]")
RANKS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}
SPACES = re.compile(r"\s+")
IMAGE_TEXT = re.compile(r'^(\s*- img "[^"]*"): .*$', re.MULTILINE)
HAND, PLAY_STEP = "nap-four-hearts", 4


def ui(catalogs: dict, lang: str, msgid: str) -> str:
    return catalogs[lang]["ui"].get(msgid) or msgid


def card_words(catalogs: dict, lang: str, code: str) -> str:
    """A card named in words from the catalogs: "ace of hearts", "as de cœur"."""
    rank = RANKS.get(code[:-1], code[:-1])
    rank = ui(catalogs, lang, rank) if rank in RANKS.values() and rank != "10" else rank
    suit = catalogs[lang]["engine"]["suits"][code[-1]]
    return ui(catalogs, lang, "{rank} of {suit}").replace("{rank}", rank).replace("{suit}", suit)


def spoken(locator: Any) -> str:
    """What the accessibility tree holds for an element, spaces made single."""
    return SPACES.sub(" ", IMAGE_TEXT.sub(r"\1", locator.aria_snapshot()))


def assert_in_words(said: str, *words: str) -> None:
    assert SYMBOL.search(said) is None, said
    for w in words:
        assert w in said, (w, said)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_worked_hands_question_speaks_its_cards_in_words(
        open_page: Any, site_url: str, catalogs: dict, tb: Any, lang: str) -> None:
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    guard = open_page.guard(page)
    page_errors = open_page.page_errors(page)
    tb.block_runtime(context)
    page.goto(f"{site_url}/{lang}/nap/#{HAND}={PLAY_STEP}")
    fig = page.locator(f'figure.tb-hand[data-hand-id="{HAND}"]')
    expect(fig).to_have_attribute("data-step", str(PLAY_STEP))
    panel = fig.locator(".tb-question[data-kind='play']")
    expect(panel).to_be_visible()
    ace = panel.locator(".tb-q-choice[data-choice='AS']")
    expect(ace).to_have_accessible_name(card_words(catalogs, lang, "AS"))
    expect(ace).to_contain_text("A♠")  # the card as the eye reads it
    panel.locator(".tb-q-choice[data-choice='2C']").click()
    expect(panel).to_have_attribute("data-verdict", "wrong")
    assert_in_words(spoken(panel.locator(".tb-q-verdict")), card_words(catalogs, lang, "2C"),
                    card_words(catalogs, lang, "AS"), card_words(catalogs, lang, "KH"))
    panel.locator(".tb-q-again").click()
    panel.locator(".tb-q-reveal").click()
    expect(panel).to_have_attribute("data-verdict", "revealed")
    assert_in_words(spoken(panel.locator(".tb-q-verdict")), card_words(catalogs, lang, "AS"))
    assert guard.refused == [] and page_errors == []


# A drill's seed and question, the choices marked (a wrong answer), and cards its verdict names.
PRACTICE = {
    # Euchre: only the 10♥ makes sure of the trick (rule: the highest card of the suit led wins).
    "en": ("euchre", 2, ["AD"], ["AD", "TH"]),
    # Nap: the K♠ alone may be played (rule: follow the suit led); R♥ marked is wrong, R♠ missed.
    "fr": ("nap", 0, ["KH"], ["KH", "KS"]),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_practice_verdict_speaks_its_cards_in_words(
        open_page: Any, site_url: str, catalogs: dict, tb: Any, lang: str) -> None:
    page = open_page(None, (1280, 720), gentle=False)
    guard = open_page.guard(page)
    page_errors = open_page.page_errors(page)
    game, number, marked, named = PRACTICE[lang]
    page.goto(f"{site_url}/{lang}/practice-{game}/#seed=class7&q={number}")
    drill = page.locator(".tb-practice-drill")
    drill.locator(".tb-practice-start").click()
    expect(drill).to_have_attribute("data-number", str(number), timeout=tb.LIVE_TIMEOUT_MS)
    panel = drill.locator(".tb-question")
    expect(panel).to_be_visible()
    for code in marked:
        panel.locator(f".tb-q-choice[data-choice='{code}']").click()
    if panel.locator(".tb-q-check").is_visible():
        panel.locator(".tb-q-check").click()
    expect(panel).to_have_attribute("data-verdict", "wrong")
    assert_in_words(spoken(panel.locator(".tb-q-verdict")), *(card_words(catalogs, lang, c) for c in named))
    assert guard.refused == [] and page_errors == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_verifiers_dealt_hands_are_spoken_in_words(
        open_page: Any, site_url: str, catalogs: dict, lang: str) -> None:
    page = open_page(None, (1280, 720), gentle=False)
    guard = open_page.guard(page)
    page_errors = open_page.page_errors(page)
    page.goto(f"{site_url}/{lang}/verify/")
    codes = [c for c in page.locator("#test-vectors ~ p code").all_text_contents() if re.fullmatch(r"[0-9a-f]{64}", c)]
    form = page.locator(".tb-verifier form")
    form.locator("select").first.select_option("trinidad")
    form.locator("input.tbv-hex").nth(0).fill(codes[0])
    form.locator("input.tbv-hex").nth(1).fill(codes[1])
    form.locator("input[type='number']").fill("1")
    form.locator("button.tbv-check").click()
    expect(page.locator(".tbv-verdict")).to_have_attribute("data-result", "match")
    hand = page.locator(".tbv-output table.tbv-hand").first
    said = spoken(hand).replace(" ,", ",")  # (the snapshot's space where an element ends)
    for row in hand.locator("tbody tr").all():
        cards = (row.locator(".tbv-cards").get_attribute("data-cards") or "").split()
        assert cards
        words = [card_words(catalogs, lang, c) for c in cards]
        assert_in_words(said, ", ".join(words))
        expect(row.locator(".tbv-cards")).to_contain_text(SYMBOL)  # the cards as the eye reads them
    assert guard.refused == [] and page_errors == []
