"""The seed on a play table's end panel breaks only between groups of eight digits, so no line holds a
digit or two alone: each line of it, measured character by character, holds whole groups, at 1280x800
and 360x740, in English and French. Its text is the 64-digit seed unchanged.
A whole Nap match of one round, three players, each decision taken by the table's timer (``timer=0``)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser import helpers
from playwright.sync_api import expect

START = {"en": "Start a match", "fr": "Commencer une partie"}
# The characters of the seed on each line it takes, by the top of their boxes.
LINES = """(code) => {
  const tops = [];
  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getClientRects()[0];
      if (box) tops.push(box.top + box.height / 2);
    }
  }
  const lines = [];
  for (const top of tops) {
    const line = lines.find((l) => Math.abs(l.top - top) < 3);
    if (line) line.count += 1;
    else lines.push({ top, count: 1 });
  }
  return lines.map((l) => l.count);
}"""


@pytest.mark.parametrize("lang,sizes", [("en", [(1280, 800), (360, 740)]), ("fr", [(360, 740), (1280, 800)])])
def test_the_seed_breaks_between_groups_of_eight(open_page: Any, lang: str, sizes: list[tuple[int, int]]) -> None:
    page = open_page(helpers.table_url(lang, "nap", pace=0, timer=0), sizes[0])
    expect(page.locator(".tbt-start")).to_have_text(START[lang])
    end = helpers.play_the_match_by_the_timer(page, helpers.ready_table(page, "nap"), 20)
    seed = end.locator(".tbt-seed")
    assert re.fullmatch(r"[0-9a-f]{64}", seed.inner_text())
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        seed.scroll_into_view_if_needed()
        lines = seed.evaluate(LINES)
        assert sum(lines) == 64 and all(n % 8 == 0 for n in lines), (width, lines)
        box = seed.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (width, box)
