"""Fewer bytes for the same page: the built HTML's and the widgets' style sheets' idle whitespace.

The theme's templates indent every line of a page, and the widgets' style sheets carry their
comments; a reader's first visit downloads both (the page-weight bound, 400 KB, counts every
byte). Neither changes what a reader sees or hears:

- in HTML, a run of white space that holds a line break renders as one space wherever white
  space collapses, so it becomes one line break; the text of ``<pre>``, ``<textarea>``,
  ``<code>``, ``<script>`` and ``<style>`` keeps its own, and so does everything inside a tag;
- in CSS, comments go and white space shrinks to one space, none around ``{ } ; ,`` (a
  space before ``:`` stays: ``a :hover`` is not ``a:hover``); quoted strings are kept as they are;
- in the widgets' scripts, comments go and so does each line's indentation and every empty line;
  every line break stays (JavaScript inserts semicolons at some of them), and strings, template
  literals and regular expression literals are kept as written (a small lexer tells them apart).
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


# What may come before a regular expression literal rather than a division: an operator or an
# opening bracket, or one of these keywords.
_REGEX_AFTER_WORD = frozenset({"return", "typeof", "case", "in", "of", "new", "delete", "void", "throw",
                               "else", "do", "await", "yield", "instanceof"})
_WORD = re.compile(r"[A-Za-z0-9_$]")
_JS_IDLE = re.compile(r"[ \t]*\n\s*")


class ScriptSyntaxError(ValueError):
    """A script the compactor cannot read to its end (an unclosed string, comment or template)."""


def _js_pieces(js: str) -> list[tuple[bool, str]]:
    """``js`` cut into (is a literal, text) pieces, its comments left out: strings, template
    literals and regular expression literals are literals, the rest is code."""
    out: list[tuple[bool, str]] = []
    i = 0
    n = len(js)
    braces: list[bool] = []  # one per open "{": True where it opened a template literal's ${ }
    last = ""  # the last significant character written, or a word ending there
    last_word = ""

    def take_string(start: int, quote: str) -> int:
        j = start + 1
        while j < n:
            c = js[j]
            if c == "\\":
                j += 2
                continue
            if c == quote:
                return j + 1
            if c == "\n":
                break
            j += 1
        raise ScriptSyntaxError(f"an unclosed string at character {start}")

    def take_template(start: int) -> tuple[int, bool]:
        """From just after a backtick or a template's closing brace to the closing backtick (False)
        or the next ``${`` (True)."""
        j = start
        while j < n:
            c = js[j]
            if c == "\\":
                j += 2
                continue
            if c == "`":
                return j + 1, False
            if c == "$" and j + 1 < n and js[j + 1] == "{":
                return j + 2, True
            j += 1
        raise ScriptSyntaxError(f"an unclosed template literal at character {start}")

    def take_regex(start: int) -> int:
        j = start + 1
        in_class = False
        while j < n:
            c = js[j]
            if c == "\\":
                j += 2
                continue
            if c == "\n":
                break
            if in_class:
                in_class = c != "]"
            elif c == "[":
                in_class = True
            elif c == "/":
                j += 1
                while j < n and _WORD.match(js[j]):
                    j += 1
                return j
            j += 1
        raise ScriptSyntaxError(f"an unclosed regular expression at character {start}")

    while i < n:
        c = js[i]
        if c in "\"'":
            end = take_string(i, c)
            out.append((True, js[i:end]))
            i, last, last_word = end, c, ""
        elif c == "`":
            end, opened = take_template(i + 1)
            out.append((True, js[i:end]))
            if opened:
                braces.append(True)
            i, last, last_word = end, "`", ""
        elif c == "/" and js.startswith("//", i):
            end = js.find("\n", i)
            i = n if end < 0 else end
        elif c == "/" and js.startswith("/*", i):
            end = js.find("*/", i + 2)
            if end < 0:
                raise ScriptSyntaxError(f"an unclosed comment at character {i}")
            out.append((False, "\n" if "\n" in js[i:end] else " "))
            i = end + 2
        elif c == "/":
            regex = (last == "" or last in "(,=:[!&|?{};+-*%<>~^" or last_word in _REGEX_AFTER_WORD)
            if regex:
                end = take_regex(i)
                out.append((True, js[i:end]))
                i, last, last_word = end, "/", ""
            else:
                out.append((False, c))
                i, last, last_word = i + 1, c, ""
        elif c == "{":
            braces.append(False)
            out.append((False, c))
            i, last, last_word = i + 1, c, ""
        elif c == "}":
            if braces and braces.pop():
                end, opened = take_template(i + 1)
                out.append((True, js[i:end]))
                if opened:
                    braces.append(True)
                i, last, last_word = end, "`", ""
            else:
                out.append((False, c))
                i, last, last_word = i + 1, c, ""
        elif c.isspace():
            out.append((False, c))
            i += 1
        elif _WORD.match(c):
            j = i
            while j < n and _WORD.match(js[j]):
                j += 1
            word = js[i:j]
            out.append((False, word))
            # A number or a name ends an operand (a "/" after it divides), unless it is a keyword.
            i, last, last_word = j, "a", word
        else:
            out.append((False, c))
            i, last, last_word = i + 1, c, ""
    # ")" and "]" end an operand, as a name does: "/" after them divides. (Rare forms such as
    # "if (x) /re/.test(y)" do not occur in the widgets; the tests run every compacted script.)
    return out


def compact_js(js: str) -> str:
    """A script without its comments, indentation and empty lines; each line break kept.

    >>> compact_js('// why\\nconst a = 1; /* note */\\n  const re = /\\\\/*x/g; // tail\\n\\n  const s = `//${a}`;\\n')
    'const a = 1;\\nconst re = /\\\\/*x/g;\\nconst s = `//${a}`;\\n'
    """
    out = []
    code: list[str] = []
    for literal, text in _js_pieces(js) + [(True, "")]:
        if literal:
            out.append(_JS_IDLE.sub("\n", "".join(code)))
            out.append(text)
            code = []
        else:
            code.append(text)
    return "".join(out).strip() + "\n"


def compact_scripts(folder: Path) -> int:
    """Compact every ``.js`` file under ``folder`` in place; the bytes saved."""
    saved = 0
    for script in sorted(folder.rglob("*.js")):
        js = script.read_text(encoding="utf-8")
        try:
            small = compact_js(js)
        except ScriptSyntaxError as error:
            raise ValueError(f"{script}: {error}") from None
        if len(small) < len(js):
            script.write_text(small, encoding="utf-8")
            saved += len(js.encode("utf-8")) - len(small.encode("utf-8"))
    return saved
