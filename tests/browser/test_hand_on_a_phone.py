"""The card just played stays on screen: a learner steps through the three showcase hands on a
phone (360x740) in English, Portuguese and French, and after every step the trick in progress,
the card just played, the controls and the narration are all on screen together, nothing sticky
covers the heading of the seat to play, and the ring round the card just played leaves the seat's
letter clear. Measured with bounding boxes; 1280x800 is checked too.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SHOWCASE = [("nap", "nap-four-hearts"), ("yorkshire", "yorkshire-low-stays-with-the-pair"),
            ("trinidad", "trinidad-hang-jack")]
PHONE = {"width": 360, "height": 740}
DESK = {"width": 1280, "height": 800}
CARD = re.compile(r"^(10|[2-9TJQKA])[SHDC]$", re.IGNORECASE)

# Every box the checks need, measured in one go (viewport coordinates).
MEASURE = """(fig) => {
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect(); \
return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const card = fig.querySelector('.tb-bar .tb-trick .tb-step-card');
  let uncovered = null;
  if (card) {
    const r = card.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    uncovered = hit === card || card.contains(hit);
  }
  const trick = fig.querySelector('.tb-bar .tb-trick');
  return {
    header, height: innerHeight, width: innerWidth, pending: fig.classList.contains('tb-q-pending'),
    prev: box(fig.querySelector('.tb-prev')), next: box(fig.querySelector('.tb-next')),
    narration: box(fig.querySelector('.tb-step-narration')), trick: box(trick),
    bar: box(fig.querySelector('.tb-bar')), card: box(card), uncovered,
    head: box(fig.querySelector('.tb-board .tb-to-play .tb-seat-head')),
    plays: [...fig.querySelectorAll('.tb-bar .tb-trick .tb-plays li')].map((li) => ({
      seat: box(li.querySelector('.tb-play-seat')), card: box(li.querySelector('.tb-card')),
      marked: Boolean(li.querySelector('.tb-step-card')),
    })),
  };
}"""


def inside(b, m) -> bool:
    """The whole box is on screen, below Material's header."""
    return (b is not None and b["y"] >= m["header"] - 1 and b["y"] + b["h"] <= m["height"] + 1
            and b["x"] >= -1 and b["x"] + b["w"] <= m["width"] + 1)


def overlap(a, b, grow: float = 0) -> bool:
    if a is None or b is None:
        return False
    return (a["x"] - grow < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] + grow
            and a["y"] - grow < b["y"] + b["h"] and b["y"] < a["y"] + a["h"] + grow)


# The measures once they are the same over two animation frames running (the page stopped moving), at
# most 120 times over (a question's step scrolls to the question): the page's own frames, not the clock.
SETTLED = """async (fig) => {
  const measure = %s;
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  let last = JSON.stringify(measure(fig));
  for (let i = 0; i < 120; i += 1) {
    await frames();
    const now = JSON.stringify(measure(fig));
    if (now === last) break;
    last = now;
  }
  return JSON.parse(last);
}""" % MEASURE


def settled(page, fig):
    """The measures once the page stopped moving (a question's step scrolls to the question)."""
    return fig.evaluate(SETTLED)


def step_through(page, tb, site_url: str, game: str, hand: str, lang: str, scroll_every: int = 3) -> int:
    """Step through the whole hand with Next, now and then scrolling down the hands first, and
    check every step; returns the number of card plays checked."""
    page.goto(f"{site_url}/{lang}/{game}/#{hand}=0")
    fig = page.locator(f'figure.tb-hand[data-hand-id="{hand}"]')
    fig.locator(".tb-player").wait_for()
    steps = tb.static_steps(page, hand)
    plays = 0
    for step in range(1, len(steps)):
        if step % scroll_every == 0:
            # The reader scrolled down to read the last hand before pressing Next.
            fig.locator(".tb-board .tb-seat").last.evaluate(
                "s => s.scrollIntoView({block: 'end', behavior: 'instant'})")
        fig.locator(".tb-next").click()
        expect(fig).to_have_attribute("data-step", str(step))
        m = settled(page, fig)
        where = (lang, hand, step)
        # A question waiting for its answer hides the narration that would give it away.
        parts = (("prev", "next", "trick") if m["pending"] and not m["narration"]["h"]
                 else ("prev", "next", "narration", "trick"))
        for part in parts:
            assert inside(m[part], m), (where, part, m[part], m["header"])
        played = str(steps[step].get("action", "")).split()[-1:]
        if played and CARD.match(played[0]):
            plays += 1
            assert m["card"] is not None, (where, "the card just played is not marked in the trick")
            assert inside(m["card"], m) and m["uncovered"], (where, m["card"], m["uncovered"])
        # Nothing that sticks covers the heading of the seat to play.
        assert not overlap(m["head"], m["bar"]), (where, m["head"], m["bar"])
        # The ring round the card just played (6 px) leaves every seat letter of the trick clear.
        for entry in m["plays"]:
            for other in m["plays"]:
                if other["marked"]:
                    assert not overlap(entry["seat"], other["card"], grow=6), (where, entry, other)
    return plays


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
@pytest.mark.parametrize("game,hand", SHOWCASE, ids=[h for _g, h in SHOWCASE])
def test_the_card_just_played_is_on_a_phone_screen_after_every_step(open_page, site_url, tb, game, hand, lang):
    context = open_page.context(viewport=PHONE, has_touch=True, is_mobile=True)
    guard = open_page.guard(context)
    tb.block_runtime(context)
    page = context.new_page()
    plays = step_through(page, tb, site_url, game, hand, lang)
    assert plays >= 8  # every showcase hand plays at least two tricks
    context.close()
    assert guard.refused == []


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game,hand", SHOWCASE, ids=[h for _g, h in SHOWCASE])
def test_on_a_desk_screen_the_trick_and_controls_are_on_screen_after_every_step(
        open_page, site_url, tb, game, hand, lang):
    context = open_page.context(viewport=DESK)
    guard = open_page.guard(context)
    tb.block_runtime(context)
    page = context.new_page()
    assert step_through(page, tb, site_url, game, hand, lang, scroll_every=4) >= 8
    context.close()
    assert guard.refused == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_compass_seats_standing_alone_are_spoken_as_their_points(open_page, site_url, tb, catalogs, lang):
    """A lone N, E, S or W (a seat's heading, the trick's seat, the deal table's row) is said "North"."""
    context = open_page.context(viewport=PHONE)
    tb.block_runtime(context)
    page = context.new_page()
    hand = "trinidad-hang-jack"
    page.goto(f"{site_url}/{lang}/trinidad/#{hand}=4")
    fig = page.locator(f'figure.tb-hand[data-hand-id="{hand}"]')
    fig.locator(".tb-player").wait_for()
    names = {s: catalogs[lang]["ui"].get(w) or w for s, w in
             (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West"))}
    assert lang == "en" or names["N"] != "North"
    # The letter shown is the language's own ("O" for West in French: the ui catalog's "seat letter").
    letters = {s: catalogs[lang]["ui"].get(f"seat letter\x04{s}") or s for s in names}
    assert letters["W"] == ("W" if lang == "en" else "O")
    for seat, name in names.items():
        head = fig.locator(f'.tb-board .tb-seat[data-seat="{seat}"] .tb-seat-name')
        expect(head.locator(".tb-sr")).to_have_text(name)
        expect(head.locator('[aria-hidden="true"]')).to_have_text(letters[seat])
    # Without JavaScript too: the deal table's row headings, as the build wrote them.
    rows = fig.locator(".tb-deal-table tbody tr:not(.tb-extra) th").evaluate_all(
        "says => says.map((s) => [s.querySelector('[aria-hidden]').textContent, "
        "s.querySelector('.tb-sr').textContent])")
    assert dict(rows) == {letters[s]: name for s, name in names.items()}
    for li in fig.locator(".tb-bar .tb-trick .tb-plays li").all():
        seat = li.get_attribute("data-seat")
        expect(li.locator(".tb-play-seat .tb-sr")).to_have_text(names[seat])
    context.close()


def test_swiping_the_trick_in_the_bar_steps_like_the_board(open_page, site_url, tb):
    context = open_page.context(viewport=PHONE, has_touch=True, is_mobile=True)
    tb.block_runtime(context)
    page = context.new_page()
    page.goto(f"{site_url}/pt/nap/#nap-four-hearts=6")
    fig = page.locator('figure.tb-hand[data-hand-id="nap-four-hearts"]')
    fig.locator(".tb-player").wait_for()
    box = fig.locator(".tb-bar .tb-trick").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    for x0, x1, step in ((x + 100, x - 100, "7"), (x - 100, x + 100, "6")):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
        for i in range(1, 9):
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": x0 + (x1 - x0) * i / 8, "y": y}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        expect(fig).to_have_attribute("data-step", step)
    cdp.detach()
    context.close()
