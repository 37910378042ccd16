"""The play tables in the browser: every game by keyboard alone, on one screen, resumed after a reload.

Each game is played twice: in English at 1280x800 and in another language at 360x740. Two of
these are whole matches to the end screen and the verifier (Euchre in English at 1280x800, Nap in
French at 360x740); the other six play the first hand to its end, with the same checks at every
decision (the rules of a whole match of every game are tested in CPython by test_table_games.py).
At every decision of the reader the hand, the trick, the game's objects (trumps, upcard,
kick, contract), the timer and the score are inside the viewport and below the sticky
header, with no scrolling. The bots are the gentle ones (their strength is tested in
test_bot_levels.py and test_bot_level.py) and answer at once (``?pace=0``); the 20-second timer
stays as it is. Every table deals its game's test seed (``?seed=``, tests/helpers.py).
"""

from __future__ import annotations

import hashlib
import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from browser import helpers
from helpers import TABLE_SEEDS
from playwright.sync_api import expect

from trickbook import shuffle

pytestmark = pytest.mark.browser

START = {"en": "Start a match", "pt": "Começar uma partida", "fr": "Commencer une partie"}
MATCHES = [  # game, language, screen, and whether the whole match is played (else its first hand)
    ("yorkshire", "en", (1280, 800), False), ("yorkshire", "fr", (360, 740), False),
    ("trinidad", "en", (1280, 800), False), ("trinidad", "pt", (360, 740), False),
    ("nap", "en", (1280, 800), False), ("nap", "fr", (360, 740), True),
    ("euchre", "en", (1280, 800), True), ("euchre", "pt", (360, 740), False),
]
# What a decision needs in sight: hand, trick, trumps and the game's objects, timer, score.
ONE_SCREEN = [".tbt-cards", ".tbt-trick", ".tbt-objects", ".tbt-timer", ".tbt-score"]


def open_table(open_page, game: str, lang: str, size: tuple[int, int], **params):
    """The game's play page, dealing its test seed (``TABLE_SEEDS``: chosen so that every hand has trick
    play), with the gentle bots at once (``pace=0``); (page, table) once start.js has shown Start."""
    page = open_page(helpers.table_url(lang, game, **{"pace": 0, **params}), size)
    table = helpers.ready_table(page, game)
    expect(table.locator(".tbt-start")).to_have_text(START[lang])
    assert open_page.guard(page).under("/assets/pyodide/") == []
    return page, table


def go_live(page, table) -> None:
    helpers.start_by_keyboard(page, table)
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)


def lines(table) -> int:
    return int(table.locator(".tbt-log").get_attribute("data-lines") or 0)


def assert_on_one_screen(page, table, size) -> None:
    header = page.locator(".md-header").bounding_box()
    top = header["y"] + header["height"] if header else 0
    for selector in ONE_SCREEN:
        box = table.locator(selector).bounding_box()
        assert box is not None, f"{selector} is not shown"
        assert box["y"] >= top - 0.5, f"{selector} is under the header: {box} (header ends at {top})"
        assert box["y"] + box["height"] <= size[1] + 0.5, f"{selector} is below the screen: {box}"
        assert box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5, f"{selector} is off the side: {box}"


def focus_in_table(page, table) -> bool:
    return page.evaluate("(t) => t.contains(document.activeElement)", table.element_handle())


def play_match_by_keyboard(page, table, size, whole: bool = True) -> dict:
    """Every decision by keys alone: S for the cautious choice, Enter for the first choice or to lift and play a card.
    The whole match, or (``whole=False``) its first hand, up to the focused "next hand" button."""
    decisions = hands = 0
    looked_back = False
    while table.get_attribute("data-over") != "true":
        phase = helpers.wait_for_reader(page, table)
        if table.get_attribute("data-over") == "true":
            break
        assert focus_in_table(page, table), f"focus left the table in phase {phase}"
        before = lines(table)
        if phase == "hand-over":
            expect(table.locator(".tbt-next")).to_be_focused()
            if not whole and looked_back:
                return {"decisions": decisions, "hands": hands + 1, "looked_back": looked_back}
            # The test seeds give every hand tricks, so the first hand has one to look back on.
            assert whole, f"a hand with no trick to look back on: {table.locator('.tbt-log').inner_text()[-600:]}"
            page.keyboard.press("Enter")
            hands += 1
        else:
            assert_on_one_screen(page, table, size)
            enabled = table.locator(".tbt-cards .tbt-card[aria-disabled='false']")
            if not looked_back and enabled.count() and table.locator(".tbt-last:not([disabled])").count():
                # L shows the trick just taken, and L again the trick in progress.
                trick = table.locator(".tbt-trick")
                page.keyboard.press("l")
                expect(trick).to_have_attribute("data-showing", "last")
                expect(trick.locator(".tbt-trick-head")).to_contain_text(re.compile(r"\d"))
                page.keyboard.press("l")
                expect(trick).to_have_attribute("data-showing", "current")
                looked_back = True
            if enabled.count():
                # The first playable card has the focus: lift it, then play it.
                focused = page.evaluate("() => document.activeElement.dataset.card || ''")
                assert focused == enabled.first.get_attribute("data-card")
                page.keyboard.press("Enter")
                expect(table.locator(f".tbt-card[data-card='{focused}']")).to_have_attribute("aria-pressed", "true")
                page.keyboard.press("Enter")
            elif decisions % 2 and table.locator(".tbt-choice[aria-keyshortcuts='S']").count():
                page.keyboard.press("s")
            else:
                expect(table.locator(".tbt-choice").first).to_be_focused()
                page.keyboard.press("Enter")
            decisions += 1
        page.wait_for_function("([t, n]) => Number(t.querySelector('.tbt-log').dataset.lines) > n",
                               arg=[table.element_handle(), before], timeout=30_000)
        assert decisions + hands < 400, "the match does not end"
        # S and M never reach the site's search.
        assert not page.locator(".md-search__input:focus").count()
    return {"decisions": decisions, "hands": hands + 1, "looked_back": looked_back}


def check_the_end_and_the_verifier(page, table, game: str, fingerprint: str, played: dict) -> None:
    """A finished match: the log at its end, the seed revealed, and the verifier filled in and agreeing."""
    # The log follows its newest line: it is scrolled to the end.
    assert page.evaluate("(t) => { const log = t.querySelector('.tbt-log'); "
                         "return log.scrollTop + log.clientHeight >= log.scrollHeight - 2; }", table.element_handle())
    end = table.locator(".tbt-end")
    expect(end).to_be_visible()
    seed = end.locator(".tbt-seed").text_content()
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == fingerprint
    link = urlsplit(end.locator("a.tbt-verify").get_attribute("href"))
    params = {k: v[0] for k, v in parse_qs(link.fragment).items()}
    assert params["seed"] == seed and params["fingerprint"] == fingerprint and params["game"] == game
    rows = end.locator(".tbt-dealt tbody tr")
    assert rows.count() == int(params["hands"]) == played["hands"]
    assert len(params["dealers"]) == played["hands"]
    # A finished match is not saved for resuming.
    assert page.evaluate(f"() => localStorage.getItem('trickbook.table.{game}')") is None
    dealt = [r.locator(".tbt-dealt-cards").get_attribute("data-cards") for r in rows.all()]
    you = params["you"]
    # "Verify this match" opens the verifier filled in: the fingerprint matches, and its deal of
    # every hand gives the reader the cards the table dealt.
    end.locator("a.tbt-verify").click()
    verdict = page.locator(".tb-verifier .tbv-verdict")
    expect(verdict).to_have_attribute("data-result", "match", timeout=15_000)
    hands = page.locator(".tb-verifier table.tbv-hand")
    expect(hands).to_have_count(len(dealt))
    for i, cards in enumerate(dealt):
        assert hands.nth(i).locator(f"tr[data-seat='{you}'] .tbv-cards").get_attribute("data-cards") == cards
        assert hands.nth(i).get_attribute("data-dealer") == params["dealers"][i]


@pytest.mark.parametrize("game,lang,size,whole", MATCHES,
                         ids=[f"{g}-{lang}-{s[0]}-{'match' if w else 'hand'}" for g, lang, s, w in MATCHES])
def test_a_match_is_played_by_keyboard_on_one_screen(open_page, game, lang, size, whole):
    page, table = open_table(open_page, game, lang, size)
    if game == "nap":
        table.locator(".tbt-players").select_option("5")
    go_live(page, table)
    expect(table).to_have_attribute("data-level", "gentle")
    fingerprint = table.locator(".tbt-fingerprint code").text_content()
    assert fingerprint == shuffle.fingerprint(TABLE_SEEDS[game])
    bots = table.locator(".tbt-seat[data-bot='true']")
    expect(bots).to_have_count(4 if game == "nap" else 3)
    played = play_match_by_keyboard(page, table, size, whole)
    assert played["looked_back"]  # the test seed's hands all have tricks, Nap's too
    if not whole:
        assert played["decisions"] > 0 and table.get_attribute("data-over") != "true"
        print(f"{game} {lang}: first hand, {played['decisions']} decisions by the reader")
    else:
        check_the_end_and_the_verifier(page, table, game, fingerprint, played)
        print(f"{game} {lang}: {played['hands']} hands, {played['decisions']} decisions by the reader")


@pytest.mark.parametrize("game", ["trinidad", "euchre"])
def test_a_reload_brings_the_match_back_exactly_where_it_was(open_page, game):
    page, table = open_table(open_page, game, "en", (1280, 800))
    go_live(page, table)
    for _ in range(3):  # a few decisions, by the table's own time-outs replaced with S or a card
        helpers.one_decision(page, table)
    helpers.wait_for_reader(page, table)
    snapshot = snapshot_of(table)
    saved = json.loads(page.evaluate(f"() => localStorage.getItem('trickbook.table.{game}')"))
    assert saved["moves"] and saved["game"] == game
    page.reload()
    table = helpers.ready_table(page, game)
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    helpers.wait_for_reader(page, table)
    assert snapshot_of(table) == snapshot
    expect(table.locator(".tbt-notice")).to_be_visible()
    # New match asks first; "No" keeps the match.
    table.locator(".tbt-new").click()
    expect(table.locator(".tbt-confirm")).to_be_visible()
    table.locator(".tbt-confirm-no").click()
    assert snapshot_of(table) == snapshot


def snapshot_of(table) -> dict:
    return {
        "hand": [c.get_attribute("data-card") for c in table.locator(".tbt-cards .tbt-card").all()],
        "trick": table.locator(".tbt-trick").inner_text(),
        "score": [t.get_attribute("data-points") for t in table.locator(".tbt-track").all()],
        "fingerprint": table.locator(".tbt-fingerprint code").text_content(),
        "phase": table.get_attribute("data-phase"),
        "hand_number": table.get_attribute("data-hand-number"),
    }


@pytest.mark.parametrize("saved", [
    "{not json", json.dumps({"game": "nap", "seed": "0" * 64, "moves": [], "version": "0.0.0+old"})])
def test_a_corrupt_or_old_saved_match_is_dropped_with_a_message(open_page, saved):
    page, table = open_table(open_page, "nap", "en", (1280, 800))
    page.evaluate("(text) => localStorage.setItem('trickbook.table.nap', text)", saved)
    page.reload()
    table = helpers.ready_table(page, "nap")
    expect(table.locator(".tbt-notice")).to_be_visible(timeout=helpers.LIVE_TIMEOUT_MS)
    expect(table.locator(".tbt-start")).to_be_visible()
    assert page.evaluate("() => localStorage.getItem('trickbook.table.nap')") is None


def test_the_timer_pauses_while_the_tab_is_hidden_and_says_so(open_page):
    page, table = open_table(open_page, "euchre", "en", (1280, 800), timer=3)
    hide = """(hidden) => {
        Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
    }"""
    go_live(page, table)
    helpers.wait_for_reader(page, table)
    page.evaluate(hide, True)
    timer = table.locator(".tbt-timer")
    expect(timer).to_have_attribute("data-paused", "true")
    expect(timer).to_contain_text("Paused while this tab is hidden")
    helpers.nothing_happens_for(page, 4500)  # longer than the whole decision: nothing may be chosen meanwhile
    assert table.locator(".tbt-log p[data-code='table-timeout']").count() == 0
    page.evaluate(hide, False)
    expect(timer).to_have_attribute("data-paused", "false")
    expect(table.locator(".tbt-log p[data-code='table-timeout']")).to_have_count(1, timeout=15_000)


# axe-core on a live table at a decision, on a phone: test_accessibility.py (table-*-at-a-decision-phone)
