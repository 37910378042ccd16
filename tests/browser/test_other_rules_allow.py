"""'Under other rules' on the hands made to show a house rule: what the other rule newly allows.

A looser rule refuses none of the record's cards, yet it changes the hand: at Batley W may trump
at step 14 of yorkshire-town-rule (2♥ or 8♥ instead of following with the 9♠), and where
under-trumping is allowed S may put a spade under W's ace at step 5 of trinidad-no-undertrump.
The panel names the step and the cards, shows them, and pressing one plays the hand on from
there under that rule, with the outcome beside the record's. Over every record with house rules,
"No difference here" appears only where the engine finds no refusal, nothing newly allowed and
the same outcome.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import helpers
from playwright.sync_api import expect

from trickbook.record import load_record
from trickbook.variants import other_rules

pytestmark = pytest.mark.browser

HANDS = Path(__file__).resolve().parents[2] / "docs" / "hands"

# hand -> (game page, option, step, seat, cards, the card pressed, the sentence in en and fr)
SHOWN = {
    "yorkshire-town-rule": ("yorkshire", "may_cut_holding_suit", 14, "W", ["2H", "8H"], "8H", {
        "en": "At step 14, under this rule W may also play 2♥, 8♥.",
        "fr": "À l'étape 14, avec cette règle O peut aussi jouer 2♥, 8♥.",
    }),
    "trinidad-no-undertrump": ("trinidad", "may_undertrump", 5, "S", ["2S", "KS", "QS"], "KS", {
        "en": "At step 5, under this rule S may also play 2♠, K♠, Q♠.",
        "fr": "À l'étape 5, avec cette règle S peut aussi jouer 2♠, R♠, D♠."  # roi, dame,
    }),
}
PLAYED = {"en": "{seat} plays {card} under this rule", "fr": "{seat} joue {card} avec cette règle"}
SEAT = {"en": {"W": "W", "S": "S"}, "fr": {"W": "O", "S": "S"}}
DISPLAY = {"en": {"8H": "8♥", "KS": "K♠"}, "fr": {"8H": "8♥", "KS": "R♠"}}
SAME = {"en": "No difference here:", "fr": "Aucune différence ici :"}

# What the eye reads: the words for screen readers (.tb-sr) left out.
SHOWN_TEXT = """el => { const c = el.cloneNode(true); c.querySelectorAll('.tb-sr').forEach(s => s.remove());
  return c.textContent.replace(/[\\u00a0\\u202f]/g, ' ').trim(); }"""


def live_hand(page, hand):
    fig = helpers.wake(page.locator(f"figure.tb-hand[data-hand-id='{hand}']"))
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    return fig


def open_variants(fig):
    button = fig.locator(".tb-other-rules")
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(fig.locator(".tb-variant").first).to_be_visible(timeout=120_000)


def within(box, size):
    return (box is not None and box["width"] > 0 and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= size[0] + 0.5 and box["y"] + box["height"] <= size[1] + 0.5)


def console_errors(page):
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return errors


@pytest.mark.parametrize(("lang", "size", "hand"), [
    ("en", (360, 740), "yorkshire-town-rule"),
    ("en", (1280, 800), "trinidad-no-undertrump"),
    ("fr", (360, 740), "trinidad-no-undertrump"),
    ("fr", (1280, 800), "yorkshire-town-rule"),
], ids=["en-phone-town", "en-desktop-undertrump", "fr-phone-undertrump", "fr-desktop-town"])
def test_the_panel_names_the_newly_allowed_cards_and_one_pressed_plays_the_hand_on_under_the_rule(
        open_page, lang, size, hand):
    game, option, step, seat, cards, pressed, sentence = SHOWN[hand]
    page = open_page(f"/{lang}/{game}/", size=size)
    errors = console_errors(page)
    fig = live_hand(page, hand)
    open_variants(fig)
    item = fig.locator(f".tb-variant[data-option='{option}']")
    expect(item).to_have_attribute("data-differs", "true", timeout=120_000)
    expect(item.locator(".tb-variant-same")).to_have_count(0)
    line = item.locator(".tb-variant-allowed")
    assert line.evaluate(SHOWN_TEXT) == sentence[lang]
    shown = item.locator(".tb-variant-choices button[data-card]")
    assert shown.evaluate_all("els => els.map(e => e.dataset.card)") == cards
    # The sentence and its cards on screen together.
    line.scroll_into_view_if_needed()
    shown.last.scroll_into_view_if_needed()
    assert within(line.bounding_box(), size), line.bounding_box()
    for i in range(shown.count()):
        assert within(shown.nth(i).bounding_box(), size), (cards[i], shown.nth(i).bounding_box())
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size[0]

    item.locator(f".tb-variant-choices button[data-card='{pressed}']").click()
    expect(fig).to_have_attribute("data-branch", "variant", timeout=120_000)
    expect(fig).to_have_attribute("data-step", str(step))
    chosen = PLAYED[lang].format(seat=SEAT[lang][seat], card=DISPLAY[lang][pressed])
    result = item.locator(".tb-variant-whatif")
    expect(result.locator(".tb-variant-chosen")).to_be_visible()
    assert result.locator(".tb-variant-chosen").evaluate(SHOWN_TEXT).startswith(chosen)
    assert chosen in fig.locator(".tb-branch").evaluate(SHOWN_TEXT)
    # The board is at the reader's card: it is the card the step is about.
    expect(fig.locator(".tb-step-narration")).to_contain_text(DISPLAY[lang][pressed])
    # The outcome under the rule, beside the record's, category by category.
    table = result.locator(".tb-variant-outcome")
    rows = table.locator("tbody tr")
    assert rows.count() >= 2
    total = table.locator("tr.tb-variant-total")
    total.scroll_into_view_if_needed()
    region = result.locator(".tb-scroll[role='region']").bounding_box()
    assert region and region["x"] >= 0 and region["x"] + region["width"] <= size[0] + 0.5
    assert within(total.bounding_box(), (size[0] * 10, size[1])), total.bounding_box()  # scrolls inside its region
    assert all(t.strip() not in ("", "–") for t in total.locator("td").all_inner_texts())

    fig.locator(".tb-back").click()
    expect(fig).not_to_have_attribute("data-branch", "variant")
    expect(fig).to_have_attribute("data-step", str(step - 1))
    assert errors == []


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 800)), ("fr", (360, 740))])
def test_a_call_the_rule_newly_offers_is_a_button_that_plays_the_hand_on(open_page, lang, size):
    """Nap, Misère: at a table that plays it, B may also bid Misère at step 1 of nap-pays-ten."""
    page = open_page(f"/{lang}/nap/", size=size)
    errors = console_errors(page)
    fig = live_hand(page, "nap-pays-ten")
    open_variants(fig)
    item = fig.locator(".tb-variant[data-option='misere']")
    expect(item).to_have_attribute("data-differs", "true", timeout=120_000)
    line = item.locator(".tb-variant-allowed")
    assert line.evaluate(SHOWN_TEXT) == CALLS[lang]
    call = item.locator(".tb-variant-choices .tb-variant-call")
    expect(call).to_have_count(1)
    call.scroll_into_view_if_needed()
    assert within(line.bounding_box(), size) and within(call.bounding_box(), size)
    assert call.evaluate(SHOWN_TEXT) == BIDS[lang]
    call.click()
    expect(fig).to_have_attribute("data-branch", "variant", timeout=120_000)
    expect(fig).to_have_attribute("data-step", "1")
    table = item.locator(".tb-variant-whatif .tb-variant-outcome")
    expect(table).to_have_count(1)
    table.scroll_into_view_if_needed()
    box = table.bounding_box()
    assert box and box["y"] >= 0 and box["y"] < size[1]
    assert errors == []


CALLS = {"en": "At step 1, under this rule B may also choose:",
         "fr": "À l'étape 1, avec cette règle B peut aussi choisir :"}
BIDS = {"en": "B bids Misère.", "fr": "B annonce Misère."}


def engine_says_same(hand):
    """For each option of the hand's game: True where nothing changes (no refusal, nothing newly
    allowed, no step the bots had to play, the same outcome)."""
    record = load_record(next(HANDS.glob(f"*/{hand}.hand.toml")))
    return {v.option: v.refused is None and v.allowed is None and not v.substituted and not v.outcome_differs
            for v in other_rules(record)[1]}


def records_with_house_rules():
    return sorted(p.name.removesuffix(".hand.toml") for p in HANDS.glob("*/*.hand.toml")
                  if load_record(p).rules)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_difference_here_only_where_nothing_changes_over_every_record_with_house_rules(open_page, lang):
    hands = records_with_house_rules()
    assert {"yorkshire-town-rule", "trinidad-no-undertrump"} <= set(hands)
    by_page: dict[str, list[str]] = {}
    for hand in hands:
        by_page.setdefault(hand.split("-")[0], []).append(hand)
    said_same = 0
    for game, on_page in by_page.items():
        page = open_page(f"/{lang}/{game}/", size=(1280, 800))
        errors = console_errors(page)
        for hand in on_page:
            expected = engine_says_same(hand)
            fig = live_hand(page, hand)
            open_variants(fig)
            items = fig.locator(".tb-variant")
            expect(items).to_have_count(len(expected))
            for option, same in expected.items():
                item = fig.locator(f".tb-variant[data-option='{option}']")
                expect(item).to_have_attribute("data-differs", str(not same).lower())
                said = item.locator(".tb-variant-same")
                if same:
                    said_same += 1
                    assert said.evaluate(SHOWN_TEXT).startswith(SAME[lang]), (hand, option)
                else:
                    expect(said).to_have_count(0)
                    assert SAME[lang] not in item.evaluate(SHOWN_TEXT), (hand, option)
        assert errors == [], (game, errors)
    # The hands made for a rule are never "no difference" under it.
    assert not engine_says_same("yorkshire-town-rule")["may_cut_holding_suit"]
    assert not engine_says_same("trinidad-no-undertrump")["may_undertrump"]
    assert said_same > 0  # and some rules really are untouched by some hands
