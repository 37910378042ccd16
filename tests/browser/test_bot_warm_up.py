"""The worker warms the strong bots after it has answered, never before the table is live.

At a table of strong bots the worker's answer that opens the table carries the boot's timing without
a warm-up (so the warm-up did not delay it); a later answer carries the warm-up of the page's game
(its figures are measured by bench/move_times.py --warm, not asserted here). A table of gentle bots
is never warmed.
"""

from __future__ import annotations

import pytest
from browser import helpers
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
def test_the_strong_bots_are_warmed_after_the_table_is_live(open_page, site_url, game, lang, gentle):
    page = open_page(None, (1280, 800), gentle=gentle)
    page.context.add_init_script(WATCH)
    page.goto(site_url + helpers.table_url(lang, game, pace=0))  # the game's test seed (TABLE_SEEDS)
    table = helpers.ready_table(page, game)
    table.locator(".tbt-start").click()
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    asked = page.evaluate("window.tbAsked")
    opening = next(a["id"] for a in asked if a["type"] == "table_new")
    answers = {a["id"]: a["warm"] for a in page.evaluate("window.tbAnswers")}
    assert opening in answers and answers[opening] is None, answers  # live came before any warm-up
    warm = None
    for _ in range(12):
        helpers.one_decision(page, table)
        warm = next((w for w in reversed(page.evaluate("window.tbAnswers")) if w["warm"]), {"warm": None})["warm"]
        if warm:
            break
    if gentle:
        assert not warm, warm
    else:
        assert warm and list(warm) == [game] and warm[game] > 0, warm
