"""Fewer bytes for the same page (the 400 KB first-load bound, tests/browser/test_page_weight.py).

- The HTML loses only the white space that renders as one space anyway: the text a reader
  sees, once white space collapses as a browser collapses it, is the same, and the text of
  ``<pre>``, ``<code>``, ``<textarea>``, ``<script>`` and ``<style>`` is kept byte for byte.
- A widget style sheet loses only comments and white space: its rules, without any white
  space, are the source's rules without comments or white space, and its strings are the same.
- A widget script loses only comments, indentation and empty lines: TypeScript's parser reads the
  same program from it as from the source (every script, printed from its syntax tree without
  comments, is the same text), and a lexer slip (a regular expression read as a division) fails.
- The verifier's own catalog holds every string its modules mark for translation, as the
  language's whole catalog translates it, and nothing of the engine's messages.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from trickbook_site.compact import ScriptSyntaxError, compact_css, compact_html, compact_js
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


# Prints each file's syntax tree without comments (TypeScript's printer, from the npm packages the
# set-up installs) and says "same" or "differs" for each pair of a source and its compacted text.
_SAME_PROGRAM = """
import ts from "typescript";
import { readFileSync } from "node:fs";
const printer = ts.createPrinter({ removeComments: true });
const print = (text) => printer.printFile(
  ts.createSourceFile("x.js", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS));
const pairs = JSON.parse(readFileSync(0, "utf8"));
console.log(JSON.stringify(pairs.map(([a, b]) => (print(a) === print(b) ? "same" : "differs"))));
"""


def _same_programs(pairs: list[tuple[str, str]]) -> list[str]:
    if shutil.which("node") is None or not (REPO / "node_modules" / "typescript").is_dir():
        pytest.fail("needs Node and node_modules/typescript: run scripts/setup")
    run = subprocess.run(["node", "--input-type=module", "-e", _SAME_PROGRAM], input=json.dumps(pairs),
                         cwd=REPO, capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def test_every_widget_script_compacts_to_the_same_program() -> None:
    scripts = sorted(WIDGETS.rglob("*.js"))
    assert len(scripts) > 20
    pairs = []
    for path in scripts:
        js = path.read_text(encoding="utf-8")
        small = compact_js(js)
        assert len(small) < len(js), path
        pairs.append((js, small))
    verdicts = _same_programs(pairs)
    assert [str(p.relative_to(WIDGETS)) for p, v in zip(scripts, verdicts, strict=True) if v != "same"] == []
    saved = sum(len(a) - len(b) for a, b in pairs)
    assert saved > sum(len(a) for a, _ in pairs) // 5  # comments and indentation are a fifth and more


def test_the_compaction_check_sees_a_regular_expression_read_as_a_division() -> None:
    # The check is not blind: a program changed by one character is told apart.
    js = "const a = b / 2;\nconst re = /x\\/\\//g; // note\nconst t = `a ${`b ${c}`} // not a comment`;\n"
    small = compact_js(js)
    assert small == "const a = b / 2;\nconst re = /x\\/\\//g;\nconst t = `a ${`b ${c}`} // not a comment`;\n"
    assert _same_programs([(js, small), (js, small.replace("/g", "/gi"))]) == ["same", "differs"]


def test_a_script_that_cannot_be_read_is_refused() -> None:
    for bad in ("const a = 'open;\n", "const t = `open;\n", "/* open\n", "const re = /open\n"):
        with pytest.raises(ScriptSyntaxError):
            compact_js(bad)


def test_a_descendant_pseudo_class_keeps_its_space() -> None:
    # "a :hover" is any hovered element inside an a; "a:hover" is a hovered a.
    assert compact_css(".a :hover {\n  color: red;\n}") == ".a :hover{color: red;}"


def test_the_verifiers_modules_are_the_entry_and_what_it_imports() -> None:
    modules = {p.relative_to(WIDGETS.resolve()).as_posix() for p in module_graph(WIDGETS, "verifier/verify.js")}
    assert {"verifier/verify.js", "verifier/recipe.js", "i18n.js", "dom.js"} <= modules
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
