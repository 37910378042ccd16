"""The play table's 'gentle bots' setting, as a reader meets it: on screen before Start and during a match, at
360x740 and 1280x800, in two languages; operated by keyboard; it sets the level of the next match's bots
(the engine's answer says which), and the browser remembers it after a reload.
"""

from __future__ import annotations

import json

import pytest
from browser import helpers
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

START = {"en": "Start a match", "pt": "Começar uma partida", "fr": "Commencer une partie"}
GENTLE = {"en": "Gentle bots, for beginners", "pt": "Bots mais fáceis, para principiantes",
          "fr": "Bots faciles, pour débutants"}
NEXT_MATCH = {"en": "The bots play this way from the next match.",
              "pt": "Os bots passam a jogar assim a partir da próxima partida.",
              "fr": "Les bots joueront ainsi dès la prochaine partie."}
CASES = [("euchre", "en", (1280, 800)), ("yorkshire", "pt", (360, 740)), ("nap", "fr", (360, 740))]


def inside(page, locator, size) -> None:
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None, "the setting is not shown"
    assert box["width"] >= 24 and box["height"] >= 24, f"too small to press: {box}"
    assert box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5, f"off the side: {box}"
    assert box["y"] >= 0 and box["y"] + box["height"] <= size[1] + 0.5, f"off the screen: {box}"


def settings(page) -> dict | None:
    text = page.evaluate("() => localStorage.getItem('trickbook.table-settings')")
    return None if text is None else json.loads(text)


@pytest.mark.parametrize("game,lang,size", CASES)
def test_the_gentle_setting_is_on_screen_by_keyboard_and_sets_the_bots_of_the_next_match(open_page,
                                                                                      game, lang, size):
    page = open_page(helpers.table_url(lang, game, pace=0), size, gentle=False)
    table = helpers.ready_table(page, game)
    expect(table.locator(".tbt-start")).to_have_text(START[lang])
    expect(table.locator(".tbt-start")).to_be_visible()
    label = table.locator(".tbt-gentle-label")
    box = table.locator(".tbt-gentle")
    expect(label).to_have_text(GENTLE[lang])
    expect(box).not_to_be_checked()  # strong bots unless the reader asks
    inside(page, label, size)
    assert settings(page) is None

    # By keyboard: focus the setting, Space ticks it; it is remembered at once.
    box.focus()
    page.keyboard.press("Space")
    expect(box).to_be_checked()
    assert settings(page) == {"level": "gentle"}

    table.locator(".tbt-start").focus()
    page.keyboard.press("Enter")
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    expect(table).to_have_attribute("data-level", "gentle")
    # During the match the setting is with the tools, still on screen; a change counts from the next match.
    expect(table.locator(".tbt-tools .tbt-gentle-label")).to_be_visible()
    inside(page, label, size)
    box.focus()
    page.keyboard.press("Space")
    expect(box).not_to_be_checked()
    expect(table.locator(".tbt-notice")).to_have_text(NEXT_MATCH[lang])
    expect(table).to_have_attribute("data-level", "gentle")
    assert settings(page) == {"level": "strong"}

    # A reload resumes the saved match at its own level; the setting shows what the reader chose.
    page.reload()
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    expect(table).to_have_attribute("data-level", "gentle")
    expect(box).not_to_be_checked()

    # A new match deals with strong bots.
    table.locator(".tbt-new").click()
    confirm = table.locator(".tbt-confirm-yes")
    if confirm.is_visible():
        confirm.click()
    expect(table).to_have_attribute("data-level", "strong", timeout=helpers.LIVE_TIMEOUT_MS)
