"""Seat letters as a Portuguese or French reader writes them, in a worked hand in the browser.

The record of "A lone hand takes all five" (Euchre) keeps N, E, S, W; its figure, the player's
board, narration and score show West as O and the team EW as EO on the pt and fr pages, and as
W and EW on the English page. The pre-rendered figure (no JavaScript) does the same.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

HAND = "euchre-lone-march"
WEST = {"en": ("W", "EW", "West"), "pt": ("O", "EO", "Oeste"), "fr": ("O", "EO", "Ouest")}
# Step 8: West trumps the first trick with the ten of clubs; step 20: EW win the match.
PLAYS = {"en": "W plays 10♣.", "pt": "O joga 10♣.", "fr": "O joue 10♣."}
WINS = {"en": "EW win the match.", "pt": "EO ganham a partida.", "fr": "EO gagnent la partie."}
# The text the eye reads: words for screen readers only (.tb-sr) left out.
SHOWN = ("(el) => { const c = el.cloneNode(true); c.querySelectorAll('.tb-sr').forEach((s) => s.remove()); "
         "return c.textContent.replace(/\\s+/g, ' ').trim(); }")


def _figure(page):
    return page.locator(f'figure.tb-hand[data-hand-id="{HAND}"]')


def _visible(locator) -> None:
    box = locator.bounding_box()
    assert box is not None and box["width"] > 0 and box["height"] > 0, f"not drawn: {box}"


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
@pytest.mark.parametrize("size", [(1280, 800), (360, 740)])
def test_a_worked_hand_writes_west_in_the_readers_letters(open_page, tb, lang, size):
    letter, team, word = WEST[lang]
    page = open_page(None, size, gentle=False)
    tb.block_runtime(page.context)  # the static player: the page's own data, no engine
    page.goto(f"{open_page.site_url}/{lang}/euchre/#{HAND}=8")
    fig = tb.wake(_figure(page))
    expect(fig).to_have_attribute("data-step", "8")
    # West's seat on the board: the letter for the eye, the compass word for the ear.
    name = fig.locator(".tb-seats .tb-seat[data-seat='W'] .tb-seat-name")
    name.scroll_into_view_if_needed()
    _visible(name)
    assert name.evaluate(SHOWN) == letter
    expect(name.locator(".tb-sr")).to_have_text(word)
    # The narration of the step, and the trick as it stands.
    narration = fig.locator(".tb-step-narration")
    _visible(narration)
    assert narration.evaluate(SHOWN).startswith(PLAYS[lang])
    trick_seat = fig.locator(".tb-trick .tb-plays li[data-seat='W'] .tb-play-seat")
    assert trick_seat.evaluate(SHOWN) == letter
    # The last step: the match won by the team, and the score line of the facts.
    fig.locator(".tb-last").click()
    expect(fig).to_have_attribute("data-step", "20")
    assert WINS[lang] in narration.evaluate(SHOWN)
    facts = fig.locator(".tb-facts")
    assert f"{team} 10" in facts.evaluate(SHOWN) and "NS 5" in facts.evaluate(SHOWN)
    other = {"W", "EW"} if lang != "en" else {"O", "EO"}
    words = set(narration.evaluate(SHOWN).replace(".", " ").split()) | set(facts.evaluate(SHOWN).split())
    assert not words & other, f"{sorted(words & other)} on the {lang} page"


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_the_prerendered_figure_without_javascript_writes_the_same_letters(open_page, lang):
    letter, team, word = WEST[lang]
    page = open_page(f"/{lang}/euchre/", (360, 740), gentle=False, java_script_enabled=False)
    fig = _figure(page)
    row = fig.locator(".tb-deal-table tbody tr").nth(3)  # N, E, S, W: the record's order
    head = row.locator("th")
    head.scroll_into_view_if_needed()
    _visible(head)
    assert head.evaluate(SHOWN).startswith(letter)
    expect(head.locator(".tb-sr")).to_have_text(word)
    scoring = fig.locator(".tb-score-table tbody td").first
    assert scoring.evaluate(SHOWN) == team
    assert WINS[lang] in fig.locator(".tb-match-won").evaluate(SHOWN)
