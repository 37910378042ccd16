"""The play table in the browser: a Euchre match against three bots, by keyboard, in English and Portuguese.

Each live page boots Pyodide once (about 5 s here). The bots' pace is set to
0 ms (``?pace=0``) so that a hand plays quickly; the 20-second timer stays as it
is except on the page that tests a time-out (``?timer=2``).
"""

from __future__ import annotations

import hashlib
import re

import pytest
from browser import helpers
from helpers import GentleTable
from playwright.sync_api import expect

from trickbook.cards import Card
from trickbook.games.euchre import card_suit
from trickbook.shuffle import fingerprint

pytestmark = pytest.mark.browser

START = {"en": "Start a match", "pt": "Começar uma partida", "fr": "Commencer une partie"}
PASS = {"en": "Pass", "pt": "Passar", "fr": "Passer"}
KITTY = {"pt": "monte", "fr": "talon"}
SCORING = {"makers", "march", "lone", "lone-march", "euchred"}


def open_table(open_page, lang: str, **params):
    """A new page on the play table dealing the Euchre test seed (``TABLE_SEEDS``: every hand of its
    match has trick play), started; returns (page, table)."""
    page = open_page(helpers.table_url(lang, "euchre", **params), (1280, 900))  # gentle bots: the table is under test
    table = helpers.ready_table(page, "euchre")
    start = table.locator(".tbt-start")
    expect(start).to_have_text(START[lang])
    expect(start).to_be_visible()
    # Nothing of the runtime is fetched before the reader asks for a match.
    assert open_page.guard(page).under("/assets/pyodide/") == []
    start.click()
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    return page, table


@pytest.fixture(scope="module", params=helpers.LANGUAGES)
def live(request, browser, site_url):
    lang = request.param
    with helpers.pages_of(browser, site_url) as open_page:
        page, table = open_table(open_page, lang, pace=0)
        yield lang, page, table


def wait_for_reader(page, table) -> str:
    """Wait until the reader must decide or the hand is over; return the phase."""
    page.wait_for_function(
        "(t) => t.dataset.turn === 'you' || t.dataset.phase === 'hand-over'",
        arg=table.element_handle(), timeout=30_000)
    return table.get_attribute("data-phase")


def enabled_cards(table) -> list[str]:
    cards = table.locator(".tbt-cards .tbt-card[aria-disabled='false']")
    return [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]


def hand_cards(table) -> list[str]:
    cards = table.locator(".tbt-cards .tbt-card")
    return [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]


def expected_playable(table) -> set[str]:
    """Follow the suit led if you can (the left bower is a trump), else anything: from the rules, not the page."""
    hand = [Card.parse(c) for c in hand_cards(table)]
    led = table.locator(".tbt-trick").get_attribute("data-led")
    trump = table.get_attribute("data-trump")
    if not led:
        return {str(c) for c in hand}
    suit = card_suit(Card.parse(led), trump)
    following = [c for c in hand if card_suit(c, trump) == suit]
    return {str(c) for c in (following or hand)}


def test_a_reader_plays_the_first_hand_by_keyboard_with_only_legal_cards_enabled(live):
    lang, page, table = live
    bots = table.locator(".tbt-seat[data-bot='true']")
    expect(bots).to_have_count(3)
    for i in range(3):
        expect(bots.nth(i).locator(".tbt-badge.tbt-bot")).to_have_text("bot")
    assert re.fullmatch(r"[0-9a-f]{64}", table.locator(".tbt-fingerprint code").text_content())
    plays = 0
    while (phase := wait_for_reader(page, table)) != "hand-over":
        before = int(table.locator(".tbt-log").get_attribute("data-lines"))
        if phase in ("round-one", "round-two"):
            pass_button = table.locator(".tbt-choice.tbt-pass")
            if pass_button.count():
                expect(pass_button).to_have_text(PASS[lang])
                table.locator(".tbt-choice").first.focus()
                page.keyboard.press("s")
            else:  # the stuck dealer names a suit
                table.locator(".tbt-choice.tbt-call").first.focus()
                page.keyboard.press("Enter")
        else:
            enabled = enabled_cards(table)
            if phase == "play":
                assert set(enabled) == expected_playable(table)
                plays += 1
            else:
                assert set(enabled) == set(hand_cards(table))  # the dealer may discard any card
            card = table.locator(f".tbt-cards .tbt-card[data-card='{enabled[0]}']")
            card.focus()
            page.keyboard.press("Enter")
            expect(table.locator(f".tbt-cards .tbt-card[data-card='{enabled[0]}']")).to_have_attribute(
                "aria-pressed", "true")
            page.keyboard.press("Enter")
        # The move was taken: something new was narrated.
        page.wait_for_function("([t, n]) => Number(t.querySelector('.tbt-log').dataset.lines) > n",
                               arg=[table.element_handle(), before], timeout=30_000)
    codes = {p.get_attribute("data-code") for p in table.locator(".tbt-log p").all()}
    assert codes & SCORING, codes
    assert not page.locator(".md-search__input:focus").count()  # S never reached the page's search
    next_hand = table.locator(".tbt-next")
    expect(next_hand).to_be_visible()
    next_hand.click()
    expect(table).to_have_attribute("data-hand-number", "2")


def test_the_upcard_is_explained_on_hover_and_focus(live):
    lang, page, table = live
    table.locator(".tbt-upcard").hover()
    explained = table.locator(".tbt-explain p").first
    expect(explained).to_have_attribute("data-code", re.compile(r"^explain-upcard-"))
    table.locator(".tbt-kitty").focus()
    expect(table.locator(".tbt-explain p").first).to_have_attribute("data-code", "explain-kitty")
    if lang in KITTY:
        expect(table.locator(".tbt-explain p").first).to_contain_text(KITTY[lang])


KITTY_CHIP = {"en": "Kitty: {n} cards face down", "pt": "Monte: {n} cartas voltadas para baixo",
              "fr": "Talon\u00a0: {n} cartes face cachée"}


def test_the_kitty_chip_counts_its_cards_in_the_readers_language(live):
    """The count takes the catalog's plural form (a count without one once gave "1 cartes").

    Three cards lie in the kitty, four once the upcard is turned down (either may be the position
    at the reader's turn in the second hand, where the first test leaves the table)."""
    lang, page, table = live
    shown = table.locator(".tbt-kitty").inner_text().strip()
    assert shown in (KITTY_CHIP[lang].format(n=3), KITTY_CHIP[lang].format(n=4)), shown


# axe-core on the play page once live: test_accessibility.py (table-euchre-at-a-decision)


def test_the_table_fits_a_phone_without_sideways_scroll(live):
    _, page, table = live
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 360
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_a_decision_that_times_out_is_taken_by_the_table(open_page):
    page, table = open_table(open_page, "en", pace=0, timer=2)
    wait_for_reader(page, table)
    expect(table.locator(".tbt-timer-text")).to_contain_text(" s to decide")
    timed_out = table.locator(".tbt-log p[data-code='table-timeout']")
    expect(timed_out).to_have_count(1, timeout=15_000)
    assert "South" in timed_out.text_content()
    alone = table.locator(".tbt-log p[data-code='alone']")
    assert all("South" not in p.text_content() for p in alone.all())


@pytest.mark.parametrize("path", ["euchre/", "play-euchre/"])
def test_a_page_only_read_loads_no_pyodide_file(open_page, site_url, path):
    page = open_page(None, (1280, 720), gentle=False)
    guard = open_page.guard(page)
    page.goto(f"{site_url}/en/{path}")
    page.wait_for_load_state("networkidle")
    if path == "play-euchre/":
        expect(page.locator("div.tb-table .tbt-start")).to_be_visible()
    assert guard.under("/assets/pyodide/") == []


SEED_REFUSED = ("The seed in this page's address is not 64 hexadecimal digits (0 to 9 and a to f), so no match "
                "was dealt from it. Correct the seed in the address, or remove it to deal a match at random.")


def inside(box, size) -> bool:
    return box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5 \
        and box["y"] + box["height"] <= size[1] + 0.5


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 800)), ("pt", (360, 740))])
def test_a_seed_in_the_page_address_deals_that_match(open_page, lang, size):
    """``?seed=`` pins the deal (a teacher gives a class one match): the reader holds the cards the engine
    deals that seed's first hand to the reader's seat, and the fingerprint shown is that seed's. The seed is
    written in capitals, as it may be copied: it is the same seed."""
    seed = hashlib.sha256(b"a class's match").hexdigest()
    dealt = GentleTable(seed=seed, game="euchre").view()
    page = open_page(helpers.table_url(lang, "euchre", seed=seed.upper(), pace=0), size)
    table = helpers.ready_table(page, "euchre")
    table.locator(".tbt-start").click()
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    expect(table.locator(".tbt-fingerprint code")).to_have_text(fingerprint(seed))
    assert wait_for_reader(page, table) == dealt["phase"]  # the first decision, nothing played yet
    assert sorted(hand_cards(table)) == sorted(dealt["hand"])
    cards = table.locator(".tbt-cards")
    cards.scroll_into_view_if_needed()
    assert inside(cards.bounding_box(), size), cards.bounding_box()


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 800)), ("fr", (360, 740))])
def test_a_malformed_seed_in_the_page_address_is_refused_with_a_notice(open_page, catalogs, lang, size):
    """A seed that is not 64 hexadecimal digits deals nothing: Start shows why, in the reader's language,
    on screen, and the engine is not even fetched."""
    page = open_page(helpers.table_url(lang, "euchre", seed="0123456789abcdefg", pace=0), size)
    table = helpers.ready_table(page, "euchre")
    start = table.locator(".tbt-start")
    start.scroll_into_view_if_needed()
    start.click()
    notice = table.locator(".tbt-notice")
    expect(notice).to_have_text(catalogs[lang]["ui"][SEED_REFUSED] if lang != "en" else SEED_REFUSED)
    assert inside(notice.bounding_box(), size), notice.bounding_box()
    expect(start).to_be_visible()  # still there, for when the address is corrected
    start.click()  # pressed again: refused again, still nothing dealt
    expect(notice).to_be_visible()
    expect(table).to_have_attribute("data-engine", "static")
    assert table.locator(".tbt-cards .tbt-card").count() == 0
    assert open_page.guard(page).under("/assets/pyodide/") == []
