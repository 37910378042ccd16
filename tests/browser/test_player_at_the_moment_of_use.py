"""The worked hand where it is used: a learner's phone, a teacher's projector, a printed handout.

Measured as seen: bounding boxes at 360x740 and 1280x800, in English, Portuguese and
French. Only the tests that try a card boot Pyodide; the others refuse the runtime
and check that stepping never asks for it.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "pt", "fr"]
HAND = "nap-four-hearts"
PHONE = {"width": 360, "height": 740}
PROJECTOR = {"width": 1280, "height": 800}
# True once the page has not scrolled over two animation frames (a smooth scroll has ended).
SCROLL_STILL = """() => new Promise((resolve) => {
  const y = scrollY;
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(scrollY === y)));
})"""


def ui(catalogs, lang: str, msgid: str) -> str:
    return catalogs[lang]["ui"].get(msgid) or msgid


def phone(open_page, **options):
    """A phone-sized touch context whose requests are guarded; returns (context, guard)."""
    context = open_page.context(viewport=PHONE, has_touch=True, is_mobile=True, **options)
    return context, open_page.guard(context)


def static_phone(open_page, tb):
    """A page in a phone context (``phone``) that refuses the runtime: the static player, stepped without the
    engine. Returns (context, guard, page)."""
    context, guard = phone(open_page)
    tb.block_runtime(context)
    return context, guard, context.new_page()


def open_nap(page, site_url, lang, fragment=""):
    page.goto(f"{site_url}/{lang}/nap/{fragment}")
    fig = page.locator(f'figure.tb-hand[data-hand-id="{HAND}"]')
    if not fragment:
        fig.locator(".tb-counter").click()  # a press on its controls wakes the player (a deep link has)
    fig.locator(".tb-player").wait_for()
    return fig


def header_bottom(page) -> float:
    box = page.locator(".md-header").bounding_box()
    return box["y"] + box["height"]


def on_screen(page, locator) -> bool:
    box = locator.bounding_box()
    viewport = page.viewport_size
    return (box is not None and box["y"] >= header_bottom(page) - 1
            and box["y"] + box["height"] <= viewport["height"] + 1
            and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 1)


# ----- the learner's phone -------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_after_each_step_the_controls_and_the_narration_are_on_a_phone_screen_together(
        open_page, site_url, tb, lang):
    context, guard, page = static_phone(open_page, tb)
    fig = open_nap(page, site_url, lang, f"#{HAND}=0")
    narration = fig.locator(".tb-step-narration")
    seen = []
    for step in range(1, 13):
        if step in (5, 9):
            # The reader scrolls down the board to the last hand between steps: the bar follows.
            fig.locator(".tb-board .tb-seat").last.evaluate("t => t.scrollIntoView({block: 'end'})")
            page.wait_for_function("(f) => f.querySelector('.tb-bar').getBoundingClientRect().y"
                                   " < f.querySelector('.tb-board .tb-seat').getBoundingClientRect().y + 1000",
                                   arg=fig.element_handle())
            assert (fig.locator(".tb-bar").bounding_box()["y"]
                    < fig.locator(".tb-board .tb-seat").first.bounding_box()["y"] + 1000)

        fig.locator(".tb-next").click()
        expect(fig).to_have_attribute("data-step", str(step))
        for part in (fig.locator(".tb-prev"), fig.locator(".tb-next"), narration):
            assert on_screen(page, part), (step, part, part.bounding_box())
        seen.append(round(narration.bounding_box()["y"]))
        # What the narration says is this step's events.
        expect(narration.locator(".tb-event").first).to_have_attribute(
            "data-code", tb.static_steps(page)[step]["events"][0]["code"])
    print(f"\n[{lang}] narration y at 360 px after steps 1-12: {seen}")
    expect(fig).to_have_attribute("data-engine", "static")
    assert not any(u.endswith("/worker.js") for u in guard.seen)  # the engine was never started
    context.close()
    assert guard.refused == []


def swipe(page, x0, y0, x1, y1, steps=8):
    """A finger's swipe, as touch events (the page sees touch pointer events)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, steps + 1):
        x = x0 + (x1 - x0) * i / steps
        y = y0 + (y1 - y0) * i / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_swiping_the_board_left_steps_forward_right_steps_back_and_up_still_scrolls(open_page, site_url, tb, lang):
    context, guard = phone(open_page)
    tb.block_runtime(context)
    page = context.new_page()
    # steps 6 to 8 ask no question and have no note: the board stays put
    fig = open_nap(page, site_url, lang, f"#{HAND}=6")
    page.wait_for_function(SCROLL_STILL)  # the deep link's scroll to the hand has ended
    fig.locator('.tb-board .tb-seat[data-seat="B"]').scroll_into_view_if_needed()  # a finger swipes what it sees
    seat = fig.locator('.tb-board .tb-seat[data-seat="B"]').bounding_box()
    x, y = seat["x"] + seat["width"] / 2, seat["y"] + seat["height"] / 2
    swipe(page, x + 100, y, x - 100, y)
    expect(fig).to_have_attribute("data-step", "7")
    swipe(page, x + 100, y, x - 100, y)
    expect(fig).to_have_attribute("data-step", "8")
    swipe(page, x - 100, y, x + 100, y)
    expect(fig).to_have_attribute("data-step", "7")
    # A vertical swipe is the page's scroll, not a step.
    before = page.evaluate("scrollY")
    swipe(page, x, y + 150, x, y - 150)
    page.wait_for_function("(before) => scrollY > before", arg=before)
    expect(fig).to_have_attribute("data-step", "7")
    # Swiping is stepping: it needs no engine.
    expect(fig).to_have_attribute("data-engine", "static")
    context.close()
    assert guard.refused == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_table_that_scrolls_sideways_says_so_until_its_end(open_page, site_url, tb, catalogs, lang):
    context, guard, page = static_phone(open_page, tb)
    fig = open_nap(page, site_url, lang)
    region = fig.locator(".tb-scroll:has(.tb-trick-table)")
    cue = fig.locator(".tb-scroll-cue + .tb-scroll:has(.tb-trick-table)")
    expect(cue).to_have_count(1)
    label = region.evaluate_handle("r => r.previousElementSibling")
    region.scroll_into_view_if_needed()
    assert region.evaluate("r => r.scrollWidth > r.clientWidth")
    expect(region).to_have_attribute("data-overflow", "more")
    assert label.evaluate("l => !l.hidden && l.getBoundingClientRect().height > 0")
    assert label.evaluate("l => l.textContent") == ui(catalogs, lang, "Scroll →")
    # The right edge fades while more is hidden there.
    assert "gradient" in region.evaluate("r => getComputedStyle(r).maskImage || getComputedStyle(r).webkitMaskImage")
    region.evaluate("r => r.scrollTo({left: r.scrollWidth})")
    expect(region).to_have_attribute("data-overflow", "end")
    assert label.evaluate("l => l.hidden")
    # Scrolling the table sideways by touch scrolls it; the hand does not step.
    region.evaluate("r => r.scrollTo({left: 0})")
    box = region.bounding_box()
    swipe(page, box["x"] + box["width"] - 20, box["y"] + box["height"] / 2, box["x"] + 20, box["y"] + box["height"] / 2)
    page.wait_for_function("(r) => r.scrollLeft > 0", arg=region.element_handle())
    expect(fig).to_have_attribute("data-step", "0")
    context.close()
    assert guard.refused == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_control_of_the_player_is_at_least_44_px_square_on_a_phone(open_page, site_url, tb, lang):
    context, guard, page = static_phone(open_page, tb)
    fig = open_nap(page, site_url, lang, f"#{HAND}=5")
    sizes = fig.locator(".tb-player button:visible, .tb-player input:visible").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [e.className, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]; })")
    print(f"\n[{lang}] player targets at 360 px: {sizes}")
    assert len(sizes) >= 8
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert small == []
    context.close()
    assert guard.refused == []


# The illegal card and a legal one the record did not play, at a step of the Nap hand:
# A has led A♥ (step 4); B holds J♥ and 10♥ and must follow hearts.
WHAT_IF_STEP, SEAT, ILLEGAL = 5, "B", "KS"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_if_cards_are_44_px_and_the_reason_for_a_refused_card_shows_beside_it(open_page, site_url, tb, catalogs,
                                                                                    lang):
    context, guard = phone(open_page)
    page = context.new_page()
    errors = open_page.page_errors(page)
    fig = open_nap(page, site_url, lang, f"#{HAND}={WHAT_IF_STEP}")
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    cards = fig.locator(f'.tb-board .tb-seat[data-seat="{SEAT}"] button.tb-card')
    expect(cards).to_have_count(5)
    sizes = cards.evaluate_all("bs => bs.map(b => [Math.round(b.getBoundingClientRect().width),"
                               " Math.round(b.getBoundingClientRect().height)])")
    print(f"\n[{lang}] what-if card buttons at 360 px: {sizes}")
    assert all(w >= 44 and h >= 44 for w, h in sizes), sizes
    card = fig.locator(f'.tb-board .tb-seat[data-seat="{SEAT}"] button[data-card="{ILLEGAL}"]')
    card.scroll_into_view_if_needed()
    card.click()
    bubble = fig.locator(".tb-bubble")
    expect(bubble).to_be_visible(timeout=30_000)
    template = catalogs[lang]["engine"]["messages"]["must-follow-suit"]
    suit = catalogs[lang]["engine"]["suits"]["H"]
    expected = template.replace("{seat}", SEAT).replace("{suit}", suit)
    expect(bubble).to_have_text(expected)
    # The same words for screen readers, Nap's seat letter said as "player B" (a lone letter reads as a word).
    player_b = (catalogs[lang]["ui"].get("player {seat}") or "player {seat}").replace("{seat}", SEAT)
    said = template.replace("{seat}", player_b).replace("{suit}", suit)
    expect(fig.locator(".tb-message")).to_have_text(said)
    # Beside the card tapped: on screen, just under its row, not at the foot of the hand.
    assert on_screen(page, bubble)
    card_box, bubble_box = card.bounding_box(), bubble.bounding_box()
    gap = bubble_box["y"] - (card_box["y"] + card_box["height"])
    print(f"[{lang}] explanation {gap:.0f} px under the card tapped (card at y={card_box['y']:.0f})")
    assert 0 <= gap <= 60
    context.close()
    assert guard.refused == []
    assert errors == []


# ----- the reader's data ---------------------------------------------------------------------

def connection_script(save_data: bool, effective_type: str) -> str:
    return ("Object.defineProperty(navigator, 'connection', {configurable: true, get: () => ("
            f"{{saveData: {json.dumps(save_data)}, effectiveType: {json.dumps(effective_type)}, "
            "addEventListener() {}, removeEventListener() {}})});")


def shown_size(site_dir, lang: str) -> str:
    # The worker skips the memory snapshot where data is precious: the runtime and the wheel.
    size = json.loads((site_dir / "assets" / "runtime.json").read_text())["slow_link_bytes"] / 1_000_000
    text = f"{size:.1f}"
    return (text if lang == "en" else text.replace(".", ",")) + " MB"


@pytest.mark.parametrize("lang,save_data,effective_type", [
    ("en", True, "4g"), ("pt", False, "3g"), ("fr", False, "2g"), ("fr", True, "slow-2g")])
def test_where_the_connection_saves_data_the_reader_is_asked_before_the_download_with_its_size(
        open_page, site_url, site_dir, tb, catalogs, lang, save_data, effective_type):
    context, guard = phone(open_page)
    tb.block_runtime(context)
    context.add_init_script(connection_script(save_data, effective_type))
    page = context.new_page()
    fig = open_nap(page, site_url, lang, f"#{HAND}=5")
    assert page.evaluate("navigator.connection.effectiveType") == effective_type
    fig.locator(".tb-next").click()  # stepping never asks
    expect(fig.locator(".tb-prompt")).to_be_hidden()
    fig.locator(".tb-board").click()  # the board is where cards are tried: the engine is needed
    prompt = fig.locator(".tb-prompt")
    expect(prompt).to_be_visible()
    size = shown_size(site_dir, lang)
    expect(prompt).to_contain_text(size)
    expected = ui(catalogs, lang, "Trying other cards needs the rule engine, a download of {size}. Download it now?")
    expect(prompt.locator("p")).to_have_text(expected.replace("{size}", size))
    assert on_screen(page, prompt)
    expect(fig).to_have_attribute("data-engine", "asking")
    prompt.locator(".tb-not-now").click()
    expect(prompt).to_be_hidden()
    expect(fig).to_have_attribute("data-engine", "static")
    fig.locator(".tb-board").click()  # declined: the board does not ask again
    expect(prompt).to_be_hidden()
    tb.nothing_happens_for(page, 300)
    assert not any(u.endswith("/worker.js") for u in guard.seen)  # nothing of the engine was fetched
    fig.locator(".tb-try").click()  # asking on purpose asks again
    expect(prompt).to_be_visible()
    prompt.locator(".tb-download").click()
    # The runtime is refused here: the download was asked for, and the page says it failed.
    expect(fig).to_have_attribute("data-engine", "failed", timeout=tb.LIVE_TIMEOUT_MS)
    assert any(u.endswith("/worker.js") for u in guard.seen)
    context.close()
    assert guard.refused == []


@pytest.mark.parametrize("save_data,effective_type,asked", [(True, "4g", True), (False, "4g", False)])
def test_try_other_cards_pressed_before_the_player_is_there_starts_the_engine_only_where_it_would_not_ask(
        open_page, site_url, tb, save_data, effective_type, asked):
    context, guard = phone(open_page)
    tb.block_runtime(context)
    context.add_init_script(connection_script(save_data, effective_type))
    page = context.new_page()
    page.goto(f"{site_url}/pt/nap/")
    fig = page.locator(f'figure.tb-hand[data-hand-id="{HAND}"]')
    fig.locator(".tb-dormant .tb-try").click()  # the first press: the player is not there yet
    if asked:
        expect(fig.locator(".tb-prompt")).to_be_visible()
        expect(fig).to_have_attribute("data-engine", "asking")
        tb.nothing_happens_for(page, 300)
        assert not any(u.endswith("/worker.js") for u in guard.seen)  # nothing of the engine before the answer
    else:
        expect(fig).to_have_attribute("data-engine", "failed", timeout=tb.LIVE_TIMEOUT_MS)  # the runtime is refused
        assert any(u.endswith("/worker.js") for u in guard.seen)
        expect(fig.locator(".tb-prompt")).to_be_hidden()
    context.close()
    assert guard.refused == []


def test_on_a_fast_connection_the_engine_starts_without_a_question_on_the_first_tap_on_the_board(
        open_page, site_url, tb):
    context, guard = phone(open_page)
    tb.block_runtime(context)
    context.add_init_script(connection_script(False, "4g"))
    page = context.new_page()
    fig = open_nap(page, site_url, "en", f"#{HAND}=5")
    assert page.evaluate("navigator.connection.saveData") is False
    for _ in range(3):
        fig.locator(".tb-next").click()
    expect(fig).to_have_attribute("data-engine", "static")
    assert not any(u.endswith("/worker.js") for u in guard.seen)
    fig.locator(".tb-board").click()
    expect(fig.locator(".tb-prompt")).to_be_hidden()
    expect(fig).to_have_attribute("data-engine", "failed", timeout=tb.LIVE_TIMEOUT_MS)
    context.close()
    assert guard.refused == []


# ----- the teacher's projector ---------------------------------------------------------------

FULLSCREEN_LOG = """
window.__fullscreenAsked = [];
const ask = Element.prototype.requestFullscreen;
Element.prototype.requestFullscreen = function (...args) {
  window.__fullscreenAsked.push(this.dataset.handId || this.tagName);
  return window.__refuseFullscreen ? Promise.reject(new TypeError("refused")) : ask.apply(this, args);
};
"""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("refused", [False, True], ids=["fullscreen", "refused"])
def test_presenter_mode_asks_for_full_screen_and_answers_a_clicker(open_page, site_url, tb, catalogs, lang, refused):
    page = open_page(None, gentle=False, viewport=PROJECTOR)
    context = page.context
    tb.block_runtime(context)
    context.add_init_script(FULLSCREEN_LOG + ("window.__refuseFullscreen = true;" if refused else ""))
    fig = open_nap(page, site_url, lang, f"#{HAND}=6")
    toggle = fig.locator(".tb-presenter-toggle")
    toggle.click()
    expect(fig).to_have_class(re.compile(r"\btb-presenter\b"))
    assert page.evaluate("window.__fullscreenAsked") == [HAND]
    if not refused:
        page.wait_for_function(f"document.fullscreenElement && document.fullscreenElement.dataset.handId === '{HAND}'")
    box = fig.bounding_box()
    assert box["width"] >= PROJECTOR["width"] - 1 and box["height"] >= PROJECTOR["height"] - 1
    # The focus is on the toggle: Space steps and never presses it.
    expect(toggle).to_be_focused()
    for key, step in [("PageDown", 7), ("PageDown", 8), ("PageUp", 7), ("Space", 8), ("Space", 9),
                      ("ArrowRight", 10), ("ArrowLeft", 9), ("Shift+Space", 8)]:
        page.keyboard.press(key)
        expect(fig).to_have_attribute("data-step", str(step))
        expect(fig).to_have_class(re.compile(r"\btb-presenter\b"))
    expect(toggle).to_have_attribute("aria-pressed", "true")
    # Read from the back of the room: at least 28 px, sized with the cards.
    narration_px = fig.locator(".tb-step-narration").evaluate("n => parseFloat(getComputedStyle(n).fontSize)")
    card_px = fig.locator(".tb-board .tb-card").first.evaluate("c => parseFloat(getComputedStyle(c).fontSize)")
    print(f"\n[{lang}] presenter narration {narration_px} px, cards {card_px} px at 1280x800")
    assert narration_px >= 28 and narration_px >= 0.7 * card_px
    assert (on_screen(page, fig.locator(".tb-step-narration"))
            or fig.locator(".tb-step-narration").bounding_box()["y"] >= 0)
    assert fig.evaluate("f => f.scrollHeight <= f.clientHeight"), "the projector shows the whole hand"
    page.keyboard.press("Escape")
    expect(fig).not_to_have_class(re.compile(r"\btb-presenter\b"))
    page.wait_for_function("document.fullscreenElement === null")
    expect(fig).to_have_attribute("data-step", "8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_a_step_is_about_is_marked(open_page, site_url, tb, lang):
    page = open_page(None, gentle=False, viewport=PROJECTOR)
    context = page.context
    tb.block_runtime(context)
    fig = open_nap(page, site_url, lang, f"#{HAND}=6")
    marked = fig.locator(".tb-player .tb-step-card")
    # Step 6: B plays J♥ to the first trick.
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-card", "JH")
    assert marked.evaluate("c => c.closest('.tb-trick') !== null")
    assert marked.evaluate("c => getComputedStyle(c).boxShadow") != "none"
    fig.locator(".tb-next").click()
    expect(marked).to_have_attribute("data-card", "9H")  # C follows with 9♥
    fig.locator(".tb-first").click()
    expect(marked).to_have_count(0)  # the deal is about every card, none in particular


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_present_link_opens_the_hand_in_presenter_mode_at_its_step_and_the_link_to_a_step_can_be_copied(
        open_page, site_url, tb, catalogs, lang):
    context = open_page.context(viewport=PROJECTOR)
    guard = open_page.guard(context)
    tb.block_runtime(context)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    fig = open_nap(page, site_url, lang, f"#{HAND}=6&present")
    expect(fig).to_have_class(re.compile(r"\btb-presenter\b"))
    expect(fig).to_have_attribute("data-step", "6")
    box = fig.bounding_box()
    assert (box["x"], box["y"], box["width"], box["height"]) == (0, 0, PROJECTOR["width"], PROJECTOR["height"])
    assert fig.locator(".tb-step-narration").evaluate("n => parseFloat(getComputedStyle(n).fontSize)") >= 28
    page.keyboard.press("PageDown")
    expect(fig).to_have_attribute("data-step", "7")
    assert page.evaluate("location.hash") == f"#{HAND}=7&present"
    fig.locator(".tb-copy-link").click()
    expect(fig.locator(".tb-message")).to_have_text(ui(catalogs, lang, "Link copied"))
    expect(fig.locator(".tb-bubble")).to_have_text(ui(catalogs, lang, "Link copied"))
    # The link copied is the hand's own address (one hand's oEmbed answer, for a platform that embeds links).
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{site_url}/{lang}/hand/{HAND}/?step=7&present"
    page.keyboard.press("Escape")
    expect(fig).not_to_have_class(re.compile(r"\btb-presenter\b"))
    assert page.evaluate("location.hash") == f"#{HAND}=7"
    fig.locator(".tb-copy-link").click()
    expect(fig.locator(".tb-message")).to_have_text(ui(catalogs, lang, "Link copied"))
    plain = page.evaluate("navigator.clipboard.readText()")
    assert plain == f"{site_url}/{lang}/hand/{HAND}/?step=7"
    # Opened, each sends the reader on to the hand on its page, at its step, in presenter mode if asked.
    for link, presenting in ((copied, True), (plain, False)):
        other = context.new_page()
        other.goto(link)
        other.wait_for_url(f"{site_url}/{lang}/nap/#{HAND}=7" + ("&present" if presenting else ""))
        shown = other.locator(f'figure.tb-hand[data-hand-id="{HAND}"]')
        expect(shown).to_have_attribute("data-step", "7")
        expect(shown).to_have_class(re.compile(r"\btb-presenter\b") if presenting else re.compile(r"\btb-hand\b"))
        if not presenting:
            expect(shown).not_to_have_class(re.compile(r"\btb-presenter\b"))
        other.close()
    context.close()
    assert guard.refused == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hands_own_address_sends_a_reader_without_javascript_to_the_hands_start(open_page, site_url, tb, lang):
    context = open_page.context(viewport=PHONE, java_script_enabled=False)
    guard = open_page.guard(context)
    page = context.new_page()
    page.goto(f"{site_url}/{lang}/hand/{HAND}/?step=7")
    page.wait_for_url(f"{site_url}/{lang}/nap/#{HAND}=0")
    box = page.locator(f'figure.tb-hand[data-hand-id="{HAND}"]').bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]
    context.close()
    assert guard.refused == []


def test_without_the_clipboard_api_the_link_is_still_copied_or_shown(open_page, site_url, tb, catalogs):
    context = open_page.context(viewport=PHONE)
    guard = open_page.guard(context)
    tb.block_runtime(context)
    context.add_init_script(
        "Object.defineProperty(navigator, 'clipboard', {configurable: true, get: () => undefined});")
    page = context.new_page()
    fig = open_nap(page, site_url, "fr", f"#{HAND}=3")
    fig.locator(".tb-copy-link").click()
    said = fig.locator(".tb-message").text_content()
    link = f"{site_url}/fr/hand/{HAND}/?step=3"
    assert said in (ui(catalogs, "fr", "Link copied"),
                    ui(catalogs, "fr", "Copy this link: {link}").replace("{link}", link))
    assert on_screen(page, fig.locator(".tb-bubble"))
    context.close()
    assert guard.refused == []


# ----- the printed handout -------------------------------------------------------------------

def count_pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_print_shows_each_hand_once_without_controls_and_the_nap_page_fits_eight_a4_pages(
        open_page, site_url, tb, lang):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    tb.block_runtime(context)
    fig = open_nap(page, site_url, lang)
    page.emulate_media(media="print")
    for control in ("button", "input", ".tb-status", ".tb-slider", ".tb-board", ".tb-scroll-cue"):
        assert page.locator(f"figure.tb-hand {control}:visible").count() == 0, control
    # The deal once (the table), the tricks, the result; no trick table split across pages. A hand that
    # asks what it scores leaves its result to the answers (test_question_answers_withheld.py).
    for part in (".tb-deal-table", ".tb-trick-table", "figcaption"):
        expect(fig.locator(part).first).to_be_visible()
    expect(page.locator("figure.tb-hand:not(:has(.tb-questions-print)) .tb-scoring").first).to_be_visible()
    expect(fig.locator(".tb-scoring")).to_be_hidden()
    assert fig.locator(".tb-trick-table").evaluate("t => getComputedStyle(t).breakInside") == "avoid"
    assert fig.locator(".tb-scroll").first.evaluate("r => getComputedStyle(r).breakInside") == "avoid"
    # The notes print; steps without one are left to the tricks table.
    notes = fig.locator(".tb-narration li:has(.tb-note)")
    assert notes.count() > 0 and notes.first.is_visible()
    pages = count_pdf_pages(page.pdf(format="A4"))
    print(f"\n[{lang}] Nap page printed on A4: {pages} pages")
    # The text and its seven hands (two show house rules) on seven sheets, and the questions' answers on
    # their own last sheet.
    assert 0 < pages <= 8
