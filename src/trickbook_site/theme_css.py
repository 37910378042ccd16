"""Material's style sheet without the rules of the features a site does not use.

Material ships one style sheet (``assets/stylesheets/main.*.min.css``, about 137 KB) for every
feature it has: content tabs, keyboard keys, code annotations, the repository's link, the blog,
right-to-left scripts. A rules page of the default site loads it with eight worked hands, and
every page is held to 400 KB on a first visit (``tests/browser/test_page_weight.py``). So, after
MkDocs wrote a language's folder, each rule whose selectors all name a feature the site's
configuration does not turn on is dropped from the sheet (``FEATURES``): a feature is kept as
soon as its Markdown extension, plugin, theme feature or setting is in ``mkdocs.yml``, so a
course that turns one on gets its styles. A selector is dropped only when it names the feature
outside any ``:is()``, ``:where()`` or ``:not()`` (there it could stand beside a feature in use).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable

# Each feature: the marks of its selectors, and whether a configuration uses it.
Config = dict[str, Any]


def _extension(name: str) -> Callable[[Config], bool]:
    def used(config: Config) -> bool:
        for entry in config.get("markdown_extensions") or []:
            if entry == name or (isinstance(entry, dict) and name in entry):
                return True
        return False
    return used


def _plugin(name: str) -> Callable[[Config], bool]:
    def used(config: Config) -> bool:
        plugins = config.get("plugins") or []
        names = plugins.keys() if isinstance(plugins, dict) else [
            p if isinstance(p, str) else next(iter(p), "") for p in plugins]
        return any(str(n).split("/")[-1] == name for n in names)
    return used


def _theme_feature(name: str) -> Callable[[Config], bool]:
    def used(config: Config) -> bool:
        theme = config.get("theme")
        return isinstance(theme, dict) and name in (theme.get("features") or [])
    return used


def _setting(*path: str) -> Callable[[Config], bool]:
    def used(config: Config) -> bool:
        value: Any = config
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        return bool(value)
    return used


def _any(*tests: Callable[[Config], bool]) -> Callable[[Config], bool]:
    return lambda config: any(test(config) for test in tests)


FEATURES: list[tuple[tuple[str, ...], Callable[[Config], bool]]] = [
    ((".tabbed-",), _extension("pymdownx.tabbed")),
    ((".keys",), _extension("pymdownx.keys")),
    ((".critic",), _extension("pymdownx.critic")),
    ((".arithmatex",), _extension("pymdownx.arithmatex")),
    ((".task-list",), _extension("pymdownx.tasklist")),
    ((".twemoji", ".emojione", ".gemoji"), _extension("pymdownx.emoji")),
    ((".footnote",), _extension("footnotes")),
    ((".md-annotation",), _theme_feature("content.code.annotate")),
    ((".md-source",), _setting("repo_url")),
    ((".md-social",), _setting("extra", "social")),
    ((".md-version",), _setting("extra", "version")),
    ((".md-post", ".md-author", ".md-pin"), _plugin("blog")),
    ((".md-tabs",), _theme_feature("navigation.tabs")),
    ((".md-top",), _theme_feature("navigation.top")),
    ((".md-path",), _theme_feature("navigation.path")),
    ((".md-tooltip",), _any(_theme_feature("content.code.annotate"), _theme_feature("content.tooltips"),
                            _theme_feature("navigation.instant.preview"))),
    ((".md-feedback",), _setting("extra", "analytics", "feedback")),
    ((".md-consent",), _setting("extra", "consent")),
    ((".md-tag",), _plugin("tags")),
    ((".md-status",), _setting("extra", "status")),
]
RTL = "[dir=rtl]"


def unused_marks(config: Config, languages: Iterable[str]) -> list[str]:
    """The marks of the features ``config`` does not turn on (and right-to-left, if no language is)."""
    marks = [mark for found, used in FEATURES if not used(config) for mark in found]
    return marks if any(_right_to_left(code) for code in languages) else [*marks, RTL]


def _right_to_left(code: str) -> bool:
    from babel import Locale, UnknownLocaleError

    try:
        return bool(Locale.parse(code.replace("-", "_")).character_order == "right-to-left")
    except (ValueError, UnknownLocaleError):
        return False


def _split(text: str, sep: str) -> list[str]:
    """``text`` cut at each ``sep`` outside parentheses, brackets and strings."""
    parts, depth, quote, start = [], 0, "", 0
    for i, c in enumerate(text):
        if quote:
            quote = "" if c == quote else quote
        elif c in "\"'":
            quote = c
        elif c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return [*parts, text[start:]]


def _names(selector: str, marks: list[str]) -> bool:
    """Whether ``selector`` names one of ``marks`` outside any parentheses."""
    depth, outside = 0, []
    for c in selector:
        depth += c == "("
        outside.append(c if depth == 0 else " ")
        depth -= c == ")"
    flat = "".join(outside)
    return any(mark in flat for mark in marks)


def _block_end(css: str, start: int) -> int:
    """The index after the ``}`` that closes the block whose ``{`` is at ``start``."""
    depth, quote = 0, ""
    for i in range(start, len(css)):
        c = css[i]
        if quote:
            quote = "" if c == quote else quote
        elif c in "\"'":
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    raise ValueError("a style sheet's block is never closed")


def trim(css: str, marks: list[str]) -> str:
    """``css`` (minified: no comments between rules) without the selectors that name ``marks``."""
    out, at = [], 0
    while at < len(css):
        brace = css.find("{", at)
        close = css.find("}", at)
        if brace < 0 or (0 <= close < brace):
            out.append(css[at:])
            break
        prelude, end = css[at:brace], _block_end(css, brace)
        body = css[brace + 1:end - 1]
        head = prelude.strip()
        if head.startswith(("@media", "@supports", "@container", "@layer")):
            inner = trim(body, marks)
            if inner.strip():
                out.append(f"{prelude}{{{inner}}}")
        elif head.startswith("@") or not marks:
            out.append(css[at:end])
        else:
            kept = [s for s in _split(prelude, ",") if not _names(s, marks)]
            if kept:
                out.append(f"{','.join(kept)}{{{body}}}")
        at = end
    return "".join(out)


def trim_theme_sheets(folder: Path, config: Config, languages: Iterable[str]) -> int:
    """Trim Material's style sheet in a language's ``folder``; the bytes saved."""
    marks = unused_marks(config, languages)
    saved = 0
    for sheet in sorted((folder / "assets" / "stylesheets").glob("main.*.min.css")):
        text = sheet.read_text(encoding="utf-8")
        trimmed = trim(text, marks)
        if trimmed != text:
            sheet.write_text(trimmed, encoding="utf-8")
            saved += len(text.encode("utf-8")) - len(trimmed.encode("utf-8"))
    return saved
