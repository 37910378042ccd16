"""The verifier questions a changed dealer list: the seed fixes the first dealer and the rules each next
one, so a list from the table that leaves them is named (which hand, which seat, which one the seed gives)
even when the fingerprint matches; in two languages, on a phone and a desktop."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SEED = "5eed" * 16
FINGERPRINT = hashlib.sha256(bytes.fromhex(SEED)).hexdigest()
SIZES = [{"width": 360, "height": 740}, {"width": 1280, "height": 800}]


def _first_dealer(page: Any, site_url: str, lang: str) -> str:
    page.goto(f"{site_url}/{lang}/verify/#game=nap&seed={SEED}&fingerprint={FINGERPRINT}&seats=ABCD&hands=1")
    first = page.locator(".tbv-first")
    first.wait_for()
    dealer = first.get_attribute("data-dealer")
    assert dealer in ("A", "B", "C", "D")
    return dealer


@pytest.mark.parametrize(("lang", "size"), [("en", SIZES[0]), ("fr", SIZES[1])])
def test_a_dealer_list_that_does_not_follow_from_the_seed_is_named(
        open_page: Any, site_url: str, lang: str, size: dict) -> None:
    page = open_page(None, gentle=False, viewport=size)
    first = _first_dealer(page, site_url, lang)
    seats = "ABCD"
    order = "".join(seats[(seats.index(first) + k) % 4] for k in range(8))
    verdict = page.locator(".tbv-verdict")
    # The table's own list: every dealer follows from the seed, and the fingerprint matches.
    page.goto(f"{site_url}/{lang}/verify/#game=nap&seed={SEED}&fingerprint={FINGERPRINT}&seats=ABCD&hands=8"
              f"&dealers={order}")
    expect(verdict).to_have_attribute("data-result", "match")
    expect(verdict).not_to_have_attribute("data-dealers-break", "7")
    # Hand 7 given to another dealer: the fingerprint still matches, but the verifier says which input is wrong.
    changed = order[:6] + order[7] + order[7]
    page.goto(f"{site_url}/{lang}/verify/#game=nap&seed={SEED}&fingerprint={FINGERPRINT}&seats=ABCD&hands=8"
              f"&dealers={changed}")
    expect(verdict).to_have_attribute("data-result", "dealers-differ")
    expect(verdict).to_have_attribute("data-dealers-break", "7")
    text = verdict.inner_text()
    assert "7" in text and order[7] in text and order[6] in text
    box = verdict.bounding_box()
    assert box is not None and box["height"] > 0 and box["width"] <= size["width"]
    # A first dealer other than the seed's is named too.
    wrong_first = order[1:] + order[0]
    page.goto(f"{site_url}/{lang}/verify/#game=nap&seed={SEED}&fingerprint={FINGERPRINT}&seats=ABCD&hands=8"
              f"&dealers={wrong_first}")
    expect(verdict).to_have_attribute("data-dealers-break", "1")
