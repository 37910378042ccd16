"""Embed pages: one worked hand alone, for a teacher's learning platform or blog, in an `<iframe>`.

Each hand gets `embed/<lang>/<hand-id>/index.html` at the site's root: the hand's figure
(its static diagram and the player's bar, exactly as its page has them), the theme's and
the widgets' style sheets, and the widgets, without the theme's header, navigation or
footer. The page takes `?step=N` (the step shown first) and `&present` (presenter mode),
which `widgets/embed.js` turns into the hand's deep link before the player starts. A
link under the figure leads to the hand on its full page.

The embed pages live in their own folder, apart from the languages' folders, so that a
host's headers can let any site frame them while every other page stays unframeable
(`headers.py`). Each language's process draws them once its pages are finished
(`language_embeds`), from the hands themselves (`figure.HandFigure`, the player's bar of
`hand_controls.py`, `templates/embed.html`), each from the first page that shows it (as the
pages' sources say, `shown_hands`), with the passes its pages get; from that page's built head
come only the theme's style sheets and icon. Every figure names its hand's embed page in
`data-embed` as the build draws it into its page (`embed_root`), which the player's "Embed"
control turns into an `<iframe>` snippet.

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
from typing import TYPE_CHECKING, Any, Callable, Iterable

from . import csp, templates
from .hand_controls import controls_template
from .hands import find_blocks
from .i18n import typography
from .i18n.fallback import GUIDE_LINK, GUIDE_PAGE
from .textfile import read_text

if TYPE_CHECKING:
    from .figure import Texts
    from .hands import Hand

Translate = Callable[[str], str]

FOLDER = "embed"
SHARE = "hand"  # <lang>/hand/<hand-id>/: a hand's own address
# What an embed page takes from the head of the page it comes from, read as a whole: the theme decides
# which style sheets and icon a page loads (Material's hashed sheet, the site's extra_css), and the
# page's language tag (the theme's). Everything else an embed page shows is drawn.
STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)">')
ICON = re.compile(r'<link rel="icon" href="([^"]+)">')
HTML_LANG = re.compile(r'<html[^>]*\blang="([^"]+)"')
HEADERLINK = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.S)
CANONICAL = re.compile(r'<link rel="canonical" href="([^"]+)">')
PAGE_NAME = re.compile(r"<title>(.*?)</title>", re.S)
# The frame's size a snippet asks for; the player fits narrower frames.
WIDTH, HEIGHT = 720, 640


def directory_urls(config: dict[str, Any]) -> bool:
    """Whether MkDocs writes ``page.md`` as ``page/index.html`` (its default) in this configuration."""
    return bool(config.get("use_directory_urls", True))


def page_dest(src_uri: str, directory_urls: bool = True) -> str:
    """Where MkDocs writes the page ``src_uri`` (a path under docs/), under its language's folder."""
    from mkdocs.structure.files import File

    return str(File(src_uri, None, "", directory_urls).dest_uri)


def embed_root(src_uri: str, code: str, directory_urls: bool = True) -> str:
    """The way from the folder of the page ``src_uri`` of language ``code`` to that language's embed
    pages (``embed/<code>/``), for the figures' ``data-embed``."""
    depth = len(PurePosixPath(page_dest(src_uri, directory_urls)).parts) - 1
    return "../" * (depth + 1) + f"{FOLDER}/{code}/"


@dataclass
class Embed:
    lang: str
    hand: str
    title: str
    page: Path  # the hand's own page (index.html), in the language's folder
    path: Path  # the embed page
    step: int = 0  # the step its page shows first

    @property
    def share(self) -> Path:
        """The hand's own address (its index.html): ``<lang>/hand/<hand-id>/``."""
        return self.path.parents[3] / self.lang / SHARE / self.hand / "index.html"


def _rel(frm: Path, to: Path) -> str:
    return PurePosixPath(os.path.relpath(to, frm)).as_posix()


def language_folders(site: Path) -> list[Path]:
    return sorted(p for p in site.iterdir() if p.is_dir() and p.name not in ("assets", FOLDER)
                  and (p / "index.html").is_file())


def shown_hands(docs: Path, site: Path, code: str, hands: "dict[str, Hand]", title: Callable[["Hand"], str],
                directory_urls: bool = True) -> list[Embed]:
    """Every hand the pages of ``docs`` show, each from the first page (in the built pages' order) that
    shows it, at the step that page shows first (a hand of a pair from its start), in language ``code``
    of ``site``; ``title`` gives a hand's title in that language."""
    pages = sorted((site / code / page_dest(src.relative_to(docs).as_posix(), directory_urls), src)
                   for src in docs.rglob("*.md"))
    found: dict[str, Embed] = {}
    for page, src in pages:
        for block in find_blocks(read_text(src), src):
            for hand_id in block.ids:
                if hand_id in found or hand_id not in hands:
                    continue
                found[hand_id] = Embed(code, hand_id, title(hands[hand_id]), page,
                                       site / FOLDER / code / hand_id / "index.html",
                                       block.step if block.pair is None else 0)
    return list(found.values())


class _Head:
    """What an embed page takes from the head of the page it comes from (``STYLESHEET``)."""

    def __init__(self, html: str) -> None:
        head = html[:html.find("</head>")] if "</head>" in html else html
        lang = HTML_LANG.search(head)
        icon = ICON.search(head)
        self.lang = lang.group(1) if lang else None
        self.sheets: list[str] = STYLESHEET.findall(head)
        self.icon = unescape(icon.group(1)) if icon else None


def _page(kind: str, **values: Any) -> str:
    return str(templates.macro("embed.html", kind)(values)).rstrip("\n") + "\n"


def embed_page(embed: Embed, head: "_Head", figure: str, controls: str, open_label: str) -> str:
    """The embed page of one hand: its ``figure`` drawn for this page, the player's bar (``controls``), and
    the theme's style sheets and icon as its page's ``head`` names them."""
    here, there = embed.path.parent, embed.page.parent
    widgets = embed.path.parents[3] / "assets" / "widgets"
    return _page(
        "alone", lang=head.lang or embed.lang, csp=templates.Markup(csp.meta_tag()), title=embed.title,
        canonical=f"{_rel(here, there)}/#{embed.hand}=0",
        icon=_rel(here, there / head.icon) if head.icon else None,
        sheets=[_rel(here, there / unescape(href)) for href in head.sheets],
        # The page's heading; the figure's caption shows the same title.
        shown=templates.Markup(figure), open_label=open_label, controls=templates.Markup(controls),
        scripts=[_rel(here, widgets / "embed.js"), _rel(here, widgets / "hand.js")])


def share_page(embed: Embed, lang: str, open_label: str) -> str:
    """A hand's own address: it sends the reader on to the hand on its page (widgets/share.js, at the step
    ``?step=N`` names; without JavaScript a refresh to the hand's start), and names only this hand's
    oEmbed answer once the site is published with its address."""
    here = embed.share.parent
    page_link = _rel(here, embed.page.parent) + "/"
    widgets = embed.path.parents[3] / "assets" / "widgets"
    return _page("share", lang=lang, hand=embed.hand, csp=templates.Markup(csp.meta_tag()), title=embed.title,
                 canonical=page_link, script=_rel(here, widgets / "share.js"), start=f"{page_link}#{embed.hand}=0",
                 open_label=open_label)


def _text(html: str) -> str:
    """A heading's text: its permalink mark and its tags dropped."""
    return unescape(re.sub(r"<[^>]+>", "", HEADERLINK.sub("", html))).strip()


class HandEmbeds:
    """The embed pages of one language's hands, drawn from the hands (``figure.HandFigure``) in the
    language's words, with the passes its pages get (cards in the prose spoken, typography, the
    translator's guide linked, the seal)."""

    def __init__(self, texts: "Texts", hands: "dict[str, Hand]", site_url: str | None = None) -> None:
        from .spoken_cards import spoken_cards

        self.texts, self.hands, self.site_url = texts, hands, site_url
        self.say = spoken_cards(texts.ui, texts.engine)
        self.typeset = typography.html_rules(texts.lang) or (lambda html: html)
        self.controls = controls_template(texts.ui)
        _ = texts.ui
        self.open_label = _("Open this hand on its page")

    def title(self, hand: "Hand") -> str:
        from .figure import HandFigure

        return HandFigure(hand, self.texts).title()

    def write(self, embed: Embed) -> None:
        """The hand's embed page and its own address."""
        from .figure import HandFigure
        from .handouts import code_block, hand_address  # (handouts reads the language folders named here)

        page = embed.page.read_text(encoding="utf-8") if embed.page.is_file() else ""
        head = _Head(page)
        here, there = embed.path.parent, embed.page.parent
        drawn = HandFigure(self.hands[embed.hand], self.texts).draw(embed.step)
        # A printed hand leads back to its live page when the site's address is known (handouts.py).
        code = code_block(hand_address(self.site_url, there.relative_to(embed.path.parents[3]).as_posix() + "/",
                                       embed.hand, embed.step)) if self.site_url else ""
        figure = drawn.placed(embed="./", folder=_rel(here, there) + "/", code=code)
        html = embed_page(embed, head, figure, self.controls, self.open_label)
        guide = embed.path.parents[3] / embed.lang / GUIDE_PAGE / "index.html"
        if GUIDE_LINK in html:  # a marker of English shown for want of a translation: to the guide, from here
            link = f'href="{_rel(here, guide.parent)}/"' if guide.is_file() else ""
            html = html.replace(f'href="{GUIDE_LINK}"', link)
        embed.path.parent.mkdir(parents=True, exist_ok=True)
        embed.path.write_text(csp.seal_page(self.typeset(self.say(html))), encoding="utf-8")
        embed.share.parent.mkdir(parents=True, exist_ok=True)
        share = share_page(embed, head.lang or embed.lang, self.open_label)
        embed.share.write_text(csp.seal_page(self.typeset(share)), encoding="utf-8")


def language_embeds(site: Path, docs: Path, texts: "Texts", hands: "dict[str, Hand]",
                    directory_urls: bool = True, site_url: str | None = None) -> int:
    """The embed pages of one language folder's hands; the pages written.

    Each language's process does this for its own folder once its pages are finished (``build.py``):
    it reads only that folder's pages' heads and writes only ``embed/<code>/`` and ``<code>/hand/``."""
    embeds = HandEmbeds(texts, hands, site_url)
    shown = shown_hands(docs, site, texts.lang, hands, embeds.title, directory_urls)
    for embed in shown:
        embeds.write(embed)
    return len(shown)


def refresh_embed_pages(site: Path, docs: Path, pages: Iterable[Path], texts: "Texts", hands: "dict[str, Hand]",
                        directory_urls: bool = True, site_url: str | None = None) -> int:
    """After ``trickbook serve`` rendered ``pages`` of the language of ``texts`` again: the embed pages of
    the hands whose embed page comes from one of them, as a whole build makes them; the pages written."""
    embeds = HandEmbeds(texts, hands, site_url)
    again = set(pages)
    written = 0
    for embed in shown_hands(docs, site, texts.lang, hands, embeds.title, directory_urls):
        if embed.page in again or not embed.path.is_file():
            embeds.write(embed)
            written += 1
    return written


def write_oembed(site: Path, base_url: str, provider: str) -> int:
    """For every embed page, a hand's or a play table's, its oEmbed answer (absolute addresses under
    ``base_url``), named by the embed page and by the page it comes from; the count.

    The answers live in the language's folder (``<lang>/hand-<id>.oembed.json``,
    ``<lang>/table-<game>.oembed.json``), beside its ``sitemap.xml``: the theme's script takes every
    ``<link rel="alternate">`` of a page for a language of it and reads the ``sitemap.xml`` beside the
    address, which must be there (one missing file a hand would be one failed request a hand)."""
    base = base_url if base_url.endswith("/") else base_url + "/"
    count = 0
    for embed in _published_hands(site):
        _write_answer(site, base, provider, embed.path, embed.title, embed.page, f"hand-{embed.hand}", embed.share)
        count += 1
    for path in sorted((site / FOLDER).glob("*/table-*/index.html")):
        found = _page_named(path)
        if found is not None:
            _write_answer(site, base, provider, path, found[1], found[0], path.parent.name)
            count += 1
    return count


def _page_named(path: Path) -> tuple[Path, str] | None:
    """The page an embed page comes from (its canonical link) and its title, read from its head: a
    published site is all ``trickbook publish`` has."""
    html = path.read_text(encoding="utf-8")
    canonical = CANONICAL.search(html)
    title = PAGE_NAME.search(html)
    if canonical is None:
        return None
    page = (path.parent / unescape(canonical.group(1)).partition("#")[0]).resolve() / "index.html"
    return (page, unescape(title.group(1)).strip() if title else path.parent.name) if page.is_file() else None


def _published_hands(site: Path) -> list[Embed]:
    """The hands' embed pages of a built site, in the order their pages show them (each page read as a
    whole for where its figures stand, so that its oEmbed links come in that order)."""
    found = []
    for path in sorted((site / FOLDER).glob("*/*/index.html")):
        named = _page_named(path) if not path.parent.name.startswith("table-") else None
        if named is not None:
            found.append(Embed(path.parent.parent.name, path.parent.name, named[1], named[0], path))
    order: dict[Path, str] = {}

    def where(embed: Embed) -> tuple[str, int]:
        html = order.setdefault(embed.page, embed.page.read_text(encoding="utf-8"))
        return str(embed.page), html.find(f'data-hand-id="{escape(embed.hand)}"')
    return sorted(found, key=where)


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
# The table is taken out of its built page, whole (``_element``): inside it stands the author's own
# Markdown for readers without JavaScript, which only MkDocs renders, and the page's title is its
# first heading as MkDocs rendered it.
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
    head = _Head(html)
    heading = PAGE_TITLE.search(html)
    title = _text(heading.group(1)) if heading else path.parent.name
    widgets = path.parents[3] / "assets" / "widgets"
    return _page(
        "alone", lang=lang, csp=templates.Markup(csp.meta_tag()), title=title, canonical=_rel(here, there) + "/",
        icon=_rel(here, there / head.icon) if head.icon else None,
        sheets=[_rel(here, there / unescape(href)) for href in head.sheets],
        shown=templates.Markup(table), open_label=open_label, controls="",
        scripts=[_rel(here, widgets / "play-table" / "start.js")])


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
