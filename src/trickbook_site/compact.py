"""Fewer bytes for the same page: the built HTML's and the widgets' style sheets' idle whitespace.

The theme's templates indent every line of a page, and the widgets' style sheets carry their
comments; a reader's first visit downloads both (the page-weight bound, 400 KB, counts every
byte). Neither changes what a reader sees or hears:

- in HTML, a run of white space that holds a line break renders as one space wherever white
  space collapses, so it becomes one line break; the text of ``<pre>``, ``<textarea>``,
  ``<code>``, ``<script>`` and ``<style>`` keeps its own, and so does everything inside a tag;
- in CSS, comments go and white space shrinks to one space, none around ``{ } ; ,`` (a
  space before ``:`` stays: ``a :hover`` is not ``a:hover``); quoted strings are kept as they are.
"""

from __future__ import annotations

import re
from pathlib import Path

# Elements whose text keeps its white space as written, and tags written over several lines
# (an attribute's value may hold a line break); the rest is text, or white space inside a tag.
_KEEP = re.compile(r"<(pre|textarea|code|script|style)\b.*?</\1\s*>|<[^>]*\n[^>]*>", re.S | re.I)
_IDLE = re.compile(r"[ \t\r\f]*\n\s*")


def compact_html(html: str) -> str:
    """``html`` with every run of white space that holds a line break made one line break,
    outside the elements that keep theirs and outside tags.

    >>> compact_html('<ul>\\n    <li>a\\n      b</li>\\n  </ul>\\n<pre>x\\n    y</pre>')
    '<ul>\\n<li>a\\nb</li>\\n</ul>\\n<pre>x\\n    y</pre>'
    """
    out = []
    at = 0
    for keep in _KEEP.finditer(html):
        out.append(_IDLE.sub("\n", html[at:keep.start()]))
        out.append(keep.group(0))
        at = keep.end()
    out.append(_IDLE.sub("\n", html[at:]))
    return "".join(out)


_CSS_TOKEN = re.compile(r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|(/\*.*?\*/)|(\s+)""", re.S)
_CSS_PUNCT = re.compile(r"\s*([{};,])\s*")


def compact_css(css: str) -> str:
    """A style sheet without its comments and idle white space; strings untouched.

    >>> compact_css('/* why */\\n.a,\\n.b {\\n  content: "x ,  y";\\n  color: red;\\n}\\n')
    '.a,.b{content: "x ,  y";color: red;}'
    """
    pieces: list[tuple[bool, str]] = []  # (is a string, text)
    at = 0
    for token in _CSS_TOKEN.finditer(css):
        pieces.append((False, css[at:token.start()]))
        string, comment, space = token.groups()
        if string is not None:
            pieces.append((True, string))
        elif space is not None or comment is not None:
            pieces.append((False, " "))
        at = token.end()
    pieces.append((False, css[at:]))
    out = []
    run: list[str] = []
    for is_string, text in pieces:
        if is_string:
            out.append(_CSS_PUNCT.sub(r"\1", re.sub(r"\s+", " ", "".join(run))))
            out.append(text)
            run = []
        else:
            run.append(text)
    out.append(_CSS_PUNCT.sub(r"\1", re.sub(r"\s+", " ", "".join(run))))
    return "".join(out).strip()


def compact_style_sheets(folder: Path) -> int:
    """Compact every ``.css`` file under ``folder`` in place; the bytes saved."""
    saved = 0
    for sheet in sorted(folder.rglob("*.css")):
        css = sheet.read_text(encoding="utf-8")
        small = compact_css(css)
        if len(small) < len(css):
            sheet.write_text(small + "\n", encoding="utf-8")
            saved += len(css.encode("utf-8")) - len(small.encode("utf-8")) - 1
    return saved
