"""Between two hands at a play table, and what its explanation box says.

- On a phone (360x740), at the end of hand 1 "Deal the next hand" is on the placard and on screen;
  once pressed, with the page scrolled down to the log, the next hand is dealt with the table
  brought back into view: the trick and the reader's hand are on screen. In English and Portuguese.
- The explanation box is emptied at a hand's end and stays empty at the next hand's first decision.
- An explanation's answer that comes back after a newer one was asked for (a card hovered, then
  another, or a bot's "Why?") is dropped: the first answer is held back by a hook on the table's
  engine requests, released once the newer answer is shown.
Fixed seeds (``?seed=``), the gentle bots, no pause between the bots' moves.
"""

from __future__ import annotations

import re

import pytest
from browser import helpers
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = (360, 740)
GAME = "euchre"

ON_SCREEN = """([t, parts]) => {
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  return parts.every((sel) => {
    const r = t.querySelector(sel).getBoundingClientRect();
    return r.height > 0 && r.top >= header - 1 && r.bottom <= innerHeight + 1
      && r.left >= -1 && r.right <= innerWidth + 1;
  });
}"""

# The table's engine requests, the first explanation's answer held back until __release() (a test hook
# on the table the page mounted: table.js's `tables`); __lateDone once the held answer was handed back.
HOLD_FIRST_EXPLANATION = """async (root) => {
  const { tables } = await import(new URL('/assets/widgets/play-table/table.js', location.href).href);
  const table = tables.get(root);
  const real = table.engineAsk.bind(table);
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  window.__release = release;
  window.__held = false;
  window.__lateDone = false;
  table.engineAsk = async (type, payload) => {
    if (type !== 'table_explain' || window.__held) return real(type, payload);
    window.__held = true;
    const answer = await real(type, payload);
    await gate;
    setTimeout(() => { window.__lateDone = true; }, 0);  // after the table has taken the answer
    return answer;
  };
}"""


def start(open_page, lang: str, size=PHONE):
    page = open_page(helpers.table_url(lang, GAME, pace=0), size)
    table = helpers.ready_table(page, GAME)
    helpers.start_by_keyboard(page, table)
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    return page, table


def play_to_hand_over(page, table) -> None:
    while helpers.wait_for_reader(page, table) != "hand-over":
        helpers.one_decision(page, table)


def first_card_decision(page, table):
    """Play on until the reader has a card to play; that card's button."""
    while True:
        phase = helpers.wait_for_reader(page, table)
        assert phase != "hand-over", "the hand ended before the reader played a card"
        playable = table.locator(".tbt-cards .tbt-card[aria-disabled='false']")
        if playable.count() and table.locator(".tbt-cards .tbt-card").count() > 1:
            return playable.first
        helpers.one_decision(page, table)


def at_the_first_card_explained(open_page):
    """An English table at 1280x800 played on to the reader's first card to play, whose explanation the focus
    on it brings: the page, the table, the explanation and the codes of the reader's other cards (those not
    explained yet)."""
    page, table = start(open_page, "en", (1280, 800))
    explanation = table.locator(".tbt-explain")
    first_card_decision(page, table)
    expect(explanation).to_have_attribute("data-target", re.compile(r"^card:"))
    shown_first = explanation.get_attribute("data-target")
    codes = [c for c in table.locator(".tbt-cards .tbt-card").evaluate_all("cs => cs.map((c) => c.dataset.card)")
             if f"card:{c}" != shown_first]
    return page, table, explanation, codes


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_on_a_phone_the_next_hand_is_dealt_from_the_placard_with_the_table_in_view(open_page, lang):
    page, table = start(open_page, lang)
    play_to_hand_over(page, table)
    next_hand = table.locator(".tbt-placard .tbt-next")
    expect(next_hand).to_be_visible()
    expect(next_hand).to_be_focused()
    assert page.evaluate(ON_SCREEN, [table.element_handle(), [".tbt-placard .tbt-next"]]), \
        next_hand.bounding_box()
    box = next_hand.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    # The reader reads on down the log, then presses the control (the focus is still on it).
    before = page.evaluate("scrollY")
    page.evaluate("scrollBy({top: 600, behavior: 'instant'})")
    page.wait_for_function("(y) => scrollY > y", arg=before)
    page.keyboard.press("Enter")
    page.wait_for_function("(t) => t.dataset.handNumber === '2'", arg=table.element_handle())
    helpers.wait_for_reader(page, table)
    # (The table scrolls back smoothly: its parts come into view one after the other.)
    parts = [".tbt-score", ".tbt-trick", ".tbt-cards", ".tbt-placard"]
    page.wait_for_function(ON_SCREEN, arg=[table.element_handle(), parts])
    for part in parts:
        box = table.locator(part).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE[1] + 1, (part, box)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_explanation_goes_at_the_hands_end_and_is_not_there_at_the_next_hand(open_page, lang):
    page, table = start(open_page, lang, (1280, 800))
    explanation = table.locator(".tbt-explain")
    card = first_card_decision(page, table)
    code = card.get_attribute("data-card")
    card.dispatch_event("mouseenter")
    expect(explanation).to_have_attribute("data-target", f"card:{code}")
    expect(explanation.locator("p").first).not_to_be_empty()
    play_to_hand_over(page, table)
    expect(explanation.locator("p")).to_have_count(0)
    table.locator(".tbt-placard .tbt-next").click()
    page.wait_for_function("(t) => t.dataset.handNumber === '2'", arg=table.element_handle())
    helpers.wait_for_reader(page, table)
    expect(explanation.locator("p")).to_have_count(0)


@pytest.mark.parametrize("newer", ["card", "why"])
def test_a_late_answer_never_replaces_a_newer_explanation(open_page, newer):
    page, table, explanation, codes = at_the_first_card_explained(open_page)
    old_code, new_code = codes[0], codes[1]
    page.evaluate(HOLD_FIRST_EXPLANATION, table.element_handle())
    table.locator(f".tbt-card[data-card='{old_code}']").dispatch_event("mouseenter")  # its answer is held back
    page.wait_for_function("() => window.__held")
    if newer == "card":
        table.locator(f".tbt-card[data-card='{new_code}']").dispatch_event("mouseenter")
        expect(explanation).to_have_attribute("data-target", f"card:{new_code}")
    else:
        why = table.locator(".tbt-log .tbt-why").last
        why.focus()
        page.keyboard.press("Enter")
        expect(explanation).to_have_attribute("data-target", "why")
    shown = explanation.inner_text()
    page.evaluate("() => window.__release()")
    page.wait_for_function("() => window.__lateDone")
    expect(explanation).to_have_attribute("data-target", "why" if newer == "why" else f"card:{new_code}")
    assert explanation.inner_text() == shown
    assert old_code != new_code


COUNT_EXPLANATIONS = """async (root) => {
  const { tables } = await import(new URL('/assets/widgets/play-table/table.js', location.href).href);
  const table = tables.get(root);
  const real = table.engineAsk.bind(table);
  window.__asked = [];
  table.engineAsk = (type, payload) => {
    if (type === 'table_explain') window.__asked.push(payload.target);
    return real(type, payload);
  };
}"""


def test_a_question_asked_again_about_the_same_position_is_not_sent_again(open_page):
    """Hover, focus and the pointer resting on a card each ask: the same question about the same position
    goes to the engine once (at an online table each is a frame the server counts); another card's, or
    the first card's again once another one's answer is shown, is asked."""
    page, table, explanation, codes = at_the_first_card_explained(open_page)
    one, other = (table.locator(f".tbt-card[data-card='{c}']") for c in codes[:2])
    page.evaluate(COUNT_EXPLANATIONS, table.element_handle())
    one.dispatch_event("mouseenter")
    expect(explanation).to_have_attribute("data-target", f"card:{codes[0]}")
    one.dispatch_event("mouseenter")
    one.focus()
    one.dispatch_event("mouseenter")
    other.dispatch_event("mouseenter")
    expect(explanation).to_have_attribute("data-target", f"card:{codes[1]}")
    one.dispatch_event("mouseenter")
    expect(explanation).to_have_attribute("data-target", f"card:{codes[0]}")
    assert page.evaluate("() => window.__asked") == [f"card:{codes[0]}", f"card:{codes[1]}", f"card:{codes[0]}"]
