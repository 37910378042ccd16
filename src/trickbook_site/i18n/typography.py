"""French typography, applied by the build so that translators type ordinary spaces.

French puts a space before the high punctuation and inside guillemets, and that
space must not break a line:

- a narrow no-break space (U+202F) before ``;``, ``!`` and ``?``;
- a no-break space (U+00A0) before ``:``, after ``«`` and before ``»``.

``french_text`` does it on a plain string (a catalog message, a note): an ordinary
space there becomes the right one, and a missing one is added after a word
("donne: NS" becomes "donne : NS"). Placeholders (``{seat}``), code spans,
character references (``&amp;``) and URLs are left as they are, and nothing is
added where the mark is not punctuation ("10:30", "https://", "?!").

``french_html`` does it on a built page: text outside ``code``, ``pre``, ``kbd``,
``samp``, ``script``, ``style`` and ``textarea``, and outside English shown for want
of a translation (an element with ``lang="en"``); the tags themselves are left as
they are except the prose of ``title``, ``aria-label``, ``alt``, ``placeholder`` and
the description ``<meta>``. A worked hand's data (its title, notes and questions,
which the widget shows) gets the rules as the figure writes it (``hand_data``), before
it is ever JSON.
"""

from __future__ import annotations

import re
from typing import Any, Callable

NNBSP = "\u202f"
NBSP = "\u00a0"
SPACES = " \t\u00a0\u202f"
OPAQUE = "\ue000"  # stands for a protected span while the rules run

# Spans the rules never touch inside plain text.
PROTECTED_TEXT = re.compile(
    r"\{\w+(?:[!:][^{}]*)?\}"  # a placeholder
    r"|`+[^`]*`+"  # a Markdown code span
    r"|&#?\w+;"  # a character reference
    r"|\b[a-z][a-z0-9+.-]*://\S+"  # a URL
    r"|\]\([^)\s]*\)"  # a Markdown link target
)
# What may stand before a mark that takes a space: a word, a closing sign, a protected span.
BEFORE = r"[\w»)\]…%" + OPAQUE + r"'’\"”]"
AFTER = r"(?=[\s" + NBSP + NNBSP + r"»)\]<" + OPAQUE + r"]|$)"

_HIGH = re.compile(r"[ \t]*(?<=" + BEFORE + r"|[ \t])([;!?])" + AFTER)
_COLON = re.compile(r"[ \t]*(?<=" + BEFORE + r"|[ \t]):" + AFTER)
_OPEN = re.compile(r"«[ \t" + NBSP + NNBSP + r"]*")
_CLOSE = re.compile(r"[ \t" + NBSP + NNBSP + r"]*»")


def _rules(text: str) -> str:
    # Each expression runs only where its mark is: they start with optional spaces, so each would
    # otherwise try every position of a whole page.
    if ";" in text or "!" in text or "?" in text:
        text = _HIGH.sub(lambda m: NNBSP + m.group(1), text)
    if ":" in text:
        text = _COLON.sub(NBSP + ":", text)
    if "«" in text:
        text = _OPEN.sub("«" + NBSP, text)
    return _CLOSE.sub(NBSP + "»", text) if "»" in text else text


def _with_protected(text: str, pattern: re.Pattern[str], rules: Callable[[str], str]) -> str:
    kept: list[str] = []

    def hide(match: re.Match[str]) -> str:
        kept.append(match.group(0))
        return OPAQUE

    shown = rules(pattern.sub(hide, text.replace(OPAQUE, "")))
    pieces = iter(kept)
    return re.sub(OPAQUE, lambda _m: next(pieces), shown)


def french_text(text: str) -> str:
    """A plain string (a catalog message, a note) with French spacing."""
    if not text:
        return text
    return _with_protected(text, PROTECTED_TEXT, _rules)


def map_strings(rules: Callable[[str], str], value: Any) -> Any:
    """``rules`` applied to the strings of a JSON value (dict values, list items; never keys)."""
    if isinstance(value, str):
        return rules(value)
    if isinstance(value, list):
        return [map_strings(rules, v) for v in value]
    if isinstance(value, dict):
        return {k: map_strings(rules, v) for k, v in value.items()}
    return value


# -- pages ---------------------------------------------------------------------

SKIPPED = ("code", "pre", "kbd", "samp", "script", "style", "textarea")
# English shown for want of a translation (lang="en") keeps English punctuation.
ENGLISH = r"<(?P<en>p|li|span|td|th|h[1-6]|figcaption|dd|dt|a)\b[^>]*\blang=\"en\"[^>]*>.*?</(?P=en)\s*>"
PROTECTED_HTML = re.compile(
    ENGLISH + r"|"
    r"<(" + "|".join(SKIPPED) + r")\b[^>]*>.*?</\2\s*>"  # an element whose text stays as it is
    r"|<!--.*?-->"
    r"|<[^>]*>"  # any other tag
    r"|&#?\w+;"
    r"|\b[a-z][a-z0-9+.-]*://[^\s<]+",
    re.DOTALL | re.IGNORECASE,
)
PROSE_ATTRIBUTE = re.compile(r'(\s(?:title|aria-label|alt|placeholder)=")([^"]*)(")')
META_DESCRIPTION = re.compile(r'(<meta\s+name="description"\s+content=")([^"]*)(")')


def _attribute_text(text: str) -> str:
    return _with_protected(text, re.compile(r"&#?\w+;|\{\w+\}"), _rules)


def _tag(tag: str) -> str:
    if tag.startswith("<meta"):
        tag = META_DESCRIPTION.sub(lambda m: m.group(1) + _attribute_text(m.group(2)) + m.group(3), tag)
    if _has_prose_attribute(tag) and not tag.startswith(("<code", "<pre", "<script", "<style", "<!--")):
        tag = PROSE_ATTRIBUTE.sub(lambda m: m.group(1) + _attribute_text(m.group(2)) + m.group(3), tag)
    return tag


def _has_prose_attribute(tag: str) -> bool:
    """Whether ``PROSE_ATTRIBUTE`` may match in ``tag`` (most tags have none of its attributes: a page's
    hundreds of thousands of tags are not each searched with it)."""
    return 'title="' in tag or 'aria-label="' in tag or 'alt="' in tag or 'placeholder="' in tag


def hand_data(data: dict[str, Any], rules: Callable[[str], str]) -> dict[str, Any]:
    """A worked hand's data (``figure.HandFigure.data_file``) with ``rules`` on the prose the widget
    shows: its title, its notes and its questions. What is shown in English for want of a
    translation (``notes_en``, a question's ``text_en``) keeps English punctuation. Changed in place."""
    if isinstance(data.get("title"), str):
        data["title"] = rules(data["title"])
    if isinstance(data.get("notes"), dict):
        english = set(data.get("notes_en") or ())
        data["notes"] = {k: rules(v) if isinstance(v, str) and k not in english else v
                         for k, v in data["notes"].items()}
    if isinstance(data.get("questions"), list):
        for question in data["questions"]:
            if isinstance(question, dict) and isinstance(question.get("text"), str) and not question.get("text_en"):
                question["text"] = rules(question["text"])
    return data


def french_html(html: str) -> str:
    """A built page with French spacing in its prose (see the module's notes)."""
    kept: list[str] = []

    def hide(match: re.Match[str]) -> str:
        piece = match.group(0)
        whole = match.group(2) or match.group("en")
        kept.append(_tag(piece) if piece.startswith("<") and not whole else piece)
        return OPAQUE

    shown = _rules(PROTECTED_HTML.sub(hide, html.replace(OPAQUE, ""))).split(OPAQUE)
    # The rules neither add nor remove an OPAQUE: one piece kept between each two parts shown.
    out = [shown[0]]
    for piece, part in zip(kept, shown[1:], strict=True):
        out += (piece, part)
    return "".join(out)


# -- which languages -------------------------------------------------------------

TEXT_RULES: dict[str, Callable[[str], str]] = {"fr": french_text}
HTML_RULES: dict[str, Callable[[str], str]] = {"fr": french_html}


def language_of(code: str) -> str:
    """``fr_CA`` and ``fr-CA`` follow the rules of ``fr``."""
    return code.replace("-", "_").split("_")[0].lower()


def text_rules(code: str) -> Callable[[str], str] | None:
    return TEXT_RULES.get(language_of(code))


def html_rules(code: str) -> Callable[[str], str] | None:
    return HTML_RULES.get(language_of(code))
