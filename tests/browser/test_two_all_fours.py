"""'One deal, two All Fours' as a reader steps it: two tables side by side, one bar for both.

The page pairs the Yorkshire and the Trinidad hand dealt from one seed (a ```hand``` block with
`pair`). One bar steps both by moment: while Trinidad begs (N) and runs the pack (E), the Yorkshire
table waits at the deal, marked so; then N leads at both tables, the 3 of diamonds at Yorkshire and
the 10 of clubs at Trinidad, and card k of trick t stands beside card k of trick t. Yorkshire plays
six tricks and Trinidad nine: for Trinidad's last three, the Yorkshire table shows its finished hand.
Checked in English, Portuguese and French, at 360x740 (stacked, within the screen, no page scrolling
sideways) and 1280x800 (side by side), by button, slider, keyboard and deep link, with axe-core, no
engine booted, and no request leaving 127.0.0.1. On a phone, where the Trinidad table stands far below
the Yorkshire one, the sticking bar carries a row per table: after every step both tables' cards just
played are on screen with the bar's buttons, and one live region says both tables' steps.
"""

from __future__ import annotations

import pytest
from browser import helpers
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAIR = "yorkshire-two-all-fours~trinidad-two-all-fours"
YORK = "figure.tb-hand[data-hand-id='yorkshire-two-all-fours']"
TRIN = "figure.tb-hand[data-hand-id='trinidad-two-all-fours']"
SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
HOW = ("Both tables move together: the deal, then the same card of the same trick at each table. "
       "A table with nothing at that moment stays as it was.")
WAITING = "Nothing happens at this table at this moment: it stays as it was."
LAST = 38  # 1 deal + 2 (beg, run) + 9 tricks of 4 cards at the Trinidad table


def ui(catalogs, lang: str, msgid: str) -> str:
    return catalogs[lang]["ui"].get(msgid) or msgid


def spaced(text: str) -> str:
    """French pages put no-break spaces where a translator typed plain ones."""
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


def open_pair(open_page, site_url, tb, lang: str, size: str, fragment: str = ""):
    context = open_page.context(viewport=SIZES[size])
    guard = open_page.guard(context)
    tb.block_runtime(context)  # stepping needs no engine: were it asked for, the pair would fail
    page = context.new_page()
    errors = open_page.page_errors(page)
    page.goto(f"{site_url}/{lang}/two-all-fours/{fragment}")
    return context, guard, errors, page


def shows(page, york_step: int, york_card: str, trin_step: int, trin_card: str) -> None:
    """Each table at its step, the card just played marked at each table (in the trick or on the board)."""
    for selector, step, card in ((YORK, york_step, york_card), (TRIN, trin_step, trin_card)):
        fig = page.locator(selector)
        expect(fig).to_have_attribute("data-step", str(step))
        expect(fig.locator(f".tb-bar-trick .tb-step-card[data-card='{card}']")).to_have_count(1)


def where(catalogs, lang: str, moment: int) -> str:
    return ui(catalogs, lang, "Step {step} of {total}").replace("{step}", str(moment)).replace("{total}", str(LAST))


def no_sideways_scroll(page, width: int) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_one_bar_steps_both_tables_by_moment_side_by_side_or_stacked(open_page, site_url, tb, catalogs, lang, size):
    context, guard, errors, page = open_pair(open_page, site_url, tb, lang, size)
    try:
        pair = page.locator(".tb-pair")
        bar = pair.locator(".tb-pair-bar")
        expect(bar).to_be_visible()
        # One set of controls for both tables: the figures carry none of their own.
        expect(page.locator(".tb-pair .tb-controls")).to_have_count(1)
        expect(page.locator(".tb-pair figure .tb-next, .tb-pair figure .tb-dormant")).to_have_count(0)
        assert spaced(pair.locator(".tb-pair-how").inner_text()) == spaced(ui(catalogs, lang, HOW))
        expect(bar.locator(".tb-counter")).to_have_text(where(catalogs, lang, 0))

        bar.locator(".tb-next").click()  # N begs at the Trinidad table; Yorkshire has no beg and waits
        expect(pair).to_have_attribute("data-tb-mounted", "true")
        york, trin = page.locator(YORK), page.locator(TRIN)
        expect(york).to_have_attribute("data-step", "0")
        expect(trin).to_have_attribute("data-step", "1")
        expect(york.locator(".tb-waiting")).to_be_visible()
        assert spaced(york.locator(".tb-waiting").inner_text()) == spaced(ui(catalogs, lang, WAITING))
        expect(trin.locator(".tb-waiting")).to_be_hidden()
        bar.locator(".tb-next").click()  # E runs the pack: the new kick is the 9 of hearts
        expect(trin).to_have_attribute("data-step", "2")
        expect(york).to_have_attribute("data-step", "0")
        bar.locator(".tb-next").click()  # N leads at both tables
        shows(page, 1, "3D", 3, "TC")
        expect(york.locator(".tb-waiting")).to_be_hidden()
        assert "3♦" in york.locator(".tb-step-narration").inner_text()
        assert "10♣" in trin.locator(".tb-step-narration").inner_text()
        bar.locator(".tb-next").click()  # the second card of trick 1: E's 8 of diamonds, W's king of clubs
        shows(page, 2, "8D", 4, "KC")
        expect(bar.locator(".tb-counter")).to_have_text(where(catalogs, lang, 4))
        assert page.evaluate("() => location.hash") == f"#{PAIR}=4"
        bar.locator(".tb-prev").click()
        shows(page, 1, "3D", 3, "TC")
        # The slider: moment 10 is the last card of trick 2 at both tables (N's jack, S's ace of spades).
        bar.locator(".tb-slider").fill("10")
        shows(page, 8, "JD", 10, "AS")
        bar.locator(".tb-last").click()  # Trinidad's last card (N's 5 of hearts); Yorkshire finished at step 24
        shows(page, 24, "AC", 38, "5H")
        expect(york.locator(".tb-waiting")).to_be_visible()
        expect(bar.locator(".tb-next")).to_have_attribute("aria-disabled", "true")

        # Layout: side by side at 1280, stacked within the screen at 360; each table in its own
        # labelled region that scrolls sideways if it must, the page never.
        sides = pair.locator(".tb-pair-side")
        expect(sides).to_have_count(2)
        a, b = sides.nth(0).bounding_box(), sides.nth(1).bounding_box()
        width = SIZES[size]["width"]
        for box in (a, b):
            assert box["x"] >= 0 and box["x"] + box["width"] <= width
        if size == "desktop":
            assert a["x"] + a["width"] <= b["x"] and abs(a["y"] - b["y"]) < 2
        else:
            assert b["y"] >= a["y"] + a["height"] and abs(a["x"] - b["x"]) < 2
        # The bar's rows of both tricks are for a phone: side by side, each table shows its own trick.
        if size == "desktop":
            expect(bar.locator(".tb-pair-strip")).to_be_hidden()
        else:
            expect(bar.locator(".tb-pair-strip")).to_be_visible()
        labels = [sides.nth(i).get_attribute("aria-label") for i in range(2)]
        assert labels == [york.locator("figcaption").inner_text(), trin.locator("figcaption").inner_text()]
        assert all(sides.nth(i).get_attribute("role") == "region" for i in range(2))
        assert all(sides.nth(i).evaluate("e => getComputedStyle(e).overflowX") == "auto" for i in range(2))
        no_sideways_scroll(page, width)
        assert helpers.violations(page, "body", every=True) == []
        assert [u for u in guard.seen if "/assets/pyodide/" in u] == []  # no engine for stepping
        assert errors == []
    finally:
        context.close()
    assert guard.refused == []


def row(page, selector: str):
    """The phone bar's row of the table of `selector` (hand-pair.css shows the rows on a narrow screen)."""
    hand = selector.split("'")[1]
    return page.locator(f".tb-pair-bar .tb-pair-strip .tb-pair-row[data-hand='{hand}']")


def on_screen(page, *locators) -> None:
    """Each of `locators` wholly inside the viewport and below Material's sticking header, all at once."""
    size = page.viewport_size
    header = page.locator(".md-header").bounding_box()
    top = header["y"] + header["height"] if header else 0
    for locator in locators:
        box = locator.bounding_box()
        assert box is not None, locator
        assert top - 1 <= box["y"] and box["y"] + box["height"] <= size["height"] + 1, (locator, box, top)
        assert 0 <= box["x"] and box["x"] + box["width"] <= size["width"] + 1, (locator, box)


def both_tricks_with_the_bar(page, york_card: str | None, trin_card: str | None) -> None:
    """Each table's row (name, trick, last action) and its card just played on screen with Next."""
    bar = page.locator(".tb-pair-bar")
    shown = [bar.locator(".tb-next"), row(page, YORK), row(page, TRIN)]
    for selector, card in ((YORK, york_card), (TRIN, trin_card)):
        if card is None:
            continue
        mark = row(page, selector).locator(f".tb-trick .tb-step-card[data-card='{card}']")
        expect(mark).to_have_count(1)
        # The same card the table itself marks as just played.
        expect(page.locator(selector).locator(f".tb-bar-trick .tb-step-card[data-card='{card}']")).to_have_count(1)
        shown.append(mark)
    on_screen(page, *shown)


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_on_a_phone_the_bar_shows_both_tables_tricks_after_every_step(open_page, site_url, tb, catalogs, lang):
    context, guard, errors, page = open_pair(open_page, site_url, tb, lang, "phone")
    try:
        pair = page.locator(".tb-pair")
        bar = pair.locator(".tb-pair-bar")
        york_name, trin_name = ui(catalogs, lang, "Yorkshire"), ui(catalogs, lang, "Trinidad")
        nxt = bar.locator(".tb-next")
        nxt.click()  # N begs at the Trinidad table; the Yorkshire table waits at the deal
        expect(pair).to_have_attribute("data-tb-mounted", "true")
        strip = bar.locator(".tb-pair-strip")
        expect(strip).to_be_visible()
        expect(strip).to_have_attribute("aria-hidden", "true")  # the tables below say it to screen readers
        expect(row(page, YORK).locator(".tb-pair-row-name")).to_have_text(york_name)
        expect(row(page, TRIN).locator(".tb-pair-row-name")).to_have_text(trin_name)
        expect(row(page, YORK)).to_have_attribute("data-waiting", "true")
        expect(row(page, YORK).locator(".tb-pair-row-line")).to_have_text(ui(catalogs, lang, "Waits at this moment"))
        expect(row(page, TRIN)).not_to_have_attribute("data-waiting", "true")
        both_tricks_with_the_bar(page, None, None)

        # One live region says both tables' steps; the tables' own narrations are not live.
        expect(page.locator(".tb-pair figure [aria-live]")).to_have_count(0)
        said = pair.locator(".tb-pair-said")
        expect(said).to_have_attribute("aria-live", "polite")
        waits = ui(catalogs, lang, "{table} waits.").replace("{table}", york_name)
        assert spaced(said.inner_text()).startswith(spaced(waits))

        nxt.click()  # E runs the pack
        nxt.click()  # N leads at both tables: the 3 of diamonds at Yorkshire, the 10 of clubs at Trinidad
        both_tricks_with_the_bar(page, "3D", "TC")
        expect(row(page, YORK)).not_to_have_attribute("data-waiting", "true")
        said_as = ui(catalogs, lang, "{table}: {what}")
        text = spaced(said.inner_text())
        assert text.startswith(spaced(said_as.split("{what}")[0].replace("{table}", york_name)))
        assert spaced(said_as.split("{what}")[0].replace("{table}", trin_name)) in text
        if lang == "en":
            assert text == "Yorkshire: Trumps are diamonds. N leads 3 of diamonds. Trinidad: N leads 10 of clubs."

        # The reader scrolls down to the Trinidad table's hands, far below the Yorkshire one: the bar
        # sticks, and after Next both tables' second cards are on screen with it.
        page.locator(TRIN).locator(".tb-seats").scroll_into_view_if_needed()
        nxt.click()
        both_tricks_with_the_bar(page, "8D", "KC")
        for _ in range(6):  # to the last card of trick 2 (moment 10): N's jack of diamonds, S's ace of spades
            nxt.click()
        both_tricks_with_the_bar(page, "JD", "AS")

        # Back at the top of the page, Next at the foot of the screen: the page shows the whole bar.
        page.evaluate("() => window.scrollTo(0, 0)")
        nxt.click()
        steps = [page.locator(sel).get_attribute("data-step") for sel in (YORK, TRIN)]
        assert steps == ["9", "11"]
        on_screen(page, nxt, row(page, YORK), row(page, TRIN))

        # Moment 27: Yorkshire has no trick 7 and waits with its last card (S's ace of clubs) on
        # screen; E leads the 2 of spades at Trinidad.
        bar.locator(".tb-slider").fill("26")
        nxt.click()
        both_tricks_with_the_bar(page, "AC", "2S")
        expect(row(page, YORK)).to_have_attribute("data-waiting", "true")
        assert spaced(said.inner_text()).startswith(spaced(waits))
        no_sideways_scroll(page, 360)
        assert helpers.violations(page, "body", every=True) == []
        assert errors == []
    finally:
        context.close()
    assert guard.refused == []


def test_on_a_short_screen_the_pair_s_bar_does_not_stick_over_the_tables(open_page, site_url, tb):
    # A phone held sideways, or a zoomed page: 640x360 CSS px, narrow enough for the tables to stack.
    context = open_page.context(viewport={"width": 640, "height": 360})
    guard = open_page.guard(context)
    tb.block_runtime(context)
    page = context.new_page()
    try:
        page.goto(f"{site_url}/en/two-all-fours/#{PAIR}=3")
        bar = page.locator(".tb-pair-bar")
        expect(page.locator(".tb-pair")).to_have_attribute("data-tb-mounted", "true")
        expect(bar.locator(".tb-pair-strip")).to_be_visible()
        assert bar.evaluate("e => getComputedStyle(e).position") == "static"
        # Scrolled down to the Trinidad table, the bar stays behind, above the screen.
        page.locator(TRIN).locator(".tb-seats").scroll_into_view_if_needed()
        box = bar.bounding_box()
        assert box["y"] + box["height"] <= 0
    finally:
        context.close()
    assert guard.refused == []


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_a_deep_link_opens_both_tables_at_that_moment_and_the_arrows_step_both(open_page, site_url, tb, lang):
    context, guard, errors, page = open_pair(open_page, site_url, tb, lang, "phone", f"#{PAIR}=27")
    try:
        pair = page.locator(".tb-pair")
        expect(pair).to_have_attribute("data-tb-mounted", "true")
        # Moment 27: E leads the 2 of spades to trick 7 at Trinidad; Yorkshire has no trick 7 and
        # shows its finished hand (S's ace of clubs ended trick 6).
        shows(page, 24, "AC", 27, "2S")
        expect(page.locator(YORK).locator(".tb-waiting")).to_be_visible()
        no_sideways_scroll(page, 360)
        page.locator(TRIN).locator(".tb-board").focus()
        page.keyboard.press("ArrowLeft")  # the last card of trick 6 at both tables
        shows(page, 24, "AC", 26, "6C")
        expect(page.locator(YORK).locator(".tb-waiting")).to_be_hidden()
        page.keyboard.press("Home")
        for selector in (YORK, TRIN):
            expect(page.locator(selector)).to_have_attribute("data-step", "0")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        shows(page, 1, "3D", 3, "TC")
        page.keyboard.press("End")
        shows(page, 24, "AC", 38, "5H")
        assert page.evaluate("() => location.hash") == f"#{PAIR}=38"
        # A link to one of the two hands' own steps opens the pair at that step's moment:
        # Trinidad's step 5 (S's jack of hearts) stands beside Yorkshire's step 3 (S's 3 of spades).
        page.goto(f"{site_url}/{lang}/two-all-fours/#trinidad-two-all-fours=5")
        expect(page.locator(".tb-pair")).to_have_attribute("data-tb-mounted", "true")
        shows(page, 3, "3S", 5, "JH")
        assert errors == []
    finally:
        context.close()
    assert guard.refused == []


def test_presenter_mode_shows_the_pair_alone_and_its_keys_step_both_tables(open_page, site_url, tb):
    context, guard, errors, page = open_pair(open_page, site_url, tb, "en", "desktop", f"#{PAIR}=3&present")
    try:
        pair = page.locator(".tb-pair")
        expect(pair).to_have_class("tb-pair tb-pair-presenter")
        shows(page, 1, "3D", 3, "TC")
        box = pair.bounding_box()
        assert box["x"] == 0 and box["y"] == 0 and box["width"] == 1280
        page.keyboard.press("PageDown")
        shows(page, 2, "8D", 4, "KC")
        page.keyboard.press("Escape")
        expect(pair).to_have_class("tb-pair")
        assert page.evaluate("() => location.hash") == f"#{PAIR}=4"
        assert errors == []
    finally:
        context.close()
    assert guard.refused == []


def test_without_javascript_both_tables_read_as_their_tables_and_no_bar_shows(open_page, site_url):
    context = open_page.context(viewport=SIZES["phone"], java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{site_url}/en/two-all-fours/")
        expect(page.locator(".tb-pair-bar")).to_be_hidden()
        expect(page.locator(".tb-pair-how")).to_be_hidden()
        for selector in (YORK, TRIN):
            expect(page.locator(selector).locator(".tb-deal-table")).to_be_visible()
            expect(page.locator(selector).locator(".tb-trick-table")).to_be_visible()
        # Trinidad's tricks table has nine rows, Yorkshire's six.
        expect(page.locator(YORK).locator(".tb-trick-table tbody tr")).to_have_count(6)
        expect(page.locator(TRIN).locator(".tb-trick-table tbody tr")).to_have_count(9)
        no_sideways_scroll(page, 360)
    finally:
        context.close()
