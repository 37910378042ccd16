"""The worker boots from the build's memory snapshot, and boots normally when the snapshot does not fit."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# The engine's own module, imported again by the same URL: the page's one worker.
TIMING = """async () => {
    const handJs = document.querySelector('script[src*="widgets/hand.js"]').src;
    const engine = await import(new URL("engine.js", handJs).href);
    return engine.engineTiming();
}"""


def go_live(context, site_url, tb):
    page = context.new_page()
    warnings: list[str] = []
    errors: list[str] = []
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(tb.hand_page_url(site_url, "en"))
    fig = tb.wait_mounted(page)
    fig.locator(".tb-try").click()  # stepping needs no engine; trying other cards does
    expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    return page, warnings, errors


def test_the_engine_goes_live_from_the_snapshot_without_fetching_the_wheel(open_page, site_url, site_dir, tb):
    about = json.loads((site_dir / "assets" / "snapshot.json").read_text(encoding="utf-8"))
    context = open_page.context(None)
    guard = open_page.guard(context)
    try:
        page, warnings, errors = go_live(context, site_url, tb)
        timing = page.evaluate(TIMING)
        assert timing["snapshot"] is True, (timing, warnings)
        assert guard.under(f"/assets/{about['file']}"), "the snapshot was not fetched"
        assert not [u for u in guard.seen if u.endswith(".whl")], "the wheel was fetched although the snapshot fits"
        assert not [w for w in warnings if "snapshot" in w], warnings
        assert errors == [] and guard.refused == []
    finally:
        context.close()


def test_a_snapshot_of_another_engine_is_refused_with_a_console_warning_and_a_normal_boot(
        open_page, site_url, site_dir, tb):
    about = json.loads((site_dir / "assets" / "snapshot.json").read_text(encoding="utf-8"))
    stale = {**about, "engine": "0" * len(about["engine"])}
    context = open_page.context(None)
    guard = open_page.guard(context)
    context.route("**/assets/snapshot.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(stale)))
    try:
        page, warnings, errors = go_live(context, site_url, tb)
        timing = page.evaluate(TIMING)
        assert timing["snapshot"] is False
        about_it = [w for w in warnings if "snapshot" in w]
        assert len(about_it) == 1 and "booting normally" in about_it[0], warnings
        assert "not this site's" in about_it[0], warnings
        # Refused before it is fetched, so on any link (a slow one never fetches a snapshot to look inside).
        assert not guard.under(f"/assets/{about['file']}"), "the other engine's snapshot was fetched"
        assert [u for u in guard.seen if u.endswith(".whl")], "the normal boot did not fetch the engine wheel"
        assert errors == [] and guard.refused == []
    finally:
        context.close()


def test_a_site_without_a_snapshot_boots_normally(open_page, site_url, tb):
    context = open_page.context(None)
    guard = open_page.guard(context)
    context.route("**/assets/snapshot.json", lambda route: route.fulfill(status=404, body="not found"))
    try:
        page, warnings, errors = go_live(context, site_url, tb)
        assert page.evaluate(TIMING)["snapshot"] is False
        assert not [w for w in warnings if "snapshot" in w], warnings
        assert errors == [] and guard.refused == []
    finally:
        context.close()
