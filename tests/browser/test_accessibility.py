"""axe-core on each page type in each language: no serious or critical violation."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
# Page types: a language's home page, and a game page with a worked hand.
PAGES = ["", "nap/"]


def serious_violations(page) -> list[str]:
    """Run axe on the page; describe each serious or critical violation."""
    page.evaluate(AXE.read_text(encoding="utf-8"))  # not a script tag: the page's policy refuses inline scripts
    result = page.evaluate("async () => await axe.run(document)")
    out = []
    for v in result["violations"]:
        if v["impact"] in ("serious", "critical"):
            targets = [" ".join(n["target"]) for n in v["nodes"]][:5]
            out.append(f"{v['id']} ({v['impact']}): {v['help']} at {targets}")
    return out


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
@pytest.mark.parametrize("path", PAGES)
def test_no_serious_accessibility_violation(page, context, site_url, guard, page_errors, tb, lang, path):
    tb.block_runtime(context)
    page.goto(f"{site_url}/{lang}/{path}")
    page.wait_for_load_state("load")
    if path == "nap/":
        tb.wait_mounted(page)
    assert serious_violations(page) == []


def test_language_chooser_has_no_serious_accessibility_violation(page, site_url, guard, page_errors):
    page.goto(f"{site_url}/index.html")
    assert serious_violations(page) == []


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_player_in_presenter_mode_at_the_last_step_has_no_serious_accessibility_violation(
        page, context, site_url, guard, page_errors, tb, lang):
    tb.block_runtime(context)
    page.goto(tb.hand_page_url(site_url, lang) + f"#{tb.NAP_HAND}=24")
    fig = tb.wait_mounted(page)
    fig.locator(".tb-presenter-toggle").click()
    assert serious_violations(page) == []
