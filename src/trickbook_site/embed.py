"""Embed pages: one worked hand alone, for a teacher's learning platform or blog, in an `<iframe>`.

Each hand gets `embed/<lang>/<hand-id>/index.html` at the site's root: the hand's figure
(its static diagram and the player's bar, exactly as its page has them), the theme's and
the widgets' style sheets, and the widgets, without the theme's header, navigation or
footer. The page takes `?step=N` (the step shown first) and `&present` (presenter mode),
which `widgets/embed.js` turns into the hand's deep link before the player starts. A
link under the figure leads to the hand on its full page.

The embed pages live in their own folder, apart from the languages' folders, so that a
host's headers can let any site frame them while every other page stays unframeable
(`headers.py`). They are made from the built pages, by each language's process once its
pages are finished (`language_embeds`): the figure of each hand in its page gets
`data-embed`, the embed page's address, which the player's "Embed" control turns into an
`<iframe>` snippet.

Each hand also gets its own address in its language's folder, `<lang>/hand/<hand-id>/`: a page
that sends a reader on to the hand on its page (at `?step=N`, `&present`, as the player's deep
link), and that names only that hand's oEmbed answer, so that a link to one hand pasted into a
platform that embeds links embeds that hand, not its page's first one. The player's "Copy the
link to this step" gives that address (made from the figure's `data-embed`, embed-code.js).

With the site's address known (`trickbook publish --base-url`), `write_oembed` adds an
oEmbed answer (type `rich`) for each embed page, a hand's or a play table's, in the language's
folder, and names it in the embed page and the page it comes from (`<link rel="alternate"
type="application/json+oembed">`).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from html import escape, unescape
from pathlib import Path, PurePosixPath
from typing import Callable, Iterator

from . import csp

Translate = Callable[[str], str]

FOLDER = "embed"
SHARE = "hand"  # <lang>/hand/<hand-id>/: a hand's own address
FIGURE = re.compile(r'<figure class="tb-hand"[^>]*>.*?</figure>', re.S)
HAND_ID = re.compile(r'\bdata-hand-id="([^"]+)"')
DATA_SRC = re.compile(r'\bdata-src="([^"]+)"')
TITLE = re.compile(r'<figcaption class="tb-title">(.*?)</figcaption>', re.S)
TEMPLATE = re.compile(r'<template class="tb-controls-template">.*?</template>', re.S)
STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)">')
ICON = re.compile(r'<link rel="icon" href="([^"]+)">')
HEADERLINK = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.S)
HTML_LANG = re.compile(r'<html[^>]*\blang="([^"]+)"')
CANONICAL = re.compile(r'<link rel="canonical" href="([^"]+)">')
PAGE_NAME = re.compile(r"<title>(.*?)</title>", re.S)
EMBED_ATTR = re.compile(r' data-embed="[^"]*"')
# The frame's size a snippet asks for; the player fits narrower frames.
WIDTH, HEIGHT = 720, 640


@dataclass
class Embed:
    lang: str
    hand: str
    title: str
    page: Path  # the hand's own page (index.html), in the language's folder
    path: Path  # the embed page

    @property
    def share(self) -> Path:
        """The hand's own address (its index.html): ``<lang>/hand/<hand-id>/``."""
        return self.path.parents[3] / self.lang / SHARE / self.hand / "index.html"


def _rel(frm: Path, to: Path) -> str:
    return PurePosixPath(os.path.relpath(to, frm)).as_posix()


def language_folders(site: Path) -> list[Path]:
    return sorted(p for p in site.iterdir() if p.is_dir() and p.name not in ("assets", FOLDER)
                  and (p / "index.html").is_file())


def find_hands(site: Path, only: str | None = None) -> list[Embed]:
    """Every hand of every language (or of the language folder ``only``), from the first page (in path
    order) that shows it."""
    return [embed for embed, _ in _hands_by_page(site, only)]


def _hands_by_page(site: Path, only: str | None = None) -> Iterator[tuple[Embed, "_Page"]]:
    """``find_hands``' embeds, each with its page as read (one page's hands one after the other)."""
    for folder in language_folders(site):
        if only is not None and folder.name != only:
            continue
        seen: set[str] = set()
        for page in sorted(folder.rglob("index.html")):
            read = _Page(page.read_text(encoding="utf-8"))
            for figure in read.figures:
                hand = HAND_ID.search(figure)
                if hand is None or hand.group(1) in seen:
                    continue
                seen.add(hand.group(1))
                title = TITLE.search(figure)
                yield (Embed(folder.name, hand.group(1),
                             unescape(re.sub(r"<[^>]+>", "", title.group(1))).strip() if title else hand.group(1),
                             page, site / FOLDER / folder.name / hand.group(1) / "index.html"), read)


class _Page:
    """A built page's HTML and what every embed page made from it reads from it, read once."""

    def __init__(self, html: str) -> None:
        self.html = html
        self.figures: list[str] = FIGURE.findall(html)
        self.lang = HTML_LANG.search(html)
        self.sheets: list[str] = STYLESHEET.findall(html)
        self.icon = ICON.search(html)
        self.template = TEMPLATE.search(html)

    def figure(self, hand: str) -> str:
        """The first figure that names ``hand``."""
        return next(f for f in self.figures if f'data-hand-id="{hand}"' in f)


def embed_page(embed: Embed, html: "str | _Page", figure: str, open_label: str) -> str:
    """The embed page of one hand, from its page's HTML (or the page as read) and its figure."""
    page = html if isinstance(html, _Page) else _Page(html)
    here, there = embed.path.parent, embed.page.parent
    lang = page.lang
    sheets = [_rel(here, there / href) for href in page.sheets]
    # The embed page's own "Embed" control copies the snippet of this very page.
    figure = EMBED_ATTR.sub("", figure)
    figure = figure[:figure.index(">")] + ' data-embed="./"' + figure[figure.index(">"):]
    src = DATA_SRC.search(figure)
    if src:
        figure = figure.replace(src.group(0), f'data-src="{_rel(here, there / src.group(1))}"', 1)
    template = page.template
    site_root = embed.path.parents[3]
    widgets = site_root / "assets" / "widgets"
    page_link = _rel(here, there) + "/"
    head = [
        "<!doctype html>",
        f'<html lang="{escape(lang.group(1) if lang else embed.lang)}" class="tb-embed-page">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        csp.meta_tag(),
        f"<title>{escape(embed.title)}</title>",
        '<meta name="robots" content="noindex">',
        f'<link rel="canonical" href="{escape(page_link)}#{escape(embed.hand)}=0">',
        *_icon_link(page.icon, here, there),
        *[f'<link rel="stylesheet" href="{escape(href)}">' for href in sheets],
        "</head>",
    ]
    body = [
        '<body dir="ltr" class="tb-embed">',
        '<main class="md-typeset">',
        # The page's heading; the figure's caption shows the same title.
        f'<h1 class="tb-embed-heading">{escape(embed.title)}</h1>',
        figure,
        f'<p class="tb-embed-source"><a href="{escape(page_link)}#{escape(embed.hand)}=0" target="_blank" '
        f'rel="noopener">{escape(open_label)}</a></p>',
        "</main>",
        template.group(0) if template else "",
        f'<script type="module" src="{_rel(here, widgets / "embed.js")}"></script>',
        f'<script type="module" src="{_rel(here, widgets / "hand.js")}"></script>',
        "</body>",
        "</html>",
    ]
    return "\n".join(head + body) + "\n"


def share_page(embed: Embed, lang: str, open_label: str) -> str:
    """A hand's own address: it sends the reader on to the hand on its page (widgets/share.js, at the step
    ``?step=N`` names; without JavaScript a refresh to the hand's start), and names only this hand's
    oEmbed answer once the site is published with its address."""
    here = embed.share.parent
    page_link = _rel(here, embed.page.parent) + "/"
    start = f"{page_link}#{embed.hand}=0"
    widgets = embed.path.parents[3] / "assets" / "widgets"
    return "\n".join([
        "<!doctype html>",
        f'<html lang="{escape(lang)}" data-hand="{escape(embed.hand)}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        csp.meta_tag(),
        f"<title>{escape(embed.title)}</title>",
        '<meta name="robots" content="noindex">',
        f'<link rel="canonical" href="{escape(page_link)}">',
        f'<script src="{_rel(here, widgets / "share.js")}"></script>',
        f'<meta http-equiv="refresh" content="0; url={escape(start)}">',
        "</head>",
        "<body>",
        f'<h1>{escape(embed.title)}</h1>',
        f'<p><a href="{escape(start)}">{escape(open_label)}</a></p>',
        "</body>",
        "</html>",
    ]) + "\n"


def _write_share(embed: Embed, page: "_Page", open_label: str) -> None:
    embed.share.parent.mkdir(parents=True, exist_ok=True)
    lang = page.lang.group(1) if page.lang else embed.lang
    embed.share.write_text(csp.seal_page(share_page(embed, lang, open_label)), encoding="utf-8")


def _icon_link(icon: "re.Match[str] | None", here: Path, there: Path) -> list[str]:
    """The site's icon, as the page at ``there`` names it, from the embed page's folder ``here`` (so that a
    browser does not ask for /favicon.ico)."""
    return [f'<link rel="icon" href="{escape(_rel(here, there / unescape(icon.group(1))))}">'] if icon else []


def _text(html: str) -> str:
    """A heading's text: its permalink mark and its tags dropped."""
    return unescape(re.sub(r"<[^>]+>", "", HEADERLINK.sub("", html))).strip()


def mark_figures(page: Path, embeds: dict[str, Embed]) -> None:
    """Give each figure of ``page`` whose hand has an embed page its address, as ``data-embed``."""
    html = page.read_text(encoding="utf-8")

    def mark(match: re.Match[str]) -> str:
        figure = match.group(0)
        hand = HAND_ID.search(figure)
        if hand is None or hand.group(1) not in embeds or "data-embed=" in figure[:figure.index(">")]:
            return figure
        address = _rel(page.parent, embeds[hand.group(1)].path.parent) + "/"
        end = figure.index(">")  # the attribute goes last: the figure's markup is otherwise as built
        return f'{figure[:end]} data-embed="{escape(address)}"{figure[end:]}'

    out = FIGURE.sub(mark, html)
    if out != html:
        page.write_text(out, encoding="utf-8")


def _made_from(embed: Embed) -> bool:
    """Whether ``embed.path`` exists and was made from ``embed.page`` (its canonical link names that page)."""
    if not embed.path.is_file():
        return False
    link = f'<link rel="canonical" href="{escape(_rel(embed.path.parent, embed.page.parent) + "/")}#'
    return link in embed.path.read_text(encoding="utf-8")


def refresh_embed_pages(site: Path, pages: list[Path], ui: dict[str, Translate]) -> int:
    """After ``trickbook serve`` rendered ``pages`` again: the embed pages made from them made again, and
    their figures marked, as a whole build leaves them; the embed pages written.

    A hand with no embed page yet (one just added) gets one from the first of ``pages`` that shows it."""
    written = 0
    for page in pages:
        lang = page.relative_to(site).parts[0]
        html = page.read_text(encoding="utf-8")
        _ = ui.get(lang, lambda text: text)
        embeds: dict[str, Embed] = {}
        read = _Page(html)
        for figure in read.figures:
            hand = HAND_ID.search(figure)
            if hand is None or hand.group(1) in embeds:
                continue
            title = TITLE.search(figure)
            embed = Embed(lang, hand.group(1),
                          unescape(re.sub(r"<[^>]+>", "", title.group(1))).strip() if title else hand.group(1),
                          page, site / FOLDER / lang / hand.group(1) / "index.html")
            if not embed.path.is_file() or _made_from(embed):  # else an earlier page's hand: only marked
                embed.path.parent.mkdir(parents=True, exist_ok=True)
                text = embed_page(embed, read, figure, _("Open this hand on its page"))
                embed.path.write_text(csp.seal_page(text), encoding="utf-8")
                _write_share(embed, read, _("Open this hand on its page"))
                written += 1
            embeds[embed.hand] = embed
        mark_figures(page, embeds)
    return written


def language_embeds(site: Path, code: str, _: Translate) -> int:
    """The embed pages of one language folder's hands, and its figures marked; the pages written.

    Each language's process does this for its own folder once its pages are finished (``build.py``):
    it reads and rewrites only that folder's pages and writes only ``embed/<code>/``."""
    embeds: list[Embed] = []
    open_label = _("Open this hand on its page")
    for embed, read in _hands_by_page(site, only=code):
        embed.path.parent.mkdir(parents=True, exist_ok=True)
        text = embed_page(embed, read, read.figure(embed.hand), open_label)
        embed.path.write_text(csp.seal_page(text), encoding="utf-8")
        _write_share(embed, read, open_label)
        embeds.append(embed)
    marked = {embed.hand: embed for embed in embeds}
    for page in sorted((site / code).rglob("index.html")):
        mark_figures(page, marked)
    return len(embeds)


def write_oembed(site: Path, base_url: str, provider: str) -> int:
    """For every embed page, a hand's or a play table's, its oEmbed answer (absolute addresses under
    ``base_url``), named by the embed page and by the page it comes from; the count.

    The answers live in the language's folder (``<lang>/hand-<id>.oembed.json``,
    ``<lang>/table-<game>.oembed.json``), beside its ``sitemap.xml``: the theme's script takes every
    ``<link rel="alternate">`` of a page for a language of it and reads the ``sitemap.xml`` beside the
    address, which must be there (one missing file a hand would be one failed request a hand)."""
    base = base_url if base_url.endswith("/") else base_url + "/"
    count = 0
    for embed in find_hands(site):
        if embed.path.is_file():
            _write_answer(site, base, provider, embed.path, embed.title, embed.page, f"hand-{embed.hand}",
                          embed.share)
            count += 1
    for path in sorted((site / FOLDER).glob("*/table-*/index.html")):
        html = path.read_text(encoding="utf-8")
        canonical = CANONICAL.search(html)
        title = PAGE_NAME.search(html)
        if canonical is None:
            continue
        page = (path.parent / unescape(canonical.group(1))).resolve() / "index.html"
        name = unescape(title.group(1)).strip() if title else path.parent.name
        if page.is_file():
            _write_answer(site, base, provider, path, name, page, path.parent.name)
            count += 1
    return count


def _write_answer(site: Path, base: str, provider: str, embed: Path, title: str, page: Path, name: str,
                  share: Path | None = None) -> None:
    rel = embed.parent.relative_to(site).as_posix() + "/"
    src = base + rel
    answer = {
        "version": "1.0", "type": "rich", "provider_name": provider, "provider_url": base,
        "title": title, "width": WIDTH, "height": HEIGHT, "html": iframe(src, title),
    }
    lang = embed.parent.parent.name
    oembed = site / lang / f"{name}.oembed.json"
    oembed.write_text(json.dumps(answer, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    link = (f'<link rel="alternate" type="application/json+oembed" '
            f'href="{escape(base + oembed.relative_to(site).as_posix())}" title="{escape(title)}">')
    for named in (embed, page, share):
        if named is None or not named.is_file():
            continue
        html = named.read_text(encoding="utf-8")
        if link not in html:
            named.write_text(html.replace("</head>", link + "\n</head>", 1), encoding="utf-8")


def iframe(src: str, title: str) -> str:
    """The snippet a teacher pastes; the same as the "Embed" control copies (widgets/embed.js)."""
    return (f'<iframe src="{escape(src)}" title="{escape(title)}" width="{WIDTH}" height="{HEIGHT}" '
            'style="max-width:100%;border:0" allow="fullscreen" loading="lazy"></iframe>')


# ----- play tables: the table alone, for a teacher's page ------------------------------------------
#
# Each play table (`<div class="tb-table" data-game>`, its opening controls written in by
# on_demand.py) gets `embed/<lang>/table-<game>/index.html`: the table, the page's style sheets and
# the table's script (`play-table/start.js`), without the theme's header, navigation or footer, and
# a link to the table on its full page. The `frame-ancestors` of the embed folder let any site frame it.
TABLE_OPEN = re.compile(r'<div class="tb-table" data-game="([\w-]+)"[^>]*>')
DIV = re.compile(r"<div\b|</div>")
DATA_VERIFY = re.compile(r'\bdata-verify="([^"]+)"')
PAGE_TITLE = re.compile(r"<h1[^>]*>(.*?)</h1>", re.S)


def _element(html: str, start: int) -> str:
    """The whole `<div>` that opens at ``start`` (its nested `<div>`s counted)."""
    depth = 0
    for match in DIV.finditer(html, start):
        depth += 1 if match.group(0) != "</div>" else -1
        if depth == 0:
            return html[start:match.end()]
    raise ValueError(f"a <div> at offset {start} is never closed")


def table_embed_page(lang: str, page: Path, path: Path, html: str, table: str, open_label: str) -> str:
    """The embed page of the play table ``table`` of ``page`` (written at ``path``)."""
    here, there = path.parent, page.parent
    verify = DATA_VERIFY.search(table)
    if verify:  # the table's link to the verify page, from the embed page's folder
        table = table.replace(verify.group(0), f'data-verify="{_rel(here, there / verify.group(1))}/"', 1)
    sheets = [_rel(here, there / href) for href in STYLESHEET.findall(html)]
    heading = PAGE_TITLE.search(html)
    title = _text(heading.group(1)) if heading else path.parent.name
    page_link = _rel(here, there) + "/"
    widgets = path.parents[3] / "assets" / "widgets"
    return "\n".join([
        "<!doctype html>",
        f'<html lang="{escape(lang)}" class="tb-embed-page">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        csp.meta_tag(),
        f"<title>{escape(title)}</title>",
        '<meta name="robots" content="noindex">',
        f'<link rel="canonical" href="{escape(page_link)}">',
        *_icon_link(ICON.search(html), here, there),
        *[f'<link rel="stylesheet" href="{escape(href)}">' for href in sheets],
        "</head>",
        '<body dir="ltr" class="tb-embed">',
        '<main class="md-typeset">',
        f'<h1 class="tb-embed-heading">{escape(title)}</h1>',
        table,
        f'<p class="tb-embed-source"><a href="{escape(page_link)}" target="_blank" rel="noopener">'
        f"{escape(open_label)}</a></p>",
        "</main>",
        f'<script type="module" src="{_rel(here, widgets / "play-table" / "start.js")}"></script>',
        "</body>",
        "</html>",
    ]) + "\n"


def _table_embeds(site: Path, page: Path, html: str, _: Translate, seen: set[str],
                  only_own: bool) -> int:
    """Write the embed pages of the play tables of ``page`` whose game is not in ``seen`` (adding it);
    with ``only_own``, only those not yet written or made from this very page. The pages written."""
    folder = page.relative_to(site).parts[0]
    written = 0
    for match in TABLE_OPEN.finditer(html):
        game = match.group(1)
        if game in seen:
            continue
        seen.add(game)
        path = site / FOLDER / folder / f"table-{game}" / "index.html"
        own = f'<link rel="canonical" href="{escape(_rel(path.parent, page.parent) + "/")}">'
        if only_own and path.is_file() and own not in path.read_text(encoding="utf-8"):
            continue  # an earlier page's table: the whole build made it from that page
        lang = HTML_LANG.search(html)
        path.parent.mkdir(parents=True, exist_ok=True)
        text = table_embed_page(lang.group(1) if lang else folder, page, path, html,
                                _element(html, match.start()), _("Open this table on its page"))
        path.write_text(csp.seal_page(text), encoding="utf-8")
        written += 1
    return written


def write_table_embed_pages(site: Path, ui: dict[str, Translate]) -> int:
    """Write the embed page of every play table of every language into ``site``; the pages written."""
    written = 0
    for folder in language_folders(site):
        _ = ui.get(folder.name, lambda text: text)
        seen: set[str] = set()
        for page in sorted(folder.rglob("index.html")):
            written += _table_embeds(site, page, page.read_text(encoding="utf-8"), _, seen, only_own=False)
    return written


def refresh_table_embed_pages(site: Path, pages: list[Path], ui: dict[str, Translate]) -> int:
    """After ``trickbook serve`` rendered ``pages`` again: the embed pages of their play tables made again
    where a whole build makes them from these pages; the pages written."""
    written = 0
    for page in pages:
        lang = page.relative_to(site).parts[0]
        written += _table_embeds(site, page, page.read_text(encoding="utf-8"),
                                 ui.get(lang, lambda text: text), set(), only_own=True)
    return written
