"""The play tables' placard on a phone: every button a finger's size.

At 360x740, the buttons of the reader's first choice at each game (Order it up, Pass and Go alone
in Euchre, Stand and Beg or Give and Run in Trinidad, Yorkshire's choices, Nap's bids) and the
house-rule switches before the start are at least 44 by 44 px, inside the screen, and the
decision's hand, trick, objects, timer and score stay on one screen with them. In English and in
Portuguese or French, whose words are longer.
"""

from __future__ import annotations

import pytest
from browser import helpers
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SIZE = (360, 740)
FINGER = 44
START = {"en": "Start a match", "pt": "Começar uma partida", "fr": "Commencer une partie"}
CASES = [("yorkshire", "en"), ("yorkshire", "fr"), ("trinidad", "en"), ("trinidad", "pt"),
         ("nap", "en"), ("nap", "fr"), ("euchre", "en"), ("euchre", "pt")]
# What a decision needs in sight (as tests/browser/test_play_tables.py checks at every decision).
ONE_SCREEN = [".tbt-cards", ".tbt-trick", ".tbt-objects", ".tbt-timer", ".tbt-score", ".tbt-placard"]


def _boxes(locator) -> list[tuple[str, dict]]:
    return [(locator.nth(i).inner_text().strip() or locator.nth(i).get_attribute("aria-label") or "?",
             locator.nth(i).bounding_box()) for i in range(locator.count())]


def _assert_finger_sized(boxes: list[tuple[str, dict]], what: str) -> None:
    assert boxes, f"no {what} shown"
    for name, box in boxes:
        assert box is not None, f"{what} {name!r} is not drawn"
        assert box["width"] >= FINGER - 0.5 and box["height"] >= FINGER - 0.5, \
            f"{what} {name!r} is {box['width']:.0f}x{box['height']:.0f} px, under {FINGER}x{FINGER}"
        assert box["x"] >= -0.5 and box["x"] + box["width"] <= SIZE[0] + 0.5, f"{what} {name!r} is off the side: {box}"


@pytest.mark.parametrize("game,lang", CASES)
def test_every_placard_button_is_a_fingers_size_on_a_phone(open_page, game, lang):
    page = open_page(helpers.table_url(lang, game, pace=0), SIZE)
    table = helpers.ready_table(page, game)
    start = table.locator(".tbt-start")
    expect(start).to_have_text(START[lang])
    expect(start).to_be_visible()
    # The house rules' switches, unfolded, before the match starts.
    rules = page.locator(".tbt-house-rules")
    if rules.count():
        rules.locator("summary").click()
        _assert_finger_sized(_boxes(rules.locator(".tbt-house-label")), "house-rule switch")
        _assert_finger_sized(_boxes(rules.locator("summary")), "house rules' legend")
        rules.locator("summary").click()
    start.click()
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    # The reader's first decision on the placard (a card play is made with the hand's cards).
    for _ in range(120):
        helpers.wait_for_reader(page, table)
        if table.locator(".tbt-placard .tbt-choice").count():
            break
        helpers.one_decision(page, table)
    else:
        pytest.fail(f"no choice on the placard in the first 120 decisions of {game}")
    buttons = table.locator(".tbt-placard button:visible")
    boxes = _boxes(buttons)
    # Yorkshire's first placard may be "Throw in my hand" alone, beside the cards to play.
    assert len(boxes) >= (1 if game == "yorkshire" else 2), (
        f"the first choice offers {len(boxes)} button(s): {boxes}")
    _assert_finger_sized(boxes, "placard button")
    header = page.locator(".md-header").bounding_box()
    top = header["y"] + header["height"] if header else 0
    for selector in ONE_SCREEN:
        box = table.locator(selector).bounding_box()
        assert box is not None, f"{selector} is not shown"
        assert box["y"] >= top - 0.5 and box["y"] + box["height"] <= SIZE[1] + 0.5, \
            f"{selector} leaves the screen with finger-sized buttons: {box}"
