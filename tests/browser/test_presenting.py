"""A teacher at a projector: presenter mode enlarges the facts line and the turned card, a clicker's
blank-screen key (B or .) blanks the screen and brings it back, and the reading keys are shown to the
eye. Measured as seen: bounding boxes at 1280x800 (and 360x740 for the keys), in more than one language.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
PRESENTING = re.compile(r"\btb-presenter\b")


def ui(catalogs, lang: str, msgid: str) -> str:
    return catalogs[lang]["ui"].get(msgid) or msgid


def open_hand(open_page, tb, site_url, lang, game, hand, step, present=True, viewport=PROJECTOR):
    context = open_page.context(viewport=viewport)
    guard = open_page.guard(context)
    tb.block_runtime(context)
    page = context.new_page()
    page.goto(f"{site_url}/{lang}/{game}/#{hand}={step}{'&present' if present else ''}")
    fig = page.locator(f'figure.tb-hand[data-hand-id="{hand}"]')
    fig.locator(".tb-player").wait_for()
    if present:
        expect(fig).to_have_class(PRESENTING)
    return context, guard, page, fig


def inside(box, viewport) -> bool:
    return (box is not None and box["x"] >= -1 and box["y"] >= -1
            and box["x"] + box["width"] <= viewport["width"] + 1 and box["y"] + box["height"] <= viewport["height"] + 1)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_presenter_mode_enlarges_the_facts_line_and_the_turned_card(open_page, site_url, tb, lang):
    context, guard, page, fig = open_hand(open_page, tb, site_url, lang, "trinidad", "trinidad-hang-jack", 5)
    facts = fig.locator(".tb-board .tb-facts")
    turned = facts.locator("dd .tb-card").first
    board_card = fig.locator(".tb-board .tb-seat .tb-card").first
    size = lambda loc: float(loc.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))  # noqa: E731
    # The facts read as large as the narration (28.8 px at 1280 px wide); the turned card is as large
    # as the board's cards (it was 31x31 px at 19.2 px).
    narration = size(fig.locator(".tb-step-narration"))
    assert size(facts.locator("dt").first) >= 28 and size(facts.locator("dt").first) >= narration - 0.5
    assert abs(size(turned) - size(board_card)) < 0.5
    box, card_box = turned.bounding_box(), board_card.bounding_box()
    assert box["height"] >= 55 and box["width"] >= 55, box
    assert abs(box["height"] - card_box["height"]) < 2
    # All of the facts on the projected screen, none of it under the bar.
    assert inside(facts.bounding_box(), PROJECTOR), facts.bounding_box()
    bar = fig.locator(".tb-bar").bounding_box()
    assert facts.bounding_box()["y"] >= bar["y"] + bar["height"] - 1
    context.close()
    assert guard.refused == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_clickers_blank_key_blanks_the_screen_and_brings_it_back(open_page, site_url, tb, catalogs, lang):
    context, guard, page, fig = open_hand(open_page, tb, site_url, lang, "nap", "nap-four-hearts", 6)
    blank = fig.locator(".tb-blank")
    for key in ("b", "."):
        page.keyboard.press(key)
        expect(blank).to_have_count(1)
        box = blank.bounding_box()
        assert box == {"x": 0, "y": 0, "width": PROJECTOR["width"], "height": PROJECTOR["height"]}, box
        assert blank.evaluate("b => getComputedStyle(b).backgroundColor") == "rgb(0, 0, 0)"
        hit = page.evaluate("document.elementFromPoint(640, 400).className")
        assert hit == "tb-blank"
        # Screen readers hear it.
        expect(fig.locator(".tb-message")).to_have_text(
            ui(catalogs, lang, "The screen is blank: press B or . to show the hand again."))
        # While blank the clicker's Next steps nothing hidden.
        page.keyboard.press("PageDown")
        expect(fig).to_have_attribute("data-step", "6")
        page.keyboard.press(key)
        expect(blank).to_have_count(0)
        page.keyboard.press("PageDown")
        expect(fig).to_have_attribute("data-step", "7")
        page.keyboard.press("PageUp")
        expect(fig).to_have_attribute("data-step", "6")
    # Escape first brings the screen back, and leaves presenter mode only when pressed again.
    page.keyboard.press("B")
    expect(blank).to_have_count(1)
    page.keyboard.press("Escape")
    expect(blank).to_have_count(0)
    expect(fig).to_have_class(PRESENTING)
    page.keyboard.press("Escape")
    expect(fig).not_to_have_class(PRESENTING)
    context.close()
    assert guard.refused == []


def test_outside_presenter_mode_b_blanks_the_projected_page_too(open_page, site_url, tb):
    context, guard, page, fig = open_hand(open_page, tb, site_url, "pt", "nap", "nap-four-hearts", 3, present=False)
    fig.locator(".tb-next").focus()
    page.keyboard.press("b")
    blank = fig.locator(".tb-blank")
    expect(blank).to_have_count(1)
    assert blank.bounding_box() == {"x": 0, "y": 0, "width": PROJECTOR["width"], "height": PROJECTOR["height"]}
    page.keyboard.press("ArrowRight")
    expect(fig).to_have_attribute("data-step", "3")
    page.keyboard.press("b")
    expect(blank).to_have_count(0)
    # A click on the black screen brings it back as well (a mouse is not stuck).
    page.keyboard.press(".")
    expect(blank).to_have_count(1)
    blank.click()
    expect(blank).to_have_count(0)
    context.close()
    assert guard.refused == []


@pytest.mark.parametrize("viewport", [PHONE, PROJECTOR], ids=["phone", "desk"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_reading_keys_are_shown_to_the_eye_and_open_by_keyboard(open_page, site_url, tb, catalogs, lang, viewport):
    context, guard, page, fig = open_hand(open_page, tb, site_url, lang, "nap", "nap-four-hearts", 0,
                                          present=False, viewport=viewport)
    keys = fig.locator(".tb-keys")
    summary = keys.locator("summary")
    expect(summary).to_have_text(ui(catalogs, lang, "Keys"))
    expect(summary).to_be_visible()
    assert summary.bounding_box()["height"] >= 44
    fig.locator(".tb-try").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    page.keyboard.press("Enter")
    expect(keys).to_have_attribute("open", "")
    listed = keys.locator("dl")
    expect(listed).to_be_visible()
    text = listed.inner_text()
    for msgid in ("previous or next step", "blank the screen; the same key shows it again", "leave presenter mode"):
        assert ui(catalogs, lang, msgid) in text
    box = listed.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 1
    context.close()
    assert guard.refused == []


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_a_printed_hand_without_tricks_has_no_tricks_table_and_its_note_is_words(open_page, site_url, tb, lang):
    """Trinidad's gift at thirteen ends before a card is played: the handout prints its deal, notes and
    result, no empty tricks table, and the note names the house rule in words, not an option name."""
    context = open_page.context(viewport=PROJECTOR)
    guard = open_page.guard(context)
    tb.block_runtime(context)
    page = context.new_page()
    page.goto(f"{site_url}/{lang}/trinidad/")
    page.emulate_media(media="print")
    fig = page.locator('figure.tb-hand[data-hand-id="trinidad-gift-at-thirteen"]')
    expect(fig.locator(".tb-deal-table")).to_be_visible()
    expect(fig.locator(".tb-trick-table")).to_have_count(0)
    printed = fig.inner_text()
    notes = fig.locator(".tb-narration .tb-note")
    expect(notes).to_have_count(2)
    assert "gift_may_win" not in printed and "= false" not in printed
    assert all(notes.nth(i).inner_text() in printed for i in range(2))
    # A hand with tricks still prints its table.
    expect(page.locator('figure.tb-hand[data-hand-id="trinidad-hang-jack"] .tb-trick-table')).to_be_visible()
    context.close()
    assert guard.refused == []
