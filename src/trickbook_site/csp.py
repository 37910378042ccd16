"""The site's Content Security Policy, shipped on every page as a ``<meta http-equiv>`` tag.

Everything comes from the site's own origin. Scripts: the site's files, the sha256
of each inline script a page really has (Material writes three: the
``__md_scope`` helpers, the colour palette and the tab-from-hash script; the root
page has its language redirect), and ``'wasm-unsafe-eval'``, which lets Pyodide
compile its WebAssembly and nothing else (no ``'unsafe-eval'``: Pyodide 314 needs
none). Workers (the Pyodide worker, Material's search worker) are the site's own
files. Data islands (``<script type="application/json">``) are never run and need
no hash. Styles likewise: the site's files and the hash of each inline ``<style>``.
Images may also be ``data:`` URLs, which Material's style sheet uses for its icons.

The templates write the policy with the placeholder ``HASHES`` where the hashes
go; ``seal_page`` puts in each page's own hashes once MkDocs has written it, so
the hashes always match the scripts a page really holds.

A meta tag cannot carry ``frame-ancestors`` or a report address; a host that can
send headers should send the same policy (``policy()``, with the table server's origins
that the pages' meta tags hold: ``meta_connect_sources``) as a header too.
"""

from __future__ import annotations

import base64
import hashlib
import re
from html import unescape

HASHES = "'trickbook-inline-hashes'"  # replaced in each page by the hashes of its inline scripts and styles
STYLE_HASHES = "'trickbook-inline-style-hashes'"

DIRECTIVES: list[tuple[str, str]] = [
    ("default-src", "'self'"),
    ("script-src", f"'self' 'wasm-unsafe-eval' {HASHES}"),
    ("style-src", f"'self' {STYLE_HASHES}"),
    ("img-src", "'self' data:"),
    ("font-src", "'self'"),
    ("connect-src", "'self'"),
    ("worker-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'self'"),
    ("form-action", "'self'"),
]

# The seal reads a finished page as a whole: the theme's own inline scripts and styles stand in it,
# which no template of ours draws, and each needs its hash in the page's policy.
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.S | re.I)
STYLE = re.compile(r"<style\b[^>]*>(.*?)</style\s*>", re.S | re.I)
TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.I)
SRC = re.compile(r"\bsrc\s*=", re.I)
# Script types a browser runs; anything else (application/json, …) is data.
RUNNABLE = {"", "module", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript"}


def policy(script_hashes: list[str] = [], style_hashes: list[str] = [],  # noqa: B006 - never mutated
           connect: list[str] = []) -> str:  # noqa: B006
    """The policy with the given hash sources (``'sha256-…'``) in place of the placeholders, and
    ``connect`` (a table server's origins) added to ``connect-src``."""
    extra = "".join(" " + source for source in connect)
    text = "; ".join(f"{name} {value}{extra if name == 'connect-src' else ''}" for name, value in DIRECTIVES)
    return fill(text, script_hashes, style_hashes)


META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', re.I)


def meta_connect_sources(html: str) -> list[str]:
    """What a page's meta policy adds to ``connect-src`` beside ``'self'`` (the table server's origins).

    >>> meta_connect_sources(meta_tag("https://tables.example.org/online/"))
    ['https://tables.example.org', 'wss://tables.example.org']
    """
    meta = META.search(html)
    for directive in (unescape(meta.group(1)).split(";") if meta else []):
        name, _, sources = directive.strip().partition(" ")
        if name == "connect-src":
            return [source for source in sources.split() if source != "'self'"]
    return []


def fill(text: str, script_hashes: list[str], style_hashes: list[str]) -> str:
    for placeholder, hashes in ((HASHES, script_hashes), (STYLE_HASHES, style_hashes)):
        text = text.replace(" " + placeholder, "".join(" " + h for h in hashes))
    return text


def connect_sources(online: str | None) -> str:
    """The extra ``connect-src`` sources for a table server at ``online`` (its origin, over HTTP and WebSocket).

    >>> connect_sources("https://tables.example.org/online/")
    ' https://tables.example.org wss://tables.example.org'
    >>> connect_sources("/online/"), connect_sources(None)
    ('', '')
    """
    if not online or "://" not in online:
        return ""  # none, or on the site's own origin: 'self' covers it
    scheme, _, rest = online.partition("://")
    host = rest.split("/", 1)[0]
    socket = "wss" if scheme == "https" else "ws"
    return f" {scheme}://{host} {socket}://{host}"


def meta_tag(online: str | None = None) -> str:
    """The tag as templates write it, with the placeholders still in (and the table server's origin, if any)."""
    extra = connect_sources(online)
    text = "; ".join(f"{name} {value}{extra if name == 'connect-src' else ''}" for name, value in DIRECTIVES)
    return f'<meta http-equiv="Content-Security-Policy" content="{text}">'


def _source(content: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(content.encode("utf-8")).digest()).decode("ascii") + "'"


def inline_hashes(html: str) -> tuple[list[str], list[str]]:
    """The hash sources of a page's inline scripts that run, and of its inline styles, in order, once each."""
    scripts = []
    for match in SCRIPT.finditer(html):
        attrs, content = match.group(1), match.group(2)
        kind = TYPE.search(attrs)
        if SRC.search(attrs) or (kind.group(1).lower() if kind else "") not in RUNNABLE:
            continue
        scripts.append(_source(content))
    styles = [_source(m.group(1)) for m in STYLE.finditer(html)]
    return list(dict.fromkeys(scripts)), list(dict.fromkeys(styles))


def seal_page(html: str) -> str:
    """A page with the placeholders of its policy replaced by the hashes of its own inline code."""
    if HASHES not in html:
        return html
    scripts, styles = inline_hashes(html)
    return fill(html, scripts, styles)


