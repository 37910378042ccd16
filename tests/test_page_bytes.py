"""Fewer bytes for the same page (the 400 KB first-load bound, tests/browser/test_page_weight.py).

- The HTML loses only the white space that renders as one space anyway: the text a reader
  sees, once white space collapses as a browser collapses it, is the same, and the text of
  ``<pre>``, ``<code>``, ``<textarea>``, ``<script>`` and ``<style>`` is kept byte for byte.
- A widget style sheet loses only comments and white space: its rules, without any white
  space, are the source's rules without comments or white space, and its strings are the same.
- The verifier's own catalog holds every string its modules mark for translation, as the
  language's whole catalog translates it, and nothing of the engine's messages.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from trickbook_site.compact import compact_css, compact_html
from trickbook_site.widget_catalogs import PAGE_CATALOGS, module_graph, page_catalog, ui_keys

REPO = Path(__file__).resolve().parents[1]
WIDGETS = REPO / "widgets"
KEEP = {"pre", "code", "textarea", "script", "style"}


class _Seen(HTMLParser):
    """The text a reader sees (white space collapsed outside KEEP), the kept texts, and every tag."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.text: list[str] = []
        self.kept: list[str] = []
        self.tags: list[str] = []
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        self.tags.append(self.get_starttag_text() or tag)
        self.depth += tag in KEEP

    def handle_endtag(self, tag):
        self.tags.append(f"/{tag}")
        self.depth -= tag in KEEP

    def handle_data(self, data):
        (self.kept if self.depth else self.text).append(data)

    def handle_entityref(self, name):
        self.handle_data(f"&{name};")

    def handle_charref(self, name):
        self.handle_data(f"&#{name};")


def seen(html: str) -> tuple[str, list[str], list[str]]:
    parser = _Seen()
    parser.feed(html)
    return re.sub(r"\s+", " ", "".join(parser.text)), parser.kept, parser.tags


PAGE = """<!doctype html>
<html lang="fr">
  <head>
    <script>
      var a = 1;   // kept as written
    </script>
    <style>
      .x { color: red; }
    </style>
  </head>
  <body>
    <p>Une ligne
       et la suivante,   avec   des espaces.</p>
    <pre><code>A♥  K♥
    Q♥</code></pre>
    <p>Du <code>trickbook   serve</code> et <textarea>
  deux
    lignes</textarea></p>
    <div
       class="a"
       title="un
   titre">x</div>
  </body>
</html>
"""


def test_idle_white_space_goes_and_what_a_reader_sees_stays() -> None:
    small = compact_html(PAGE)
    assert len(small) < len(PAGE)
    assert seen(small) == seen(PAGE)
    assert "<pre><code>A♥  K♥\n    Q♥</code></pre>" in small
    assert "<code>trickbook   serve</code>" in small and "<textarea>\n  deux\n    lignes</textarea>" in small
    assert "  var a = 1;   // kept as written\n    </script>" in small
    assert 'title="un\n   titre"' in small  # inside a tag nothing moves
    assert "\n<p>Une ligne\net la suivante,   avec   des espaces.</p>\n<pre>" in small


@pytest.mark.parametrize("sheet", sorted(p.relative_to(WIDGETS).as_posix() for p in WIDGETS.rglob("*.css")))
def test_a_widget_style_sheet_keeps_its_rules_and_strings(sheet: str) -> None:
    css = (WIDGETS / sheet).read_text(encoding="utf-8")
    small = compact_css(css)
    strings = re.compile(r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""")
    assert strings.findall(small) == strings.findall(re.sub(r"/\*.*?\*/", "", css, flags=re.S))
    bare = re.sub(r"\s+", "", re.sub(r"/\*.*?\*/", "", css, flags=re.S))
    assert re.sub(r"\s+", "", small) == bare
    assert "/*" not in small and "\n" not in small
    assert len(small) <= len(css)


def test_a_descendant_pseudo_class_keeps_its_space() -> None:
    # "a :hover" is any hovered element inside an a; "a:hover" is a hovered a.
    assert compact_css(".a :hover {\n  color: red;\n}") == ".a :hover{color: red;}"


def test_the_verifiers_modules_are_the_entry_and_what_it_imports() -> None:
    modules = {p.relative_to(WIDGETS.resolve()).as_posix() for p in module_graph(WIDGETS, "verifier/verify.js")}
    assert {"verifier/verify.js", "verifier/recipe.js", "i18n.js", "board.js"} <= modules
    assert "hand-player/mount.js" not in modules and "worker.js" not in modules


def test_the_verifiers_catalog_holds_every_string_its_modules_mark() -> None:
    (page,) = [p for p in PAGE_CATALOGS if p.name == "verifier"]
    keys = ui_keys(module_graph(WIDGETS, page.entry))
    # Literal _() calls in verify.js itself, found by Babel's extractor as the ui.pot's are.
    verify = (WIDGETS / page.entry).read_text(encoding="utf-8")
    literal = set(re.findall(r'\b_\("([^"\\]+)"\)', verify))
    assert literal and literal <= keys
    assert {"ace", "{rank} of {suit}", "player {seat}"} <= keys  # i18n.js's card and seat names
    whole = {"lang": "fr", "plural": {}, "plural_forms": "",
             "ui": {k: f"fr:{k}" for k in keys} | {"Start a match": "Commencer une partie"},
             "engine": {"messages": {"must-follow-suit": "…"}, "suits": {"H": "cœur"}, "categories": {},
                        "contracts": {}, "verbs": {}}}
    small = page_catalog(whole, keys, page.engine_messages)
    assert small["ui"] == {k: f"fr:{k}" for k in keys}
    assert small["engine"]["messages"] == {} and small["engine"]["suits"] == {"H": "cœur"}
    assert small["lang"] == "fr"


def test_the_built_verifier_catalog_translates_as_the_whole_one(built_site: Path) -> None:
    for code in ("en", "pt", "fr"):
        whole = json.loads((built_site / "assets" / "i18n" / f"{code}.json").read_text(encoding="utf-8"))
        own = json.loads((built_site / "assets" / "i18n" / "verifier" / f"{code}.json").read_text(encoding="utf-8"))
        assert all(whole["ui"][k] == v for k, v in own["ui"].items()), code
        assert own["plural"] == whole["plural"] and own["engine"]["suits"] == whole["engine"]["suits"], code
        assert len(json.dumps(own)) < len(json.dumps(whole)) / 4, code
        assert code == "en" or len(own["ui"]) >= 40, code  # English needs no entries: the msgids are the text
    fr = json.loads((built_site / "assets" / "i18n" / "verifier" / "fr.json").read_text(encoding="utf-8"))
    assert fr["ui"]["Check and deal"] != "Check and deal"  # translated, not English
