"""What a first visit downloads before the reader touches anything, and the first touch.

Every page type (home, the rules pages, the play pages, verify, terms, the 404 pages)
in every language, left alone: the response bodies add up to at most 400 KB (400,000
bytes; the test server does not compress), a rules page with its eight worked hands too
(Material's style sheet comes without the features the site leaves off,
trickbook_site/theme_css.py), no runtime file, no hand's data and no player or table code
comes, and no request leaves 127.0.0.1. For the 49 pages this is worked out from the built
files: the page, what its HTML loads (stylesheets with their imports, scripts, the icon,
images, the sitemap of each language it links to), every module a module script imports, to
the end, and what a script run on arrival fetches (FETCHED_BY_SCRIPT). Three pages are also
loaded in chromium at 360x740 in a fresh context (a rules page with a worked hand, a play
page, the verify page: the page types whose scripts run on arrival), and what chromium
fetched, file by file and byte for byte, must be what the built files say. The player and the
hand's data come on the first interaction, and that first press or key is honoured once they
are there.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LIMIT = 400_000
PHONE = {"width": 360, "height": 740}
RULES_PAGES = ["nap", "yorkshire", "trinidad", "euchre"]
PLAY_PAGES = ["play", "play-yorkshire", "play-trinidad", "play-nap", "play-euchre"]
OTHER_PAGES = ["", "reading-hands", "writing-hands", "two-all-fours", "verify", "terms"]
PAGES = [f"{lang}/{page}/" if page else f"{lang}/" for lang in ("en", "pt", "fr")
         for page in OTHER_PAGES + RULES_PAGES + PLAY_PAGES] + ["en/404.html", "fr/404.html", "404.html", ""]
# Files that only the reader's interaction may fetch.
RUNTIME = ("/assets/pyodide/", "/assets/runtime.json", "/assets/snapshot.json", "/assets/widgets/worker.js",
           "/assets/widgets/engine.js")
ON_DEMAND = ("/assets/widgets/hand-player/", "/assets/widgets/play-table/table.js",
             "/assets/widgets/play-table/view.js")
HAND_DATA = re.compile(r"\.[0-9a-f]{10}\.json$")
HAND = "nap-four-hearts"


TAG = re.compile(r"<(script|link|img)\b([^>]*)>", re.I)
ATTR = re.compile(r'([a-z-]+)="([^"]*)"', re.I)
CSS_IMPORT = re.compile(r"""@import\s+(?:url\()?["']([^"')]+)["']""")
# A module's static imports (import "x"; import/export ... from "x"); import("x") loads on demand.
JS_IMPORT = re.compile(r"""^\s*(?:import\s*["']([^"']+)["']|(?:import|export)\b[^;"'`(]*?\bfrom\s*["']([^"']+)["'])""",
                       re.M)


# What a script that runs on arrival fetches itself (checked in chromium on the play and verify pages):
# the stylesheets it adds to the page, and the page language's catalog of its own strings ({lang}).
FETCHED_BY_SCRIPT = {
    "/assets/widgets/play-table/start.js": [
        "/assets/widgets/play-table/table.css", "/assets/widgets/play-table/felt.css",
        "/assets/games.json",  # the site's games (widgets/games.js): a table mounts on a game listed there
    ],
    "/assets/widgets/verifier/verify.js": [
        "/assets/widgets/verifier/verifier.css", "/assets/i18n/verifier/{lang}.json",
    ],
}


def page_file(site_dir: Path, path: str) -> Path:
    return site_dir / path if path.endswith(".html") else site_dir / path / "index.html"


def static_first_load(site_dir: Path, path: str) -> tuple[int, list[str]]:
    """(bytes, paths) a first visit to PATH loads before any interaction, worked out from the built files."""
    base = "/" + path if path.endswith(".html") else "/" + path
    fetched: dict[str, int] = {}

    def visit(url_path: str, kind: str) -> None:
        if url_path in fetched:
            return
        file = site_dir / url_path.lstrip("/")
        if url_path.endswith("/"):
            file = file / "index.html"
        assert file.is_file(), f"/{path} loads {url_path}, which the build did not write"
        data = file.read_bytes()
        fetched[url_path] = len(data)
        text = data.decode("utf-8", errors="replace")
        if kind == "css":
            # Imported stylesheets load with it (print ones too); fonts and images it names load only when used.
            for ref in CSS_IMPORT.findall(text):
                visit(urljoin(url_path, ref), "css")
        elif kind == "module":
            for bare, named in JS_IMPORT.findall(text):
                visit(urljoin(url_path, bare or named), "module")

    visit(base, "html")
    html = page_file(site_dir, path).read_text(encoding="utf-8")
    for tag, attrs_text in TAG.findall(html):
        attrs = {k.lower(): v for k, v in ATTR.findall(attrs_text)}
        tag = tag.lower()
        rel = attrs.get("rel")
        if tag == "script" and "src" in attrs:
            visit(urljoin(base, attrs["src"]), "module" if attrs.get("type") == "module" else "script")
        elif tag == "link" and rel in ("stylesheet", "modulepreload", "icon"):
            visit(urljoin(base, attrs["href"]), {"stylesheet": "css", "modulepreload": "module"}.get(rel, "image"))
        elif tag == "link" and rel == "alternate" and "hreflang" in attrs:
            visit(urljoin(urljoin(base, attrs["href"]), "sitemap.xml"), "xml")  # the theme's language selector
        elif (tag == "img" and "src" in attrs and not attrs["src"].startswith("data:")
              and attrs.get("loading") != "lazy"):
            visit(urljoin(base, attrs["src"]), "image")
    lang = path.split("/")[0]
    for script, extra in FETCHED_BY_SCRIPT.items():
        if script in fetched:
            for url_path in extra:
                visit(url_path.format(lang=lang), "css" if url_path.endswith(".css") else "data")
    return sum(fetched.values()), list(fetched)


@pytest.mark.parametrize("path", PAGES)
def test_a_page_left_alone_downloads_at_most_400_kb_and_nothing_it_does_not_show(site_dir, path):
    total, paths = static_first_load(site_dir, path)
    check_first_load(path, total, paths)


def check_first_load(path: str, total: int, paths: list[str]) -> None:
    assert paths, path
    assert total <= LIMIT, f"/{path}: {total} bytes before any interaction: {paths}"
    assert [p for p in paths if p.startswith(RUNTIME)] == [], path
    assert [p for p in paths if p.startswith(ON_DEMAND) or HAND_DATA.search(p)] == [], path
    # A widget that shows on arrival (the verifier) reads its own strings in the page's language, and no
    # other catalog: not the whole one (40 KB in French), which the hands and tables load when used.
    lang = path.split("/")[0]
    assert [p for p in paths if p.startswith("/assets/i18n/") and p != f"/assets/i18n/verifier/{lang}.json"] == [], path


@pytest.mark.parametrize("path", ["en/nap/", "fr/play-euchre/", "pt/verify/"])
def test_chromium_fetches_on_a_first_visit_what_the_built_files_say(open_page, site_url, site_dir, tb, path):
    total, paths = first_load(open_page, site_url, tb, path)
    check_first_load(path, total, paths)
    expected_total, expected = static_first_load(site_dir, path)
    assert sorted(set(paths)) == sorted(expected), path
    assert total == expected_total, (path, total, expected_total)


def first_load(open_page, site_url, tb, path):
    """(bytes of every response body, the paths fetched) for PATH loaded and left alone."""
    context = open_page.context(viewport=PHONE)
    guard = open_page.guard(context)
    finished = []
    context.on("requestfinished", lambda request: finished.append(request))
    try:
        page = context.new_page()
        page.goto(f"{site_url}/{path}", wait_until="networkidle")  # no request for 500 ms
        total = sum(request.sizes()["responseBodySize"] for request in finished)
        paths = [urlsplit(request.url).path for request in finished]
    finally:
        context.close()
    assert guard.refused == [], f"requests left 127.0.0.1: {guard.refused}"
    return total, paths




def hold(context, pattern):
    """Hold back the responses to PATTERN until the returned function lets them through."""
    held = []
    handler = lambda route: held.append(route)  # noqa: E731
    context.route(pattern, handler)

    def release():
        context.unroute(pattern, handler)  # held once: later requests go through
        count = 0
        while held:
            held.pop(0).continue_()
            count += 1
        return count
    return release


@pytest.fixture
def held():
    """hold(context, pattern) -> release(); whatever is still held when the test ends is let through."""
    releases = []

    def hold_pattern(context, pattern):
        releases.append(hold(context, pattern))
        return releases[-1]
    yield hold_pattern
    for release in releases:
        release()


def open_nap(page, site_url, lang):
    page.goto(f"{site_url}/{lang}/nap/")
    fig = tb_figure(page)
    expect(fig.locator(".tb-dormant")).to_be_visible()
    expect(fig.locator(".tb-player")).to_have_count(0)
    return fig


def tb_figure(page):
    return page.locator(f'figure.tb-hand[data-hand-id="{HAND}"]')


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_first_click_on_a_hand_not_yet_loaded_steps_once_the_player_is_there(
        open_page, site_url, tb, catalogs, lang, held):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    tb.block_runtime(context)
    release = held(context, "**/assets/widgets/hand-player/mount.js")
    fig = open_nap(page, site_url, lang)
    # The controls the reader sees are the player's, in the page's language, before any code came.
    label = catalogs[lang]["ui"].get("Next step") or "Next step"
    expect(fig.locator(".tb-dormant .tb-next")).to_have_attribute("aria-label", label)
    fig.locator(".tb-next").evaluate("b => { b.dataset.probe = 'first-press'; }")
    fig.locator(".tb-next").click()
    tb.nothing_happens_for(page, 300)
    expect(fig).to_have_attribute("data-step", "0")  # the player is held back: nothing could step yet
    assert release() == 1
    # The press is honoured once: step 1, not 2, on the very button pressed (adopted, not replaced).
    expect(fig).to_have_attribute("data-step", "1")
    expect(fig.locator(".tb-player .tb-next[data-probe='first-press']")).to_have_count(1)
    tb.nothing_happens_for(page, 300)
    expect(fig).to_have_attribute("data-step", "1")
    expect(fig.locator(".tb-board .tb-seat").first).to_be_visible()
    assert fig.locator(".tb-next").evaluate("b => b === document.activeElement")


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_pointer_passing_over_a_hand_fetches_ahead_and_moves_nothing(open_page, site_url, tb, lang):
    """A reader's mouse crossing a hand while reading must not push the page about: it
    only starts the downloads. The board appears on a press, which the reader asked for."""
    page = open_page(None, (1280, 800), gentle=False)
    context = page.context
    tb.block_runtime(context)
    fig = open_nap(page, site_url, lang)
    deal = fig.locator("table").first
    on_page = "e => e.getBoundingClientRect().top + window.scrollY"  # its place in the page, not the window
    before = deal.evaluate(on_page)
    with page.expect_response(re.compile(rf"/{lang}/nap/{HAND}\.[0-9a-f]{{10}}\.json$")) as data:
        fig.locator(".tb-counter").hover()
    assert data.value.ok
    tb.nothing_happens_for(page, 500)
    assert deal.evaluate(on_page) == before  # nothing drawn above the deal's table
    expect(fig.locator(".tb-player")).to_have_count(0)
    fig.locator(".tb-next").click()
    expect(fig).to_have_attribute("data-step", "1")
    expect(fig.locator(".tb-board .tb-seat").first).to_be_visible()


def test_the_first_key_on_a_hand_not_yet_loaded_steps_once_the_player_is_there(open_page, site_url, tb, held):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    tb.block_runtime(context)
    release = held(context, f"**/en/nap/{HAND}.*.json")  # the hand's data comes late
    fig = open_nap(page, site_url, "en")
    fig.locator(".tb-next").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(fig).to_have_attribute("data-step", "0")
    assert release() == 1
    expect(fig).to_have_attribute("data-step", "2")
    page.keyboard.press("End")
    steps = tb.static_steps(page, HAND)
    expect(fig).to_have_attribute("data-step", str(len(steps) - 1))


def test_a_deep_link_to_presenter_mode_loads_its_hand_on_arrival(open_page, site_url, tb):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    tb.block_runtime(context)
    page.goto(f"{site_url}/pt/nap/#{HAND}=6&present")
    fig = tb_figure(page)
    expect(fig).to_have_class(re.compile(r"\btb-presenter\b"))
    expect(fig).to_have_attribute("data-step", "6")
    # Only the hand the link names was woken.
    expect(page.locator("figure.tb-hand .tb-player")).to_have_count(1)


def test_the_first_press_of_start_on_a_play_table_not_yet_loaded_starts_the_match(
        open_page, site_url, tb, catalogs, held):
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    tb.block_runtime(context)
    release = held(context, "**/assets/widgets/play-table/table.js")
    page.goto(f"{site_url}/fr/play-nap/")
    root = page.locator('div.tb-table[data-game="nap"]')
    start = root.locator(".tbt-start")
    expect(start).to_have_text(catalogs["fr"]["ui"]["Start a match"])
    expect(root.locator(".tbt-players")).to_have_value("4")
    root.locator(".tbt-players").select_option("5")
    start.click()
    tb.nothing_happens_for(page, 300)
    expect(root).not_to_have_attribute("data-engine", re.compile(".*"))  # no table yet
    assert release() == 1
    # The press was kept: the table starts the engine (refused here, so it says it failed).
    expect(root).to_have_attribute("data-engine", re.compile("loading|failed"))
    expect(root).to_have_attribute("data-engine", "failed", timeout=tb.LIVE_TIMEOUT_MS)
    expect(root.locator(".tbt-players")).to_have_value("5")


def has_tricks(hand_id: str) -> bool:
    """Whether the worked hand's record plays a card (the engine's replay of docs/hands)."""
    from trickbook.record import parse_record, replay
    found = list((Path(__file__).resolve().parents[2] / "docs" / "hands").glob(f"*/{hand_id}.hand.toml"))
    assert len(found) == 1, hand_id
    return bool(replay(parse_record(found[0].read_text(encoding="utf-8"))).tricks)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_without_javascript_the_figures_show_and_nothing_else_is_fetched(open_page, site_url, tb, lang):
    context = open_page.context(java_script_enabled=False, viewport=PHONE)
    guard = open_page.guard(context)
    try:
        page = context.new_page()
        page.goto(f"{site_url}/{lang}/trinidad/", wait_until="networkidle")
        figures = page.locator("figure.tb-hand")
        assert figures.count() >= 2
        for n in range(figures.count()):
            fig = figures.nth(n)
            expect(fig.locator(".tb-deal-table")).to_be_visible()
            # A hand over before a card is played (a gift, a pack run out) has no tricks to show.
            expect(fig.locator(".tb-trick-table")).to_have_count(
                1 if has_tricks(fig.get_attribute("data-hand-id")) else 0)
            expect(fig.locator(".tb-narration li").first).to_be_attached()
        expect(page.locator(".tb-dormant, .tb-player")).to_have_count(0)  # no dead controls
        assert not [u for u in guard.seen if HAND_DATA.search(urlsplit(u).path)]
        page.goto(f"{site_url}/{lang}/play-nap/", wait_until="networkidle")
        expect(page.locator(".tbt-start")).to_be_hidden()  # no Start that cannot start
        expect(page.locator("div.tb-table > p").first).to_be_visible()  # the message for readers without JavaScript
    finally:
        context.close()
    assert guard.refused == []


@pytest.mark.parametrize(("path", "viewport"), [("fr/trinidad/", PHONE), ("en/nap/", {"width": 1280, "height": 800}),
                                                ("pt/euchre/", PHONE)])
def test_the_lean_markup_shows_and_speaks_cards_as_before(open_page, site_url, tb, path, viewport):
    """Cards coloured by their suit alone (the built figure names no colour), and the words for
    the ear beside each symbol kept inside the cell or line that holds them: nothing sticks out
    of a scrolling table or widens the page."""
    context = open_page.context(viewport=viewport)
    guard = open_page.guard(context)
    tb.block_runtime(context)
    try:
        page = context.new_page()
        page.goto(f"{site_url}/{path}")
        fig = page.locator("figure.tb-hand").first
        expect(fig.locator(".tb-deal-table .tb-card").first).to_be_visible()
        colours = page.evaluate("""() => {
            const seen = {};
            for (const card of document.querySelectorAll('figure.tb-hand .tb-grid .tb-card')) {
                const suit = card.dataset.card.slice(-1);
                (seen[suit] = seen[suit] || new Set()).add(getComputedStyle(card).color);
            }
            // The live board's red card (board.js names its colour as a class) as the reference.
            const board = document.createElement('span');
            board.className = 'tb-card tb-red';
            document.querySelector('figure.tb-hand').append(board);
            const red = getComputedStyle(board).color;
            board.remove();
            return { red, suits: Object.fromEntries(Object.entries(seen).map(([s, c]) => [s, [...c]])) };
        }""")
        suits = colours["suits"]
        assert {"H", "D"} & set(suits) and {"S", "C"} & set(suits), suits
        for suit, seen in suits.items():
            assert len(seen) == 1, (suit, seen)
            assert (seen[0] == colours["red"]) == (suit in "HD"), (suit, seen, colours["red"])
        # A scrolled table carries its hidden words along (a box placed by a far ancestor would stay behind).
        page.evaluate("() => document.querySelectorAll('figure.tb-hand .tb-scroll')"
                      ".forEach((r) => { r.scrollLeft = r.scrollWidth; })")
        stray = page.evaluate("""() => [...document.querySelectorAll('figure.tb-hand .tb-sr')].filter((sr) => {
            const box = sr.getBoundingClientRect(), holder = sr.parentElement.getBoundingClientRect();
            return box.left < holder.left - 1 || box.right > holder.right + 1;
        }).map((sr) => sr.textContent)""")
        assert stray == []
        assert page.locator("figure.tb-hand .tb-narration .tb-sr").count() > 0
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()
    assert guard.refused == []
