"""A "what if" says what the reader's card changed against the record: the trick it went to (where
that trick is won), and by the branch's end the scoring categories and the contract. The facts are
the engine's (the worker's `whatif` answer); the words are the page's language. In two languages.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from trickbook import web

pytestmark = pytest.mark.browser

HAND = "trinidad-hang-jack"
RECORD = Path(__file__).resolve().parents[2] / "docs" / "hands" / "trinidad" / f"{HAND}.hand.toml"


def seed_for(*parts: str) -> int:
    """The player's seed for a branch (hand-player/state.js, seedFor): FNV-1a over the parts."""
    h = 2166136261
    for ch in "|".join(parts):
        h = ((h ^ ord(ch)) * 16777619) & 0xFFFFFFFF
    return h & 0x7FFFFFFF


def fill(template: str, **values) -> str:
    for key, value in values.items():
        template = template.replace("{" + key + "}", str(value))
    return template


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_what_if_says_what_changed_against_the_record(open_page, site_url, tb, catalogs, lang):
    ui = lambda msgid: catalogs[lang]["ui"].get(msgid) or msgid  # noqa: E731
    category = lambda code: catalogs[lang]["engine"]["categories"].get(code, code)  # noqa: E731
    # Seats and teams in the page's letters (the ui catalog's "seat letter": WE is OE in pt).
    seats = lambda value: "".join(catalogs[lang]["ui"].get(f"seat letter\x04{c}") or c for c in value)  # noqa: E731
    # Trick 3: E led K♦, N 5♦, W 10♥; in the record S follows with 9♦ and E takes it. The reader
    # makes S trump with 2♠ instead: the only trump on the trick, so S takes trick 3 at once.
    step, action = 12, "S 2S"
    expected = json.loads(web.whatif_json(RECORD.read_text(encoding="utf-8"), step, action,
                                          seed_for(HAND, str(step), action)))["changes"]
    assert expected["trick"] == {"number": 3, "record": "E", "branch": "S", "step": 13}

    context = open_page.context(viewport={"width": 1280, "height": 800})
    guard = open_page.guard(context)
    page = context.new_page()
    page.goto(f"{site_url}/{lang}/trinidad/#{HAND}={step}")
    fig = page.locator(f'figure.tb-hand[data-hand-id="{HAND}"]')
    fig.locator(".tb-player").wait_for()
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    fig.locator('.tb-board .tb-seat[data-seat="S"] button[data-card="2S"]').click()
    expect(fig).to_have_attribute("data-branch", "whatif", timeout=20_000)
    expect(fig).to_have_attribute("data-step", "13")
    narration = fig.locator(".tb-step-narration")
    # Where the trick is won (here at once): who takes it now, and who took it in the record.
    expect(narration.locator(".tb-change")).to_have_text(
        [fill(ui("Trick {number} now goes to {seat}; in the record {captor} won it."), number=3, seat="S", captor="E")])
    # At the branch's end, first: the trick again, each category that changed, no contract (All Fours).
    fig.locator(".tb-last").click()
    lines = [fill(ui("Trick {number} now goes to {seat}; in the record {captor} won it."),
                  number=3, seat="S", captor="E")]
    for change in expected["categories"]:
        now, was = (change["branch"] or [None])[0], (change["record"] or [None])[0]
        name = category(change["category"])
        if now and was:
            lines.append(fill(ui("{category} now goes to {seat} for {points}; "
                                 "in the record {captor} scored {other_points}."),
                              category=name, seat=seats(now["team"]), points=now["points"], captor=seats(was["team"]),
                              other_points=was["points"]))
        elif now:
            lines.append(fill(ui("{category} now goes to {seat} for {points}; in the record nobody scored it."),
                              category=name, seat=seats(now["team"]), points=now["points"]))
        else:
            lines.append(fill(ui("Nobody scores {category} now; in the record {captor} scored {other_points}."),
                              category=name, captor=seats(was["team"]), other_points=was["points"]))
    if not expected["categories"]:
        lines.append(ui("The scoring is the same as in the record."))
    assert expected["contract"] is None
    expect(narration.locator(".tb-change-head")).to_have_text(ui("Against the record"))
    expect(narration.locator(".tb-change")).to_have_text(lines)
    # The summary comes first in the narration, on screen with the controls.
    assert narration.locator("p").first.get_attribute("class") == "tb-change-head"
    head = narration.locator(".tb-change-head").bounding_box()
    assert head and 0 <= head["y"] and head["y"] + head["height"] <= 800
    # Back to the record: no comparison any more.
    fig.locator(".tb-back").click()
    expect(narration.locator(".tb-change")).to_have_count(0)
    context.close()
    assert guard.refused == []
