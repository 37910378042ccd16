"""The Content Security Policy: the widgets, the play table and search all work under it.

The site ships its policy as a meta tag on every page. Here the built site is also
served with that policy as an HTTP header, with a report address added, by a small
server in this module: the header governs the workers too (the Pyodide worker,
Material's search worker), which a page's meta tag does not reach, and any
violation, in a page or a worker, is reported to the server. Pages listen for
``securitypolicyviolation`` events, and the console is read for CSP errors.
"""

from __future__ import annotations

import re
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from playwright.sync_api import expect

from trickbook_site import csp

pytestmark = pytest.mark.browser

REPORT_PATH = "/__csp-report"
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


class _Reports(list[str]):
    """The violation reports the policy server received (its thread adds them); ``wait_for`` blocks until
    one of them passes a test, or ``timeout`` seconds pass."""

    def __init__(self) -> None:
        super().__init__()
        self.arrived = threading.Condition()

    def add(self, report: str) -> None:
        with self.arrived:
            self.append(report)
            self.arrived.notify_all()

    def wait_for(self, test: Callable[[str], bool], timeout: float = 10) -> bool:
        with self.arrived:
            return self.arrived.wait_for(lambda: any(test(report) for report in self), timeout)


class _PolicyHandler(SimpleHTTPRequestHandler):
    """Serves the site with its policy as a header: a page's own (hashes included), else the base one."""

    reports: _Reports

    def log_message(self, format: str, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", self._policy() + f"; report-uri {REPORT_PATH}")
        super().end_headers()

    def _policy(self) -> str:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if path.suffix == ".html" and path.is_file():
            found = META.search(path.read_text(encoding="utf-8"))
            assert found, f"{path}: no Content-Security-Policy meta tag"
            return found.group(1).replace("&#39;", "'")
        return csp.policy()

    def do_POST(self) -> None:  # noqa: N802 - http.server's naming
        body = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0)).decode("utf-8", "replace")
        if self.path == REPORT_PATH:
            self.reports.add(body)
        self.send_response(204)
        self.end_headers()


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a browser that drops a connection it no longer needs is no failure


@pytest.fixture(scope="module")
def policy_server(site_dir: Path) -> Iterator[tuple[str, _Reports]]:
    """(base URL, reports received) of the site served with its policy as a header."""
    reports = _Reports()
    handler = partial(type("Handler", (_PolicyHandler,), {"reports": reports}), directory=str(site_dir))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", reports
    finally:
        server.shutdown()
        server.server_close()


LISTEN = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.tbCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} \
in ${e.sourceFile}:${e.lineNumber}`);
});
"""


def _watch(context: Any) -> tuple[list[str], list[str]]:
    """(violation events, CSP console errors) of every page of ``context``, across navigations."""
    events: list[str] = []
    console: list[str] = []
    context.expose_binding("tbCspViolation", lambda source, text: events.append(text))
    context.add_init_script(LISTEN)

    def on_page(page: Any) -> None:
        page.on("console", lambda msg: console.append(msg.text)
                if re.search(r"Content.Security.Policy|Refused to", msg.text) else None)

    context.on("page", on_page)
    return events, console


def test_widgets_play_table_and_search_run_under_the_policy_with_no_violation(open_page, policy_server, tb):
    base, reports = policy_server
    context = open_page.context(viewport={"width": 1280, "height": 900})
    guard = open_page.guard(context)
    events, console = _watch(context)
    page = context.new_page()
    errors = open_page.page_errors(page)
    try:
        # The root page's inline script (its hash is in the policy) sends the reader on.
        page.goto(base + "/")
        page.wait_for_url(re.compile(r"/(en|pt|fr)/$"))

        # A worked hand goes live: Pyodide boots in the module worker and replays the record.
        fig = tb.go_live(page, tb.hand_page_url(base, "en"))
        tb.what_if_the_two_of_clubs(fig)  # a card the record did not play, computed by the engine
        assert guard.under("/assets/pyodide/"), "the runtime was not loaded"

        # Search, in Material's search worker.
        search = page.locator(".md-search__input")
        search.click()
        # Ready once the worker has loaded the index ("Initializing search" before).
        expect(page.locator(".md-search-result__meta")).to_have_text("Type to start searching", timeout=30_000)
        search.press_sequentially("Euchre", delay=50)
        expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=20_000)

        # The Euchre play table.
        page.goto(base + tb.table_url("en", "euchre", pace=0))  # the Euchre test seed (TABLE_SEEDS)
        table = tb.ready_table(page, "euchre")
        table.locator(".tbt-start").click()
        expect(table).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
        page.wait_for_function("(t) => t.dataset.turn === 'you' || t.dataset.phase === 'hand-over'",
                               arg=table.element_handle(), timeout=30_000)
        tb.nothing_happens_for(page, 1000)  # reports are sent after the fact: none may come
    finally:
        context.close()
    assert events == [], events
    assert console == [], console
    assert reports == [], reports
    assert errors == [], errors
    assert guard.refused == [], f"requests left 127.0.0.1: {guard.refused}"


@pytest.mark.parametrize("served", ["meta tag only", "meta tag and header"])
def test_an_inline_script_without_a_hash_is_refused_and_the_violation_is_seen(
        open_page, site_url, policy_server, tb, served):
    """The policy is in force from the meta tag alone; and each way this module watches sees a violation."""
    base, reports = policy_server if served == "meta tag and header" else (site_url, [])
    reports.clear()
    context = open_page.context(None)
    guard = open_page.guard(context)
    events, console = _watch(context)
    page = context.new_page()
    try:
        page.goto(f"{base}/en/")
        inject = """() => {
            window.injected = false;
            const s = document.createElement("script");
            s.textContent = "window.injected = true";
            document.head.append(s);
            return window.injected;
        }"""
        if served == "meta tag and header":
            # The browser sends its report after the fact, through the guard's route (whose handler runs
            # only while Playwright is waited on): wait for the report's request to finish, then for the
            # server to have read it.
            with context.expect_event("requestfinished", lambda r: REPORT_PATH in r.url):
                ran = page.evaluate(inject)
            assert reports.wait_for(lambda report: "script-src" in report), reports
        else:
            ran = page.evaluate(inject)
        tb.nothing_happens_for(page, 300)
    finally:
        context.close()
    assert ran is False
    assert any(e.startswith("script-src") for e in events), events
    assert console, "no CSP error in the console"
    assert guard.refused == []
    reports.clear()
