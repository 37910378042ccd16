"""The player at a play table, as they see it: the verify form, the end-of-match panel, the log,
the keyboard from the top of the page, the phone's cards under a finger.

Every test looks at what is on the screen (bounding boxes at 1280x800 and 360x740, in more than
one language), with real key presses and, on the phone, real taps. The bots are the gentle ones
and answer at once (``?pace=0``); every table deals its game's test seed (``TABLE_SEEDS``).
"""

from __future__ import annotations

import re

import pytest
from browser import helpers
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

START = {"en": "Start a match", "pt": "Começar uma partida", "fr": "Commencer une partie"}
SKIP = {"en": "Skip to the table", "pt": "Saltar para a mesa", "fr": "Aller à la table"}
# What a panel must never print: a value the page did not have.
RAW = re.compile(r"\b(null|undefined|NaN)\b")
TARGET = 44  # px: the least a finger (and a pointer) should have to hit


# ----- the verify form ----------------------------------------------------------------------

@pytest.mark.parametrize("lang,size", [("en", (1280, 800)), ("pt", (360, 740)), ("fr", (360, 740))])
def test_the_verify_form_is_drawn_as_form_controls_with_a_focus_ring(open_page, lang, size):
    page = open_page(f"/{lang}/verify/", size)
    form = page.locator(".tb-verifier form.tbv-form")
    expect(form).to_be_visible()
    # (The online part is closed: its fields are not drawn until it is opened.)
    controls = [*form.locator("input.tbv-hex:visible").all(), *form.locator("select:visible").all()]
    assert len(controls) >= 3
    for control in controls:
        box = control.bounding_box()
        assert box and box["height"] >= TARGET and box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5, box
        border = control.evaluate("""(e) => { const s = getComputedStyle(e);
            const alpha = (s.borderTopColor.match(/rgba?\\(([^)]*)\\)/)[1].split(',')[3] ?? '1');
            return [parseFloat(s.borderTopWidth), s.borderTopStyle, parseFloat(alpha),
                    parseFloat(s.borderLeftWidth), s.borderLeftStyle]; }""")
        assert border[0] >= 1 and border[1] == "solid" and border[2] >= 0.4, f"no visible border: {border}"
        assert border[3] >= 1 and border[4] == "solid", border
    button = form.locator("button.tbv-check")
    box = button.bounding_box()
    assert box and box["height"] >= TARGET and box["width"] >= TARGET, box
    assert box["x"] + box["width"] <= size[0] + 0.5
    # A button that looks like one: a filled background, not the page's.
    filled = button.evaluate("""(b) => [getComputedStyle(b).backgroundColor,
        getComputedStyle(document.querySelector('.md-main') || document.body).backgroundColor]""")
    assert filled[0] not in ("rgba(0, 0, 0, 0)", "transparent", filled[1]), filled
    # The keyboard sees where it is: a ring of at least 2 px on the seed box, then on the button.
    seed = form.locator("input.tbv-hex").first
    seed.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    expect(seed).to_be_focused()
    ring = seed.evaluate("(e) => [getComputedStyle(e).outlineStyle, parseFloat(getComputedStyle(e).outlineWidth)]")
    assert ring[0] == "solid" and ring[1] >= 2, ring
    button.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    expect(button).to_be_focused()
    ring = button.evaluate(
        "(e) => [getComputedStyle(e).outlineStyle, parseFloat(getComputedStyle(e).outlineWidth)]")
    assert ring[0] == "solid" and ring[1] >= 2, ring


# ----- the end of a match --------------------------------------------------------------------

ENDS = [("yorkshire", "en"), ("trinidad", "pt"), ("nap", "fr"), ("euchre", "en")]


@pytest.mark.parametrize("game,lang", ENDS, ids=[f"{g}-{lang}" for g, lang in ENDS])
def test_no_panel_prints_null_undefined_or_nan_up_to_the_end_of_a_match(open_page, game, lang):
    """A whole match, each decision taken by the table's timer (``timer=0``): the end panel, and every
    panel at each hand's end, read as words and numbers only."""
    page = open_page(helpers.table_url(lang, game, pace=0, timer=0), (1280, 800))
    table = helpers.ready_table(page, game)
    expect(table.locator(".tbt-start")).to_have_text(START[lang])
    expect(table.locator(".tbt-start")).to_be_visible()

    def no_raw_value(hand: int) -> None:
        shown = table.locator(".tbt-game").inner_text()
        assert not RAW.search(shown), f"hand {hand}: {RAW.search(shown).group(0)!r} in {shown!r}"

    end = helpers.play_the_match_by_the_timer(page, table, 60, at_each_hand_end=no_raw_value)
    text = end.inner_text()
    assert not RAW.search(text), f"the end panel prints {RAW.search(text).group(0)!r}: {text!r}"
    expect(end.locator(".tbt-result")).not_to_be_empty()
    assert re.fullmatch(r"[0-9a-f]{64}", end.locator(".tbt-seed").inner_text())
    # The panel's lines are all meant: the result, Nap's balances, the seed, the links, the hands dealt.
    kids = end.evaluate("(e) => [...e.childNodes].map((n) => "
                        "n.nodeType === 1 ? n.className || n.tagName : JSON.stringify(n.textContent))")
    assert all(not k.startswith('"') for k in kids), f"loose text in the end panel: {kids}"
    if game == "nap":
        expect(end.locator("table.tbt-final tbody tr")).to_have_count(3)
    else:
        expect(end.locator("table.tbt-final")).to_have_count(0)


# ----- the log ------------------------------------------------------------------------------

def log_lines(table) -> list[str]:
    return table.locator(".tbt-log > p").evaluate_all("(ps) => ps.map((p) => p.innerText)")


def assert_newest_lines_in_view(page, table, size) -> None:
    header = page.locator(".md-header").bounding_box()
    top = header["y"] + header["height"] if header else 0
    log = table.locator(".tbt-log")
    box = log.bounding_box()
    assert box and box["y"] >= top - 0.5 and box["y"] + box["height"] <= size[1] + 0.5, (
        f"the log box is off screen: {box}")
    newest = table.locator(".tbt-log > p").last.bounding_box()
    assert (newest and newest["y"] >= box["y"] - 0.5
            and newest["y"] + newest["height"] <= min(size[1], box["y"] + box["height"]) + 1), \
        f"the newest line {newest} is not in sight (log {box})"


LOGS = [("yorkshire", "en"), ("trinidad", "pt"), ("nap", "fr"), ("euchre", "pt")]


@pytest.mark.parametrize("game,lang", LOGS, ids=[f"{g}-{lang}" for g, lang in LOGS])
def test_the_newest_log_lines_are_in_view_and_a_reload_rebuilds_the_whole_log(open_page, game, lang):
    size = (1280, 800)
    page = open_page(helpers.table_url(lang, game, pace=0), size)
    table = helpers.ready_table(page, game)
    helpers.start_by_keyboard(page, table)
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    for _ in range(6):
        helpers.wait_for_reader(page, table)
        assert_newest_lines_in_view(page, table, size)
        helpers.one_decision(page, table)
    helpers.wait_for_reader(page, table)
    assert_newest_lines_in_view(page, table, size)
    # A bot's "Why?" answer in the explanation does not push the newest lines out of sight.
    why = table.locator(".tbt-log .tbt-why").last
    if why.count():
        why.click()
        expect(table.locator(".tbt-explain p")).to_have_count(1)
        assert_newest_lines_in_view(page, table, size)
    before = log_lines(table)
    count = table.locator(".tbt-log").get_attribute("data-lines")
    assert len(before) >= 8
    page.reload()
    table = helpers.ready_table(page, game)
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    helpers.wait_for_reader(page, table)
    after = log_lines(table)
    assert after == before, f"the log came back as {len(after)} lines, not the {len(before)} it had"
    assert table.locator(".tbt-log").get_attribute("data-lines") == count
    assert_newest_lines_in_view(page, table, size)


# ----- the keyboard -------------------------------------------------------------------------

KEYS = [("yorkshire", "en", (1280, 800)), ("yorkshire", "fr", (360, 740)), ("trinidad", "pt", (1280, 800)),
        ("nap", "en", (360, 740)), ("euchre", "fr", (1280, 800)), ("euchre", "pt", (360, 740))]


def assert_focus_on_the_decision(page, table) -> None:
    """At the reader's turn the focus is on the first playable card, or on the placard when no card
    is playable (bidding, making trumps); never on the table itself."""
    on = page.evaluate("""(t) => { const a = document.activeElement;
        return { root: a === t, card: a.dataset.card || '', playable: a.getAttribute('aria-disabled') === 'false',
                 choice: a.classList.contains('tbt-choice') }; }""", table.element_handle())
    assert not on["root"], "the focus is on the table, not on a card or a choice"
    enabled = table.locator(".tbt-cards .tbt-card[aria-disabled='false']")
    if enabled.count():
        assert on["card"] == enabled.first.get_attribute("data-card") and on["playable"], on
    else:
        assert on["choice"], on


def assert_cards_fit_a_finger(table, size) -> None:
    for card in table.locator(".tbt-cards .tbt-card").all():
        box = card.bounding_box()
        assert box and box["width"] >= TARGET - 0.5 and box["height"] >= TARGET - 0.5, f"a card of {box} at {size}"
        assert box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5


@pytest.mark.parametrize("game,lang,size", KEYS, ids=[f"{g}-{lang}-{s[0]}" for g, lang, s in KEYS])
def test_the_skip_link_reaches_start_and_the_focus_waits_on_a_playable_card(open_page, game, lang, size):
    page = open_page(helpers.table_url(lang, game, pace=0), size)
    table = helpers.ready_table(page, game)  # start.js has placed the skip link and shown Start
    expect(table.locator(".tbt-start")).to_have_text(START[lang])
    expect(table.locator(".tbt-start")).to_be_visible()
    # From the top of the page: the theme's "skip to content", then the table's own.
    tabs = 0
    while tabs < 4:
        page.keyboard.press("Tab")
        tabs += 1
        if page.evaluate("() => document.activeElement.classList.contains('tbt-skip')"):
            break
    skip = page.locator("a.tbt-skip")
    expect(skip).to_be_focused()
    assert tabs <= 2, f"{tabs} Tabs to the skip link"
    expect(skip).to_have_text(SKIP[lang])
    box = skip.bounding_box()
    assert (box and box["y"] >= 0 and box["y"] + box["height"] <= size[1]
            and box["x"] + box["width"] <= size[0] + 0.5)
    page.keyboard.press("Enter")
    start = table.locator(".tbt-start")
    expect(start).to_be_focused()
    box = start.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= size[1], f"Start is off screen: {box}"
    page.keyboard.press("Enter")
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    decisions = 0
    while decisions < 12:
        phase = helpers.wait_for_reader(page, table)
        if phase == "hand-over":
            break
        assert_focus_on_the_decision(page, table)
        assert_cards_fit_a_finger(table, size)
        if decisions == 1:
            # The skip link during a match goes to the decision at hand, from anywhere on the page.
            skip.focus()
            page.keyboard.press("Enter")
            assert_focus_on_the_decision(page, table)
        helpers.one_decision(page, table)
        decisions += 1
    # The test seed's first hand (TABLE_SEEDS) is played in tricks: the reader decides at least twice.
    assert decisions >= 2, f"two decisions of the reader in the first hand: {decisions} ({phase})"


# ----- touch on the phone -------------------------------------------------------------------

@pytest.mark.parametrize("game,lang", [("euchre", "pt"), ("nap", "fr")])
def test_a_phone_plays_its_cards_by_tapping(open_page, game, lang):
    """Real taps in a touch context: a first tap lifts a playable card, a second plays it."""
    size = (360, 740)
    page = open_page(helpers.table_url(lang, game, pace=0), size, has_touch=True, is_mobile=True,
                     device_scale_factor=2)
    table = helpers.ready_table(page, game)
    table.locator(".tbt-start").tap()
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    played = 0
    for _ in range(30):
        phase = helpers.wait_for_reader(page, table)
        if played >= 3:
            break
        before = int(table.locator(".tbt-log").get_attribute("data-lines") or 0)
        # The test seed's first hand (TABLE_SEEDS) gives the reader three cards to play before it ends.
        assert phase != "hand-over", f"the first hand ended after {played} cards tapped"
        enabled = table.locator(".tbt-cards .tbt-card[aria-disabled='false']")
        if enabled.count():
            assert_cards_fit_a_finger(table, size)
            card = enabled.first
            code = card.get_attribute("data-card")
            box = card.bounding_box()
            assert box and box["y"] + box["height"] <= size[1], f"the card to tap is off screen: {box}"
            card.tap()
            expect(table.locator(f".tbt-card[data-card='{code}']")).to_have_attribute("aria-pressed", "true")
            table.locator(f".tbt-card[data-card='{code}']").tap()
            page.wait_for_function("([t, n]) => Number(t.querySelector('.tbt-log').dataset.lines) > n",
                                   arg=[table.element_handle(), before], timeout=30_000)
            expect(table.locator(f".tbt-cards .tbt-card[data-card='{code}']")).to_have_count(0)
            played += 1
        else:
            table.locator(".tbt-choice").first.tap()  # a bid, an order: the reader then has cards to play
            page.wait_for_function("([t, n]) => Number(t.querySelector('.tbt-log').dataset.lines) > n",
                                   arg=[table.element_handle(), before], timeout=30_000)
    assert played >= 1, "no card was played by tapping"


@pytest.mark.parametrize("game,lang", [("yorkshire", "pt"), ("euchre", "en")])
def test_at_the_bots_own_pace_the_turn_is_shown_with_the_focus_already_on_the_decision(
        open_page, game, lang):
    """The bots at their pace (no ``?pace=0``): the moment the table says it is the reader's turn,
    the focus is on the decision, not on the table."""
    page = open_page(helpers.table_url(lang, game), (1280, 800))
    table = helpers.ready_table(page, game)
    helpers.start_by_keyboard(page, table)
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    for _ in range(3):
        page.wait_for_function("(t) => t.dataset.turn === 'you' || t.dataset.phase === 'hand-over'",
                               arg=table.element_handle(), timeout=60_000)
        if table.get_attribute("data-phase") == "hand-over":
            break
        assert_focus_on_the_decision(page, table)
        helpers.one_decision(page, table)
