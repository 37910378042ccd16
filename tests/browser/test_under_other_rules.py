"""'Under other rules', as a reader uses it: a worked hand replayed under each house rule of its game.

Once the engine is live, the list names each rule in the reader's language; the Yorkshire hand
where W trumps while holding spades is refused at that step by the towns' rule, with the engine's
reason, the two outcomes set out category by category in a labelled scroll region, and the hand
played under the rule on the board; a hand the rule never tests says so.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

HAND = "yorkshire-trump-while-holding-the-suit"
QUIET_HAND = "yorkshire-low-stays-with-the-pair"
BUTTON = {"en": "Under other rules", "pt": "Com outras regras", "fr": "Avec d'autres règles"}
REFUSED = {
    "en": "At step 14: At a table that forbids it, W may not trump while holding spades.",
    "pt": "No passo 14: Numa mesa que o proíbe, O não pode cortar enquanto tiver espadas.",
    "fr": "À l'étape 14 : À une table qui l'interdit, O ne peut pas couper en ayant du pique.",
}
RULE = {
    "en": "No player may trump while holding the suit led, as in the towns near Batley.",
    "pt": "Ninguém pode cortar enquanto tiver cartas do naipe de saída, como nas localidades perto de Batley.",
    "fr": "Personne ne peut couper tant qu'il a de la couleur demandée, comme dans les villes proches de Batley.",
}
SAME = {
    "en": "No difference here: the situation this rule is about never arises in this hand. It allows every action of "
          "the record, allows nothing more, and the hand scores the same.",
    "pt": "Aqui não muda nada: a situação de que esta regra trata nunca surge nesta mão. A regra permite todas as "
          "jogadas do registo, não permite mais nada e a mão pontua da mesma maneira.",
    "fr": "Aucune différence ici : la situation que vise cette règle ne se présente jamais dans cette donne. Elle "
          "permet toutes les actions du relevé, ne permet rien de plus, et la donne rapporte les mêmes points.",
}


def spaced(text: str) -> str:
    """French pages put no-break spaces where a translator typed plain ones."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def live_hand(page, tb, hand):
    fig = tb.wake(page.locator(f"figure.tb-hand[data-hand-id='{hand}']"))
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    return fig


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 800)), ("pt", (360, 740)), ("fr", (360, 740))])
def test_a_house_rule_that_refuses_a_step_is_shown_with_its_reason_both_outcomes_and_the_hand(
        open_page, tb, lang, size):
    page = open_page(f"/{lang}/yorkshire/", size, gentle=False)
    fig = live_hand(page, tb, HAND)
    button = fig.locator(".tb-other-rules")
    expect(button).to_have_text(BUTTON[lang])
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    town = fig.locator(".tb-variant[data-option='may_cut_holding_suit']")
    expect(town).to_have_attribute("data-differs", "true", timeout=60_000)
    assert spaced(town.locator(".tb-variant-rule").inner_text()) == spaced(RULE[lang])
    assert spaced(town.locator(".tb-variant-refused").inner_text()) == spaced(REFUSED[lang])
    region = town.locator(".tb-scroll[role='region']")
    assert region.get_attribute("aria-label")
    box = region.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5  # scrolls inside
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size[0]
    rows = town.locator(".tb-variant-outcome tbody tr")
    assert rows.count() >= 4  # High, Low, Game (at least) and the score

    town.locator(".tb-variant-step").click()
    expect(fig).to_have_attribute("data-branch", "variant")
    expect(fig).to_have_attribute("data-step", "14")
    expect(fig.locator(".tb-branch")).to_contain_text(spaced(RULE[lang])[:20])
    # Under the rule W follows with a spade where the record had the eight of hearts.
    expect(fig.locator(".tb-step-narration")).to_contain_text("9♠")
    fig.locator(".tb-back").click()
    expect(fig).not_to_have_attribute("data-branch", "variant")
    expect(fig).to_have_attribute("data-step", "13")


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_a_rule_the_hand_never_tests_is_no_difference_here(open_page, tb, lang):
    page = open_page(f"/{lang}/yorkshire/", (1280, 800), gentle=False)
    fig = live_hand(page, tb, QUIET_HAND)
    fig.locator(".tb-other-rules").click()
    town = fig.locator(".tb-variant[data-option='may_cut_holding_suit']")
    expect(town).to_have_attribute("data-differs", "false", timeout=60_000)
    assert spaced(town.locator(".tb-variant-same").inner_text()) == spaced(SAME[lang])
    expect(town.locator(".tb-variant-step")).to_have_count(0)


TITLES = {"en": "One deal, two All Fours", "pt": "Uma distribuição, dois All Fours", "fr": "Une donne, deux All Fours"}


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_one_deal_two_all_fours_shows_both_tables_and_each_difference_with_its_rule(open_page, lang):
    page = open_page(f"/{lang}/two-all-fours/", (360, 740), gentle=False)
    expect(page.locator("h1")).to_contain_text(TITLES[lang])
    york = page.locator("figure.tb-hand[data-hand-id='yorkshire-two-all-fours']")
    trin = page.locator("figure.tb-hand[data-hand-id='trinidad-two-all-fours']")
    expect(york).to_be_visible()
    expect(trin).to_be_visible()
    # The same four hands: each seat's cards as dealt, read from the two static deal tables.
    dealt = """els => Object.fromEntries(els.map(r => [
        (r.querySelector('th [aria-hidden]') || r.querySelector('th') || {textContent: ''}).textContent.trim(),
        [...r.querySelectorAll('[data-card]')].map(c => c.dataset.card).sort()]))"""
    a = york.locator(".tb-deal-table tbody tr").evaluate_all(dealt)
    b = trin.locator(".tb-deal-table tbody tr").evaluate_all(dealt)
    seats = "NES" + ("W" if lang == "en" else "O")  # West is O(este), O(uest) on pt and fr pages
    assert {s: a[s] for s in seats} == {s: b[s] for s in seats}
    assert all(len(a[s]) == 6 for s in seats)
    differences = page.locator("#differences ~ ul").first.locator("li")
    expect(differences).to_have_count(5)
    for i in range(5):  # each difference links to the rule it comes from
        assert differences.nth(i).locator("a").count() >= 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=["phone", "desktop"])
@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_the_outcome_table_names_the_sides_in_the_readers_letters(open_page, tb, lang, size):
    """Portuguese and French boards call West "O": so do the outcome table's awards and scores."""
    page = open_page(f"/{lang}/yorkshire/", size)
    fig = live_hand(page, tb, HAND)
    fig.locator(".tb-other-rules").click()
    town = fig.locator(".tb-variant[data-option='may_cut_holding_suit']")
    expect(town).to_have_attribute("data-differs", "true", timeout=60_000)
    table = town.locator(".tb-variant-outcome")
    cells = table.locator("tbody td").all_inner_texts()
    assert not [c for c in cells if re.search(r"\b(EW|WE|W)\b", c)], cells
    assert any(re.search(r"\b(EO|OE)\b", c) for c in cells), cells
    total = table.locator("tr.tb-variant-total td").first
    total.scroll_into_view_if_needed()
    box, region = total.bounding_box(), town.locator(".tb-scroll[role='region']").bounding_box()
    assert box and region and box["height"] > 0
    assert region["x"] >= 0 and region["x"] + region["width"] <= size[0] + 0.5
    assert re.search(r"\b(EO|OE)\b", total.inner_text()), total.inner_text()
