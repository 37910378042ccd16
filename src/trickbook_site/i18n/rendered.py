"""A content translation judged by the HTML the build makes of it.

The site's pages are rendered by Python-Markdown with the extensions the site's
``mkdocs.yml`` lists, not by the markdown-it parser the catalog's other checks
read Markdown with; the two disagree at the edges (markdown-it drops a
``javascript:`` link, Python-Markdown renders it; ``attr_list`` turns
``{ onclick=… }`` into an attribute). So a msgstr is rendered here as the build
renders it, and refused when its HTML

- links to anything but ``http(s):``, ``mailto:`` or a relative address, in any
  attribute that holds an address (``href``, ``src``, ``action``…), or
- has a tag or an attribute that the rendered English does not have (emphasis
  and line breaks excepted: a translator may stress another word).

>>> renderer = Renderer.default()
>>> rendered_problems("See [the rules](rules.md).", "Voir [les règles](javascript:alert(1)).", renderer)
["a link to 'javascript:alert(1)' (only http(s), mailto or relative links)"]
>>> rendered_problems("## The deal { #deal }", "## La donne { #deal onclick='x()' }", renderer)
['an attribute the English does not have: <h2 onclick>']
>>> rendered_problems("A trump.", "Un *atout*{ style='x' }.", renderer)
['an attribute the English does not have: <em style>']
>>> rendered_problems("A trump.", "Un *atout*.", renderer)
[]
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

# Attributes whose value is an address the browser may follow or load.
URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "xlink:href", "srcset", "poster", "data",
                            "cite", "background", "longdesc", "ping", "manifest", "codebase"})
SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
# Markup a translation may add where the English has none: a stressed word, a line break, a paragraph.
FREE_TAGS = frozenset({"em", "strong", "br", "p"})
# Tags of Markdown's own structure, which the markdown-it checks already compare (``checks.check_markdown``):
# an added one is reported there once, not here again.
STRUCTURE_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "hr", "pre", "code",
                            "a", "img"})
SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")
# What a browser ignores in an address before reading its scheme: controls and spaces around it, tabs and
# newlines anywhere.
_IGNORED = re.compile(r"[\t\n\r]")
# The default site's extensions, for a folder without mkdocs.yml (and for the doctests).
DEFAULT_EXTENSIONS: list[Any] = ["toc", "attr_list", "md_in_html", "admonition", "def_list", "tables",
                                 "pymdownx.superfences"]


class _Collect(HTMLParser):
    """Every start tag of an HTML text with its attributes (values unescaped, as the browser reads them)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag.lower(), [(name.lower(), value) for name, value in attrs]))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)


def _tags(html_text: str) -> list[tuple[str, list[tuple[str, str | None]]]]:
    parser = _Collect()
    parser.feed(html_text)
    parser.close()
    return parser.tags


def unsafe_address(value: str) -> bool:
    """Whether an address has a scheme other than http(s) or mailto, as a browser would read it.

    >>> [unsafe_address(v) for v in ("rules.md#deal", "https://x.org", " JaVa\\tScript:x", "data:text/html,x")]
    [False, False, True, True]
    """
    cleaned = _IGNORED.sub("", value).strip("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f"
                                            "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
    found = SCHEME.match(cleaned)
    return found is not None and found.group(1).lower() not in SAFE_SCHEMES


class Renderer:
    """Python-Markdown configured with a site's ``markdown_extensions``."""

    def __init__(self, extensions: list[Any]) -> None:
        import markdown  # type: ignore[import-untyped]  # Python-Markdown ships no type information

        names: list[str] = []
        configs: dict[str, Any] = {}
        for item in extensions:
            if isinstance(item, dict):
                for name, config in item.items():
                    names.append(name)
                    if isinstance(config, dict):
                        configs[name] = config
            elif isinstance(item, str):
                names.append(item)
        self._md = markdown.Markdown(extensions=names, extension_configs=configs)
        self._rendered: dict[str, str] = {}

    @classmethod
    def default(cls) -> "Renderer":
        return cls(DEFAULT_EXTENSIONS)

    @classmethod
    def for_site(cls, root: Path) -> "Renderer":
        """The renderer of the site in ``root`` (its mkdocs.yml's extensions), else the default site's."""
        from ..mkdocs_run import read_base_config
        from ..project import Project

        project = Project(root)
        if not project.config_file.is_file():
            return cls.default()
        extensions = read_base_config(project).get("markdown_extensions") or []
        return cls(extensions if isinstance(extensions, list) else [])

    def html(self, text: str) -> str:
        """``text`` as HTML (each text rendered once: a catalog's English recurs in every language)."""
        done = self._rendered.get(text)
        if done is None:
            self._md.reset()
            done = self._rendered[text] = str(self._md.convert(text))
        return done


# On one line, without these, Markdown makes no link, attribute or block: only emphasis and code,
# which are free or compared elsewhere. Such a translation needs no rendering.
_MAY_MAKE_MARKUP = re.compile(r"[\[<{&!|\n]")


def rendered_problems(source: str, translation: str, renderer: Renderer) -> list[str]:
    """What the translation's HTML has that is refused (see the module's docstring); empty when none."""
    if not _MAY_MAKE_MARKUP.search(translation):
        return []
    english = _tags(renderer.html(source))
    translated = _tags(renderer.html(translation))
    problems: list[str] = []
    for _tag, attrs in translated:
        for name, value in attrs:
            if name in URL_ATTRIBUTES and value and unsafe_address(value):
                shown = value if len(value) <= 60 else value[:59] + "…"
                problems.append(f"a link to {shown!r} (only http(s), mailto or relative links)")
    english_tags = {tag for tag, _ in english}
    added_tags = sorted({tag for tag, _ in translated} - english_tags - FREE_TAGS - STRUCTURE_TAGS)
    if added_tags:
        problems.append("a tag the English does not have: " + ", ".join(f"<{t}>" for t in added_tags))
    english_attrs = {(tag, name) for tag, attrs in english for name, _ in attrs}
    added_attrs = sorted({(tag, name) for tag, attrs in translated for name, _ in attrs
                          if tag in english_tags or tag in FREE_TAGS} - english_attrs)
    if added_attrs:
        problems.append("an attribute the English does not have: " + ", ".join(f"<{t} {a}>" for t, a in added_attrs))
    return problems
