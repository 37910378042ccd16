"""The site's root page: sends the reader to their language, with plain links for everyone."""

from __future__ import annotations

import json
from html import escape
from typing import Callable
from urllib.parse import urlsplit

from .csp import meta_tag
from .project import Language

Translate = Callable[[str], str]

# Both pages are plain HTML with no theme: the root page is the first a reader sees, and a host
# shows the 404 page at any address, where the theme's files may not be found.
SHELL = """\
<!doctype html>
<html lang="{html_lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
{head}<title>{title}</title>
{script}<style>body{{font:1.1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}}</style>
</head>
<body>
<main>
{body}
</main>
</body>
</html>
"""

REDIRECT = """\
<script>
(function () {
  // The first of the reader's languages that the site has; English otherwise.
  var have = CODES;
  // Opened from disk, a folder's address shows a file listing: go to its page.
  var page = location.protocol === "file:" ? "index.html" : "";
  var wanted = navigator.languages || [navigator.language || "en"];
  for (var i = 0; i < wanted.length; i++) {
    var code = String(wanted[i]).toLowerCase().split("-")[0];
    if (have.indexOf(code) >= 0) { location.replace(code + "/" + page + location.hash); return; }
  }
  location.replace("en/" + page + location.hash);
})();
</script>
"""


def _page(html_lang: str, title: str, body: str, *, noindex: bool = False, script: str = "") -> str:
    """A page of SHELL; every value is HTML already."""
    head = ('<meta name="robots" content="noindex">\n' if noindex else "") + meta_tag() + "\n"
    return SHELL.format(html_lang=html_lang, head=head, title=title, script=script, body=body)


def landing_page(site_name: str, languages: list[Language]) -> str:
    links = "\n".join(
        f'<li><a href="{escape(lang.code)}/" hreflang="{escape(lang.html_lang)}" '
        f'lang="{escape(lang.html_lang)}">{escape(lang.name)}</a></li>'
        for lang in languages
    )
    title = escape(site_name)
    script = REDIRECT.replace("CODES", json.dumps([lang.code for lang in languages]))
    return _page("en", title, f"<h1>{title}</h1>\n<ul>\n{links}\n</ul>", script=script)


def _not_found_labels(_: Translate) -> dict[str, str]:
    """The 404 page's words; literal ``_()`` calls so that Babel extracts them."""
    return {
        "title": _("Page not found"),
        "text": _("There is no page at this address: the link may be mistyped, or the page may have moved."),
        "home": _("Go to the home page"),
        "others": _("In another language:"),
    }


def _root(site_url: str | None) -> str:
    """Where the site's root is, as a link: the path of `site_url`, or relative to the page.

    A host shows its 404 page at whatever address was asked for, so relative links
    only work at the depth the page was written for; with `site_url` set in
    `mkdocs.yml` the links start from its path and work at any depth.
    """
    if not site_url:
        return ""
    path = urlsplit(site_url).path or "/"
    return path if path.endswith("/") else path + "/"


def not_found_page(site_name: str, lang: Language, languages: list[Language], ui: Translate,
                   site_url: str | None = None) -> str:
    """A language's 404 page (`<lang>/404.html`): what happened, its home page, the other languages."""
    words = _not_found_labels(ui)
    root = _root(site_url)
    home = f"{root}{lang.code}/" if root else "./"
    others = "\n".join(
        f'<li><a href="{escape(root + other.code + "/" if root else "../" + other.code + "/")}" '
        f'hreflang="{escape(other.html_lang)}" '
        f'lang="{escape(other.html_lang)}">{escape(other.name)}</a></li>'
        for other in languages if other.code != lang.code)
    body = (f'<h1>{escape(words["title"])}</h1>\n<p>{escape(words["text"])}</p>\n'
            f'<p><a href="{escape(home)}">{escape(words["home"])}</a></p>\n')
    if others:
        body += f'<p>{escape(words["others"])}</p>\n<ul>\n{others}\n</ul>'
    return _page(escape(lang.html_lang), f'{escape(words["title"])} · {escape(site_name)}', body, noindex=True)


def root_not_found_page(site_name: str, languages: list[Language], ui_by_lang: dict[str, Translate],
                        site_url: str | None = None) -> str:
    """The site root's 404 page: the same words in every language, each with a link to its home page."""
    root = _root(site_url)
    parts = []
    for lang in languages:
        words = _not_found_labels(ui_by_lang.get(lang.code, _same))
        href = f"{root}{lang.code}/" if root else f"{lang.code}/"
        parts.append(f'<section lang="{escape(lang.html_lang)}">\n<h2>{escape(words["title"])}</h2>\n'
                     f'<p>{escape(words["text"])}</p>\n'
                     f'<p><a href="{escape(href)}" hreflang="{escape(lang.html_lang)}">{escape(words["home"])} '
                     f'({escape(lang.name)})</a></p>\n</section>')
    body = f"<h1>{escape(site_name)}</h1>\n" + "\n".join(parts)
    first = _not_found_labels(ui_by_lang.get(languages[0].code, _same) if languages else _same)
    html_lang = escape(languages[0].html_lang if languages else "en")
    return _page(html_lang, f'{escape(first["title"])} · {escape(site_name)}', body, noindex=True)


def _same(text: str) -> str:
    return text
