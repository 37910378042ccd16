"""Worked hands' data out of the page: one JSON file per hand and page language, fetched on demand.

A figure names its data (the record text, the compact trace, the translated title and notes, with
the language's typography already applied: ``figure.HandFigure.data_file``) in ``data-src``, the
file's address relative to the page, and the data never stands in the page. The file is written
beside the page (``write_data_files``, called by ``mkdocs_run.PageFacts`` as it puts the figures in
the page, and by ``live.py``), named by the hand's id and a hash of its content
(``nap-four-hearts.3f9c0a1b2d.json``: a changed hand is a new name, so no cache keeps an old one).
`widgets/hand.js` fetches it on the reader's first interaction with the hand (or a deep link to it);
reading without touching a hand downloads none of it. `trickbook publish` moves the files under
`assets/hands/<lang>/` (``move_to_assets``), which hosts cache for good: a reader's next visit then
asks again only for the page.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path, PurePosixPath

from .errors import SiteError

UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def data_file_name(text: str, hand_id: str | None = None) -> str:
    """``<id>.<hash>.json`` for a hand's data text (its id made safe for a file name). ``hand_id``: the
    text's ``id`` when the caller wrote it there (else the text is read for it)."""
    if hand_id is None:
        hand_id = str(json.loads(text).get("id") or "hand")
    hand_id = UNSAFE.sub("-", hand_id or "hand").strip("-") or "hand"
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
    return f"{hand_id}.{digest}.json"


def write_data_files(folder: Path, files: dict[str, str]) -> int:
    """Write each data file (name: text) into ``folder``, the page's, unless it is there (the name is the
    content's); the number written."""
    written = 0
    for name, text in files.items():
        if not DATA_FILE.fullmatch(name):
            raise ValueError(f"{name!r} is not a hand data file's name")
        target = folder / name
        if not target.exists():
            folder.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            written += 1
    return written


def unused_data_files(folder: Path) -> list[Path]:
    """The hand data files in ``folder`` that no page of that folder names any more."""
    named: set[str] = set()
    for page in folder.glob("*.html"):
        named.update(DATA_SRC.findall(page.read_text(encoding="utf-8")))
    return [f for f in sorted(folder.glob("*.json")) if DATA_FILE.fullmatch(f.name) and f.name not in named]


# The data files a folder's pages still name, read from the pages as written (a page rebuilt by
# `trickbook serve` and its neighbours, which this process did not draw).
DATA_SRC = re.compile(r'<figure class="tb-hand"[^>]*? data-src="([^"]+)"')
DATA_FILE = re.compile(r"[A-Za-z0-9_-]+\.[0-9a-f]{10}\.json")


# Where a published site keeps the hands' data: under assets/, which every host is told to cache for
# good (headers.py), a folder per language (so that a language kept offline takes only its own).
PUBLISHED_FOLDER = PurePosixPath("assets", "hands")
FIGURE_SRC = re.compile(r'(<figure class="tb-hand"[^>]*? data-src=")([^"]+)(")')


def move_to_assets(site: Path) -> int:
    """In a copy of a built site being published: every hand's data file a page or an embed page names
    (``data-src``) moved from its language's folder to ``assets/hands/<lang>/`` (its name is its
    content's, so the folder may be cached for good and a reader's next visit asks again only for the
    page), and the pages pointed at it there; the files moved. A page naming a data file the site lacks
    is a ``SiteError``."""
    moved: set[Path] = set()
    for page in sorted(site.rglob("*.html")):
        rel = page.relative_to(site)
        if rel.parts[0] == "assets":
            continue
        html = page.read_text(encoding="utf-8")

        def point(match: re.Match[str], page: Path = page, rel: Path = rel) -> str:
            src = match.group(2)
            target = Path(os.path.normpath(page.parent / src))
            try:
                where = target.relative_to(site)
            except ValueError:
                return match.group(0)  # not this site's file: left as it is
            if not DATA_FILE.fullmatch(target.name) or where.parts[0] == "assets" or len(where.parts) < 2:
                return match.group(0)
            dest = site / PUBLISHED_FOLDER / where.parts[0] / target.name
            if target.is_file():
                dest.parent.mkdir(parents=True, exist_ok=True)
                target.replace(dest)  # the same name is the same content: one copy is kept
                moved.add(dest)
            elif not dest.is_file():
                raise SiteError(f"{rel}: names the hand data file {src!r}, which the built site does not have")
            return match.group(1) + os.path.relpath(dest, page.parent).replace(os.sep, "/") + match.group(3)

        out = FIGURE_SRC.sub(point, html)
        if out != html:
            page.write_text(out, encoding="utf-8")
    return len(moved)
