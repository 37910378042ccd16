"""axe-core on each page type in each language: no serious or critical violation."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
# Page types: a language's home page, a game page with a worked hand, and the generated Terms page.
PAGES = ["", "nap/", "terms/"]


def serious_violations(page) -> list[str]:
    """Run axe on the page; describe each serious or critical violation."""
    page.add_script_tag(path=str(AXE))
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


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_not_found_page_has_no_serious_accessibility_violation(page, site_url, guard, page_errors, lang):
    page.goto(f"{site_url}/{lang}/404.html")
    assert serious_violations(page) == []


def test_root_not_found_page_has_no_serious_accessibility_violation(page, site_url, guard, page_errors):
    page.goto(f"{site_url}/404.html")
    assert serious_violations(page) == []


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_phone_player_with_the_download_question_and_a_copied_link_has_no_serious_accessibility_violation(
        browser, site_url, tb, lang):
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    guard = tb.guard_context(context)
    tb.block_runtime(context)
    context.add_init_script("Object.defineProperty(navigator, 'connection', {configurable: true,"
                            " get: () => ({saveData: true, effectiveType: '4g'})});")
    page = context.new_page()
    page.goto(tb.hand_page_url(site_url, lang) + f"#{tb.NAP_HAND}=6")
    fig = tb.wait_mounted(page)
    fig.locator(".tb-copy-link").click()
    fig.locator(".tb-try").click()
    fig.locator(".tb-prompt .tb-download").wait_for()
    assert serious_violations(page) == []
    context.close()
    assert guard.refused == []
