"""The worker warms the strong bots after it has answered, never before the table is live.

At a table of strong bots the worker's answer that opens the table carries the boot's timing without
a warm-up (so the warm-up did not delay it); a later answer carries the warm-up of the page's game
(its figures are measured by bench/move_times.py --warm, not asserted here). A table of gentle bots
is never warmed.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Every request the page posts to the engine's worker, and the warm-up each answer reports.
WATCH = """(() => {
  const Real = window.Worker;
  window.tbAsked = [];
  window.tbAnswers = [];
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const d = event.data;
        if (d && d.id !== undefined) window.tbAnswers.push({ id: d.id, warm: d.timing ? d.timing.warm || null : null });
      });
    }
    postMessage(message, ...rest) {
      window.tbAsked.push({ id: message.id, type: message.type });
      return super.postMessage(message, ...rest);
    }
  };
})();"""


@pytest.mark.parametrize("game,lang,gentle", [("euchre", "pt", False), ("trinidad", "en", False), ("nap", "fr", True)])
def test_the_strong_bots_are_warmed_after_the_table_is_live(browser, site_url, tb, game, lang, gentle):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    if gentle:
        tb.gentle_bots(context)
    guard = tb.guard_context(context)
    context.add_init_script(WATCH)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{site_url}/{lang}/play-{game}/?pace=0")
        table = page.locator(f"div.tb-table[data-game='{game}']")
        table.locator(".tbt-start").click()
        expect(table).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
        asked = page.evaluate("window.tbAsked")
        opening = next(a["id"] for a in asked if a["type"] == "table_new")
        answers = {a["id"]: a["warm"] for a in page.evaluate("window.tbAnswers")}
        assert opening in answers and answers[opening] is None, answers  # live came before any warm-up
        warm = None
        for _ in range(12):
            tb.one_decision(page, table)
            warm = next((w for w in reversed(page.evaluate("window.tbAnswers")) if w["warm"]), {"warm": None})["warm"]
            if warm:
                break
        if gentle:
            assert not warm, warm
        else:
            assert warm and list(warm) == [game] and warm[game] > 0, warm
    finally:
        context.close()
    assert guard.refused == [] and errors == []
