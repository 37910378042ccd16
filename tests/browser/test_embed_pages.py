"""An embed page opened on its own, a hand's and a play table's: every request it makes answered (the site's
icon named, so the browser never asks for /favicon.ico) and no console error, its title without the
permalink mark, and one h1 that names it, in English and French."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

PAGES = {
    ("en", "nap-four-hearts"): "Four in hearts",
    ("fr", "table-nap"): "Jouer au Nap contre l'ordinateur",
}


@pytest.mark.parametrize("lang,name", list(PAGES))
def test_an_embed_page_asks_for_nothing_missing_and_has_one_heading(open_page: Any, lang: str, name: str) -> None:
    page = open_page(None, (360, 740))
    missing: list[str] = []
    console: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.goto(f"{open_page.site_url}/embed/{lang}/{name}/", wait_until="networkidle")
    guard = open_page.guard(page)
    assert [u for u in guard.seen if u.endswith("/favicon.ico")] == []
    assert missing == [] and console == []
    icon = page.locator("link[rel='icon']")
    expect(icon).to_have_count(1)
    assert page.request.get(icon.evaluate("l => l.href")).status == 200
    assert "¶" not in page.title()
    heading = page.locator("h1")
    expect(heading).to_have_count(1)
    assert heading.text_content() == page.title()
    assert PAGES[(lang, name)].lower() in page.title().lower()
