"""The published folder behind a real web server (Debian's caddy, configured from its `_headers`), read
by chromium as a reader's browser reads it: the engine going live under the published CSP, the browser's
cache on a second visit, a republish with a changed engine, the offline copy, and a slow link.

`trickbook publish` turns the built site into a folder for static hosts; caddy serves it with the
precompressed files and the headers of its `_headers` file (browser/behind_caddy.py). Caddy's access
log shows every request that reached the server, which is how a visit served from the browser's cache
is told apart.

The cache tests cannot route requests through Playwright (routing turns the browser's
cache off), so they watch every request the context makes and assert that each one
went to 127.0.0.1. They run in a persistent profile, as a reader's browser does: its
disk cache keeps the 7 MB memory snapshot, which an incognito context's memory cache
(entries up to an eighth of its size) would not.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

import pytest
from browser.behind_caddy import OFFLINE_CACHES, REPO, Watch, watched_page
from playwright.sync_api import expect

from trickbook_site import assets
from trickbook_site.build import build_site
from trickbook_site.headers import IMMUTABLE
from trickbook_site.project import Project
from trickbook_site.publish import publish_folder

pytestmark = pytest.mark.browser

# The engine's own module, imported again by the same URL: the page's one worker.
TIMING = """async () => {
    const handJs = document.querySelector('script[src*="widgets/hand.js"]').src;
    const engine = await import(new URL("engine.js", handJs).href);
    return engine.engineTiming();
}"""


def asset_paths(entries: list[dict[str, Any]]) -> list[str]:
    return [e["uri"].split("?")[0] for e in entries if e["uri"].startswith("/assets/")]


def test_the_published_widget_goes_live_behind_caddy_with_the_csp_header_and_the_wasm_in_brotli(
        open_page, caddy, published, tb):
    context, watch, page = watched_page(open_page, viewport={"width": 1280, "height": 900})
    try:
        fig = tb.go_live(page, tb.hand_page_url(caddy.base, "en"))
        tb.what_if_the_two_of_clubs(fig)  # a card the record did not play, computed by the engine
        assert page.evaluate(TIMING)["snapshot"] is True, "the published snapshot was not used"
        tb.nothing_happens_for(page, 500)  # violation events are dispatched after the fact: none may come
        by_path = {urlsplit(r.url).path: r.all_headers() for r in watch.responses}
    finally:
        context.close()
    watch.assert_clean()
    html = by_path["/en/nap/"]
    assert "frame-ancestors 'none'" in html["content-security-policy"]
    assert "script-src 'self' 'wasm-unsafe-eval'" in html["content-security-policy"]
    assert html["cache-control"] == "no-cache"
    assert html["x-content-type-options"] == "nosniff"
    wasm = [r for path, r in by_path.items() if path.endswith("/pyodide.asm.wasm")]
    assert len(wasm) == 1, sorted(by_path)
    headers = wasm[0]
    assert headers["content-type"] == "application/wasm"
    assert headers["content-encoding"] == "br"
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    # Every shared asset the visit used came from a hashed folder of the published site, or is a hand's
    # data file, named by its own content's hash; so is the hand's data this visit read.
    used = [p for p in by_path if p.startswith("/assets/")]
    assert used and all(re.match(r"/assets/(pyodide|engine|site)-[0-9a-f]{12}/", p)
                        or re.fullmatch(r"/assets/hands/en/[A-Za-z0-9_-]+\.[0-9a-f]{10}\.json", p) for p in used), used
    assert any(p.startswith("/assets/hands/en/") for p in used)
    assert by_path[next(p for p in used if p.startswith("/assets/hands/"))]["cache-control"] == IMMUTABLE


def reader_profile(browser_type: Any, launch_args: dict[str, Any], folder: Path) -> Any:
    """A browser context with a profile on disk, and so a disk cache, as a reader's browser has."""
    return browser_type.launch_persistent_context(str(folder), **launch_args, viewport={"width": 1280, "height": 900})


def test_a_second_visit_fetches_no_asset_again_and_goes_live(browser_type, browser_type_launch_args, caddy, tb,
                                                              tmp_path):
    context = reader_profile(browser_type, browser_type_launch_args, tmp_path / "profile")
    watch = Watch(context)
    try:
        start = len(caddy.requests())
        tb.go_live(context.new_page(), tb.hand_page_url(caddy.base, "fr"))
        first = len(caddy.requests())
        page = context.new_page()
        tb.go_live(page, tb.hand_page_url(caddy.base, "fr"))
        assert page.evaluate(TIMING)["snapshot"] is True
    finally:
        context.close()
    watch.assert_clean()
    second = caddy.requests()[first:]
    assert second, "the second visit reached the server not at all (not even for the page)"
    assert asset_paths(second) == [], f"fetched again on a second visit: {asset_paths(second)}"
    # Nor was the hand's data asked about again (it is under assets/, cached for good): the first visit read it.
    hand_data = re.compile(r"/[A-Za-z0-9_-]+\.[0-9a-f]{10}\.json$")
    assert any(hand_data.search(e["uri"]) for e in caddy.requests()[start:first])
    assert [e["uri"] for e in second if hand_data.search(e["uri"])] == []
    # What did reach the server (the page, the theme's files) was only asked whether it changed.
    assert {e["status"] for e in second} <= {200, 304}, second


# A link the page's browser calls slow (navigator.connection, as a phone on 3G reports it); the worker,
# which this script does not reach, judges the link by how fast its bytes come, as it would anyway.
SAYS_SLOW = ("Object.defineProperty(navigator, 'connection', {configurable: true, get: () => ("
             "{saveData: false, effectiveType: '3g', addEventListener() {}, removeEventListener() {}})});")


def test_on_a_slow_link_the_reader_is_asked_once_and_not_again_when_the_runtime_is_kept(
        browser_type, browser_type_launch_args, caddy, tb, tmp_path):
    context = reader_profile(browser_type, browser_type_launch_args, tmp_path / "profile")
    context.add_init_script(script=SAYS_SLOW)
    watch = Watch(context)
    try:
        page = context.new_page()
        page.goto(tb.hand_page_url(caddy.base, "pt"))
        fig = tb.wait_mounted(page)
        fig.locator(".tb-try").click()
        prompt = fig.locator(".tb-prompt")
        expect(prompt).to_be_visible()  # the first visit: a download of megabytes, asked first
        expect(fig).to_have_attribute("data-engine", "asking")
        prompt.locator(".tb-download").click()
        expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
        first = len(caddy.requests())
        # The next visit: the browser keeps the runtime, so nothing big would come over the link.
        page = context.new_page()
        page.goto(tb.hand_page_url(caddy.base, "pt"))
        fig = tb.wait_mounted(page)
        fig.locator(".tb-try").click()
        expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
        expect(fig.locator(".tb-prompt")).to_be_hidden()
        expect(fig.locator(".tb-download")).to_have_count(0)
    finally:
        context.close()
    watch.assert_clean()
    assert asset_paths(caddy.requests()[first:]) == [], "the kept runtime was fetched again"


def test_without_the_snapshot_the_engine_wheel_loads_through_the_published_lockfile(open_page, caddy, tb):
    context = open_page.context(None)
    guard = open_page.guard(context)  # routing is fine here: this test is not about the cache
    context.route(re.compile(r".*/snapshot\.json$"), lambda route: route.fulfill(status=404, body=""))
    page = context.new_page()
    try:
        tb.go_live(page, tb.hand_page_url(caddy.base, "pt"))
        assert page.evaluate(TIMING)["snapshot"] is False
    finally:
        context.close()
    assert guard.refused == []
    wheels = [u for u in guard.seen if u.endswith(".whl")]
    assert len(wheels) == 1 and re.search(r"/assets/engine-[0-9a-f]{12}/trickbook-", wheels[0]), wheels


@pytest.fixture(scope="module")
def republished(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The site built again with a changed engine (one module more in the wheel), and published."""
    work = tmp_path_factory.mktemp("changed-engine")
    engine = work / "trickbook"
    shutil.copytree(assets.ENGINE_DIR, engine, ignore=shutil.ignore_patterns("__pycache__"))
    (engine / "_republished.py").write_text('"""A module only the changed engine has."""\n', encoding="utf-8")
    original = assets.ENGINE_DIR
    assets.ENGINE_DIR = engine
    try:
        build_site(Project(REPO), site_dir=work / "site", build_root=REPO / "build")
    finally:
        assets.ENGINE_DIR = original
    out = work / "public"
    publish_folder(work / "site", out, cache=REPO / "build" / "publish")
    yield out


def _files(folder: Path) -> set[str]:
    return {"/" + p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def test_after_a_republish_with_a_changed_engine_the_next_visit_gets_it_and_never_a_mix(
        browser_type, browser_type_launch_args, caddy, published, republished, tb, tmp_path):
    old_files, new_files = _files(published), _files(republished)
    old_engine = {p.split("/")[2] for p in old_files if p.startswith("/assets/engine-")}
    new_engine = {p.split("/")[2] for p in new_files if p.startswith("/assets/engine-")}
    assert old_engine and new_engine and old_engine.isdisjoint(new_engine), (old_engine, new_engine)
    context = reader_profile(browser_type, browser_type_launch_args, tmp_path / "profile")
    watch = Watch(context)
    try:
        caddy.serve(published)
        tb.go_live(context.new_page(), tb.hand_page_url(caddy.base, "en"))
        mark = len(caddy.requests())
        caddy.serve(republished)  # the host now has the new folder; the reader comes back
        page = context.new_page()
        tb.go_live(page, tb.hand_page_url(caddy.base, "en"))
        assert page.evaluate(TIMING)["snapshot"] is True
    finally:
        context.close()
        caddy.serve(published)
    watch.assert_clean()
    fetched = asset_paths(caddy.requests()[mark:])
    engine_fetched = {p.split("/")[2] for p in fetched if p.startswith("/assets/engine-")}
    assert engine_fetched == new_engine, fetched
    # Every shared asset of the second visit belongs to the new folder (none only the old one has);
    # the runtime, unchanged, came from the cache.
    assert all(p in new_files for p in fetched), [p for p in fetched if p not in new_files]
    runtime_used = [u for u in watch.urls if "/assets/pyodide-" in u]
    assert runtime_used and all(urlsplit(u).path in new_files for u in runtime_used)
    assert not [p for p in fetched if p.startswith("/assets/pyodide-")], "the unchanged runtime was fetched again"


def test_keep_for_offline_reloads_steps_and_goes_live_offline_and_forget_removes_it(open_page, caddy, published, tb):
    context, watch, page = watched_page(open_page, viewport={"width": 1280, "height": 900})
    try:
        url = tb.hand_page_url(caddy.base, "pt")
        page.goto(url)
        toggle = page.locator(".tb-offline-toggle")
        expect(toggle).to_be_visible()
        # Nothing is registered or kept before the reader asks.
        assert page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).length") == 0
        assert page.evaluate(OFFLINE_CACHES) == []
        toggle.click()
        expect(page.locator(".tb-offline")).to_have_attribute("data-kept", "true", timeout=60_000)
        kept = page.evaluate(OFFLINE_CACHES)
        assert len(kept) == 1 and kept[0].split(" ")[1::2] == [f"{caddy.base}/", "pt"], kept  # scope, language
        page.goto(url)  # the page is now controlled by the service worker
        context.set_offline(True)
        page.reload()
        fig = tb.wait_mounted(page)
        fig.locator(".tb-next").click()
        expect(fig).to_have_attribute("data-step", "1")
        fig.locator(".tb-try").click()
        expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
        context.set_offline(False)
        page.locator(".tb-offline-toggle").click()
        expect(page.locator(".tb-offline")).to_have_attribute("data-kept", "false", timeout=20_000)
        assert page.evaluate(OFFLINE_CACHES) == []
        # The service worker unregisters itself.
        tb.until(page, "async () => (await navigator.serviceWorker.getRegistrations()).length === 0", timeout_ms=20_000)
    finally:
        context.close()
    watch.assert_clean()


def test_after_a_republish_the_next_online_visit_replaces_the_offline_copy(open_page, caddy, published, republished,
                                                                           tb):
    context, watch, page = watched_page(open_page, viewport={"width": 1280, "height": 900})
    try:
        caddy.serve(published)
        url = tb.hand_page_url(caddy.base, "en")
        page.goto(url)
        page.locator(".tb-offline-toggle").click()
        expect(page.locator(".tb-offline")).to_have_attribute("data-kept", "true", timeout=60_000)
        before = page.evaluate(OFFLINE_CACHES)
        caddy.serve(republished)
        page.goto(url)  # the browser asks for sw.js again, finds a new one, which refills the copy
        # The new worker refills the copy, then drops the old one: one copy, not the one before.
        after = tb.until(page, f"async (before) => {{ const now = await ({OFFLINE_CACHES})(); "
                               "return now.length === 1 && !before.includes(now[0]) && now; }", before, 60_000)
        version = re.search(r'const VERSION = "([0-9a-f]+)"', (republished / "sw.js").read_text(encoding="utf-8"))
        assert version and after == [f"trickbook-offline {caddy.base}/ {version.group(1)} en"], after
        # The new copy holds the new engine.
        engine = next(p.name for p in (republished / "assets").iterdir() if p.name.startswith("engine-"))
        held = page.evaluate("async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)", after[0])
        assert any(f"/assets/{engine}/" in u for u in held)
    finally:
        context.close()
        caddy.serve(published)
    watch.assert_clean()


@pytest.mark.parametrize(("lang", "width", "height"), [("fr", 360, 740), ("en", 1280, 800)])
def test_the_offline_control_is_on_screen_and_in_the_page_language(open_page, caddy, catalogs, tb, lang, width, height):
    context, watch, page = watched_page(open_page, viewport={"width": width, "height": height})
    try:
        page.goto(f"{caddy.base}/{lang}/reading-hands/")
        toggle = page.locator(".tb-offline-toggle")
        toggle.scroll_into_view_if_needed()
        expect(toggle).to_be_visible()
        box = toggle.bounding_box()
        text = toggle.inner_text()
        region = page.locator(".tb-offline").get_attribute("aria-label")
        toggle.focus()
        focused = page.evaluate("document.activeElement.classList.contains('tb-offline-toggle')")
    finally:
        context.close()
    watch.assert_clean()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width and box["height"] >= 24, box
    expected = catalogs[lang]["ui"].get("Keep for offline", "Keep for offline")
    assert text.strip() == expected and (lang == "en" or expected != "Keep for offline")
    assert region == catalogs[lang]["ui"].get("Offline copy", "Offline copy")
    assert focused


# ----- a slow link: the boot chosen by the connection, the download shown as it goes -------------

# 4 Mbit/s with 150 ms round trips: slower than the link a memory snapshot pays off on.
SLOW_LINK = {"offline": False, "latency": 150, "downloadThroughput": 4_000_000 / 8, "uploadThroughput": 1_000_000 / 8}
# Every text a hand's status line shows, in order.
STATUS_LOG = """
window.tbStatuses = [];
new MutationObserver((records) => {
  for (const record of records) {
    const node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
    const status = node && node.closest(".tb-status");
    const text = status && status.textContent;
    if (text && window.tbStatuses[window.tbStatuses.length - 1] !== text) window.tbStatuses.push(text);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def _published_runtime(published: Path) -> dict[str, Any]:
    (runtime_json,) = published.glob("assets/site-*/runtime.json")
    return json.loads(runtime_json.read_text(encoding="utf-8"))


def test_on_a_slow_link_the_engine_skips_the_snapshot_shows_its_download_and_a_repeat_visit_fetches_no_runtime(
        browser_type, browser_type_launch_args, caddy, published, catalogs, tb, tmp_path):
    template = catalogs["pt"]["ui"]["Downloading the engine: {percent} of {size}"]
    size = f"{_published_runtime(published)['slow_link_bytes'] / 1_000_000:.1f}".replace(".", ",") + " MB"
    shown = re.compile(re.escape(template).replace(re.escape("{percent}"), r"(\d+)[\s\u00a0\u202f]?%")
                       .replace(re.escape("{size}"), re.escape(size)))
    context = reader_profile(browser_type, browser_type_launch_args, tmp_path / "profile")
    watch = Watch(context)
    context.add_init_script(STATUS_LOG)
    visits = []
    try:
        for _ in range(2):
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", SLOW_LINK)
            mark = len(caddy.requests())
            tb.go_live(page, tb.hand_page_url(caddy.base, "pt"))
            visits.append({"timing": page.evaluate(TIMING), "statuses": page.evaluate("window.tbStatuses"),
                           "fetched": asset_paths(caddy.requests()[mark:])})
            page.close()
    finally:
        context.close()
    watch.assert_clean()
    first, repeat = visits
    # The first visit: the runtime and the wheel, never the 7 MB snapshot.
    assert first["timing"]["snapshot"] is False and first["timing"]["link"] == "slow", first["timing"]
    assert not [p for p in first["fetched"] if p.endswith(".snapshot.gz")], first["fetched"]
    assert [p for p in first["fetched"] if re.match(r"/assets/engine-[0-9a-f]{12}/trickbook-.*\.whl$", p)], (
        first["fetched"])
    # Every file the boot asked for early was the one the runtime used: none went over the wire twice.
    assert len(first["fetched"]) == len(set(first["fetched"])), first["fetched"]
    # The reader saw the download go forward, in Portuguese, then the engine start.
    percents = [int(m.group(1)) for m in map(shown.fullmatch, first["statuses"]) if m]
    assert len(percents) >= 2 and percents == sorted(percents) and percents[-1] < 100, first["statuses"]
    starting = catalogs["pt"]["ui"]["Starting the engine…"]
    assert starting in first["statuses"][
        first["statuses"].index(next(s for s in first["statuses"] if shown.fullmatch(s))):], \
        first["statuses"]
    # The repeat visit: not one byte of the runtime or the engine over the wire.
    assert not [p for p in repeat["fetched"] if p.startswith(("/assets/pyodide-", "/assets/engine-"))], (
        repeat["fetched"])
    assert repeat["timing"]["snapshot"] is False, repeat["timing"]
