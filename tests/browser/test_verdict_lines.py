"""A question's verdict says what the reader chose and what is right, each named, in one translated line
(French puts its space before the colons), and the reader's wrong pick is marked on its button by a
cross and by words for assistive technologies, not by colour alone: at 360x740 and 1280x800, in English
and French. The runtime is refused: the questions about the record are judged from the page's data."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

HAND = "nap-four-hearts"
SCORE_STEP, PLAY_STEP = 24, 4
WRONG_SCORE = {
    "en": "Net result for A: you said −12; right: +12",
    "fr": "Bilan pour A : vous avez répondu −12 ; la bonne réponse : +12",
}
RIGHT_SCORE = {"en": "Net result for A: you said +12, which is right",
               "fr": "Bilan pour A : vous avez répondu +12, c'est juste"}
WRONG_PICK = {"en": "your answer, not right", "fr": "votre réponse, fausse"}


def plain(text: str) -> str:
    """The line as typed: the build's no-break spaces as ordinary ones, the marks left out."""
    text = text.replace("\u202f", " ").replace("\u00a0", " ").replace("✗", "").replace("✓", "")
    return re.sub(r"\s+", " ", text).strip()


def panel_at(open_page: Any, lang: str, step: int, kind: str, size: tuple[int, int]) -> Any:
    page = open_page(None, size)
    page.context.route("**/pyodide/**", lambda route: route.abort())
    page.goto(f"{open_page.site_url}/{lang}/nap/#{HAND}={step}")
    fig = page.locator(f'figure.tb-hand[data-hand-id="{HAND}"]')
    expect(fig).to_have_attribute("data-step", str(step))
    panel = fig.locator(f".tb-question[data-kind='{kind}']")
    expect(panel).to_be_visible()
    return panel


def assert_marked_wrong(panel: Any, value: str, lang: str, size: tuple[int, int]) -> None:
    button = panel.locator(f".tb-q-choice[data-choice='{value}']")
    expect(button).to_have_class(re.compile(r"\btb-q-picked-wrong\b"))
    expect(button).to_have_accessible_name(re.compile(re.escape(WRONG_PICK[lang])))
    button.scroll_into_view_if_needed()
    mark, box = button.locator(".tb-q-wrong-mark"), button.bounding_box()
    expect(mark).to_have_text("✗")
    shown = mark.bounding_box()
    assert shown and box and shown["width"] > 0 and shown["height"] > 0
    assert box["x"] <= shown["x"] and shown["x"] + shown["width"] <= box["x"] + box["width"] + 0.5
    assert 0 <= box["x"] and box["x"] + box["width"] <= size[0]
    # Only the reader's pick is marked.
    expect(panel.locator(".tb-q-picked-wrong")).to_have_count(1)


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_score_verdict_names_the_readers_answer_and_the_right_one(open_page: Any, lang: str,
                                                                     size: tuple[int, int]) -> None:
    panel = panel_at(open_page, lang, SCORE_STEP, "score", size)
    panel.locator(".tb-q-choice[data-choice='-12']").click()
    panel.locator(".tb-q-check").click()
    expect(panel).to_have_attribute("data-verdict", "wrong")
    line = panel.locator(".tb-q-reasons li.tb-q-no").first
    assert plain(line.inner_text()) == WRONG_SCORE[lang]
    line.scroll_into_view_if_needed()
    box = line.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= size[0] and box["height"] > 0
    assert_marked_wrong(panel, "-12", lang, size)
    panel.locator(".tb-q-again").click()
    panel.locator(".tb-q-choice[data-choice='12']").click()
    panel.locator(".tb-q-check").click()
    expect(panel).to_have_attribute("data-verdict", "right")
    assert plain(panel.locator(".tb-q-reasons li.tb-q-ok").first.inner_text()) == RIGHT_SCORE[lang]
    expect(panel.locator(".tb-q-picked-wrong")).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_wrong_card_is_marked_on_its_button(open_page: Any, lang: str) -> None:
    panel = panel_at(open_page, lang, PLAY_STEP, "play", (360, 740))
    panel.locator(".tb-q-choice[data-choice='2C']").click()
    expect(panel).to_have_attribute("data-verdict", "wrong")
    assert_marked_wrong(panel, "2C", lang, (360, 740))
