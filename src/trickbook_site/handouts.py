"""Printed handouts that lead back to the live hand: a QR code under each worked hand on paper.

Each hand's figure gets, as its last child, a block that only print shows (hidden on screen, as the
printed questions are): a QR code, as SVG made by `segno`, and the address it holds. The address is
the hand's own page at the site's address, with the hand's deep link (`#<hand-id>=<step>`, as the
player reads it) at the step the printed figure starts from (its `data-step`).

A QR code needs the site's address: the build adds the codes when `mkdocs.yml` names a `site_url`;
`trickbook publish --base-url` adds them (or puts the new address in them) in the published folder.
Without either, a printed hand has no code: an address relative to nothing would lead nowhere.
"""

from __future__ import annotations

import io
import re
from html import escape
from pathlib import Path
from urllib.parse import quote

import segno

from .embed import language_folders

# A published site's pages are all there is to give a new address to (``trickbook publish --base-url``):
# each figure is read out of its built page, as a whole, and its code put in (or replaced) before its end.
FIGURE = re.compile(r'<figure class="tb-hand"[^>]*>.*?</figure>', re.S)
HAND_ID = re.compile(r'\bdata-hand-id="([^"]+)"')
CODE = re.compile(r'\n?<div class="tb-handout-code"[^>]*>.*?</div>', re.S)
STEP = re.compile(r'\bdata-step="(\d+)"')


def hand_address(base_url: str, page: str, hand: str, step: int) -> str:
    """The live hand's address: ``page`` (a path under the site, "en/nap/") at ``hand`` and ``step``."""
    base = base_url if base_url.endswith("/") else base_url + "/"
    return f"{base}{quote(page)}#{quote(hand, safe='')}={step}"


def code_svg(address: str) -> str:
    """``address`` as a QR code: an SVG that scales to its box (no width or height of its own)."""
    out = io.BytesIO()
    segno.make(address, error="m", micro=False).save(
        out, kind="svg", scale=1, border=4, xmldecl=False, svgns=True, omitsize=True, nl=False,
        svgclass="tb-qr", lineclass=None)
    svg = out.getvalue().decode("utf-8")
    return svg.replace("<svg ", f'<svg role="img" aria-label="{escape(address)}" ', 1)


def code_block(address: str) -> str:
    return (f'<div class="tb-handout-code" hidden data-search-exclude>{code_svg(address)}'
            f'<p class="tb-handout-address">{escape(address)}</p></div>')


def add_handout_codes(site: Path, base_url: str, only: str | None = None) -> int:
    """Give every worked hand in the language folders of ``site`` (or in the folder ``only``) its printed
    QR code (replacing one made for another address); the number of figures."""
    count = 0
    for folder in language_folders(site):
        if only is not None and folder.name != only:
            continue
        for page in sorted(folder.rglob("index.html")):
            html = page.read_text(encoding="utf-8")
            path = page.parent.relative_to(site).as_posix() + "/"

            def add(match: re.Match[str], path: str = path) -> str:
                nonlocal count
                figure = CODE.sub("", match.group(0))
                opening = figure[:figure.index(">")]
                hand, step = HAND_ID.search(opening), STEP.search(opening)
                if hand is None:
                    return figure
                count += 1
                block = code_block(hand_address(base_url, path, hand.group(1), int(step.group(1)) if step else 0))
                end = figure.rindex("</figure>")
                return f"{figure[:end]}{block}\n{figure[end:]}"

            out = FIGURE.sub(add, html)
            if out != html:
                page.write_text(out, encoding="utf-8")
    return count
