"""The published folder behind a real web server: Debian's caddy, configured from its `_headers`.

`trickbook publish` turns the built site into a folder for static hosts (hashed asset
URLs, `_headers`, brotli and gzip copies). Here caddy serves that folder with the
precompressed files and the headers of its `_headers` file (`headers.caddyfile`), and
chromium reads it as a reader would. Caddy's access log shows every request that reached
the server, which is how a visit served from the browser's cache is told apart.

The cache tests cannot route requests through Playwright (routing turns the browser's
cache off), so they watch every request the context makes and assert that each one
went to 127.0.0.1. They run in a persistent profile, as a reader's browser does: its
disk cache keeps the 7 MB memory snapshot, which an incognito context's memory cache
(entries up to an eighth of its size) would not.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
from contextlib import contextmanager
from html import unescape
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

import pypdfium2
import pytest
import zxingcpp
from browser.helpers import served_folder
from helpers import Said
from playwright.sync_api import expect

from trickbook_site import assets
from trickbook_site.build import build_site
from trickbook_site.handouts import hand_address
from trickbook_site.headers import IMMUTABLE, caddyfile, parse_headers
from trickbook_site.project import Project
from trickbook_site.publish import publish_folder

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
CADDY = shutil.which("caddy") or "/usr/bin/caddy"
# The engine's own module, imported again by the same URL: the page's one worker.
TIMING = """async () => {
    const handJs = document.querySelector('script[src*="widgets/hand.js"]').src;
    const engine = await import(new URL("engine.js", handJs).href);
    return engine.engineTiming();
}"""
LISTEN = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.tbCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} \
in ${e.sourceFile}:${e.lineNumber}`);
});
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Caddy:
    """Caddy serving one folder on 127.0.0.1 with the headers of that folder's `_headers`."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = work / "access.log"
        self.process: subprocess.Popen[str] | None = None

    def serve(self, folder: Path, root: Path | None = None) -> None:
        """Serve ``folder`` with its headers; at the root, or from ``root``, a folder above it, when given."""
        self.stop()
        rules = parse_headers((folder / "_headers").read_text(encoding="utf-8"), str(folder / "_headers"))
        config = self.work / "Caddyfile"
        config.write_text(caddyfile(rules, root or folder, f"http://127.0.0.1:{self.port}", self.log),
                          encoding="utf-8")
        env = dict(os.environ, HOME=str(self.work), XDG_DATA_HOME=str(self.work / "data"),
                   XDG_CONFIG_HOME=str(self.work / "config"))
        self.process = subprocess.Popen([CADDY, "run", "--config", str(config), "--adapter", "caddyfile"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
        # Caddy says so on its log (stderr) once its listeners are open and its configuration runs.
        Said(self.process.stderr, self.process).wait_for("serving initial configuration", timeout=20)

    def requests(self) -> list[dict[str, Any]]:
        """Every request caddy answered so far: {uri, status, headers} from its JSON access log."""
        if not self.log.is_file():
            return []
        out = []
        for line in self.log.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            if "request" in entry:
                out.append({"uri": entry["request"]["uri"], "status": entry.get("status"),
                            "headers": entry.get("resp_headers", {})})
        return out

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None


def publish_into(folder: Path, site_dir: Path, **options: Any) -> Path:
    """The built site published (``trickbook publish``'s function, with the build's publish cache) into
    ``folder``/public."""
    out = folder / "public"
    publish_folder(site_dir, out, cache=REPO / "build" / "publish", **options)
    return out


@contextmanager
def caddy_serving(published: Path, state: Path) -> Iterator[Caddy]:
    """Debian's caddy serving a published folder (its own files in ``state``), stopped when the block ends."""
    server = Caddy(state)
    server.serve(published)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def published(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return publish_into(tmp_path_factory.mktemp("published"), site_dir)


@pytest.fixture(scope="module")
def caddy(published: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Caddy]:
    with caddy_serving(published, tmp_path_factory.mktemp("caddy")) as server:
        yield server


class Watch:
    """Every URL a context asked for (workers' too), CSP violations, console CSP errors, page errors."""

    def __init__(self, context: Any) -> None:
        self.urls: list[str] = []
        self.responses: list[Any] = []
        self.violations: list[str] = []
        self.console: list[str] = []
        self.errors: list[str] = []
        context.on("request", lambda request: self.urls.append(request.url))
        context.on("response", lambda response: self.responses.append(response))
        context.expose_binding("tbCspViolation", lambda source, text: self.violations.append(text))
        context.add_init_script(LISTEN)
        context.on("page", self.page)

    def page(self, page: Any) -> None:
        page.on("console", lambda msg: self.console.append(msg.text)
                if re.search(r"Content.Security.Policy|Refused to", msg.text) else None)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def left_127(self) -> list[str]:
        return [u for u in self.urls if urlsplit(u).scheme in ("http", "https")
                and urlsplit(u).hostname != "127.0.0.1"]

    def assert_clean(self) -> None:
        assert self.left_127() == [], f"requests left 127.0.0.1: {self.left_127()}"
        assert self.violations == [], self.violations
        assert self.console == [], self.console
        assert self.errors == [], self.errors


def watched_page(open_page: Any, **options: Any) -> tuple[Any, Watch, Any]:
    """A new context (``options``: its viewport, ...) under a ``Watch``, and a page in it. Its requests are
    watched, not routed (``open_page``'s guard with ``route=False``): the service worker and the cache see
    them as a reader's browser sends them."""
    context = open_page.context(None, route=False, **options)
    watch = Watch(context)
    return context, watch, context.new_page()


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


HOST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A teacher's page</title></head>
<body><h1>Our lesson</h1>
<iframe id="embedded" src="{embed}" title="A worked hand" width="720" height="640" allow="fullscreen"></iframe>
<iframe id="plain" src="{plain}" title="A whole page" width="720" height="300"></iframe>
</body></html>
"""


@pytest.fixture
def teacher_site(caddy: Caddy, tmp_path: Path) -> Iterator[str]:
    """A page on another origin (another port of 127.0.0.1) framing an embed page and an ordinary page."""
    (tmp_path / "index.html").write_text(HOST_PAGE.format(
        embed=f"{caddy.base}/embed/en/nap-four-hearts/?step=4", plain=f"{caddy.base}/en/nap/"), encoding="utf-8")
    with served_folder(tmp_path) as base:
        yield base + "/"


def test_a_page_on_another_origin_embeds_a_hand_that_steps_and_goes_live_while_whole_pages_refuse_framing(
        open_page, caddy, teacher_site, tb):
    context, watch, page = watched_page(open_page, viewport={"width": 1280, "height": 1400})
    try:
        page.goto(teacher_site)
        frame = page.frame_locator("#embedded")
        fig = frame.locator('figure.tb-hand[data-hand-id="nap-four-hearts"]')
        # ?step=4 opened the hand at step 4, its player already mounted by the deep link.
        expect(fig.locator(".tb-player")).to_be_visible(timeout=20_000)
        expect(fig).to_have_attribute("data-step", "4")
        fig.locator(".tb-next").click()
        expect(fig).to_have_attribute("data-step", "5")
        fig.locator(".tb-prev").click()
        expect(fig).to_have_attribute("data-step", "4")
        fig.locator(".tb-try").click()
        expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
        fig.locator('.tb-board .tb-seat[data-seat="A"] button[data-card="2C"]').click()
        expect(fig).to_have_attribute("data-branch", "whatif", timeout=20_000)
        # No theme chrome inside the frame: the hand alone.
        assert frame.locator(".md-header, .md-sidebar, .md-footer").count() == 0
        plain = page.frame(url=re.compile(r"/en/nap/$")) or next(
            f for f in page.frames if f is not page.main_frame and "embed" not in f.url)
        tb.nothing_happens_for(page, 500)
        assert plain.locator("figure.tb-hand").count() == 0, "an ordinary page was shown inside another site's frame"
    finally:
        context.close()
    assert watch.left_127() == [], watch.left_127()
    assert watch.errors == [] and watch.violations == [], (watch.errors, watch.violations)
    refusals = [m for m in watch.console if "frame" in m]
    # The one refusal: the ordinary page's, by its policy's frame-ancestors.
    assert len(refusals) == 1 and "\"frame-ancestors 'none'\"" in refusals[0], watch.console


TABLE_HOST_PAGE = """<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Notre cours</title></head>
<body><h1>Une partie</h1>
<iframe id="table" src="{embed}" title="Une table de jeu" width="{width}" height="900"></iframe>
</body></html>
"""


@pytest.mark.parametrize("lang,game,width", [("fr", "nap", 720), ("pt", "euchre", 360)])
def test_a_page_on_another_origin_embeds_a_play_table_that_deals_and_plays(
        open_page, caddy, published, catalogs, tb, tmp_path, lang, game, width):
    # Every play table of every language has its embed page.
    for code in ("en", "pt", "fr"):
        for name in ("nap", "euchre", "trinidad", "yorkshire"):
            assert (published / "embed" / code / f"table-{name}" / "index.html").is_file(), (code, name)
    (tmp_path / "index.html").write_text(TABLE_HOST_PAGE.format(
        embed=f"{caddy.base}/embed/{lang}/table-{game}/", width=width), encoding="utf-8")
    with served_folder(tmp_path) as host_url:  # another origin: another port of 127.0.0.1
        context = open_page.context(viewport={"width": max(width + 40, 400), "height": 1000}, route=False)
        tb.gentle_bots(context)
        watch = Watch(context)
        page = context.new_page()
        try:
            page.goto(host_url + "/")
            frame = page.frame_locator("#table")
            table = frame.locator(f'.tb-table[data-game="{game}"]')
            start = table.locator(".tbt-start")
            expect(start).to_be_visible(timeout=20_000)
            expect(start).to_have_text(catalogs[lang]["ui"]["Start a match"])
            # The table alone: no theme chrome, and a link to the table on its page.
            assert frame.locator(".md-header, .md-sidebar, .md-footer, .md-nav").count() == 0
            source = catalogs[lang]["ui"]["Open this table on its page"]
            expect(frame.locator(".tb-embed-source a")).to_have_text(source)
            box = start.bounding_box()
            frame_box = page.locator("#table").bounding_box()
            assert (box and frame_box and box["x"] >= frame_box["x"]
                    and box["x"] + box["width"] <= frame_box["x"] + frame_box["width"])
            start.click()
            expect(table).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
            # The reader's first decision inside the frame, by keyboard (as helpers' one_decision, in a frame).
            expect(table).to_have_attribute("data-turn", "you", timeout=30_000)
            expect(table).not_to_have_attribute("data-busy", "true")
            log = table.locator(".tbt-log")
            before = log.get_attribute("data-lines") or "0"
            tb.press_for_a_decision(page, table)
            expect(log).not_to_have_attribute("data-lines", before, timeout=30_000)
        finally:
            context.close()
    assert watch.left_127() == [], watch.left_127()
    assert watch.errors == [] and watch.violations == [], (watch.errors, watch.violations)
    assert not [m for m in watch.console if "frame" in m], watch.console


def test_the_embed_control_copies_an_iframe_snippet_of_the_hand_at_its_step(open_page, caddy, catalogs, tb):
    context = open_page.context(viewport={"width": 360, "height": 740}, locale="fr-FR", route=False)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=caddy.base)
    watch = Watch(context)
    page = context.new_page()
    try:
        page.goto(tb.hand_page_url(caddy.base, "fr"))
        fig = tb.wait_mounted(page)
        fig.locator(".tb-next").click()
        fig.locator(".tb-next").click()
        expect(fig).to_have_attribute("data-step", "2")
        control = fig.locator(".tb-embed")
        box = control.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
        control.click()
        expect(fig.locator(".tb-message")).not_to_be_empty()
        copied = page.evaluate("navigator.clipboard.readText()")
        label = control.get_attribute("aria-label")
    finally:
        context.close()
    watch.assert_clean()
    assert copied.startswith(f'<iframe src="{caddy.base}/embed/fr/nap-four-hearts/?step=2" title="')
    assert 'allow="fullscreen"' in copied and copied.endswith("></iframe>")
    assert label == catalogs["fr"]["ui"]["Copy the code to embed this hand"] != "Copy the code to embed this hand"


# The offline copy's caches, named "trickbook-offline <scope> <version> <lang>" (widgets/offline/sw.js).
OFFLINE_CACHES = "async () => (await caches.keys()).filter((n) => n.startsWith('trickbook-offline'))"


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


# ----- printed handouts: each worked hand on paper carries a QR code that leads back to it, live ----------
#
# The site is published with its address (`--base-url`), served by caddy and printed by chromium to PDF;
# pypdfium2 renders each PDF page to pixels and zxing-cpp reads the QR codes off them, as a phone would.

BASE = "https://example.org/course/"
FIGURE = re.compile(r'<figure class="tb-hand"[^>]*>.*?</figure>', re.S)


@pytest.fixture(scope="module")
def handout_site(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return publish_into(tmp_path_factory.mktemp("handouts"), site_dir, base_url=BASE)


@pytest.fixture(scope="module")
def server(handout_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Caddy]:
    with caddy_serving(handout_site, tmp_path_factory.mktemp("handout-caddy")) as caddy:
        yield caddy


def figures(html: str) -> list[dict[str, Any]]:
    """Each hand figure of a page: its id, the step it shows first and its caption."""
    out = []
    for figure in FIGURE.findall(html):
        opening = figure[:figure.index(">")]
        caption = re.search(r"<figcaption[^>]*>(.*?)</figcaption>", figure, re.S)
        out.append({"id": unescape(re.search(r'data-hand-id="([^"]+)"', opening).group(1)),
                    "step": int(re.search(r'data-step="(\d+)"', opening).group(1)),
                    "caption": unescape(re.sub(r"<[^>]+>", "", caption.group(1))).strip() if caption else ""})
    return out


def printed(open_page: Any, url: str) -> bytes:
    page = open_page(size=(1280, 900), gentle=False)
    try:
        page.goto(url, wait_until="load")
        pdf: bytes = page.pdf(format="A4")
        return pdf
    finally:
        page.close()


def pdf_pages(pdf: bytes) -> list[dict[str, Any]]:
    """Each page of the PDF: its text, and the texts of the QR codes read off its pixels."""
    document = pypdfium2.PdfDocument(pdf)
    out = []
    try:
        for index in range(len(document)):
            page = document[index]
            text = page.get_textpage().get_text_range()
            bitmap = page.render(scale=3, grayscale=True)
            width, height, stride = bitmap.width, bitmap.height, bitmap.stride
            raw = bytes(bitmap.buffer)
            rows = b"".join(raw[y * stride:y * stride + width] for y in range(height))
            image = memoryview(rows).cast("B", (height, width))
            codes = [code.text for code in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]
            out.append({"text": text, "codes": codes})
    finally:
        document.close()
    return out


@pytest.mark.parametrize("lang,page", [("en", "trinidad"), ("pt", "nap")])
def test_each_printed_hand_carries_a_qr_code_to_its_live_page_at_its_step(open_page, server, handout_site, lang, page):
    html = (handout_site / lang / page / "index.html").read_text(encoding="utf-8")
    hands = figures(html)
    assert hands, f"no worked hand on {lang}/{page}/"
    expected = {hand_address(BASE, f"{lang}/{page}/", h["id"], h["step"]) for h in hands}
    pages = pdf_pages(printed(open_page, f"{server.base}/{lang}/{page}/"))
    read = [code for p in pages for code in p["codes"]]
    # Every hand's code is on paper, once, and reads as its own page at its hand and step.
    assert sorted(read) == sorted(expected), (read, expected)
    for code in read:
        assert code.startswith(f"{BASE}{lang}/{page}/#"), code
    # Each code is printed on the page that shows its hand's address too (under the hand, not elsewhere).
    for p in pages:
        for code in p["codes"]:
            assert code in re.sub(r"\s+", "", p["text"]), (code, p["text"][-400:])


def test_a_printed_hands_caption_stays_on_the_page_of_its_deal(open_page, server, handout_site):
    html = (handout_site / "en" / "trinidad" / "index.html").read_text(encoding="utf-8")
    captions = [h["caption"] for h in figures(html)]
    pages = pdf_pages(printed(open_page, f"{server.base}/en/trinidad/"))
    for number, p in enumerate(pages, 1):
        lines = [line.strip() for line in p["text"].splitlines() if line.strip()]
        assert lines and lines[-1] not in captions, f"page {number} ends with a hand's caption: {lines[-1]!r}"
    # Every caption is followed, on its own page, by its hand's deal ("Seat", "Cards").
    for caption in captions:
        assert any(caption in p["text"] and "Cards" in p["text"][p["text"].index(caption):] for p in pages), caption


@pytest.mark.parametrize("lang,width,height", [("en", 1280, 800), ("pt", 360, 740)])
def test_print_this_hand_prints_that_figure_alone_with_its_code(open_page, server, handout_site, tb, lang, width,
                                                                height):
    html = (handout_site / lang / "trinidad" / "index.html").read_text(encoding="utf-8")
    hands = figures(html)
    assert len(hands) >= 2
    chosen, others = hands[1], [h for i, h in enumerate(hands) if i != 1]
    context = open_page.context(viewport={"width": width, "height": height})
    # The print dialog is the browser's: here, a press only counts, and the page stays as it is for print.
    context.add_init_script("window.print = () => { window.tbPrinted = (window.tbPrinted || 0) + 1; };")
    page = context.new_page()
    try:
        page.goto(f"{server.base}/{lang}/trinidad/")
        fig = tb.wait_mounted(page, chosen["id"])
        control = fig.locator(".tb-print")
        expect(control).to_be_visible()
        box = control.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, box
        control.focus()
        page.keyboard.press("Enter")
        assert page.evaluate("window.tbPrinted") == 1
        pdf = page.pdf(format="A4")
    finally:
        context.close()
    pages = pdf_pages(pdf)
    text = "\n".join(p["text"] for p in pages)
    assert chosen["caption"] in text
    for other in others:
        assert other["caption"] not in text, other["caption"]
    title = unescape(re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S).group(1))
    assert re.sub(r"<[^>]+>", "", title).strip() not in text, "the page around the hand was printed"
    codes = [code for p in pages for code in p["codes"]]
    assert codes == [hand_address(BASE, f"{lang}/trinidad/", chosen["id"], chosen["step"])], codes
