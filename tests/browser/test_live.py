"""The live engine in the browser: Pyodide replays the record and computes states no page contains.

One page per language boots Pyodide once (about 5 s here) and serves every test
of this module in that language.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from trickbook.trace import expand_compact

pytestmark = pytest.mark.browser

HAND = "nap-four-hearts"
FOLLOW_SUIT_EN = "{seat} holds {suit} and must follow suit."


@pytest.fixture(scope="module", params=["en", "pt", "fr"])
def live(request, browser, site_url, tb):
    """(lang, page, figure): a Nap page whose widget went live when the reader asked to try other cards."""
    lang = request.param
    with tb.pages_of(browser, site_url) as open_page:  # (the module's: checked when its last test is done)
        page = open_page(tb.hand_page_url(site_url, lang), (1280, 900), gentle=False)
        fig = tb.wait_mounted(page)
        fig.locator(".tb-try").click()  # stepping needs no engine; trying other cards does
        expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
        yield lang, page, fig


def go_to_record_step(fig, step: int) -> None:
    back = fig.locator(".tb-back")
    if back.count():
        back.click()
    fig.locator(".tb-slider").fill(str(step))
    expect(fig).to_have_attribute("data-step", str(step))


def seat_cards(fig, seat: str) -> set[str]:
    cards = fig.locator(f'.tb-board .tb-seat[data-seat="{seat}"] .tb-card')
    return {cards.nth(i).get_attribute("data-card") for i in range(cards.count())}


def shown_trick(fig):
    trick = fig.locator(".tb-player .tb-trick")
    return trick.get_attribute("data-trick"), trick.get_attribute("data-winner")


def test_live_replay_shows_trick_one_won_by_a_at_step_8_and_trick_five_won_by_b_at_the_end(live):
    _, _, fig = live
    go_to_record_step(fig, 8)
    assert shown_trick(fig) == ("1", "A")
    fig.locator(".tb-last").click()
    expect(fig).to_have_attribute("data-step", "24")
    assert shown_trick(fig) == ("5", "B")
    expect(fig).to_have_attribute("data-engine", "live")


def test_live_cards_of_the_seat_to_play_are_buttons_and_only_following_cards_are_legal(live):
    _, _, fig = live
    go_to_record_step(fig, 5)  # A has led A♥; B holds J♥ 10♥ and must follow hearts
    buttons = fig.locator('.tb-board .tb-seat[data-seat="B"] button.tb-card')
    expect(buttons).to_have_count(5)
    legal = fig.locator('.tb-board .tb-seat[data-seat="B"] button.tb-card.tb-legal')
    assert {legal.nth(i).get_attribute("data-card") for i in range(legal.count())} == {"JH", "TH"}
    # Seats not to play have no buttons.
    expect(fig.locator('.tb-board .tb-seat[data-seat="C"] button')).to_have_count(0)


def test_illegal_card_gets_the_engines_reason_in_the_readers_language(live, catalogs):
    lang, _, fig = live
    go_to_record_step(fig, 5)
    fig.locator('.tb-board .tb-seat[data-seat="B"] button[data-card="KS"]').click()
    engine = catalogs[lang]["engine"]
    template = engine["messages"].get("must-follow-suit", FOLLOW_SUIT_EN)
    suit = engine["suits"].get("H", "hearts")
    # Said to screen readers: Nap's seat letter as "player B" (a lone letter could be read as a word).
    player_b = (catalogs[lang]["ui"].get("player {seat}") or "player {seat}").replace("{seat}", "B")
    expected = template.replace("{seat}", player_b).replace("{suit}", suit)
    expect(fig.locator(".tb-message")).to_have_text(expected)
    expect(fig).not_to_have_attribute("data-branch", re.compile(".*"))


def test_what_if_branch_is_computed_by_the_engine_and_leads_back_to_the_record(live, catalogs):
    lang, _, fig = live
    go_to_record_step(fig, 4)  # the bidding is over: A, the declarer, leads
    island = json.loads(fig.evaluate("async (f) => (await fetch(new URL(f.dataset.src, location.href))).text()"))
    prerendered_hands_of_a = [set(s["view"]["hands"]["A"]) for s in expand_compact(island["replay"])]
    fig.locator('.tb-board .tb-seat[data-seat="A"] button[data-card="2C"]').click()
    expect(fig).to_have_attribute("data-branch", "whatif", timeout=20_000)
    expect(fig).to_have_attribute("data-step", "5")
    expect(fig.locator(".tb-step-narration .tb-event[data-code='leads']")).to_contain_text("2♣")
    # A state that no pre-rendered step holds: A kept the ace of hearts and led the two of clubs.
    shown = seat_cards(fig, "A")
    assert shown == {"AH", "KH", "QH", "AS"}
    assert shown not in prerendered_hands_of_a
    # Nap: the first card led fixes trumps, so the branch plays with clubs as trumps.
    clubs = catalogs[lang]["engine"]["suits"].get("C", "C")
    expect(fig.locator(".tb-board .tb-facts dd").first).to_have_text(clubs)
    # The bots finish the hand: the branch ends with every hand empty.
    fig.locator(".tb-last").click()
    for seat in "ABCD":
        assert seat_cards(fig, seat) == set()
    assert shown_trick(fig)[0] == "5"
    fig.locator(".tb-back").click()
    expect(fig).not_to_have_attribute("data-branch", re.compile(".*"))
    expect(fig).to_have_attribute("data-step", "4")
    assert seat_cards(fig, "A") == {"AH", "KH", "QH", "AS", "2C"}


def test_choosing_the_records_own_card_just_steps_on(live):
    _, _, fig = live
    go_to_record_step(fig, 4)
    fig.locator('.tb-board .tb-seat[data-seat="A"] button[data-card="AH"]').click()
    expect(fig).to_have_attribute("data-step", "5")
    expect(fig).not_to_have_attribute("data-branch", re.compile(".*"))


def test_time_to_live_against_the_bare_pyodide_boot(open_page, site_url, tb):
    """Prints both figures; the engine (wheel, import, replay) must add less than the boot itself."""
    context = open_page.context(None)
    guard = open_page.guard(context)
    page = context.new_page()
    start = time.monotonic()
    page.goto(tb.hand_page_url(site_url, "en"))
    fig = tb.wait_mounted(page)
    fig.locator(".tb-try").click()  # stepping needs no engine; trying other cards does
    expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    to_live = time.monotonic() - start
    page.close()
    page = context.new_page()
    page.goto(f"{site_url}/assets/runtime.json")
    # The same runtime, booted bare in a module worker of the same origin.
    bare_ms = page.evaluate("""async () => {
        const runtime = await (await fetch('/assets/runtime.json')).json();
        const indexURL = new URL(runtime.pyodide, location.origin + '/assets/').href;
        const source = `import { loadPyodide } from '${indexURL}pyodide.mjs';
            const t0 = performance.now(); await loadPyodide({ indexURL: '${indexURL}' });
            postMessage(performance.now() - t0);`;
        const worker = new Worker(URL.createObjectURL(new Blob([source], {type: 'text/javascript'})), {type: 'module'});
        return await new Promise((resolve, reject) => {
          worker.onmessage = e => resolve(e.data); worker.onerror = reject; });
    }""")
    context.close()
    print(f"\nnavigation to live: {to_live:.2f} s; bare Pyodide boot: {bare_ms / 1000:.2f} s")
    assert guard.refused == []
    assert to_live < 2 * bare_ms / 1000 + 2


# axe-core on a live hand with its what-if cards: test_accessibility.py (hand-live-whatif)
