"""The lesson is never out of sight in a worked hand's bar: at every step of the showcase hands of
/en/nap/, /pt/euchre/ and /fr/trinidad/, at 360x740 and 1280x800, no text is hidden inside a box
(its scrollHeight past its clientHeight, its overflow hidden or scrolling) unless a visible,
labelled control on screen reaches it; pressing that control shows the whole note. The bar's
controls keep their height when the step count reaches two digits. The summary at a "what if"'s
end is reachable the same way. Measured with bounding boxes.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SHOWCASE = [("en", "nap", "nap-four-hearts"), ("pt", "euchre", "euchre-bowers"),
            ("fr", "trinidad", "trinidad-hang-jack")]
SIZES = {"phone": (360, 740), "desk": (1280, 800)}

# Every box of the figure that hides text inside itself, with the on-screen controls that reach it.
HIDDEN = """(fig) => {
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const onScreen = (c) => {
    const r = c.getBoundingClientRect();
    return !c.hidden && r.width > 0 && r.height > 0 && r.top >= header - 1 && r.bottom <= innerHeight + 1
      && r.left >= -1 && r.right <= innerWidth + 1;
  };
  const found = [];
  for (const box of fig.querySelectorAll('*')) {
    const style = getComputedStyle(box);
    if (!['hidden', 'auto', 'scroll', 'clip'].includes(style.overflowY)) continue;
    // Text for screen readers only (1 px boxes) and parts hidden on purpose (a waiting question) hide nothing.
    if (box.clientHeight <= 2 || box.clientWidth <= 2 || !box.textContent.trim()) continue;
    if (box.scrollHeight - box.clientHeight <= 2) continue;
    const controls = box.id ? [...document.querySelectorAll(`[aria-controls~="${box.id}"]`)] : [];
    const reach = controls.filter((c) => onScreen(c) && (c.getAttribute('aria-label') || c.textContent).trim());
    found.push({ cls: String(box.className), hidden: box.scrollHeight - box.clientHeight,
                 control: reach.length ? reach[0].textContent.trim() : null });
  }
  return found;
}"""

CONTROLS_HEIGHT = "(fig) => fig.querySelector('.tb-bar .tb-controls').getBoundingClientRect().height"


def reach_every_note(fig, where) -> int:
    """Check the step: any hidden text has its control on screen; press it, nothing is hidden; press again."""
    hidden = fig.evaluate(HIDDEN)
    for box in hidden:
        assert box["control"], (where, "text hidden with nothing on screen to reach it", box)
    if not hidden:
        return 0
    more = fig.locator(".tb-note-more")
    expect(more).to_be_visible()
    expect(more).to_have_attribute("aria-expanded", "false")
    more.click()
    expect(more).to_have_attribute("aria-expanded", "true")
    assert fig.evaluate(HIDDEN) == [], (where, "the control did not show the whole note")
    narration = fig.locator(".tb-step-narration").bounding_box()
    assert narration["y"] + narration["height"] <= fig.page.viewport_size["height"] + 1, (where, narration)
    more.click()  # back to the short bar for the next step
    expect(more).to_have_attribute("aria-expanded", "false")
    return 1


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
@pytest.mark.parametrize("lang,game,hand", SHOWCASE, ids=[h for _l, _g, h in SHOWCASE])
def test_no_note_is_hidden_in_the_bar_without_a_control_to_reach_it(open_page, tb, lang, game, hand, size):
    page = open_page(size=SIZES[size])
    tb.block_runtime(page.context)
    page.goto(f"{open_page.site_url}/{lang}/{game}/#{hand}=0")
    fig = page.locator(f'figure.tb-hand[data-hand-id="{hand}"]')
    fig.locator(".tb-player").wait_for()
    steps = tb.static_steps(page, hand)
    assert len(steps) > 11  # the count reaches two digits
    heights = {}
    reached = 0
    for step in range(0, len(steps)):
        if step:
            fig.locator(".tb-next").click()
        expect(fig).to_have_attribute("data-step", str(step))
        heights[step] = fig.evaluate(CONTROLS_HEIGHT)
        reached += reach_every_note(fig, (lang, hand, size, step))
    # The controls keep their height from one digit to two.
    assert len(set(round(h) for h in heights.values())) == 1, heights
    # On a phone the steppers take one row and the counter with its tools another.
    assert max(heights.values()) < 3 * 44, heights
    print(f"\n[{lang} {hand} {size}] steps whose note needed the control: {reached}")


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_the_summary_at_a_what_ifs_end_can_be_read_whole_on_a_phone(open_page, tb, lang):
    page = open_page(f"/{lang}/nap/#{tb.NAP_HAND}=5", size=SIZES["phone"])
    fig = tb.figure_of(page)
    fig.locator(".tb-player").wait_for()
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    # Step 5: B follows A's A♥ with J♥ in the record; the reader has B play 10♥ instead.
    fig.locator('.tb-board .tb-seat[data-seat="B"] button[data-card="TH"]').click()
    expect(fig).to_have_attribute("data-branch", "whatif", timeout=20_000)
    fig.locator(".tb-last").click()
    expect(fig.locator(".tb-step-narration .tb-change").first).to_be_visible()
    assert reach_every_note(fig, (lang, "what-if end")) == 1
