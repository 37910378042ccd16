"""A low-vision reader: the hand player and the play table at 200 % and 400 % zoom (CSS viewports 640x400
and 320x256 of a 1280x800 screen), forced colours (Windows high contrast), and the contrast of cards not
allowed now.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# The three showcase hands: the A♥ Four of Nap, Yorkshire's captured deuce (Low stays with the pair
# dealt it), and Trinidad's hang-jack.
SHOWCASE = [("nap", "nap-four-hearts"), ("yorkshire", "yorkshire-low-stays-with-the-pair"),
            ("trinidad", "trinidad-hang-jack")]
ZOOMS = {"200%": (640, 400), "400%": (320, 256)}

# Scroll the page over the whole board in 8 px steps; at each position, how much of the board is on
# screen and not under anything that sticks (Material's header, the player's bar when it sticks).
MOST_BOARD_IN_VIEW = """(fig) => {
  const board = fig.querySelector('.tb-board'), bar = fig.querySelector('.tb-bar');
  const header = document.querySelector('.md-header');
  const box = board.getBoundingClientRect();
  const from = Math.max(0, box.top + scrollY - innerHeight), to = box.bottom + scrollY;
  let most = 0;
  for (let y = from; y <= to; y += 8) {
    window.scrollTo({ top: y, behavior: 'instant' });
    const r = board.getBoundingClientRect();
    let top = 0;
    for (const s of [header, bar]) {
      const p = getComputedStyle(s).position;
      if (p !== 'sticky' && p !== 'fixed') continue;
      const b = s.getBoundingClientRect();
      if (b.top <= top + 2 && b.bottom > top) top = b.bottom;
    }
    most = Math.max(most, Math.min(r.bottom, innerHeight) - Math.max(r.top, top));
  }
  return { most, height: board.getBoundingClientRect().height };
}"""

# Whether the element's centre, once scrolled into view, is the element itself (nothing covers it).
REACHABLE = """(el) => {
  el.scrollIntoView({ block: 'center', behavior: 'instant' });
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= 0 && r.bottom <= innerHeight && (hit === el || el.contains(hit));
}"""


@pytest.mark.parametrize("zoom", list(ZOOMS))
@pytest.mark.parametrize("game,hand", SHOWCASE, ids=[h for _g, h in SHOWCASE])
def test_at_every_step_half_of_the_board_can_be_scrolled_into_view_when_zoomed(open_page, tb, game, hand, zoom):
    width, height = ZOOMS[zoom]
    lang = "fr" if zoom == "400%" else "en"  # French, the longest text, at the smallest size
    page = open_page(None, (width, height), gentle=False)
    tb.block_runtime(page.context)
    page.goto(f"{open_page.site_url}/{lang}/{game}/#{hand}=0")
    fig = tb.wake(tb.figure_of(page, hand))
    # On a short screen nothing sticks: not the bar, not the site's header.
    assert fig.locator(".tb-bar").evaluate("b => getComputedStyle(b).position") == "static"
    assert page.locator(".md-header").evaluate("h => getComputedStyle(h).position") not in ("sticky", "fixed")
    shares = []
    for step in range(int(fig.get_attribute("data-steps")) + 1):
        fig.evaluate("(f, s) => { const sl = f.querySelector('.tb-slider'); sl.value = String(s); "
                     "sl.dispatchEvent(new Event('input')); }", step)
        expect(fig).to_have_attribute("data-step", str(step))
        seen = fig.evaluate(MOST_BOARD_IN_VIEW)
        shares.append(round(seen["most"] / seen["height"], 2))
        # The controls stay reachable: scrolled to, nothing covers them.
        assert fig.locator(".tb-next").evaluate(REACHABLE), f"step {step}: the Next button is covered"
    print(f"\n[{lang} {zoom} {hand}] least share of the board in view over {len(shares)} steps: {min(shares)}")
    assert min(shares) >= 0.5, shares


@pytest.mark.parametrize("lang,size", [("en", (1280, 800)), ("pt", (360, 740))])
def test_the_sticking_bar_stays_short_and_its_narration_scrolls_within_itself(open_page, tb, lang, size):
    page = open_page(None, size, gentle=False)
    tb.block_runtime(page.context)
    # Trinidad's hang-jack, step 24: a long narration with its note (step 25, the longest, asks
    # questions, and on a question's step the bar scrolls with the page: hand-questions.css).
    page.goto(f"{open_page.site_url}/{lang}/trinidad/#trinidad-hang-jack=24")
    fig = tb.wake(tb.figure_of(page, "trinidad-hang-jack"))
    bar, narration = fig.locator(".tb-bar"), fig.locator(".tb-step-narration")
    assert bar.evaluate("b => getComputedStyle(b).position") == "sticky"
    assert bar.bounding_box()["height"] <= 0.45 * size[1]
    # The narration is a labelled region that scrolls by keyboard when it is longer than its box.
    expect(narration).to_have_attribute("role", "region")
    expect(narration).to_have_attribute("tabindex", "0")
    assert narration.evaluate("n => getComputedStyle(n).overflowY") == "auto"


# ----- forced colours --------------------------------------------------------------------------

OUTLINE = "(e) => { const s = getComputedStyle(e); return [s.outlineStyle, parseFloat(s.outlineWidth)]; }"
BORDER = "(e) => parseFloat(getComputedStyle(e).borderLeftWidth)"


def test_in_forced_colours_every_highlight_of_a_worked_hand_stays_visible(open_page, tb):
    page = open_page(None, (1280, 800), gentle=False, forced_colors="active")
    tb.block_runtime(page.context)
    assert page.evaluate("matchMedia('(forced-colors: active)').matches")
    # Step 6 of the A♥ Four: B has just played J♥ to A's ace; C is to play; A is winning.
    page.goto(f"{open_page.site_url}/en/nap/#nap-four-hearts=6")
    fig = tb.wake(tb.figure_of(page, "nap-four-hearts"))
    just_played = fig.locator(".tb-player .tb-card.tb-step-card").first
    expect(just_played).to_have_attribute("data-card", "JH")
    style, width = just_played.evaluate(OUTLINE)
    assert style == "solid" and width >= 3
    other = fig.locator('.tb-board .tb-seat[data-seat="C"] .tb-card').first
    assert other.evaluate(OUTLINE)[0] == "none"  # the highlight is the card's alone
    to_play = fig.locator(".tb-board .tb-seat.tb-to-play")
    expect(to_play).to_have_attribute("data-seat", "C")
    assert to_play.evaluate(BORDER) >= 3
    assert fig.locator('.tb-board .tb-seat[data-seat="D"]').evaluate(BORDER) < 3
    # The trick's winning card, once the trick is won (step 8: A takes trick 1).
    fig.locator(".tb-slider").fill("8")
    winning = fig.locator(".tb-player .tb-plays li.tb-winning .tb-card")
    expect(winning).to_have_count(1)
    assert winning.evaluate(OUTLINE)[0] != "none"
    # The narration item of the step, in the pre-rendered list.
    assert fig.locator(".tb-narration [aria-current='step']").evaluate(OUTLINE)[0] == "solid"


def test_at_a_table_in_forced_colours_the_lifted_card_and_the_seat_to_play_are_marked(open_page, tb):
    page = open_page(None, (1280, 800), gentle=False, forced_colors="active")
    page.goto(open_page.site_url + tb.table_url("en", "nap", pace=0))  # the Nap test seed (TABLE_SEEDS)
    table = tb.ready_table(page, "nap")
    table.locator(".tbt-start").click()
    expect(table).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    # Bid (so that the hand is played, not thrown in) until a card is to be played, then lift the
    # first legal card.
    for _ in range(40):
        tb.wait_for_reader(page, table)
        if table.locator(".tbt-cards .tbt-card[aria-disabled='false']").count():
            break
        bid = table.locator(".tbt-choice:not([aria-keyshortcuts='S']):not([disabled])").first
        if table.get_attribute("data-phase") != "hand-over" and bid.count():
            before = int(table.locator(".tbt-log").get_attribute("data-lines") or 0)
            bid.click()
            page.wait_for_function("([t, n]) => Number(t.querySelector('.tbt-log').dataset.lines) > n",
                                   arg=[table.element_handle(), before], timeout=30_000)
        else:
            tb.one_decision(page, table)
    legal = table.locator(".tbt-cards .tbt-card[aria-disabled='false']").first
    legal.click()
    expect(legal).to_have_class(re.compile("tbt-lifted"))
    style, width = legal.evaluate(OUTLINE)
    assert style == "solid" and width >= 3
    expect(table.locator(".tbt-hand")).to_have_class(re.compile("tbt-current"))
    assert table.locator(".tbt-hand").evaluate(BORDER) >= 3
    waiting = table.locator(".tbt-seat:not(.tbt-current)").first
    assert waiting.evaluate(BORDER) < 3
    # Play it: once a trick has cards, the card winning it is outlined.
    legal.click()
    # The bots play on at once and the trick is drawn again with each card: wait until the card
    # winning it, whichever it is by then, is drawn outlined.
    page.wait_for_function(
        """(t) => { const f = t.querySelector('.tbt-trick .tbt-winning .tbt-face');
                    return !!f && getComputedStyle(f).outlineStyle === 'solid'; }""",
        arg=table.element_handle(), timeout=30_000)


# ----- cards not allowed now keep their contrast ---------------------------------------------------

def _luminance(rgb: tuple[float, float, float]) -> float:
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


RGB = re.compile(r"rgba?\(([^)]*)\)")


def _rgb(text: str) -> tuple[float, float, float]:
    parts = text.replace(",", " ").split()
    return float(parts[0]), float(parts[1]), float(parts[2])


def test_a_card_not_allowed_now_keeps_its_text_contrast_and_shows_a_dashed_border(open_page, tb):
    page = open_page(None, (1280, 800), gentle=False)
    page.goto(open_page.site_url + tb.table_url("en", "euchre", pace=0))  # the Euchre test seed (TABLE_SEEDS)
    table = tb.ready_table(page, "euchre")
    table.locator(".tbt-start").click()
    expect(table).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    dim = table.locator(".tbt-cards .tbt-card.tbt-dim")
    # Play on (hand after hand) until the rules refuse a card of the reader's hand.
    for _ in range(120):
        tb.wait_for_reader(page, table)
        if dim.count():
            break
        tb.one_decision(page, table)
    assert dim.count(), "no card was refused in 120 decisions"
    for card in dim.all():
        style = card.evaluate("""(c) => { let o = 1; \
for (let e = c; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
            const s = getComputedStyle(c); \
return { opacity: o, color: s.color, border: s.borderLeftStyle, image: s.backgroundImage }; }""")
        assert style["opacity"] == 1 and style["border"] == "dashed", style
        # The text against both colours of the hatching: white and the hatch's grey.
        stops = [_rgb(m) for m in RGB.findall(style["image"])]
        assert stops, style
        worst = min(_contrast(_rgb(RGB.findall(style["color"])[0]), stop) for stop in stops)
        assert worst >= 4.5, (card.get_attribute("data-card"), worst)


# At a play table: the top of the decision's first part and the bottom of the reader's cards, in page
# coordinates, the screen's height less anything that sticks, and the widest part's edges.
DECISION_SPAN = """(t) => {
  const box = (s) => t.querySelector(s).getBoundingClientRect();
  const header = document.querySelector('.md-header');
  const sticks = ['sticky', 'fixed'].includes(getComputedStyle(header).position);
  const stuck = sticks ? header.getBoundingClientRect().height : 0;
  const first = t.dataset.phase === 'play' ? box('.tbt-trick') : box('.tbt-placard');
  const cards = box('.tbt-cards');
  return {top: first.top + scrollY, bottom: cards.bottom + scrollY, room: innerHeight - stuck, stuck,
          left: Math.min(first.left, cards.left), right: Math.max(first.right, cards.right)};
}"""


@pytest.mark.parametrize("zoom", list(ZOOMS))
@pytest.mark.parametrize("lang,game", [("en", "euchre"), ("fr", "nap")])
def test_at_every_decision_of_a_zoomed_table_the_decision_and_the_hand_fit_one_screen(open_page, tb, lang, game, zoom):
    """At 200 % and 400 % zoom, at each of the reader's decisions of a hand: the trick (or, before the play,
    the placard that asks) and the reader's cards are on screen together, once scrolled there."""
    width, height = ZOOMS[zoom]
    page = open_page(tb.table_url(lang, game, pace=0), (width, height))
    table = tb.ready_table(page, game)
    tb.start_by_keyboard(page, table)
    expect(table).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    seen = 0
    while tb.wait_for_reader(page, table) != "hand-over" and seen < 12:
        span = table.evaluate(DECISION_SPAN)
        where = (lang, game, zoom, seen, table.get_attribute("data-phase"), span)
        assert span["bottom"] - span["top"] <= span["room"], where
        assert span["left"] >= 0 and span["right"] <= width + 0.5, where
        page.evaluate("(y) => window.scrollTo({top: y, behavior: 'instant'})", span["top"] - span["stuck"])
        first = table.locator(".tbt-trick" if table.get_attribute("data-phase") == "play" else ".tbt-placard")
        for part in (first, table.locator(".tbt-cards")):
            box = part.bounding_box()
            assert box and box["y"] >= span["stuck"] - 0.5 and box["y"] + box["height"] <= height + 0.5, (where, box)
        tb.one_decision(page, table)
        seen += 1
    assert seen >= 3, "the hand gave the reader fewer than three decisions: choose another seed"
