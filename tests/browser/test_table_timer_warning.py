"""The play table's decision timer says, politely, when a decision of the reader has 5 seconds left.

The warning goes to the table's live region (`.tbt-said`, role=status) once per decision, in the
page's language, and never when the reader turned the timer off. As in test_play_tables.py the
timer is shortened by the page's own setting (``?timer=7``) rather than waited out at 20 seconds,
and every table deals its game's test seed (tests/helpers.py ``TABLE_SEEDS``).
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import helpers
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

START = {"en": "Start a match", "fr": "Commencer une partie"}
WARNING = {"en": "5 seconds left to decide.", "fr": "Plus que 5 secondes pour décider."}

# Every text the live region is given, in order, kept on the page (the region itself is emptied and refilled).
LISTEN = """(t) => {
    window.tbSaid = [];
    new MutationObserver((records) => {
        for (const r of records) {
            const node = r.target.nodeType === Node.ELEMENT_NODE ? r.target : r.target.parentElement;
            const said = node && node.closest('.tbt-said');
            if (said && said.textContent) window.tbSaid.push(said.textContent);
        }
    }).observe(t, { childList: true, characterData: true, subtree: true });
}"""


def open_table(open_page: Any, lang: str, size: tuple[int, int], timer_on: bool) -> tuple[Any, Any]:
    page = open_page(helpers.table_url(lang, "euchre", pace=0, timer=7), size)
    table = helpers.ready_table(page, "euchre")
    expect(table.locator(".tbt-start")).to_have_text(START[lang])
    box = table.locator(".tbt-timer-on")
    box.set_checked(timer_on)
    page.evaluate(LISTEN, table.element_handle())
    helpers.start_by_keyboard(page, table)
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    helpers.wait_for_reader(page, table)
    return page, table


def warnings(page: Any, lang: str) -> int:
    count: int = page.evaluate("(w) => window.tbSaid.filter((s) => s === w).length", WARNING[lang])
    return count


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 800)), ("fr", (360, 740))])
def test_five_seconds_before_the_timer_chooses_the_table_says_so_once(open_page: Any, lang: str,
                                                                      size: tuple[int, int]) -> None:
    page, table = open_table(open_page, lang, size, timer_on=True)
    said = table.locator(".tbt-said")
    assert said.get_attribute("role") == "status"  # polite: it waits for what is being said
    expect(said).to_have_text(WARNING[lang], timeout=10_000)
    assert int(table.locator(".tbt-timer").get_attribute("data-left") or 99) <= 5
    # The timer then chooses; up to then the warning was said once, for this one decision.
    expect(table.locator(".tbt-log p[data-code='table-timeout']")).to_have_count(1, timeout=15_000)
    assert warnings(page, lang) == 1


@pytest.mark.parametrize(("lang", "size"), [("en", (360, 740)), ("fr", (1280, 800))])
def test_a_timer_turned_off_gives_no_warning(open_page: Any, lang: str, size: tuple[int, int]) -> None:
    page, table = open_table(open_page, lang, size, timer_on=False)
    expect(table.locator(".tbt-timer")).to_be_visible()
    helpers.nothing_happens_for(page, 3000)  # past the moment a 7-second timer would warn
    assert warnings(page, lang) == 0
    assert table.locator(".tbt-log p[data-code='table-timeout']").count() == 0
