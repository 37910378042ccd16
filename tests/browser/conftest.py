"""Browser test fixtures: the built site over HTTP, Debian's chromium, and a guard on every request.

The site comes from the session fixture ``built_site`` (tests/conftest.py); set
``TRICKBOOK_TEST_SITE`` to a built site folder to test that one instead. Every
browser context routes all requests through a guard that aborts and records any
request not addressed to 127.0.0.1; each test ends by asserting none was made.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import unquote, urlsplit

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
LANGUAGES = ["en", "pt", "fr"]
HTML_LANG = {"en": "en", "pt": "pt-PT", "fr": "fr"}
NAP_HAND = "nap-four-hearts"
# Booting Pyodide takes about 5 s here; leave room for a busy machine.
LIVE_TIMEOUT_MS = 90_000


# The fast tier's browser tests (scripts/test --fast): one smoke test per page type, in all three
# languages between them and at both screen sizes. The full tier runs every browser test.
SMOKE = {
    "a language's home page (axe)": "test_accessibility.py::test_no_accessibility_violation[chromium-home-en]",
    "the root language chooser (axe)":
        "test_accessibility.py::test_no_accessibility_violation[chromium-language-chooser-root]",
    "a rules page's worked hand, stepped by buttons without the engine":
        "test_player.py::test_buttons_step_to_trick_one_won_by_a_at_step_8_and_trick_five_won_by_b_at_the_end[chromium-fr]",
    "a rules page's worked hand gone live, stepped, a card refused with the engine's reason":
        "test_live.py::test_illegal_card_gets_the_engines_reason_in_the_readers_language[pt-chromium]",
    "a play table gone live, a hand played by keyboard":
        "test_table.py::test_a_reader_plays_the_first_hand_by_keyboard_with_only_legal_cards_enabled[en-chromium]",
    "the verify page, filled in from a link":
        "test_verifier.py::test_the_verifier_opens_filled_in_from_a_link[chromium]",
    "the terms page on a phone (360x740)":
        "test_terms_page.py::test_on_a_phone_the_terms_table_scrolls_in_its_labelled_region_not_the_page[chromium-fr]",
    "a language's not-found page (axe)":
        "test_accessibility.py::test_no_accessibility_violation[chromium-not-found-pt]",
    "the site search":
        "test_search.py::test_search_index_waits_for_the_reader_then_finds_words_of_the_page_language[chromium-en]",
}


@pytest.hookimpl(tryfirst=True)  # before -m deselects anything
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test under tests/browser is a browser test; those named in SMOKE are also smoke tests.

    A name in SMOKE that is not among the collected tests of its file fails the run, so that a
    renamed test cannot drop out of the fast tier unseen."""
    here = Path(__file__).parent
    by_id: dict[str, pytest.Item] = {}
    files: set[str] = set()
    for item in items:
        path = Path(str(item.path))
        if path.parent == here:
            item.add_marker(pytest.mark.browser)
            by_id[f"{path.name}::{item.name}"] = item
            files.add(path.name)
    for page_type, test_id in SMOKE.items():
        if test_id in by_id:
            by_id[test_id].add_marker(pytest.mark.smoke)
        elif (test_id.split("::")[0] in files and not config.getoption("keyword") and not config.getoption("lf")
              and not any("::" in arg for arg in config.args)):
            raise pytest.UsageError(
                f"tests/browser/conftest.py: the smoke test for {page_type}, {test_id}, is not collected")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


def _site_folder(value: Any) -> Path:
    """The site folder from whatever the build fixture returns (a path, or an object with one)."""
    for attr in ("site_dir", "site", "path"):
        if hasattr(value, attr):
            value = getattr(value, attr)
            break
    folder = Path(value)
    if not (folder / "assets" / "widgets" / "hand.js").is_file():
        raise AssertionError(f"{folder} is not a built site (no assets/widgets/hand.js)")
    return folder


@pytest.fixture(scope="session")
def site_dir(request: pytest.FixtureRequest) -> Path:
    override = os.environ.get("TRICKBOOK_TEST_SITE")
    if override:
        return _site_folder(override)
    return _site_folder(request.getfixturevalue("built_site"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The built site served by Python's http.server on a free local port."""
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port), "--directory", str(site_dir)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                with urllib.request.urlopen(base + "/assets/runtime.json", timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline or server.poll() is not None:
                    raise AssertionError("the test HTTP server did not start") from None
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="session")
def catalogs(site_dir: Path) -> dict[str, dict[str, Any]]:
    """The browser catalogs of the built site, by language folder."""
    out = {}
    for lang in LANGUAGES:
        path = site_dir / "assets" / "i18n" / f"{lang}.json"
        out[lang] = json.loads(path.read_text(encoding="utf-8"))
    return out


@dataclass
class RequestGuard:
    """Every URL a context asked for, and those refused for leaving 127.0.0.1."""

    seen: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    def handle(self, route: Any) -> None:
        url = route.request.url
        self.seen.append(url)
        if urlsplit(url).hostname == "127.0.0.1":
            route.continue_()
        else:
            self.refused.append(url)
            route.abort()

    def under(self, path: str) -> list[str]:
        return [u for u in self.seen if urlsplit(u).path.startswith(path)]


def guard_context(context: Any) -> RequestGuard:
    guard = RequestGuard()
    context.route("**/*", guard.handle)
    return guard


@pytest.fixture
def guard(context: Any) -> Iterator[RequestGuard]:
    """Route the test's context through the request guard; no request may leave 127.0.0.1."""
    g = guard_context(context)
    yield g
    assert g.refused == [], f"requests left 127.0.0.1: {g.refused}"


@pytest.fixture
def page_errors(page: Any) -> Iterator[list[str]]:
    """Uncaught exceptions in the page; a test ends by asserting there were none."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield errors
    assert errors == [], f"uncaught errors in the page: {errors}"


@pytest.fixture(scope="session")
def tb() -> Any:
    """The helpers below, for test modules (conftest is not importable by name)."""
    from types import SimpleNamespace
    return SimpleNamespace(block_runtime=block_runtime, hand_page_url=hand_page_url, figure_of=figure_of,
                           wait_mounted=wait_mounted, static_steps=static_steps, hand_data=hand_data, wake=wake,
                           guard_context=guard_context,
                           LANGUAGES=LANGUAGES, HTML_LANG=HTML_LANG, NAP_HAND=NAP_HAND,
                           LIVE_TIMEOUT_MS=LIVE_TIMEOUT_MS, wait_for_reader=wait_for_reader,
                           one_decision=one_decision, gentle_bots=gentle_bots, start_by_keyboard=start_by_keyboard)


def start_by_keyboard(page: Any, table: Any) -> None:
    """A play table's Start, reached as a keyboard reader reaches it: once it is on screen (start.js
    shows it in place of the message for readers without JavaScript), focused, then Enter."""
    from playwright.sync_api import expect
    start = table.locator(".tbt-start")
    expect(start).to_be_visible()
    start.focus()
    expect(start).to_be_focused()
    page.keyboard.press("Enter")


def wait_for_reader(page: Any, table: Any) -> str:
    """Wait until a play table is idle and the reader must decide, or the hand is over; the phase."""
    page.wait_for_function(
        "(t) => t.dataset.busy !== 'true' && (t.dataset.turn === 'you' || t.dataset.phase === 'hand-over')",
        arg=table.element_handle(), timeout=30_000)
    phase: str = table.get_attribute("data-phase")
    return phase


def one_decision(page: Any, table: Any) -> None:
    """The reader's next decision at a play table by keyboard: Enter at a hand's end (a new match at the
    match's end), Enter twice to lift and play the first playable card, S for the cautious choice, else
    Enter; then wait for the log to grow (or the new match to start)."""
    wait_for_reader(page, table)
    phase = table.get_attribute("data-phase")
    before = int(table.locator(".tbt-log").get_attribute("data-lines") or 0)
    if phase == "hand-over" and table.locator(".tbt-next").is_hidden():
        # The match is over (every hand of it may have been thrown in before the reader played a card):
        # Enter starts a new one, whose log begins again.
        page.keyboard.press("Enter")
        page.wait_for_function("(t) => t.dataset.phase !== 'hand-over'", arg=table.element_handle(), timeout=30_000)
        return
    if phase == "hand-over":
        page.keyboard.press("Enter")
    elif table.locator(".tbt-cards .tbt-card[aria-disabled='false']").count():
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
    elif table.locator(".tbt-choice[aria-keyshortcuts='S']").count():
        page.keyboard.press("s")
    else:
        page.keyboard.press("Enter")
    page.wait_for_function("([t, n]) => Number(t.querySelector('.tbt-log').dataset.lines) > n",
                           arg=[table.element_handle(), before], timeout=30_000)


def gentle_bots(context: Any) -> None:
    """Every page of the context starts with the reader's table setting "gentle bots", as ticking the
    box leaves it: for the play-table tests that are not about the bots' strength (a match of gentle
    bots costs a tenth of the CPU). test_bot_level.py tests the setting itself and the strong bots."""
    context.add_init_script(
        "try { localStorage.setItem('trickbook.table-settings', JSON.stringify({ level: 'gentle' })); } catch (e) {}")


def block_runtime(context: Any) -> None:
    """Refuse the Pyodide runtime, so that a test of the static player never boots it."""
    context.route("**/assets/pyodide/**", lambda route: route.abort())


def hand_page_url(site_url: str, lang: str, hand: str = NAP_HAND) -> str:
    return f"{site_url}/{lang}/nap/"


def figure_of(page: Any, hand: str = NAP_HAND) -> Any:
    return page.locator(f'figure.tb-hand[data-hand-id="{hand}"]')


def wait_mounted(page: Any, hand: str = NAP_HAND) -> Any:
    """Wake a hand's player as a reader does (a press on its controls; a deep link has
    already woken it), wait until it has mounted, and return the figure locator."""
    return wake(figure_of(page, hand))


def wake(fig: Any) -> Any:
    """Press a hand's step counter (the same element before and after the player adopts
    the bar; a press there steps nothing), which wakes the player, unless the page's deep
    link named the hand (which wakes it, and scrolls to it); wait until it has mounted."""
    hand = fig.get_attribute("data-hand-id")
    if f"#{hand}=" not in unquote(fig.page.url):  # a deep link to the hand has woken it already
        fig.locator(".tb-counter").click()
    fig.locator(".tb-player").wait_for()
    return fig


def hand_data(page: Any, hand: str = NAP_HAND) -> dict[str, Any]:
    """The hand's data as the build wrote it: the file the figure names, beside its page."""
    src = figure_of(page, hand).get_attribute("data-src")
    assert src, f"hand {hand} names no data file"
    text = page.evaluate("async (src) => (await fetch(new URL(src, location.href))).text()", src)
    return json.loads(text)


def static_steps(page: Any, hand: str = NAP_HAND) -> list[dict[str, Any]]:
    """The steps the build prepared with the page (the hand's data file)."""
    return hand_data(page, hand)["replay"]["steps"]
