"""The Verify page checks an online match: the revealed parts pasted by hand, or the match record.

The parts are read from the page's own vectors ("Test vectors for a table's seed"), so the page and
the verifier cannot drift apart; the verdict, each check and the first hand must be on screen, in the
reader's language, on a phone and on a desktop, and a changed part or a pasted file that is not JSON
gets its named refusal in words.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SIZES = {"phone": (360, 740), "desktop": (1280, 800)}
EVERY_CHECK_PASSES = ("Every check passes: the seed comes from the dealer's secret and every person's value, each "
                      "committed before any was revealed, so the dealer could neither choose nor change the cards.")
A_CHECK_FAILS = "A check fails: these are not the parts the table committed to, or not the cards it dealt."
NOT_JSON = "The match record is not JSON: paste the whole file the table offers for download."


def vectors(page) -> dict[str, Any]:
    """The secret, the values and the first hand, from the tables after the heading #table-seed-vectors."""
    parts_table = page.locator("#table-seed-vectors").locator("xpath=following::table[1]")
    rows = [[c.inner_text().strip() for c in tr.locator("td").all()] for tr in parts_table.locator("tbody tr").all()]
    secret, *values = rows
    hand_table = page.locator("#table-seed-vectors").locator("xpath=following::table[2]")
    hand = {tr.locator("td").nth(0).inner_text().strip(): tr.locator("td").nth(1).inner_text().strip()
            for tr in hand_table.locator("tbody tr").all()}
    codes = [c for c in page.locator("#table-seed-vectors ~ p code").all_text_contents()
             if re.fullmatch(r"[0-9a-f]{64}", c)]
    return {"secret": secret[2], "dealer_commitment": secret[3], "values": [(r[1], r[2], r[3]) for r in values],
            "seed": codes[0], "hand": hand}




def on_screen(page, locator) -> None:
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    width = page.viewport_size["width"]
    assert box is not None and box["width"] > 0 and box["height"] > 0
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (box, width)
    expect(locator).to_be_in_viewport()


def said(catalogs, lang: str, msgid: str) -> str:
    """The text the reader sees in ``lang``: the catalog's translation, which must be there."""
    text = catalogs[lang]["ui"].get(msgid)
    assert text and text != msgid, (lang, msgid)
    return text


def check_says(page, catalogs, lang: str, result: str, msgid: str):
    """Press the form's Check: the verdict, its result ``result`` and its words the catalog's for ``msgid``,
    on screen."""
    page.locator(".tb-verifier form button.tbv-check").click()
    verdict = page.locator(".tbv-verdict")
    expect(verdict).to_have_attribute("data-result", result)
    expect(verdict).to_have_text(said(catalogs, lang, msgid))
    on_screen(page, verdict)
    return verdict


@pytest.mark.parametrize(("lang", "size"), [("pt", "phone"), ("fr", "phone"), ("pt", "desktop"), ("fr", "desktop")])
def test_the_revealed_parts_pasted_by_hand_pass_every_check_on_screen(open_page, catalogs, lang, size):
    page = open_page(f"/{lang}/verify/", SIZES[size], gentle=False)
    v = vectors(page)
    form = page.locator(".tb-verifier form")
    form.locator("details.tbv-online summary").click()
    form.locator("select").first.select_option("euchre")
    form.locator("[id^='tbv-secret-']").fill(v["secret"])
    form.locator("[id^='tbv-lobby-']").fill(v["dealer_commitment"])
    form.locator("[id^='tbv-values-']").fill("\n".join(" ".join(row) for row in v["values"]))
    check_says(page, catalogs, lang, "online-match", EVERY_CHECK_PASSES)
    checks = page.locator(".tbv-checks li")
    expect(checks).to_have_count(5)  # the dealer's secret, North, East, West, the seed
    assert [checks.nth(k).get_attribute("data-check") for k in range(5)] == [
        "dealer-commitment", "commitment", "commitment", "commitment", "seed"]
    expect(page.locator(".tbv-checks li[data-ok='false']")).to_have_count(0)
    expect(checks.last).to_contain_text(v["seed"])
    for k in range(5):
        on_screen(page, checks.nth(k))
    # The seed made from the parts fills the form, and the first hand is the page's vector, dealt by East.
    expect(form.locator("[id^='tbv-seed-']")).to_have_value(v["seed"])
    first = page.locator(".tbv-output table.tbv-hand").first
    expect(first).to_have_attribute("data-dealer", "E")
    for seat in "NESW":
        assert first.locator(f"tr[data-seat='{seat}'] .tbv-cards").get_attribute("data-cards") == v["hand"][seat]
    on_screen(page, first.locator("caption"))


@pytest.mark.parametrize(("lang", "size"), [("fr", "phone"), ("pt", "desktop")])
def test_a_record_with_a_changed_value_or_that_is_not_json_is_refused_in_words(open_page, catalogs, lang, size):
    page = open_page(f"/{lang}/verify/", SIZES[size], gentle=False)
    v = vectors(page)
    values = {seat: value for seat, value, _ in v["values"]}
    values["E"] = "00" * 32  # East reveals another value than the one it committed to
    record = {"game": "euchre", "seats": [{"seat": s} for s in "NESW"],
              "fair": {"recipe": 1, "secret": v["secret"], "dealer_commitment": v["dealer_commitment"],
                       "values": values, "commitments": {seat: c for seat, _, c in v["values"]}, "seed": v["seed"]}}
    form = page.locator(".tb-verifier form")
    form.locator("details.tbv-online summary").click()
    form.locator("[id^='tbv-record-']").fill(json.dumps(record))
    check_says(page, catalogs, lang, "online-mismatch", A_CHECK_FAILS)
    wrong = page.locator(".tbv-checks li[data-ok='false']")
    assert [wrong.nth(k).get_attribute("data-check") for k in range(wrong.count())] == ["commitment", "seed"]
    template = said(catalogs, lang, "The value of {seat} does not match its commitment: its SHA-256 is {hash}.")
    assert wrong.first.inner_text().lstrip("✗ ").startswith(template.split("{seat}")[0])
    expect(wrong.first).to_contain_text(" E ")
    on_screen(page, wrong.first)
    form.locator("[id^='tbv-record-']").fill("{not json")
    check_says(page, catalogs, lang, "bad-paste", NOT_JSON)
    expect(page.locator(".tbv-output table")).to_have_count(0)
