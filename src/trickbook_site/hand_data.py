"""Worked hands' data out of the page: one JSON file per hand and page language, fetched on demand.

The figure's markup carries its data island (``<script type="application/json"
class="tb-data">``: the record text, the compact trace, the translated title and
notes) through the whole build, so that the language's typography reaches it
like the rest of the page. Last, before the pages are sealed, this pass moves each
island into a file beside its page, named by the hand's id and a hash of its
content (``nap-four-hearts.3f9c0a1b2d.json``: a changed hand is a new name, so no
cache keeps an old one), and leaves on the figure only ``data-src``, the file's
address relative to the page. `widgets/hand.js` fetches it on the reader's first
interaction with the hand (or a deep link to it); reading without touching a hand
downloads none of it.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

ISLAND = re.compile(
    r'(<figure class="tb-hand"[^>]*?)(>(?:(?!<figure\b).)*?)'
    r'<script type="application/json" class="tb-data">(.*?)</script>\n?',
    re.DOTALL)
UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def data_file_name(text: str) -> str:
    """``<id>.<hash>.json`` for an island's text (its id made safe for a file name)."""
    data = json.loads(text)
    hand_id = UNSAFE.sub("-", str(data.get("id") or "hand")).strip("-") or "hand"
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
    return f"{hand_id}.{digest}.json"


def islands_out(html: str) -> tuple[str, dict[str, str]]:
    """A page with each hand's island replaced by ``data-src``, and the files to write beside it (name: text)."""
    files: dict[str, str] = {}

    def out(match: re.Match[str]) -> str:
        text = match.group(3)
        name = data_file_name(text)
        files[name] = text
        return f'{match.group(1)} data-src="{name}"{match.group(2)}'

    if 'class="tb-data"' not in html:
        return html, files
    return ISLAND.sub(out, html), files


def move_islands(folder: Path) -> int:
    """Move every hand's island under ``folder`` into a file beside its page; the number of files written."""
    written = 0
    for page in sorted(folder.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        new, files = islands_out(html)
        for name, text in files.items():
            target = page.parent / name
            if not target.exists():
                target.write_text(text, encoding="utf-8")
                written += 1
        if new != html:
            page.write_text(new, encoding="utf-8")
    return written


def unused_data_files(folder: Path) -> list[Path]:
    """The hand data files in ``folder`` that no page of that folder names any more."""
    named: set[str] = set()
    for page in folder.glob("*.html"):
        named.update(DATA_SRC.findall(page.read_text(encoding="utf-8")))
    return [f for f in sorted(folder.glob("*.json")) if DATA_FILE.fullmatch(f.name) and f.name not in named]


DATA_SRC = re.compile(r'<figure class="tb-hand"[^>]*? data-src="([^"]+)"')
DATA_FILE = re.compile(r"[A-Za-z0-9_-]+\.[0-9a-f]{10}\.json")
