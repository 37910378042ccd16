"""House rules at a play table, as a reader agrees them before a match: seen, played by, sealed, kept.

The reader opens the table's house rules, ticks one, and starts. The table then names the rule
beside the fingerprint, the engine plays by it (its view says so), the saved match carries it
sealed with the seed, and a reload brings the match back under it. A save whose house rules were
edited in storage no longer opens its seal and is dropped with the seal's message.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LEGEND = {"pt": "Regras da casa, combinadas antes da partida", "fr": "Règles maison, convenues avant la partie"}
MISERE = {"pt": "Pode-se licitar Misère", "fr": "On peut annoncer la Misère"}
AGREED = {"pt": "Regras da casa:", "fr": "Règles maison"}


def open_nap(browser, site_url, tb, lang, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    tb.gentle_bots(context)
    guard = tb.guard_context(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{site_url}/{lang}/play-nap/?pace=0")
    return context, guard, errors, page, page.locator("div.tb-table[data-game='nap']")


@pytest.mark.parametrize(("lang", "size"), [("pt", (360, 740)), ("fr", (1280, 800))])
def test_a_house_rule_ticked_before_start_is_played_shown_sealed_and_kept(browser, site_url, tb, lang, size):
    context, guard, errors, page, table = open_nap(browser, site_url, tb, lang, size)
    try:
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
        expect(table).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
        tb.wait_for_reader(page, table)
        agreed = table.locator(".tbt-house-agreed")
        expect(agreed).to_contain_text(AGREED[lang])
        expect(agreed).to_contain_text(MISERE[lang])
        saved = json.loads(page.evaluate("() => localStorage.getItem('trickbook.table.nap')"))
        assert saved["rules"] == {"misere": True} and saved["sealed"]

        page.reload()
        table = page.locator("div.tb-table[data-game='nap']")
        expect(table).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
        expect(table.locator(".tbt-house-agreed")).to_contain_text(MISERE[lang])

        # The same save with its house rule taken out in storage: the seal no longer opens.
        saved = json.loads(page.evaluate("() => localStorage.getItem('trickbook.table.nap')"))
        del saved["rules"]
        page.evaluate("(text) => localStorage.setItem('trickbook.table.nap', text)", json.dumps(saved))
        page.reload()
        table = page.locator("div.tb-table[data-game='nap']")
        notice = table.locator(".tbt-notice")
        expect(notice).to_be_visible(timeout=tb.LIVE_TIMEOUT_MS)
        assert page.evaluate("() => localStorage.getItem('trickbook.table.nap')") is None
        expect(table.locator(".tbt-house-agreed")).to_have_count(0)
    finally:
        context.close()
    assert guard.refused == [] and errors == []


def test_each_table_lists_its_games_house_rules(browser, site_url, tb):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    guard = tb.guard_context(context)
    page = context.new_page()
    try:
        page.goto(f"{site_url}/en/play-yorkshire/")
        rules = page.locator("div.tb-table[data-game='yorkshire'] .tbt-house-rules")
        expect(rules.locator(".tbt-house")).to_have_count(1)  # may_cut_holding_suit: the towns' rule
        page.goto(f"{site_url}/en/play-euchre/")
        boxes = page.locator("div.tb-table[data-game='euchre'] .tbt-house")
        expect(boxes).to_have_count(2)  # stick the dealer off, no trump on
    finally:
        context.close()
    assert guard.refused == []
