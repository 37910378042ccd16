"""Search loads on first use: no search worker or index before the reader turns to search,
and search finds the page's own language's words once used (desktop and phone widths)."""

from __future__ import annotations

import re

import pytest
from browser import helpers
from playwright.sync_api import expect

# A word of each language's pages that the other languages do not use for it.
WORDS = {"en": "trump", "pt": "trunfo", "fr": "atout"}
SEARCH_FILES = ("/search/search_index.json", "/assets/javascripts/workers/search.")


def search_requests(guard) -> list[str]:
    return [u for u in guard.seen if any(part in u for part in SEARCH_FILES)]


def quiet_page(open_page, path: str, size: tuple[int, int]):
    """A page (``open_page``'s: no request may leave, no error be raised) at ``path``, left alone until its
    network has been idle and half a second more, and its request guard."""
    page = open_page(None, size, gentle=False)
    page.goto(open_page.site_url + path, wait_until="networkidle")
    helpers.nothing_happens_for(page, 500)  # the index is not fetched unasked, even a little later
    return page, open_page.guard(page)


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_search_index_waits_for_the_reader_then_finds_words_of_the_page_language(open_page, lang):
    page, guard = quiet_page(open_page, f"/{lang}/nap/", (1280, 800))
    assert search_requests(guard) == [], "search files fetched before the reader used search"

    box = page.locator("input[data-md-component='search-query']")
    box.click()
    box.fill(WORDS[lang])
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible(timeout=60_000)
    links = [results.nth(i).locator("a").first.get_attribute("href") for i in range(min(results.count(), 5))]
    assert links and all(f"/{lang}/" in page.evaluate("(h) => new URL(h, location.href).pathname", h)
                         for h in links), links
    fetched = search_requests(guard)
    assert any(u.endswith(f"/{lang}/search/search_index.json") for u in fetched), fetched


@pytest.mark.browser
def test_search_opened_from_the_phone_header_button_works(open_page):
    page, guard = quiet_page(open_page, "/fr/", (360, 740))
    assert search_requests(guard) == []
    button = page.locator("label.md-header__button[for='__search']")
    box_of = button.bounding_box()
    assert box_of is not None and box_of["x"] + box_of["width"] <= 360
    button.click()
    box = page.locator("input[data-md-component='search-query']")
    expect(box).to_be_focused()
    box.fill(WORDS["fr"])
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=60_000)


@pytest.mark.browser
def test_the_engine_worker_is_not_held_back_with_search(open_page):
    """Only Material's search worker waits for search; the worked hands' engine still starts."""
    page = open_page(None, gentle=False)
    page.goto(f"{open_page.site_url}/en/nap/", wait_until="load")
    created = page.evaluate("""() => {
        const worker = new Worker(new URL('../../assets/widgets/worker.js', location.href), { type: 'module' });
        const real = worker instanceof Worker && typeof worker.terminate === 'function';
        worker.terminate();
        return real && Object.getPrototypeOf(worker) === Worker.prototype;
    }""")
    assert created
    assert search_requests(open_page.guard(page)) == []


# Words of each language that the site's pages use, typed or pasted in one go.
QUERIES = {"pt": "copas", "fr": "atout"}


def open_search_with_the_index_held(open_page, lang: str):
    """A page whose search index is held back (as on a slow link) until the test lets it go: (page, held),
    ``held`` the route of the index once search has asked for it, which the page then knows as
    ``window.tbTestIndexAsked`` (set by the route's handler, for ``release`` to wait on)."""
    page = open_page(size=(1280, 800), gentle=False)
    held: list = []

    def hold(route) -> None:
        held.append(route)
        page.evaluate("() => { window.tbTestIndexAsked = true; }")

    page.route("**/search/search_index.json", hold)
    open_page.goto(page, f"/{lang}/")
    return page, held


def release(page, held) -> None:
    """Let the held index go to the page once search has asked for it."""
    page.wait_for_function("() => window.tbTestIndexAsked === true", timeout=10_000)
    assert held, "search never asked for its index"
    held[0].fallback()


def assert_the_query_ran(page, lang: str) -> None:
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible(timeout=60_000)
    meta = page.locator(".md-search-result__meta")
    placeholder = {"pt": "Escreva para pesquisar", "fr": "Tapez pour lancer la recherche"}[lang]
    expect(meta).not_to_have_text(placeholder)
    expect(meta).to_contain_text(re.compile(r"\d"))  # "5 páginas encontradas", "7 pages trouvées"


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["pt", "fr"])
@pytest.mark.parametrize("how", ["typed", "pasted"])
def test_a_query_entered_before_the_index_arrives_runs_once_it_is_there(open_page, lang, how):
    page, held = open_search_with_the_index_held(open_page, lang)
    box = page.locator("input[data-md-component='search-query']")
    box.click()
    if how == "typed":
        page.keyboard.type(QUERIES[lang])
    else:
        page.keyboard.insert_text(QUERIES[lang])  # a paste: one input event, no key
    expect(box).to_have_value(QUERIES[lang])
    release(page, held)
    assert_the_query_ran(page, lang)
    assert open_page.guard(page).refused == []


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_a_query_pasted_once_the_index_is_ready_runs(open_page, lang):
    """A paste (an input event with no key going up) after the index is there runs too."""
    page, held = open_search_with_the_index_held(open_page, lang)
    box = page.locator("input[data-md-component='search-query']")
    box.click()
    release(page, held)
    placeholder = {"pt": "Escreva para pesquisar", "fr": "Tapez pour lancer la recherche"}[lang]
    # ready, nothing asked
    expect(page.locator(".md-search-result__meta")).to_have_text(placeholder, timeout=60_000)
    page.keyboard.insert_text(QUERIES[lang])
    assert_the_query_ran(page, lang)
    assert open_page.guard(page).refused == []


# A word typed without its accents, and the page text that has them.
FOLDED = [("pt", "licitacao", "licitação"), ("fr", "coeur", "cœur"), ("fr", "levee", "levée")]


@pytest.mark.browser
@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=["phone", "desktop"])
@pytest.mark.parametrize("lang,typed,written", FOLDED)
def test_a_word_typed_without_its_accents_finds_the_pages_that_have_them(open_page, tb, lang, typed, written, size):
    errors: list[str] = []  # the console's errors (the uncaught ones: open_page)
    page = open_page(size=size, gentle=False)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    open_page.goto(page, f"/{lang}/", wait_until="load")
    if size[0] < 600:
        page.locator("label.md-header__button[for='__search']").click()
    box = page.locator("input[data-md-component='search-query']")
    box.click()
    box.fill(typed)
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible(timeout=60_000)
    tb.motion_done(page)
    shown = results.first.bounding_box()
    assert shown and shown["x"] >= -0.5 and shown["x"] + shown["width"] <= size[0] + 0.5 and shown["y"] < size[1]
    # The results show the pages' own text, accents and all.
    assert written in " ".join(results.all_inner_texts()).lower()
    # The word as written still finds the same pages.
    count = results.count()
    box.fill(written)
    expect(results).to_have_count(count)
    assert errors == []
