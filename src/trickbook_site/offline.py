""""Keep for offline" on a published site: its service worker, written at the site's root.

`widgets/offline/sw.js` is a template: `trickbook publish` fills in, for each language
folder, the files a reader needs offline (the language's pages and files, and the shared
assets: runtime, engine, widgets, catalogs, the language's hands' data; not the compressed copies), each with the sha256
of its bytes, and a version, the hash of all of them, and writes it as `sw.js` at the root,
so its scope is the site's own folder (the path of its address), never wider. The worker
keeps a file only if its bytes have the listed hash, and answers from its cache only the
listed addresses whose kept bytes still have it: the cache is the origin's, open to any
page of it, so anything else found there is never served.
Every page of a language names it in `<meta name="trickbook-offline">`, which makes
`hand.js` load the control (`widgets/offline/control.js`). Nothing is registered until a
reader presses "Keep for offline". Because the version changes with any published file,
a reader's browser, which asks for `sw.js` again on a visit (it is served `no-cache`),
installs the new one after a publish, and that one replaces the kept files.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
from pathlib import Path, PurePosixPath

from .hand_data import PUBLISHED_FOLDER
from .textfile import rewrite_pages

SW_NAME = "sw.js"
COMPRESSED = (".br", ".gz")
# Every finished page of a published site, the theme's head and all, gets the worker's registration.
HEAD_END = re.compile(r"</head>", re.I)


def _url_path(rel: PurePosixPath) -> str:
    """A file's address from the site's root: a page's folder for its index.html."""
    if rel.name == "index.html":
        return "" if rel.parent == PurePosixPath(".") else rel.parent.as_posix() + "/"
    return rel.as_posix()


def offline_files(site: Path, lang: str) -> list[str]:
    """What a language kept offline lists: the shared assets (its own hands' data files, not another
    language's: ``hand_data.PUBLISHED_FOLDER``) and the language's folder, without compressed copies."""
    hands = site / PUBLISHED_FOLDER
    shared = [p for p in sorted((site / "assets").rglob("*")) if p.is_file()
              and not (hands in p.parents and p.relative_to(hands).parts[0] != lang)]
    own = [p for p in sorted((site / lang).rglob("*")) if p.is_file()]
    paths = [PurePosixPath(p.relative_to(site).as_posix()) for p in shared + own if p.suffix not in COMPRESSED
             or p.name.endswith(".snapshot.gz")]
    return [_url_path(p) for p in paths if p.name != "sitemap.xml"]


def mark_pages(site: Path, lang: str) -> int:
    """Name the service worker in every page of a language folder; the pages marked."""
    def mark(page: Path, html: str) -> str:
        if 'name="trickbook-offline"' in html:
            return html
        rel = PurePosixPath(os.path.relpath(site / SW_NAME, page.parent)).as_posix()
        tag = f'<meta name="trickbook-offline" content="{rel}" data-lang="{lang}">'
        return HEAD_END.sub(tag + "\n</head>", html, count=1)
    return rewrite_pages(site / lang, mark)


def _served_file(site: Path, path: str) -> Path:
    """The file the host serves at ``path`` from the site's root: a folder's index.html."""
    target = site / path
    return target / "index.html" if path == "" or path.endswith("/") or target.is_dir() else target


def file_hash(data: bytes) -> str:
    """The sha256 of a file's bytes as subresource integrity writes it, which the worker checks."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")


def offline_hashes(site: Path, paths: list[str]) -> dict[str, str]:
    return {path: file_hash(_served_file(site, path).read_bytes()) for path in paths}


def version_of(files: dict[str, dict[str, str]]) -> str:
    """The hash of every listed address with its file's hash: any change to them is a new version."""
    digest = hashlib.sha256()
    for path, hash_ in sorted({item for hashes in files.values() for item in hashes.items()}):
        digest.update(path.encode() + b"\0" + hash_.encode() + b"\0")
    return digest.hexdigest()[:16]


def write_service_worker(site: Path, template: Path, languages: list[str]) -> str:
    """Mark the pages, then write `sw.js` from ``template``; the version it carries.

    Nothing the worker lists may change after this: it keeps a file only with these bytes."""
    for lang in languages:
        mark_pages(site, lang)
    files = {lang: offline_hashes(site, offline_files(site, lang)) for lang in languages}
    version = version_of(files)
    text = template.read_text(encoding="utf-8")
    if '"__VERSION__"' not in text or "__FILES__" not in text:
        raise ValueError(f"{template}: not the service worker template (no __VERSION__ or __FILES__)")
    text = text.replace('"__VERSION__"', json.dumps(version)).replace("__FILES__", json.dumps(files))
    (site / SW_NAME).write_text(text, encoding="utf-8")
    return version
