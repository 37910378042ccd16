"""A rules page can be taken in at a glance on a phone, and the home page opens on the games.

At 360x740, in English, Portuguese and French (the home page in English and French): each rules
page carries "the game at a glance" card, which starts on the first screen and fits within one
screen; a short contents line under it links to the page's sections; on the home page the first
game's link is on the first screen.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = (360, 740)
GAMES = ["nap", "yorkshire", "trinidad", "euchre"]


def header_bottom(page) -> float:
    box = page.locator(".md-header").bounding_box()
    return box["y"] + box["height"]


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_the_game_at_a_glance_fits_one_phone_screen_near_the_top(open_page, game, lang):
    page = open_page(f"/{lang}/{game}/", PHONE)
    content = page.locator(".md-content .md-typeset")
    card = content.locator(".admonition.abstract").first
    expect(card).to_be_visible()
    assert page.evaluate("scrollY") == 0
    box = card.bounding_box()
    top = header_bottom(page)
    assert box["y"] < PHONE[1], f"the card starts below the first screen: {box}"
    assert box["height"] <= PHONE[1] - top, f"the card is taller than a screen under the header: {box}"
    # Seven lines: players, pack, deal, trumps, tricks, scoring, target.
    expect(card.locator("li")).to_have_count(7)
    # The contents line right after it links to sections of this page.
    links = card.locator("xpath=following-sibling::p[1]//a")
    assert links.count() >= 6
    for href in links.evaluate_all("(as) => as.map((a) => a.getAttribute('href'))"):
        assert href.startswith("#"), href
        assert page.locator(f"[id='{href[1:]}']").count() == 1, href


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_home_pages_first_game_link_is_on_the_first_phone_screen(open_page, lang):
    page = open_page(f"/{lang}/", PHONE)
    first = page.locator(".md-content .md-typeset table a").first
    expect(first).to_be_visible()
    assert page.evaluate("scrollY") == 0
    box = first.bounding_box()
    assert box["y"] >= header_bottom(page) - 1 and box["y"] + box["height"] <= PHONE[1], box
    assert (first.get_attribute("href") or "").rstrip("/").endswith(("yorkshire", "trinidad", "nap", "euchre")), \
        first.get_attribute("href")
