"""The bots' reasons at a play table: during the hand only what every seat sees, in full once it is over.

A hand of the game's test seed is played through by keyboard (gentle bots, ``?pace=0``) at 1280x800 and 360x740 in more
than one language. While it lasts, no line of the log is a full reason (``.tbt-full-why``); once
the hand is over, the full reasons follow under their heading, the newest in sight in the log.
(That the reasons told during the hand name no hidden card is checked over many hands in
``tests/test_bot_reasons_public.py``.)
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

HEAD = {"en": "The hand is over; the bots' reasons in full",
        "pt": "A mão terminou; as razões dos bots por inteiro",
        "fr": "La donne est finie"}
CASES = [("trinidad", "en", (1280, 800)), ("yorkshire", "pt", (360, 740)), ("euchre", "fr", (1280, 800))]


@pytest.mark.parametrize("game,lang,size", CASES, ids=[f"{g}-{lang}-{s[0]}" for g, lang, s in CASES])
def test_the_full_reasons_come_only_once_the_hand_is_over(open_page, site_url, tb, game, lang, size):
    context = open_page.context(viewport={"width": size[0], "height": size[1]})
    tb.gentle_bots(context)
    guard = open_page.guard(context)
    page = context.new_page()
    errors = open_page.page_errors(page)
    try:
        # The game's test seed (a deal played out in tricks): a random deal may be thrown in and dealt
        # again at once, and the reasons of the hand thrown in then come with no pause at its end.
        page.goto(site_url + tb.table_url(lang, game, pace=0, timer=0))
        table = page.locator(f"div.tb-table[data-game='{game}']")
        tb.start_by_keyboard(page, table)
        expect(table).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
        log = table.locator(".tbt-log")
        for _ in range(60):
            if tb.wait_for_reader(page, table) == "hand-over":
                break
            assert log.locator(".tbt-full-why").count() == 0, "a full reason was shown during the hand"
            tb.one_decision(page, table)
        assert table.get_attribute("data-phase") == "hand-over"
        head = log.locator(".tbt-full-why-head")
        expect(head).to_have_count(1)
        assert head.inner_text().startswith(HEAD[lang]) and "bot-" not in head.inner_text()
        full = log.locator("p.tbt-full-why:not(.tbt-full-why-head)")
        assert full.count() >= 1
        # Each full reason is a sentence in the page's language, not a code, and has its code for a test.
        for line in full.all():
            assert line.get_attribute("data-code").startswith("bot-")
            assert "{" not in line.inner_text() and "bot-" not in line.inner_text()
        # The newest of them is on screen (once the log is), inside the log's box.
        log.scroll_into_view_if_needed()
        box, newest = log.bounding_box(), full.last.bounding_box()
        assert box and newest and newest["y"] >= max(0, box["y"]) - 0.5
        assert newest["y"] + newest["height"] <= min(size[1], box["y"] + box["height"]) + 1, (newest, box)
        assert newest["x"] >= 0 and newest["x"] + newest["width"] <= size[0] + 0.5, newest
    finally:
        context.close()
    assert guard.refused == [], f"requests left 127.0.0.1: {guard.refused}"
    assert errors == [], f"uncaught errors in the page: {errors}"
