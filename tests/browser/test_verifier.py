"""The Verify page's verifier, written in JavaScript apart from the engine: the published test vectors.

The vectors are read from the page itself (the tables under "Test vectors"); the
verifier must deal exactly those cards from the published seed, say that the published
fingerprint matches, and say so when it does not. A match played at a table is checked
against the verifier in test_play_tables.py.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

GAMES = {"yorkshire": "vectors-yorkshire", "trinidad": "vectors-trinidad", "nap": "vectors-nap",
         "euchre": "vectors-euchre"}


def published(page) -> tuple[str, str, dict[str, list[list[str]]]]:
    """The seed, the fingerprint and, per game, the rows (hand, dealer, who, cards) of the page's vector tables."""
    # The first two 64-digit codes after the heading: the seed, then its fingerprint (in any language).
    codes = [c for c in page.locator("#test-vectors ~ p code").all_text_contents() if re.fullmatch(r"[0-9a-f]{64}", c)]
    seed, fingerprint = codes[:2]
    rows = {}
    for game, anchor in GAMES.items():
        table = page.locator(f"#{anchor}").locator("xpath=following::table[1]")
        rows[game] = [[c.inner_text().strip().strip("`") for c in tr.locator("td").all()]
                      for tr in table.locator("tbody tr").all()]
    return seed, fingerprint, rows


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_verifier_deals_the_published_vectors_and_checks_the_fingerprint(open_page, site_url, lang):
    page = open_page(None, (1280, 720), gentle=False)
    page.goto(f"{site_url}/{lang}/verify/")
    seed, fingerprint, vectors = published(page)
    form = page.locator(".tb-verifier form")
    expect(form).to_be_visible()
    for game, rows in vectors.items():
        form.locator("select").first.select_option(game)
        form.locator("input.tbv-hex").nth(0).fill(seed)
        form.locator("input.tbv-hex").nth(1).fill(fingerprint)
        form.locator("input[type='number']").fill("2")
        form.locator("button.tbv-check").click()
        expect(page.locator(".tbv-verdict")).to_have_attribute("data-result", "match")
        expect(page.locator(".tbv-output")).to_have_attribute("data-game", game)
        hands = page.locator(".tbv-output table.tbv-hand")
        expect(hands).to_have_count(2)
        # Each hand's rows in the page's order: the seats in the order of play, then the upcard and
        # kitty (Euchre) or the kick and stock (Trinidad), whose names the page translates.
        by_hand: dict[int, list[tuple[str, str, str]]] = {}
        for number, dealer, who, cards in rows:
            by_hand.setdefault(int(number), []).append((dealer, who, cards))
        for number, expected in by_hand.items():
            hand = hands.nth(number - 1)
            assert hand.get_attribute("data-dealer") == expected[0][0], (game, number)
            shown = hand.locator("tbody tr")
            assert shown.count() == len(expected), (game, number)
            for i, (_, who, cards) in enumerate(expected):
                row = shown.nth(i)
                if len(who) == 1:
                    assert row.get_attribute("data-seat") == who, (game, number, who)
                assert row.locator(".tbv-cards").get_attribute("data-cards") == cards, (game, number, who)


def test_a_wrong_fingerprint_or_seed_is_reported(open_page, site_url):
    page = open_page(None, (1280, 720), gentle=False)
    page.goto(f"{site_url}/en/verify/")
    seed, fingerprint, _ = published(page)
    form = page.locator(".tb-verifier form")
    form.locator("input.tbv-hex").nth(0).fill(seed)
    form.locator("input.tbv-hex").nth(1).fill(fingerprint[:-1] + ("0" if fingerprint[-1] != "0" else "1"))
    form.locator("button.tbv-check").click()
    verdict = page.locator(".tbv-verdict")
    expect(verdict).to_have_attribute("data-result", "mismatch")
    expect(verdict).to_contain_text(fingerprint)  # it shows the hash it computed
    form.locator("input.tbv-hex").nth(0).fill("not a seed")
    form.locator("button.tbv-check").click()
    expect(verdict).to_have_attribute("data-result", "bad-seed")
    expect(page.locator(".tbv-output table")).to_have_count(0)


def test_the_verifier_opens_filled_in_from_a_link(open_page, site_url):
    page = open_page(None, (1280, 720), gentle=False)
    page.goto(f"{site_url}/en/verify/")
    seed, fingerprint, vectors = published(page)
    page.goto(f"{site_url}/en/verify/#game=nap&seed={seed}&fingerprint={fingerprint}"
              "&seats=ABCD&hands=2&dealers=CD&you=A")
    expect(page.locator(".tbv-verdict")).to_have_attribute("data-result", "match")
    first = page.locator(".tbv-output table.tbv-hand").first
    expect(first.locator("tr.tbv-you")).to_have_attribute("data-seat", "A")
    assert first.locator("tr[data-seat='A'] .tbv-cards").get_attribute("data-cards") == vectors["nap"][0][3]
