"""The step-through player on the built site: stepping, keys, deep links, layout, and the static fallback.

These tests never boot Pyodide: they refuse the runtime (the player then stays a
static step-through), except the blocked-wheel test, which lets the runtime start
and refuses only the engine's wheel.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "pt", "fr"]
HAND = "nap-four-hearts"
LAST_STEP = 24  # the record's 24 actions: four bids, then five tricks of four cards


def open_static(page, context, site_url, tb, lang, fragment=""):
    tb.block_runtime(context)
    page.goto(tb.hand_page_url(site_url, lang) + fragment)
    return tb.wait_mounted(page)


def shown_trick(fig):
    trick = fig.locator(".tb-player .tb-trick")
    return trick.get_attribute("data-trick"), trick.get_attribute("data-winner")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_language_and_catalog_reach_the_player(open_page, site_url, tb, catalogs, lang):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    fig = open_static(page, context, site_url, tb, lang)
    assert page.evaluate("document.documentElement.lang") == tb.HTML_LANG[lang]
    ui = catalogs[lang]["ui"]
    expected = ui.get("Next step") or "Next step"
    expect(fig.locator(".tb-next")).to_have_attribute("aria-label", expected)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_buttons_step_to_trick_one_won_by_a_at_step_8_and_trick_five_won_by_b_at_the_end(open_page, site_url, tb, lang):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    fig = open_static(page, context, site_url, tb, lang)
    expect(fig).to_have_attribute("data-step", "0")
    for _ in range(8):
        fig.locator(".tb-next").click()
    expect(fig).to_have_attribute("data-step", "8")
    assert shown_trick(fig) == ("1", "A")
    fig.locator(".tb-last").click()
    expect(fig).to_have_attribute("data-step", str(LAST_STEP))
    assert shown_trick(fig) == ("5", "B")
    expect(fig.locator(".tb-next")).to_be_disabled()
    fig.locator(".tb-first").click()
    expect(fig).to_have_attribute("data-step", "0")
    expect(fig.locator(".tb-prev")).to_be_disabled()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_arrow_home_and_end_keys_step_when_the_widget_has_focus(open_page, site_url, tb, lang):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    fig = open_static(page, context, site_url, tb, lang)
    fig.locator(".tb-board").focus()
    for _ in range(8):
        page.keyboard.press("ArrowRight")
    expect(fig).to_have_attribute("data-step", "8")
    assert shown_trick(fig) == ("1", "A")
    page.keyboard.press("ArrowLeft")
    expect(fig).to_have_attribute("data-step", "7")
    page.keyboard.press("End")
    expect(fig).to_have_attribute("data-step", str(LAST_STEP))
    page.keyboard.press("Home")
    expect(fig).to_have_attribute("data-step", "0")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_keys_pressed_outside_the_widget_do_not_step_it(open_page, site_url, tb, lang):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    fig = open_static(page, context, site_url, tb, lang)
    page.locator("body").press("ArrowRight")
    expect(fig).to_have_attribute("data-step", "0")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_deep_link_opens_the_hand_at_step_8_without_starting_the_engine(open_page, site_url, tb, lang):
    page = open_page(None, (1280, 720), gentle=False)
    guard = open_page.guard(page)
    page.goto(tb.hand_page_url(site_url, lang) + f"#{HAND}=8")
    fig = tb.wait_mounted(page)
    expect(fig).to_have_attribute("data-step", "8")
    assert shown_trick(fig) == ("1", "A")
    expect(fig).to_have_attribute("data-engine", "static")
    assert guard.under("/assets/pyodide/") == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hash_changes_move_the_hand_and_stepping_rewrites_the_hash(open_page, site_url, tb, lang):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    fig = open_static(page, context, site_url, tb, lang)
    page.evaluate(f"location.hash = '#{HAND}=20'")
    expect(fig).to_have_attribute("data-step", "20")
    entries = page.evaluate("history.length")
    fig.locator(".tb-next").click()
    fig.locator(".tb-next").click()
    expect(fig).to_have_attribute("data-step", "22")
    assert page.evaluate("location.hash") == f"#{HAND}=22"
    assert page.evaluate("history.length") == entries  # replaced, not one history entry per step


@pytest.mark.parametrize("lang", LANGUAGES)
def test_narration_is_the_engine_events_of_the_step_in_the_readers_language(open_page, site_url, tb, catalogs, lang):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    fig = open_static(page, context, site_url, tb, lang, f"#{HAND}=8")
    events = tb.static_steps(page)[8]["events"]
    shown = fig.locator(".tb-step-narration .tb-event")
    expect(shown).to_have_count(len(events))
    messages = catalogs[lang]["engine"]["messages"]
    for i, event in enumerate(events):
        expect(shown.nth(i)).to_have_attribute("data-code", event["code"])
        template = messages.get(event["code"])
        if template:
            # Every placeholder was filled: none is left showing.
            assert "{" not in shown.nth(i).text_content()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width", [360, 1280])
def test_page_never_scrolls_sideways_and_the_trick_table_scrolls_in_its_region(open_page, site_url, tb, lang, width):
    page = open_page(None, (width, 800), gentle=False)
    context = page.context
    fig = open_static(page, context, site_url, tb, lang, f"#{HAND}=8")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    region = fig.locator(".tb-scroll:has(.tb-trick-table)")
    expect(region).to_have_attribute("role", "region")
    expect(region).to_have_attribute("tabindex", "0")
    assert region.evaluate("el => getComputedStyle(el).overflowX") == "auto"
    if width == 360:
        assert region.evaluate("el => el.scrollWidth > el.clientWidth")
    fig.locator(".tb-presenter-toggle").click()
    expect(fig).to_have_class(re.compile(r"\btb-presenter\b"))
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_reading_without_interacting_downloads_no_runtime(open_page, site_url, tb, lang):
    page = open_page(None, (1280, 720), gentle=False)
    guard = open_page.guard(page)
    page.goto(tb.hand_page_url(site_url, lang))
    fig = tb.wait_mounted(page)
    page.mouse.wheel(0, 2000)  # scrolling is reading, not interacting with a widget
    tb.nothing_happens_for(page, 1000)  # a while of reading: the engine is not fetched meanwhile
    expect(fig).to_have_attribute("data-engine", "static")
    assert guard.under("/assets/pyodide/") == []
    assert not any(u.endswith("/worker.js") for u in guard.seen)
    transferred = page.evaluate(
        "performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
        ".reduce((n, e) => n + (e.transferSize || e.encodedBodySize || 0), 0)")
    print(f"\n[{lang}] bytes downloaded before interaction: {transferred}")
    assert 0 < transferred < 2_000_000


@pytest.mark.parametrize("lang", LANGUAGES)
def test_blocked_engine_wheel_ends_failed_in_the_readers_language_and_still_steps(
        open_page,
        site_url,
        tb,
        catalogs,
        lang):
    # The engine comes in the memory snapshot or, without one, in the wheel: take both away.
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    context.route("**/assets/snapshot.json", lambda route: route.fulfill(status=404, body="not found"))
    context.route("**/trickbook-*.whl", lambda route: route.abort())
    page.goto(tb.hand_page_url(site_url, lang))
    fig = tb.wait_mounted(page)
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "failed", timeout=tb.LIVE_TIMEOUT_MS)
    msgid = "The engine could not start here. The replay prepared with the page still works."
    expected = catalogs[lang]["ui"].get(msgid) or msgid
    expect(fig.locator(".tb-status")).to_have_text(expected)
    for _ in range(8):
        fig.locator(".tb-next").click()
    expect(fig).to_have_attribute("data-step", "8")
    assert shown_trick(fig) == ("1", "A")
    # Static cards are not "what if" buttons: only the engine may judge a card.
    expect(fig.locator(".tb-board button.tb-card")).to_have_count(0)
