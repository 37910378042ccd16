"""House rules at a play table, as a reader agrees them before a match: seen, played by, sealed, kept.

The reader opens the table's house rules, ticks one, and starts. The table then names the rule
beside the fingerprint, the engine plays by it (its view says so), the saved match carries it
sealed with the seed, and a reload brings the match back under it. A save whose house rules were
edited in storage no longer opens its seal and is dropped with the seal's message.
"""

from __future__ import annotations

import json

import pytest
from browser import helpers
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LEGEND = {"pt": "Regras da casa, combinadas antes da partida", "fr": "Règles maison, convenues avant la partie"}
MISERE = {"pt": "Pode-se licitar Misère", "fr": "On peut annoncer la Misère"}
AGREED = {"pt": "Regras da casa:", "fr": "Règles maison"}


def open_nap(open_page, lang, size):
    """Nap's play page dealing its test seed (TABLE_SEEDS), once start.js has shown the controls."""
    page = open_page(helpers.table_url(lang, "nap", pace=0), size)
    return page, helpers.ready_table(page, "nap")


@pytest.mark.parametrize(("lang", "size"), [("pt", (360, 740)), ("fr", (1280, 800))])
def test_a_house_rule_ticked_before_start_is_played_shown_sealed_and_kept(open_page, lang, size):
    page, table = open_nap(open_page, lang, size)
    rules = table.locator(".tbt-house-rules")
    summary = rules.locator("summary")
    expect(summary).to_have_text(LEGEND[lang])
    summary.click()
    misere = rules.locator(".tbt-house-label").filter(has_text=MISERE[lang])
    expect(misere).to_be_visible()
    box = misere.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5
    assert box["height"] >= 44  # a switch a finger can reach
    summary_box = summary.bounding_box()
    assert summary_box is not None and summary_box["height"] >= 44
    misere.locator("input").check()
    table.locator(".tbt-start").click()
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    helpers.wait_for_reader(page, table)
    agreed = table.locator(".tbt-house-agreed")
    expect(agreed).to_contain_text(AGREED[lang])
    expect(agreed).to_contain_text(MISERE[lang])
    saved = json.loads(page.evaluate("() => localStorage.getItem('trickbook.table.nap')"))
    assert saved["rules"] == {"misere": True} and saved["sealed"]

    page.reload()
    table = helpers.ready_table(page, "nap")
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    expect(table.locator(".tbt-house-agreed")).to_contain_text(MISERE[lang])

    # The same save with its house rule taken out in storage: the seal no longer opens.
    saved = json.loads(page.evaluate("() => localStorage.getItem('trickbook.table.nap')"))
    del saved["rules"]
    page.evaluate("(text) => localStorage.setItem('trickbook.table.nap', text)", json.dumps(saved))
    page.reload()
    table = helpers.ready_table(page, "nap")
    notice = table.locator(".tbt-notice")
    expect(notice).to_be_visible(timeout=helpers.LIVE_TIMEOUT_MS)
    assert page.evaluate("() => localStorage.getItem('trickbook.table.nap')") is None
    expect(table.locator(".tbt-house-agreed")).to_have_count(0)


def test_each_table_lists_its_games_house_rules(open_page, site_url):
    page = open_page("/en/play-yorkshire/", (1280, 800), gentle=False)
    rules = page.locator("div.tb-table[data-game='yorkshire'] .tbt-house-rules")
    expect(rules.locator(".tbt-house")).to_have_count(1)  # may_cut_holding_suit: the towns' rule
    page.goto(f"{site_url}/en/play-euchre/")
    boxes = page.locator("div.tb-table[data-game='euchre'] .tbt-house")
    expect(boxes).to_have_count(3)  # stick the dealer off, no trump on, defending alone on


# Euchre's defending alone. The page address deals a seed found to bring the decision in the first
# hand (tests/test_euchre_defend_alone.py, TABLE_SEED): the reader, South, deals; everybody passes
# the upcard, East names trumps alone, North passes, and South is asked.
DEFEND_SEED = "681d6ffc5120a9ca9397aa9b26783c390ada0939e690645a6a94cbcca5fc82fd"
DEFEND_RULE = {"en": "Against a maker going alone, one defender may defend alone",
               "fr": "Contre un preneur qui joue seul, un défenseur peut défendre seul"}
DEFEND_BUTTON = {"en": "Defend alone", "fr": "Défendre seul"}
PASS_BUTTON = {"en": "Pass", "fr": "Passer"}
DEFEND_PROMPT = {"en": "East goes alone. Defend alone", "fr": "Est joue seul. Défendez seul"}


@pytest.mark.parametrize(("lang", "size", "choice"), [("en", (1280, 800), "defend"), ("fr", (360, 740), "pass")])
def test_defending_alone_switched_on_is_offered_when_a_bot_goes_alone_and_played_by_keyboard(
        open_page, lang, size, choice):
    page = open_page(helpers.table_url(lang, "euchre", seed=DEFEND_SEED, pace=0), size)
    table = helpers.ready_table(page, "euchre")
    rules = table.locator(".tbt-house-rules")
    rules.locator("summary").click()
    switch = rules.locator(".tbt-house-label").filter(has_text=DEFEND_RULE[lang])
    expect(switch).to_be_visible()
    switch.locator("input").check()
    table.locator(".tbt-start").click()
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    assert helpers.wait_for_reader(page, table) == "round-one"
    page.keyboard.press("s")  # the dealer turns the upcard down
    page.wait_for_function("(t) => t.dataset.phase === 'defend' && t.dataset.turn === 'you'",
                           arg=table.element_handle(), timeout=30_000)
    expect(table.locator(".tbt-prompt")).to_contain_text(DEFEND_PROMPT[lang])
    defend = table.locator(".tbt-choice.tbt-defend")
    passing = table.locator(".tbt-choice.tbt-pass")
    expect(defend).to_have_text(DEFEND_BUTTON[lang])
    expect(passing).to_have_text(PASS_BUTTON[lang])
    expect(passing).to_have_attribute("aria-keyshortcuts", "S")
    expect(table.locator(".tbt-alone")).to_be_hidden()  # not the maker's Go alone switch
    boxes = [button.bounding_box() for button in (defend, passing)]
    for box in boxes:
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5
    a, b = boxes
    assert a is not None and b is not None  # side by side or one above the other, never overlapping
    assert a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5 \
        or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5
    log = table.locator(".tbt-log")
    if choice == "defend":
        defend.focus()
        page.keyboard.press("Enter")
        expect(log.locator("p[data-code='defend-alone']")).to_contain_text("South")
        expect(log.locator("p[data-code='defender-sits-out']")).to_contain_text("North")
    else:
        page.keyboard.press("s")
        expect(log.locator("p[data-code='pass-defence']").last).to_contain_text("Sud")
        expect(log.locator("p[data-code='defend-alone']")).to_have_count(0)
    helpers.wait_for_reader(page, table)
    assert table.get_attribute("data-phase") in ("play", "hand-over")
