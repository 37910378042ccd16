"""A question's text, the trick it is about and its verdict are on screen together once answered.

For every question of nap-four-hearts and for the first question of a seeded practice drill of each
game, answered wrong, at 360x740 and at 1280x800 in two languages: the page itself brings the three
into view (widgets/verdict-view.js), below the site's header, and the test waits on that state.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE, DESKTOP = (360, 740), (1280, 800)
SEED = "class7"

# The boxes of the question's text, the trick and the verdict, against the screen under the site's header.
BOXES = """([root, trickSel]) => {
  const header = document.querySelector('.md-header');
  const top = header ? header.getBoundingClientRect().bottom : 0;
  const box = (e) => { const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, height: b.height}; };
  const panel = root.querySelector('.tb-question[data-verdict]');
  if (!panel) return null;
  return {top, height: innerHeight, text: box(panel.querySelector('.tb-q-text')),
          trick: box(root.querySelector(trickSel)), verdict: box(panel.querySelector('.tb-q-verdict'))};
}"""


def in_view(boxes: dict[str, Any] | None) -> bool:
    if not boxes:
        return False
    return all(boxes[k]["height"] > 0 and boxes[k]["top"] >= boxes["top"] - 0.5
               and boxes[k]["bottom"] <= boxes["height"] + 0.5 for k in ("text", "trick", "verdict"))


def wait_in_view(page: Any, root: Any, trick: str) -> None:
    handle = root.element_handle()
    page.wait_for_function(f"(args) => {{ const b = ({BOXES})(args); return !!b && "
                           "['text', 'trick', 'verdict'].every((k) => b[k].height > 0 && b[k].top >= b.top - 0.5"
                           " && b[k].bottom <= b.height + 0.5); }", arg=[handle, trick], timeout=10_000)
    boxes = page.evaluate(BOXES, [handle, trick])
    assert in_view(boxes), boxes


def answer_wrong(panel: Any) -> None:
    """The first choice of each part (or the first choice), checked where the panel asks for it: often wrong."""
    parts = panel.locator(".tb-q-part")
    if parts.count():
        for i in range(parts.count()):
            parts.nth(i).locator(".tb-q-choice").first.click()
    else:
        panel.locator(".tb-q-choice").first.click()
    if panel.locator(".tb-q-check").count():
        panel.locator(".tb-q-check").click()
    panel.page.wait_for_function("(p) => !!p.dataset.verdict", arg=panel.element_handle())


@pytest.mark.parametrize(("lang", "size"), [("en", PHONE), ("fr", PHONE), ("en", DESKTOP), ("fr", DESKTOP)])
def test_every_question_of_a_worked_hand_shows_its_trick_and_verdict_together(
        open_page: Any, tb: Any, lang: str, size: tuple[int, int]) -> None:
    page = open_page(f"/{lang}/nap/", size)
    steps = sorted({q["step"] for q in tb.hand_data(page)["questions"]})
    assert len(steps) >= 4
    for step in steps:
        page.goto(page.url.split("#")[0] + f"#{tb.NAP_HAND}={step}")
        fig = tb.figure_of(page)
        expect(fig).to_have_attribute("data-step", str(step))
        panel = fig.locator(".tb-question").first
        expect(panel).to_be_visible()
        answer_wrong(panel)
        wait_in_view(page, fig, ".tb-trick")


@pytest.mark.parametrize(("game", "lang", "size"), [
    ("nap", "en", PHONE), ("euchre", "fr", PHONE), ("yorkshire", "pt", PHONE), ("trinidad", "pt", PHONE),
    ("trinidad", "en", DESKTOP), ("yorkshire", "fr", DESKTOP)])
def test_a_practice_question_shows_its_trick_and_verdict_together(
        open_page: Any, tb: Any, game: str, lang: str, size: tuple[int, int]) -> None:
    page = open_page(f"/{lang}/practice-{game}/#seed={SEED}&q=0", size)
    drill = page.locator(".tb-practice-drill")
    drill.locator(".tb-practice-start").click()
    expect(drill).to_have_attribute("data-number", "0", timeout=tb.LIVE_TIMEOUT_MS)
    # The trick and the trumps come before the question, on the page and for the ear.
    assert drill.locator(".tb-board .tb-trick").evaluate(
        "(t) => !!(t.compareDocumentPosition(document.querySelector('.tb-practice-question'))"
        " & Node.DOCUMENT_POSITION_FOLLOWING)")
    answer_wrong(drill.locator(".tb-question"))
    wait_in_view(page, drill, ".tb-board .tb-trick")
