"""The published site used from elsewhere, behind Debian's caddy (browser/behind_caddy.py): a hand and a
play table embedded in a page of another origin, the embed control's snippet, and the printed handouts,
whose worked hands carry QR codes back to their live pages.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any, Iterator

import pypdfium2
import pytest
import zxingcpp
from browser.behind_caddy import Caddy, Watch, caddy_serving, publish_into, watched_page
from browser.helpers import served_folder
from playwright.sync_api import expect

from trickbook_site.handouts import hand_address

pytestmark = pytest.mark.browser

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
