"""What translators and readers see of a translation in progress, in the browser.

A small course in English, French and Portuguese: one paragraph translated and then
changed in English (fuzzy), the rest never translated (missing). Each fallback shows
in English with ``lang="en"`` and a small marker in the reader's language; French
spacing never touches it; ``?i18n-keys`` shows a segment's English on hover; and the
page opened from disk says that its controls need a served site.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest
from browser import helpers
from helpers import seeded_build_root

from trickbook_site.cli import main
from trickbook_site.i18n.catalog import _po_bytes, read_catalog

pytestmark = pytest.mark.browser

OLD = "An example hand of Nap, step by step."
NEW = "An example hand of Nap, step by step: they play."
TRANSLATED = {"fr": "Une donne de Nap, étape par étape.", "pt_PT": "Uma mão de Nap, passo a passo."}
MARKERS = {"fr": ("traduction à revoir", "pas encore traduit"), "pt": ("tradução desatualizada", "ainda não traduzido")}
HTML_LANG = {"fr": "fr", "pt": "pt-PT"}
SIZES = [(360, 740), (1280, 800)]


@pytest.fixture(scope="module")
def stale_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    course = tmp_path_factory.mktemp("stale") / "club"
    assert main(["new", str(course), "--languages", "en,fr,pt"]) == 0
    seeded_build_root(course / "build")  # the checkout's engine files: the pages are under test, not them
    trickbook = [str(Path(sys.executable).parent / "trickbook")]
    subprocess.run(trickbook + ["i18n", "update"], cwd=course, check=True, capture_output=True)
    for locale, text in TRANSLATED.items():
        po = course / "locales" / locale / "LC_MESSAGES" / "content.po"
        catalog = read_catalog(po, locale)
        catalog[OLD].string = text
        po.write_bytes(_po_bytes(catalog, previous=True))
    page = course / "docs" / "nap.md"
    page.write_text(page.read_text(encoding="utf-8").replace(OLD, NEW), encoding="utf-8")
    subprocess.run(trickbook + ["i18n", "update"], cwd=course, check=True, capture_output=True)
    assert "#, fuzzy" in (course / "locales" / "fr" / "LC_MESSAGES" / "content.po").read_text(encoding="utf-8")
    done = subprocess.run(trickbook + ["build"], cwd=course, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return course / "site"


@pytest.fixture(scope="module")
def stale_url(stale_site: Path) -> Iterator[str]:
    with helpers.served_folder(stale_site) as url:
        yield url


@pytest.mark.browser_context_args(reduced_motion="reduce")  # axe measures colours with no fade running
@pytest.mark.parametrize("size", SIZES, ids=["phone", "desktop"])
@pytest.mark.parametrize("lang", ["fr", "pt"])
def test_a_stale_paragraph_shows_in_english_with_a_marker_in_the_readers_language(
        open_page, stale_url, lang, size) -> None:
    width, height = size
    page = open_page(None, size, gentle=False)
    page.goto(f"{stale_url}/{lang}/nap/")
    stale = page.locator('p[data-tb-fallback="fuzzy"]')
    assert stale.count() == 1
    assert stale.get_attribute("lang") == "en"
    text = stale.inner_text()
    assert NEW in text, text  # English punctuation: no no-break space before the colon
    marker = stale.locator(".tb-fallback-mark")
    assert marker.get_attribute("lang") == HTML_LANG[lang]
    assert marker.inner_text() == MARKERS[lang][0]
    assert "locales/" in (marker.get_attribute("title") or "")
    box, para = marker.bounding_box(), stale.bounding_box()
    assert box is not None and para is not None and box["width"] > 0
    assert para["x"] <= box["x"] and box["x"] + box["width"] <= para["x"] + para["width"] + 1
    assert box["x"] + box["width"] <= width and box["height"] < 30  # small, and on screen
    # Never translated: the hand's note in the narration, marked the same way.
    note = page.locator('.tb-narration .tb-note[data-tb-fallback="missing"]').first
    assert note.get_attribute("lang") == "en"
    assert note.locator("xpath=following-sibling::*[1]").inner_text() == MARKERS[lang][1]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert helpers.violations(page) == []


def test_i18n_keys_shows_each_segments_english_on_hover(open_page, stale_url) -> None:
    page = open_page(None, (1280, 720), gentle=False)
    page.goto(f"{stale_url}/fr/?i18n-keys")
    heading = page.locator("article h2").first
    page.wait_for_function("() => document.documentElement.classList.contains('tb-i18n-keys')")
    english = page.evaluate("""async () => {
        const doc = new DOMParser().parseFromString(await (await fetch('../en/')).text(), 'text/html');
        return doc.querySelector('article h2').textContent.replace(/\\s+/g, ' ').replace(/¶$/, '').trim();
    }""")
    assert heading.get_attribute("data-tb-msgid") == english
    heading.hover()
    assert heading.get_attribute("title") == english
    assert "tb-i18n-key" in (heading.get_attribute("class") or "")


def test_a_page_opened_from_disk_says_its_controls_need_a_served_site(open_page, stale_site, stale_url) -> None:
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    seen: list[str] = []
    context.route("**/*", lambda route: (seen.append(route.request.url), route.continue_()))
    page.goto(f"{stale_url}/fr/nap/")
    assert page.locator(".tb-file-notice").is_hidden()  # served: nothing to say
    page.goto((stale_site / "fr" / "nap" / "index.html").as_uri())
    notice = page.locator(".tb-file-notice")
    notice.wait_for(state="visible")
    assert "trickbook serve" in notice.inner_text() and "python3 -m http.server" in notice.inner_text()
    assert notice.inner_text().startswith("Ouvert depuis un fichier")
    box = notice.bounding_box()
    assert box is not None and box["y"] < page.locator("figure.tb-hand").first.bounding_box()["y"]
    # The site's root, opened from disk, leads to a language's page (not a folder listing), which says so too.
    page.goto((stale_site / "index.html").as_uri())
    page.wait_for_url("**/en/index.html")
    english = page.locator(".tb-file-notice")
    english.wait_for(state="visible")
    assert english.inner_text().startswith("Opened from a file") and english.get_attribute("lang") is None
    assert all(url.startswith(("file://", "http://127.0.0.1")) for url in seen), seen


@pytest.mark.browser_context_args(reduced_motion="reduce")  # axe measures colours with no fade running
@pytest.mark.parametrize("size", SIZES, ids=["phone", "desktop"])
@pytest.mark.parametrize("lang", ["fr", "pt"])
def test_a_question_not_yet_translated_shows_in_english_marked_lang_en(open_page, stale_url, lang, size) -> None:
    """The course's questions were never translated: the question at its step, and the printed list, say
    them in English with ``lang="en"``, while the panel's own words are in the reader's language."""
    width, height = size
    page = open_page(None, size, gentle=False)
    page.goto(f"{stale_url}/{lang}/nap/#nap-four-hearts=16")
    fig = page.locator('figure.tb-hand[data-hand-id="nap-four-hearts"]')
    fig.locator(".tb-player").wait_for()
    text = fig.locator(".tb-question[data-kind='winner'] .tb-q-text")
    text.wait_for()
    assert text.inner_text() == "Who takes the third trick?"
    assert text.get_attribute("lang") == "en"
    prompt = fig.locator(".tb-question[data-kind='winner'] .tb-q-prompt")
    assert prompt.inner_text() and prompt.get_attribute("lang") is None
    assert prompt.evaluate("(e) => e.closest('[lang]').getAttribute('lang')") == HTML_LANG[lang]
    text.scroll_into_view_if_needed()
    box = text.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width and 0 <= box["y"] <= height
    printed = page.locator(".tb-questions-print li span[lang='en']")
    assert printed.count() == 4
    assert "Who takes the third trick?" in printed.all_inner_texts()
    assert helpers.violations(page) == []
