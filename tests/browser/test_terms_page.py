"""The Terms page's table fits the text column of a wide screen, and on a phone it scrolls
sideways inside its own labelled region, never the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

MEASURE = """() => {
  const table = document.querySelector("table.tb-terms");
  const region = table.closest(".tb-scroll");
  const column = document.querySelector(".md-content__inner").getBoundingClientRect();
  return { tableRight: table.getBoundingClientRect().right, columnRight: column.right,
           scrollWidth: region.scrollWidth, clientWidth: region.clientWidth,
           pageWidth: document.documentElement.scrollWidth, viewport: window.innerWidth };
}"""


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_the_terms_table_fits_the_text_column_at_1280(open_page, lang):
    page = open_page(f"/{lang}/terms/", (1280, 800), gentle=False)
    box = page.evaluate(MEASURE)
    assert box["scrollWidth"] <= box["clientWidth"], box  # nothing hidden to the side
    assert box["tableRight"] <= box["columnRight"] + 1, box
    # Every column is there, each one word wide at least.
    widths = page.locator("table.tb-terms tr").first.locator("th").evaluate_all(
        "cells => cells.map((c) => c.getBoundingClientRect().width)")
    assert len(widths) >= 4 and min(widths) >= 80, widths


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_on_a_phone_the_terms_table_scrolls_in_its_labelled_region_not_the_page(open_page, catalogs, lang):
    page = open_page(f"/{lang}/terms/", (360, 740), gentle=False)
    region = page.locator(".tb-scroll:has(table.tb-terms)")
    expect(region).to_have_attribute("role", "region")
    expect(region).to_have_attribute("aria-label", catalogs[lang]["ui"].get("Terms") or "Terms")
    expect(region).to_have_attribute("tabindex", "0")
    box = page.evaluate(MEASURE)
    assert box["pageWidth"] <= box["viewport"], box
    assert box["scrollWidth"] > box["clientWidth"], box  # the region, not the page, scrolls
    region.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.tb-scroll:has(table.tb-terms)').scrollLeft > 0")
