"""Helpers for the browser tests, imported by name (``from browser import helpers``; ``tests/`` is on
pytest's ``pythonpath``).

- ``PageOpener`` (the ``open_page`` fixture of conftest.py): the one factory of browser contexts and
  pages, whose requests are guarded and whose uncaught errors are collected, both checked when the
  test ends;
- the play table: ``table_url`` (with the game's fixed seed), ``ready_table`` (start.js's
  ``data-table="ready"``), ``start_by_keyboard``, ``wait_for_reader``, ``one_decision`` (its keys:
  ``press_for_a_decision``), ``play_the_match_by_the_timer``, ``gentle_bots``;
- the worked hands: ``figure_of``, ``wake``, ``wait_mounted``, ``go_live``, ``what_if_the_two_of_clubs``,
  ``hand_data``, ``static_steps``;
- ``until``: a wait on a state the page answers with a promise (caches, IndexedDB, service workers);
- ``nothing_happens_for``: the one wait on the clock, for a check that nothing happens meanwhile.
"""

from __future__ import annotations

import json
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import unquote, urlencode, urlsplit

from helpers import TABLE_SEEDS

CHROMIUM = "/usr/bin/chromium"
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
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

    def watch(self, request: Any) -> None:
        """Record a request seen but not routed (``guard_context(..., route=False)``): one that left
        127.0.0.1 cannot be stopped, only reported."""
        url = request.url
        self.seen.append(url)
        if urlsplit(url).scheme in ("http", "https", "ws", "wss") and urlsplit(url).hostname != "127.0.0.1":
            self.refused.append(url)

    def under(self, path: str) -> list[str]:
        return [u for u in self.seen if urlsplit(u).path.startswith(path)]


def guard_context(context: Any, route: bool = True) -> RequestGuard:
    """Every request of the context through a new ``RequestGuard``: routed (one not to 127.0.0.1 is
    aborted), or with ``route=False`` only watched, for a test of the browser's cache or a service worker
    (routing turns the cache off)."""
    guard = RequestGuard()
    if route:
        context.route("**/*", guard.handle)
    else:
        context.on("request", guard.watch)
    return guard


@dataclass
class _Opened:
    """A context a ``PageOpener`` made: its request guard and the uncaught errors of its pages."""

    context: Any
    guard: RequestGuard
    errors: list[str]


class PageOpener:
    """The browser tests' one way to a browser context: each made by ``new_context`` (pytest-playwright's
    factory, which closes them when the test ends), every request through a ``RequestGuard`` and every
    uncaught error of every page in it collected; ``check()`` (at the fixture's teardown) asserts that no
    request left 127.0.0.1 and that no page raised.

    ``opener(path, size, gentle=True, **options)`` gives a page in a context of its own (opened at
    ``path`` unless it is None); ``opener.context(size, gentle=False, **options)`` gives the context, for a
    test that sets it up before its first page (routes, init scripts, permissions) or opens several pages
    in it. ``options`` are Playwright's context options (``locale``, ``reduced_motion``, ``color_scheme``,
    ``java_script_enabled``, ``storage_state``, ``is_mobile``, ``has_touch``, ``viewport`` in place of
    ``size``...); ``size=None`` leaves Playwright's own viewport. Several contexts at once are several
    calls (several people at one table)."""

    def __init__(self, new_context: Callable[..., Any], site_url: str) -> None:
        self.new_context = new_context
        self.site_url = site_url
        self.opened: list[_Opened] = []

    def context(self, size: tuple[int, int] | None = (1280, 800), *, gentle: bool = False, route: bool = True,
                **options: Any) -> Any:
        """A new guarded context, at ``size`` (unless ``options`` names a ``viewport``); with the gentle bots
        only when asked; its requests watched rather than routed with ``route=False`` (``guard_context``)."""
        if size is not None and "viewport" not in options:
            options["viewport"] = {"width": size[0], "height": size[1]}
        context = self.new_context(**options)
        if gentle:
            gentle_bots(context)
        opened = _Opened(context, guard_context(context, route), [])
        context.on("page", lambda page: page.on("pageerror", lambda exc: opened.errors.append(str(exc))))
        self.opened.append(opened)
        return context

    def __call__(self, path: str | None = None, size: tuple[int, int] | None = (1280, 800), *, gentle: bool = True,
                 route: bool = True, **options: Any) -> Any:
        """A new page in a context of its own; ``path`` (under the site, or a whole address) is opened unless
        it is None."""
        page = self.context(size, gentle=gentle, route=route, **options).new_page()
        if path is not None:
            self.goto(page, path)
        return page

    def goto(self, page: Any, path: str, **options: Any) -> Any:
        """``page.goto`` of a path under the site (or a whole address)."""
        return page.goto(path if "://" in path else self.site_url + path, **options)

    def _of(self, page_or_context: Any) -> _Opened:
        context = getattr(page_or_context, "context", page_or_context)
        for opened in self.opened:
            if opened.context is context:
                return opened
        raise AssertionError(f"{page_or_context} was not opened by this opener")

    def guard(self, page_or_context: Any) -> RequestGuard:
        """The request guard of a page (or context) this opener opened."""
        return self._of(page_or_context).guard

    def page_errors(self, page_or_context: Any) -> list[str]:
        """The uncaught errors so far of the pages of a context this opener opened (or of a page's context)."""
        return self._of(page_or_context).errors

    def check(self) -> None:
        refused = [url for opened in self.opened for url in opened.guard.refused]
        assert refused == [], f"requests left 127.0.0.1: {refused}"
        errors = [error for opened in self.opened for error in opened.errors]
        assert errors == [], f"uncaught errors in the page: {errors}"


def table_url(lang: str, game: str, seed: str | None = None, **params: Any) -> str:
    """The address of a game's play page, under the site, dealing the game's test seed (``TABLE_SEEDS``:
    chosen so that the match has trick play) unless ``seed`` names another; ``params`` (pace, timer, ...)
    go in the query too."""
    query = {"seed": seed or TABLE_SEEDS[game], **params}
    return f"/{lang}/play-{game}/?{urlencode(query)}"


def ready_table(page: Any, game: str | None = None) -> Any:
    """A play table once start.js has shown its controls and listens to them (``data-table="ready"``)."""
    from playwright.sync_api import expect
    selector = f"div.tb-table[data-game='{game}']" if game else "div.tb-table[data-game]"
    table = page.locator(selector)
    expect(table).to_have_attribute("data-table", "ready")
    return table


def motion_done(page: Any) -> None:
    """Wait until no CSS transition or animation is running on the page (the theme slides its search
    panel in on a phone): a bounding box measured before then is a frame of the slide, not the layout."""
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")


def until(page: Any, predicate: str, arg: Any = None, timeout_ms: int = 30_000) -> Any:
    """``page.wait_for_function`` for a predicate that answers with a promise (an ``async`` function, e.g.
    of the Cache Storage or IndexedDB): Playwright's takes the promise itself for a true value and returns
    at once. The page tries ``predicate(arg)`` once a frame until it gives a true value, which is returned;
    a failure after ``timeout_ms``."""
    got = page.evaluate(f"""async ([arg, timeout]) => {{
        const test = {predicate};
        const end = performance.now() + timeout;
        for (;;) {{
            const got = await test(arg);
            if (got) return got;
            if (performance.now() > end) return null;
            await new Promise((next) => requestAnimationFrame(() => next()));
        }}
    }}""", [arg, timeout_ms])
    assert got, f"not true within {timeout_ms} ms: {predicate}"
    return got


def nothing_happens_for(page: Any, ms: int) -> None:
    """Let ``ms`` milliseconds of the page's own time pass, for a check that nothing happens meanwhile
    (a decision not taken, a report not sent). The only wait on the clock the browser tests make."""
    page.wait_for_timeout(ms)


def start_by_keyboard(page: Any, table: Any) -> None:
    """A play table's Start, reached as a keyboard reader reaches it: once it is on screen (start.js
    shows it in place of the message for readers without JavaScript and marks the table
    `data-table="ready"`), focused, then Enter."""
    from playwright.sync_api import expect
    start = table.locator(".tbt-start")
    expect(table).to_have_attribute("data-table", "ready")
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
    else:
        press_for_a_decision(page, table)
    page.wait_for_function("([t, n]) => Number(t.querySelector('.tbt-log').dataset.lines) > n",
                           arg=[table.element_handle(), before], timeout=30_000)


def press_for_a_decision(page: Any, table: Any) -> None:
    """The keys for the reader's decision at a play table (which may be in a frame of ``page``): Enter twice to
    lift and play the first playable card, S for the cautious choice, else Enter (the first choice)."""
    if table.locator(".tbt-cards .tbt-card[aria-disabled='false']").count():
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
    elif table.locator(".tbt-choice[aria-keyshortcuts='S']").count():
        page.keyboard.press("s")
    else:
        page.keyboard.press("Enter")


def play_the_match_by_the_timer(page: Any, table: Any, most_hands: int,
                                at_each_hand_end: Callable[[int], None] | None = None) -> Any:
    """Start a match at a ready play table whose decisions the table's timer takes (``timer=0``), Nap's as
    three players and one round, and go through it to its end: at each hand's end ``at_each_hand_end(hand)``
    looks (the hands counted from 1), then Next deals the next hand; fewer than ``most_hands`` hands, or the
    match does not end. The end panel, once it is shown."""
    from playwright.sync_api import expect
    if table.get_attribute("data-game") == "nap":
        table.locator(".tbt-players").select_option("3")
        table.locator(".tbt-rounds").select_option("1")
    table.locator(".tbt-start").click()
    expect(table).to_have_attribute("data-engine", "live", timeout=LIVE_TIMEOUT_MS)
    hands = 0
    while True:
        page.wait_for_function("(t) => t.dataset.busy !== 'true' && t.dataset.phase === 'hand-over'",
                               arg=table.element_handle(), timeout=120_000)
        if at_each_hand_end is not None:
            at_each_hand_end(hands + 1)
        if table.get_attribute("data-over") == "true":
            break
        hands += 1
        assert hands < most_hands, "the match does not end"
        table.locator(".tbt-next").click()
        page.wait_for_function("([t, n]) => t.dataset.handNumber !== n", arg=[table.element_handle(), str(hands)])
    end = table.locator(".tbt-end")
    expect(end).to_be_visible()
    return end


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


def go_live(page: Any, url: str) -> Any:
    """Open ``url`` (a page with the Nap hand), wake the hand's player and ask for the engine (stepping needs
    none; trying other cards does): the figure, once the engine is live."""
    from playwright.sync_api import expect
    page.goto(url)
    fig = wait_mounted(page)
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "live", timeout=LIVE_TIMEOUT_MS)
    return fig


def what_if_the_two_of_clubs(fig: Any) -> None:
    """What if: at step 4 of the live Nap hand (back on the record if a branch is shown), A leads the 2♣,
    a card the record did not play; the engine computes the branch."""
    from playwright.sync_api import expect
    back = fig.locator(".tb-back")
    if back.count():
        back.click()
    fig.locator(".tb-slider").fill("4")
    expect(fig).to_have_attribute("data-step", "4")
    fig.locator('.tb-board .tb-seat[data-seat="A"] button[data-card="2C"]').click()
    expect(fig).to_have_attribute("data-branch", "whatif", timeout=20_000)


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


@contextmanager
def pages_of(browser: Any, site_url: str) -> Iterator[PageOpener]:
    """A ``PageOpener`` for a fixture wider than one test (a module's live table), whose contexts are made
    by ``browser.new_context`` and closed, then checked, when the block ends."""
    contexts: list[Any] = []

    def new_context(**options: Any) -> Any:
        contexts.append(browser.new_context(**options))
        return contexts[-1]

    opener = PageOpener(new_context, site_url)
    try:
        yield opener
    finally:
        for context in contexts:
            context.close()
    opener.check()


def violations(page: Any, within: str = "document", every: bool = False, rules: list[str] | None = None,
               preload: bool = True) -> list[str]:
    """axe-core on the page (or the element ``within`` names): its serious or critical violations,
    or with ``every`` all of them, each described. The page is in a context that asks for reduced
    motion, where the theme's and the widgets' style sheets turn transitions off: colours are
    measured as they are shown, never halfway through a fade. ``rules`` runs only the axe rules named;
    ``preload=False`` keeps axe from reading the style sheets (its orientation rule then goes unchecked)."""
    page.evaluate(AXE.read_text(encoding="utf-8"))  # not a script tag: the page's policy refuses inline scripts
    target = "document" if within == "document" else repr(within)  # a selector: every element it matches
    # Only the violations cross back to Python: axe's whole result (every rule passed, with each node's
    # markup) takes longer to hand over than the scan itself.
    options: dict[str, Any] = {"resultTypes": ["violations"], "preload": preload}
    if rules:
        options["runOnly"] = rules
    found = page.evaluate(f"""async (options) => (await axe.run({target}, options)).violations
        .map((v) => ({{id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" "))}}))""",
                          options)
    return [f"{v['id']} ({v['impact']}): {v['help']} at {v['targets'][:5]}"
            for v in found if every or v["impact"] in ("serious", "critical")]


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class's name)
        pass


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that closes a connection mid-transfer (a page left, a fetch cancelled) is not an error of
        the site's; anything else is still printed as http.server prints it."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def served_folder(folder: Path) -> Iterator[str]:
    """A built site's folder (or any folder) served as plain files on a free port of 127.0.0.1 by Python's
    http.server, in a thread of the test process: its socket listens before the address is given, so
    nothing waits for it."""
    server = _Server(("127.0.0.1", 0), partial(_QuietHandler, directory=str(folder)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name=f"serving {folder.name}", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
