"""The player as learners on phones and teachers on projectors use it: keyboard, presenter mode,
deep links across languages, "what if" in every game, failures that explain themselves, themes,
reduced motion and the page without JavaScript.

The tests that wait for ``data-engine="live"`` boot Pyodide (about 5 s each); the others refuse
the runtime or hold it back.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from browser import helpers
from playwright.sync_api import expect

from trickbook import web

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "pt", "fr"]
REPO = Path(__file__).resolve().parents[2]
GAME_PAGES = {
    "nap": ["nap-wellington", "nap-three-failed", "nap-four-hearts"],
    "euchre": ["euchre-order-up-march", "euchre-stick-the-dealer", "euchre-lone-march", "euchre-euchred",
               "euchre-bowers"],
    "yorkshire": ["yorkshire-early-look", "yorkshire-trump-while-holding-the-suit", "yorkshire-throw-in",
                  "yorkshire-game-tie", "yorkshire-high-decides-at-ten-all", "yorkshire-low-stays-with-the-pair"],
    "trinidad": ["trinidad-kicked-jack", "trinidad-beg-and-give", "trinidad-beg-and-run",
                 "trinidad-pack-runs-out", "trinidad-gift-at-thirteen", "trinidad-hang-jack"],
}
# Trinidad: the pack is run twice, so every hand holds twelve cards; the longest hand on the site.
LONGEST = ("trinidad", "trinidad-beg-and-run", 2)
FAILED = "The engine could not start here. The replay prepared with the page still works."
NO_ANSWER = "The engine could not answer. Go back to the record and try again."
# Words of an exception or a timeout that must never reach a reader.
RAW_ERROR = re.compile(r"Traceback|Error\b|Exception|HTTP \d|within \d+ s|\.py\b|undefined|\{\w+\}")


def ui(catalogs, lang: str, msgid: str) -> str:
    return catalogs[lang]["ui"].get(msgid) or msgid


def reason_text(catalogs, lang: str, code: str, seat: str, suit: str) -> str:
    """A rule's reason as the reader should see it: the catalog's template, filled."""
    engine = catalogs[lang]["engine"]
    template = engine["messages"][code]
    return template.replace("{seat}", seat).replace("{suit}", engine["suits"][suit])


def hand_record(hand: str) -> str:
    game = hand.split("-")[0]
    return (REPO / "docs" / "hands" / game / f"{hand}.hand.toml").read_text(encoding="utf-8")


def card_name(catalogs, lang: str, code: str) -> str:
    """How the pre-rendered tables name a card for screen readers: "ace of hearts", "10 of hearts"."""
    ui_ = catalogs[lang]["ui"]
    rank = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}.get(code[:-1], code[:-1])
    rank = ui_.get(rank) or rank
    suit = catalogs[lang]["engine"]["suits"][code[-1]]
    return (ui_.get("{rank} of {suit}") or "{rank} of {suit}").replace("{rank}", rank).replace("{suit}", suit)


def open_hand(page, site_url: str, lang: str, game: str, hand: str, step: int | None = None):
    page.goto(f"{site_url}/{lang}/{game}/" + (f"#{hand}={step}" if step is not None else ""))
    fig = page.locator(f'figure.tb-hand[data-hand-id="{hand}"]')
    if step is None:
        fig.locator(".tb-counter").click()  # a press on its controls wakes the player (a deep link has)
    fig.locator(".tb-player").wait_for()
    return fig


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def focused_class(page) -> str:
    """The focused element's classes; the Keys list's summary is named by its list, tb-keys."""
    return page.evaluate("""() => {
        const el = document.activeElement;
        if (!el) return "";
        if (el.tagName === "SUMMARY" && el.parentElement && \
el.parentElement.classList.contains("tb-keys")) return "tb-keys";
        return el.className;
    }""")


def page_text(page) -> str:
    return page.locator("body").inner_text()


# ----- keyboard ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_last_and_first_buttons_keep_the_keyboard_focus_when_they_become_unavailable(open_page, site_url, tb, lang):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    tb.block_runtime(context)
    fig = open_hand(page, site_url, lang, "nap", tb.NAP_HAND, 3)
    last = fig.locator(".tb-last")
    last.focus()
    page.keyboard.press("Enter")
    expect(fig).to_have_attribute("data-step", "24")
    expect(last).to_be_focused()
    expect(last).to_have_attribute("aria-disabled", "true")
    page.keyboard.press("Space")  # pressing it again does nothing, and focus stays
    expect(fig).to_have_attribute("data-step", "24")
    expect(last).to_be_focused()
    first = fig.locator(".tb-first")
    first.focus()
    page.keyboard.press("Enter")
    expect(fig).to_have_attribute("data-step", "0")
    expect(first).to_be_focused()
    expect(fig.locator(".tb-prev")).to_be_disabled()
    # Tab order: the four steps' controls, the slider among them, then copying the link,
    # presenter mode, the step's narration (a region that scrolls within itself), trying other
    # cards, the Keys list, then the board (after copying the link, copying the embed code and
    # printing this hand).
    controls = ["tb-prev", "tb-slider", "tb-next", "tb-last", "tb-copy-link", "tb-embed", "tb-print",
                "tb-presenter-toggle", "tb-step-narration", "tb-try", "tb-keys", "tb-board"]
    order = []
    for _ in controls:
        page.keyboard.press("Tab")
        order.append(next((c for c in controls if c in focused_class(page).split()), focused_class(page)))
    assert order == controls


def test_every_control_shows_a_visible_focus_ring(open_page, site_url, tb):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    tb.block_runtime(context)
    fig = open_hand(page, site_url, "en", "nap", tb.NAP_HAND, 3)
    fig.locator(".tb-first").focus()
    for _ in range(7):
        style = page.evaluate("(() => { const s = getComputedStyle(document.activeElement);"
                              " return [s.outlineStyle, parseFloat(s.outlineWidth)]; })()")
        assert style[0] != "none" and style[1] >= 2, (focused_class(page), style)
        page.keyboard.press("Tab")


def test_slider_is_labelled_and_says_which_step_it_is_on(open_page, site_url, tb, catalogs):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    tb.block_runtime(context)
    fig = open_hand(page, site_url, "fr", "nap", tb.NAP_HAND, 8)
    slider = fig.locator(".tb-slider")
    expect(slider).to_have_accessible_name(ui(catalogs, "fr", "Step"))
    expected = ui(catalogs, "fr", "Step {step} of {total}").replace("{step}", "8").replace("{total}", "24")
    expect(slider).to_have_attribute("aria-valuetext", expected)
    # The status line and the narration are announced politely, never assertively.
    expect(fig.locator(".tb-status")).to_have_attribute("role", "status")
    expect(fig.locator(".tb-step-narration")).to_have_attribute("aria-live", "polite")
    expect(fig.locator(".tb-message")).to_have_attribute("aria-live", "polite")
    assert fig.locator("[aria-live='assertive'], [role='alert']").count() == 0


# ----- presenter mode ----------------------------------------------------------------------

@pytest.mark.parametrize("width,height,min_card_px", [(1280, 800, 36), (1920, 1080, 52)])
def test_presenter_mode_fills_the_window_with_large_cards_and_the_page_behind_is_out_of_reach(
        open_page, site_url, tb, width, height, min_card_px):
    page = open_page(None, (width, height), gentle=False)
    context = page.context
    tb.block_runtime(context)
    fig = open_hand(page, site_url, "en", "euchre", "euchre-bowers", 6)
    toggle = fig.locator(".tb-presenter-toggle")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    # Presenter mode steps through the page's replay: it needs no engine.
    expect(fig).to_have_attribute("data-engine", "static")
    box = fig.bounding_box()
    assert (box["x"], box["y"], box["width"], box["height"]) == (0, 0, width, height)
    card_px = fig.locator(".tb-board .tb-seat .tb-card").first.evaluate("c => parseFloat(getComputedStyle(c).fontSize)")
    assert card_px >= min_card_px
    # Only the title and the player: the page's own tables are not painted over the board.
    expect(fig.locator(".tb-scroll").first).to_be_hidden()
    expect(fig.locator("figcaption")).to_be_visible()
    # The four hands and the trick fit the screen: a teacher never scrolls the projector.
    assert fig.evaluate("f => f.scrollHeight <= f.clientHeight")
    assert no_sideways_scroll(page)
    # Tab cycles through the hand (and the browser's own controls, as with any dialog):
    # nothing of the page hidden under it can take the focus.
    inside = 0
    for _ in range(12):
        page.keyboard.press("Tab")
        where = fig.evaluate("f => f.contains(document.activeElement) ? 'hand'"
                             " : document.activeElement === document.body ? 'browser'"
                             " : document.activeElement.outerHTML")
        assert where in ("hand", "browser")
        inside += where == "hand"
    assert inside >= 6


@pytest.mark.parametrize("lang", LANGUAGES)
def test_leaving_presenter_mode_with_escape_from_the_slider_restores_the_page(open_page, site_url, tb, lang):
    page = open_page(None, (360, 740), gentle=False)
    context = page.context
    tb.block_runtime(context)
    fig = open_hand(page, site_url, lang, "nap", tb.NAP_HAND)
    fig.locator(".tb-presenter-toggle").scroll_into_view_if_needed()
    before = page.evaluate("[scrollX, scrollY]")
    assert before[1] > 0
    fig.locator(".tb-presenter-toggle").click()
    expect(fig).to_have_class(re.compile(r"\btb-presenter\b"))
    fig.locator(".tb-slider").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Escape")
    expect(fig).not_to_have_class(re.compile(r"\btb-presenter\b"))
    expect(fig.locator(".tb-presenter-toggle")).to_have_attribute("aria-pressed", "false")
    expect(fig.locator(".tb-presenter-toggle")).to_be_focused()
    assert page.evaluate("[scrollX, scrollY]") == before
    assert page.evaluate("document.querySelectorAll('[inert]').length") == 0
    assert page.evaluate("document.documentElement.classList.contains('tb-presenting')") is False
    expect(fig.locator(".tb-scroll").first).to_be_visible()
    expect(fig).to_have_attribute("data-step", "1")  # the step taken in presenter mode is kept


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_longest_trinidad_hand_never_scrolls_the_page_sideways_at_360_px_in_presenter_mode(
        open_page, site_url, tb, lang):
    page = open_page(None, (360, 740), gentle=False)
    context = page.context
    tb.block_runtime(context)
    game, hand, step = LONGEST
    fig = open_hand(page, site_url, lang, game, hand, step)
    assert fig.locator('.tb-board .tb-seat[data-seat="N"] .tb-card').count() == 12
    assert no_sideways_scroll(page)
    fig.locator(".tb-presenter-toggle").click()
    assert no_sideways_scroll(page)
    assert fig.evaluate("f => f.scrollWidth <= f.clientWidth")
    for seat in fig.locator(".tb-board .tb-seat").all():
        assert seat.evaluate("s => s.getBoundingClientRect().right <= window.innerWidth")


# ----- deep links --------------------------------------------------------------------------

@pytest.mark.parametrize("game", list(GAME_PAGES))
def test_deep_link_opens_every_hand_of_each_game_page_at_its_step_with_the_title_in_view(open_page, site_url, tb, game):
    page = open_page(None, (360, 740), gentle=False)
    context = page.context
    tb.block_runtime(context)
    for hand in GAME_PAGES[game]:
        last = len(json.loads(web.replay_json(hand_record(hand)))["steps"]) - 1
        step = min(3, last)  # some records stop after a step or two
        assert step > 0
        fig = open_hand(page, site_url, "en", game, hand, step)
        expect(fig).to_have_attribute("data-step", str(step))
        expect(fig).to_have_attribute("data-engine", "static")
        header_bottom = page.locator(".md-header").bounding_box()["height"]
        assert fig.locator("figcaption").bounding_box()["y"] >= header_bottom - 1, hand


@pytest.mark.parametrize("target", ["pt", "fr"])
def test_switching_language_keeps_the_hand_and_its_step(open_page, site_url, tb, target):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    tb.block_runtime(context)
    fig = open_hand(page, site_url, "en", "euchre", "euchre-bowers", 8)
    fig.locator(".tb-next").click()
    expect(fig).to_have_attribute("data-step", "9")
    page.locator(".md-header__option .md-select").hover()
    page.locator(f'a.md-select__link[href*="/{target}/"]').click()
    page.wait_for_url(re.compile(rf"/{target}/euchre/#euchre-bowers=9$"))
    fig = page.locator('figure.tb-hand[data-hand-id="euchre-bowers"]')  # the deep link wakes its player
    fig.locator(".tb-player").wait_for()
    expect(fig).to_have_attribute("data-step", "9")
    assert page.evaluate("document.documentElement.lang") == tb.HTML_LANG[target]


# ----- the board shows the turned card --------------------------------------------------------

@pytest.mark.parametrize("game,hand,step,turned", [
    ("euchre", "euchre-bowers", 0, "9♥"),            # the upcard N orders up
    ("trinidad", "trinidad-beg-and-run", 0, "8♠"),   # the kick before anyone begs
    ("trinidad", "trinidad-beg-and-run", 5, "8♠ 3♠ 7♣"),  # the pack run twice: three kicks
])
def test_the_board_shows_the_turned_card(open_page, site_url, tb, catalogs, game, hand, step, turned):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    tb.block_runtime(context)
    fig = open_hand(page, site_url, "pt", game, hand, step)
    label = ui(catalogs, "pt", "Turned card")
    fact = fig.locator(".tb-board .tb-facts > div", has=page.locator("dt", has_text=label))
    cards = fact.locator("dd .tb-card")
    assert " ".join(cards.all_text_contents()) == turned


@pytest.mark.parametrize("lang", LANGUAGES)
def test_board_cards_are_named_for_screen_readers_as_the_tables_name_them(open_page, site_url, tb, catalogs, lang):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    tb.block_runtime(context)
    fig = open_hand(page, site_url, lang, "nap", tb.NAP_HAND, 0)
    for code in ("AH", "TH", "2C"):
        board_card = fig.locator(f'.tb-board .tb-card[data-card="{code}"]').first
        expect(board_card).to_have_accessible_name(card_name(catalogs, lang, code))
        table_card = fig.locator(f'.tb-deal-table .tb-card[data-card="{code}"]')
        expect(board_card).to_have_accessible_name(table_card.get_attribute("aria-label"))


# ----- "what if" in every game ----------------------------------------------------------------

WHAT_IF = [
    # (lang, game, hand, step, seat, an illegal card, its reason, the suit it names, a legal card off the record)
    ("en", "euchre", "euchre-bowers", 3, "E", "TC", "must-follow-suit", "S", "TS"),
    ("pt", "euchre", "euchre-bowers", 3, "E", "TC", "must-follow-suit", "S", "TS"),
    ("fr", "euchre", "euchre-bowers", 3, "E", "9C", "must-follow-suit", "S", "9S"),
    ("en", "trinidad", "trinidad-beg-and-give", 4, "S", "4C", "must-follow-or-trump", "H", "KS"),
    ("pt", "trinidad", "trinidad-beg-and-give", 4, "S", "4C", "must-follow-or-trump", "H", "KS"),
    ("fr", "trinidad", "trinidad-beg-and-give", 4, "S", "4C", "must-follow-or-trump", "H", "2S"),
    ("fr", "yorkshire", "yorkshire-trump-while-holding-the-suit", 2, "E", "KS", "must-follow-trump", "H", "QH"),
]


@pytest.mark.parametrize("lang,game,hand,step,seat,illegal,code,suit,chosen", WHAT_IF,
                         ids=[f"{c[0]}-{c[2]}" for c in WHAT_IF])
def test_what_if_explains_an_illegal_card_and_bots_finish_a_clearly_marked_branch(
        open_page, site_url, tb, catalogs, lang, game, hand, step, seat, illegal, code, suit, chosen):
    page = open_page(None, (1280, 720), gentle=False)
    fig = open_hand(page, site_url, lang, game, hand, step)
    fig.locator(".tb-try").click()  # focus alone starts nothing: the reader asks for the engine
    expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    cards = fig.locator(f'.tb-board .tb-seat[data-seat="{seat}"]')
    # An illegal card: the engine's reason, in the reader's words, every placeholder filled.
    not_now = catalogs[lang]["ui"].get("(not allowed now)") or "(not allowed now)"
    shown = cards.locator(f'button[data-card="{illegal}"]')
    # The name is the card in words (its symbol is hidden from speech) and says what the dashed border shows.
    expect(shown).to_have_accessible_name(f"{card_name(catalogs, lang, illegal)} {not_now}")
    cards.locator(f'button[data-card="{illegal}"]').click()
    message = fig.locator(".tb-message")
    expect(message).to_have_text(reason_text(catalogs, lang, code, seat, suit))
    assert "{" not in message.text_content()
    expect(fig).not_to_have_attribute("data-branch", re.compile(".*"))
    # A legal card the record did not play: the engine branches.
    cards.locator(f'button[data-card="{chosen}"]').click()
    expect(fig).to_have_attribute("data-branch", "whatif", timeout=30_000)
    expect(fig).to_have_attribute("data-step", str(step + 1))
    # Focus stays in the hand rather than falling to the page when the chosen card leaves it.
    expect(fig.locator(".tb-board")).to_be_focused()
    bar = fig.locator(".tb-branch")
    expect(bar).to_be_visible()
    expect(bar).to_have_attribute("aria-live", "polite")
    assert "{" not in bar.text_content()
    assert fig.locator(".tb-board").evaluate("b => getComputedStyle(b).borderLeftStyle") == "dashed"
    # The bots finish the hand: at the branch's last step nobody holds a card.
    fig.locator(".tb-last").click()
    for hand_cards in fig.locator(".tb-board .tb-seat .tb-cards").all():
        expect(hand_cards.locator(".tb-card")).to_have_count(0)
    narration = fig.locator(".tb-step-narration").text_content()
    assert narration and "{" not in narration
    if lang != "en":
        # Nothing of the engine's English reaches a reader of another language.
        english = {"wins the trick", "scores", "plays", "leads", "must follow"}
        assert not any(word in narration for word in english), narration
    # And the way back is the button the bar offers.
    fig.locator(".tb-back").click()
    expect(fig).not_to_have_attribute("data-branch", re.compile(".*"))
    expect(fig).to_have_attribute("data-step", str(step))
    expect(bar).to_be_hidden()


# ----- failures explain themselves ----------------------------------------------------------

def patch_worker(context, old: str, new: str) -> None:
    """Serve the site's worker with one line changed, to make the engine misbehave on purpose."""
    def handle(route):
        response = route.fetch()
        body = response.text()
        assert old in body, f"the worker no longer contains {old!r}"
        route.fulfill(response=response, body=body.replace(old, new))
    context.route("**/assets/widgets/worker.js", handle)


def hold_back(context, pattern: str) -> None:
    """Never answer requests for `pattern`: the engine waits for ever."""
    context.route(pattern, lambda route: None)


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_an_engine_that_never_answers_times_out_into_the_failure_message(open_page, site_url, tb, catalogs, lang):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    page.clock.install()
    hold_back(context, "**/assets/runtime.json")
    fig = open_hand(page, site_url, lang, "nap", tb.NAP_HAND)
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "loading")
    page.clock.fast_forward("01:05")
    expect(fig).to_have_attribute("data-engine", "failed")
    expect(fig.locator(".tb-status")).to_have_text(ui(catalogs, lang, FAILED))
    assert not RAW_ERROR.search(page_text(page))
    fig.locator(".tb-next").click()  # the replay prepared with the page still steps
    expect(fig).to_have_attribute("data-step", "1")


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_a_record_the_engine_refuses_ends_failed_without_showing_the_engines_error(
        open_page, site_url, tb, catalogs, lang):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    island_game = 'game = \\"nap\\"'

    def corrupt(route):
        response = route.fetch()
        body = response.text()
        assert island_game in body
        route.fulfill(response=response, body=body.replace(island_game, 'game = \\"bridge\\"'))
    context.route(f"**/{lang}/nap/{tb.NAP_HAND}.*.json", corrupt)  # the hand's data, beside its page
    fig = open_hand(page, site_url, lang, "nap", tb.NAP_HAND)
    record = tb.hand_data(page, tb.NAP_HAND)["record"]
    english = json.loads(web.replay_json(record))["error"]["text"]
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "failed", timeout=tb.LIVE_TIMEOUT_MS)
    expect(fig.locator(".tb-status")).to_have_text(ui(catalogs, lang, FAILED))
    text = page_text(page)
    assert english not in text and not RAW_ERROR.search(text)


FORCED = [
    # (lang, the worker's what-if call replaced by, what the engine would have said)
    ("pt", "web.whatif_json(req.record, 9999, req.action, req.seed)", "is not between"),
    ("fr", "web.no_such_function(req.record)", "AttributeError"),
]


@pytest.mark.parametrize("lang,call,raw", FORCED, ids=["bad-step", "python-exception"])
def test_a_what_if_the_engine_cannot_answer_says_so_in_the_readers_language(
        open_page, site_url, tb, catalogs, lang, call, raw):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    patch_worker(context, "web.whatif_json(req.record, req.step, req.action, req.seed)", call)
    fig = open_hand(page, site_url, lang, "euchre", "euchre-bowers", 3)
    fig.locator(".tb-try").click()  # focus alone starts nothing: the reader asks for the engine
    expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    fig.locator('.tb-board .tb-seat[data-seat="E"] button[data-card="TS"]').click()
    expect(fig.locator(".tb-message")).to_have_text(ui(catalogs, lang, NO_ANSWER), timeout=30_000)
    text = page_text(page)
    assert raw not in text and not RAW_ERROR.search(text)
    expect(fig).not_to_have_attribute("data-branch", re.compile(".*"))


def test_an_engine_that_stops_answering_after_going_live_marks_the_hand_failed(open_page, site_url, tb, catalogs):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    lang = "fr"
    # The worker swallows what-if requests: the widget's timeout is all that can end the wait.
    patch_worker(context, "const call = CALLS[type];", 'const call = CALLS[type]; if (type === "whatif") return;')
    page.clock.install()
    fig = open_hand(page, site_url, lang, "euchre", "euchre-bowers", 3)
    fig.locator(".tb-try").click()  # focus alone starts nothing: the reader asks for the engine
    expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    fig.locator('.tb-board .tb-seat[data-seat="E"] button[data-card="TS"]').click()
    expect(fig.locator(".tb-message")).to_have_text(ui(catalogs, lang, "Asking the engine…"))
    page.clock.fast_forward("01:05")
    expect(fig.locator(".tb-message")).to_have_text(ui(catalogs, lang, NO_ANSWER))
    expect(fig).to_have_attribute("data-engine", "failed")
    expect(fig.locator(".tb-status")).to_have_text(ui(catalogs, lang, FAILED))
    # No card offers a "what if" the engine can no longer answer.
    expect(fig.locator(".tb-board button.tb-card")).to_have_count(0)
    assert not RAW_ERROR.search(page_text(page))


# ----- themes, motion, no JavaScript --------------------------------------------------------

def test_a_dark_system_preference_leaves_the_hand_as_light_as_the_page(
        open_page, site_url, tb):
    context = open_page.context(color_scheme="dark", viewport={"width": 360, "height": 740})
    guard = open_page.guard(context)
    tb.block_runtime(context)
    page = context.new_page()
    open_hand(page, site_url, "en", "nap", tb.NAP_HAND, 6)
    colours = page.evaluate("""() => {
        const bg = (e) => getComputedStyle(e).backgroundColor;
        return [bg(document.body), bg(document.querySelector('.tb-board .tb-card')),
                getComputedStyle(document.querySelector('.tb-status')).color];
    }""")
    context.close()
    assert guard.refused == []
    page_bg, card_bg, status = colours
    assert page_bg in ("rgba(0, 0, 0, 0)", "rgb(255, 255, 255)")  # Material's default palette is light
    assert card_bg == "rgb(255, 255, 255)"
    assert status.startswith("rgba(0, 0, 0") or status.startswith("rgb(0, 0, 0")


@pytest.mark.browser_context_args(reduced_motion="reduce")  # axe measures colours with no fade running
@pytest.mark.parametrize("presenter", [False, True], ids=["page", "presenter"])
def test_the_hand_is_legible_in_materials_slate_palette(open_page, site_url, site_dir, tb, presenter):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    tb.block_runtime(context)
    fig = open_hand(page, site_url, "en", "nap", tb.NAP_HAND, 6)
    # Material ships its palette stylesheet; a site that configures `slate` links it and marks the body.
    palette_css = next((site_dir / "en" / "assets" / "stylesheets").glob("palette.*.min.css")).name
    palette = page.evaluate("""async (name) => {
        const main = [...document.querySelectorAll('link[rel=stylesheet]')].find(\
(l) => /\\/main\\.[0-9a-f]+\\.min\\.css$/.test(l.href));
        const link = Object.assign(document.createElement('link'), \
{rel: 'stylesheet', href: main.href.replace(/[^/]+$/, name)});
        await new Promise((resolve, reject) => { link.onload = resolve; link.onerror = reject; \
document.head.append(link); });
        document.body.setAttribute('data-md-color-scheme', 'slate');
        return getComputedStyle(document.body).backgroundColor;
    }""", palette_css)
    assert palette not in (None, "rgba(0, 0, 0, 0)", "rgb(255, 255, 255)"), "the slate palette did not apply"
    if presenter:
        fig.locator(".tb-presenter-toggle").click()
    assert helpers.violations(page, "figure.tb-hand", every=True, rules=["color-contrast"]) == []


def test_reduced_motion_stops_the_loading_spinner(open_page, site_url, tb):
    spins = {}
    for motion in ("no-preference", "reduce"):
        context = open_page.context(None, reduced_motion=motion)
        guard = open_page.guard(context)
        hold_back(context, "**/assets/runtime.json")
        page = context.new_page()
        fig = open_hand(page, site_url, "en", "nap", tb.NAP_HAND)
        fig.locator(".tb-try").click()
        expect(fig).to_have_attribute("data-engine", "loading")
        spins[motion] = fig.locator(".tb-status").evaluate("s => getComputedStyle(s, '::before').animationName")
        context.close()
        assert guard.refused == []
    assert spins == {"no-preference": "tb-spin", "reduce": "none"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_javascript_the_hands_read_as_tables_and_the_page_never_scrolls_sideways(open_page, site_url, tb, lang):
    context = open_page.context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    guard = open_page.guard(context)
    page = context.new_page()
    try:
        for game in GAME_PAGES:
            page.goto(f"{site_url}/{lang}/{game}/")
            assert no_sideways_scroll(page), game
            fig = page.locator("figure.tb-hand").first
            expect(fig.locator(".tb-player")).to_have_count(0)
            expect(fig.locator(".tb-deal-table")).to_be_visible()
            expect(fig.locator(".tb-narration li").first).to_be_visible()
            expect(fig.locator(".tb-scroll").first).to_have_css("overflow-x", "auto")
        # Opening the language list (hover or keyboard) does not push the page sideways either.
        page.locator(".md-header__option .md-select").hover()
        assert no_sideways_scroll(page)
        expect(page.locator(".md-select__link").first).to_be_visible()
        box = page.locator(".md-select__inner").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    finally:
        context.close()
    assert guard.refused == []
