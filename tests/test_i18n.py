"""The translation pipeline: segmenting, extracting, merging and localizing pages."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from trickbook import messages
from trickbook_site.errors import CatalogError
from trickbook_site.i18n import catalog as catalogs
from trickbook_site.i18n.localize import localize_markdown, translator
from trickbook_site.i18n.pofile import read_po_file
from trickbook_site.i18n.segment import parse_page

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "tests" / "fixtures" / "i18n"
PAGE = FIXTURE / "docs" / "page.md"

# Every segment of the fixture page: (kind, msgid, first line, last line), worked out by reading it.
EXPECTED_SEGMENTS = [
    ("heading", "Every construct", 4, 4),
    ("paragraph", "A paragraph on one line.", 6, 6),
    ("paragraph", "A paragraph that runs\nover two lines with `code` and a [link](other.md).", 8, 9),
    ("heading", "Lists", 11, 11),
    ("list item", "First item.", 13, 13),
    ("list item", "Second item\non two lines.", 14, 15),
    ("list item", "Nested item.", 16, 16),
    ("paragraph", "A quoted remark.", 18, 18),
    ("table cell", "Card", 20, 20),
    ("table cell", "Points", 20, 20),
    ("table cell", "Ace", 22, 22),
    ("table cell", "Jack \\| knave", 23, 23),
    ("definition term", "Trick", 25, 25),
    ("definition", "One card from each player.", 26, 26),
    ("admonition title", "Remember this", 28, 28),
    ("paragraph", "The body of a note.", 29, 29),
    ("list item", "A point inside the note.", 31, 31),
    ("admonition title", "Tip", 33, 33),
    ("paragraph", "Untitled tip body.", 34, 34),
    ("paragraph", "Last line of the page.", 54, 54),
]

HAND_STRINGS = [
    "An inline hand",
    "A note on the first action.",
]
RECORD_STRINGS = ["A hand on its own", "B passes with a weak hand."]


def make_project(tmp_path: Path) -> Path:
    """A copy of the fixture project with the real Babel mappings and empty pt_PT and fr catalogs."""
    root = tmp_path / "project"
    shutil.copytree(FIXTURE, root)
    for mapping in catalogs.MAPPING_FILES.values():
        shutil.copy(REPO / mapping, root / mapping)
    for locale in ("pt_PT", "fr"):
        (root / "locales" / locale / "LC_MESSAGES").mkdir(parents=True)
    catalogs.update(root)
    return root


def edit_catalog(path: Path, translate) -> None:
    """Fill a catalog through Babel, as a translator's tool would."""
    with open(path, "rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if message.id:
            translate(message)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=76, include_previous=True)
    path.write_bytes(buffer.getvalue())


@pytest.fixture
def french(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A project whose French content catalog translates every message ("FR " and the English): the
    project's root, that catalog and the page."""
    root = make_project(tmp_path)
    po = root / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    edit_catalog(po, lambda m: setattr(m, "string", "FR " + m.id))
    return root, po, root / "docs" / "page.md"


def fill(path: Path, strings: dict[str, str], plural: tuple[str, ...] | None = None) -> None:
    """Translate the messages ``strings`` names (msgid: msgstr) in a catalog and, with ``plural``, its
    plural messages (their forms, in the language's order)."""

    def translate(message) -> None:
        if isinstance(message.id, tuple):
            if plural is not None:
                message.string = plural
        elif message.id in strings:
            message.string = strings[message.id]

    edit_catalog(path, translate)


# -- segmenting -----------------------------------------------------------------


def test_every_markdown_construct_is_segmented_with_its_exact_lines():
    page = parse_page(PAGE.read_text(encoding="utf-8"))
    assert [(s.kind, s.msgid, s.line, s.end_line) for s in page.segments] == EXPECTED_SEGMENTS


def test_code_hand_fences_html_and_front_matter_are_never_segments():
    msgids = "\n".join(s.msgid for s in parse_page(PAGE.read_text(encoding="utf-8")).segments)
    for never in ("never translated", "Raw HTML", "A page of every kind", "inline-demo", "An inline hand"):
        assert never not in msgids


def test_a_heading_keeps_its_id_outside_the_msgid():
    (heading,) = parse_page("## Scoring rules { #scoring }\n").segments
    assert heading.msgid == "Scoring rules"
    assert "## Scoring rules { #scoring }"[heading.end_column :] == " { #scoring }"


def test_a_table_cell_is_located_within_its_row():
    row = "| Ace  | four points |"
    page = parse_page(f"| Card | Worth |\n|---|---|\n{row}\n")
    cells = [s for s in page.segments if s.line == 3]
    assert [row[s.columns[0] : s.end_column] for s in cells] == ["Ace", "four points"]


def test_an_attribute_list_ending_a_paragraph_is_markup_not_prose():
    segment = parse_page("Text of it.\n{: .note }\n").segments[0]
    assert segment.msgid == "Text of it."
    assert segment.attr_line == 1


def test_an_admonition_body_is_segmented_with_page_line_numbers():
    text = "Intro.\n\n!!! warning \"Careful\"\n    First body line\n    goes on.\n\nAfter.\n"
    found = [(s.kind, s.msgid, s.line, s.end_line) for s in parse_page(text).segments]
    assert found == [
        ("paragraph", "Intro.", 1, 1),
        ("admonition title", "Careful", 3, 3),
        ("paragraph", "First body line\ngoes on.", 4, 5),
        ("paragraph", "After.", 7, 7),
    ]


def test_the_inline_hand_block_is_reported_with_its_first_line():
    (block,) = parse_page(PAGE.read_text(encoding="utf-8")).hand_blocks
    assert block.line == 41
    assert block.text.startswith('id = "inline-demo"')


def test_a_segment_without_words_is_not_translatable():
    page = parse_page("| Card | Points |\n|---|---|\n| `TH` | 10 |\n")
    assert [s.msgid for s in page.segments] == ["Card", "Points"]


# -- extracting -----------------------------------------------------------------


def test_pybabel_extract_with_babel_cfg_finds_every_segment_and_record_string(tmp_path):
    pot = tmp_path / "content.pot"
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run(
        [str(pybabel), "extract", "-F", str(REPO / "babel.cfg"), "-o", str(pot), "."],
        cwd=FIXTURE,
        check=True,
        capture_output=True,
    )
    with open(pot, "rb") as handle:
        template = read_po(handle)
    page_ids = [s[1] for s in EXPECTED_SEGMENTS]
    inline = page_ids[:19] + HAND_STRINGS + page_ids[19:]
    assert [m.id for m in template if m.id] == inline + RECORD_STRINGS
    cell = template.get("Jack \\| knave")
    assert cell.locations == [("docs/page.md", 23)]
    assert cell.auto_comments == ["table cell"]
    assert template.get("B passes with a weak hand.").auto_comments == ["hand fixture-hand: note on action 2"]
    assert template.get("B passes with a weak hand.").locations == [
        ("docs/hands/nap/fixture-hand.hand.toml", 13)
    ]


def test_engine_domain_holds_every_registered_template():
    catalogs.load_engine_names()
    engine = catalogs.extract_domain(REPO, "engine")
    names = [messages.SUIT_NAMES, messages.CATEGORY_NAMES, messages.CONTRACT_NAMES, messages.MESSAGES]
    missing = [text for table in names for text in table.values() if engine.get(text) is None]
    assert missing == []


def test_update_writes_the_three_templates_and_catalogs_with_babel_plural_headers(tmp_path):
    root = make_project(tmp_path)
    for domain in catalogs.DOMAINS:
        assert (root / "locales" / f"{domain}.pot").exists()
    pt = read_po_file(str(root / "locales" / "pt_PT" / "LC_MESSAGES" / "ui.po"))
    assert pt.header["Language"] == "pt_PT"
    assert pt.header["Plural-Forms"].startswith("nplurals=3;")
    (plural,) = [e for e in pt.messages if e.msgid_plural]
    assert sorted(plural.msgstr) == [0, 1, 2]
    engine = read_po_file(str(root / "locales" / "fr" / "LC_MESSAGES" / "engine.po"))
    assert [e.msgid for e in engine.messages] == ["{seat} leads {card}.", "{seat} wins the trick."]


def test_an_update_without_changes_rewrites_nothing(tmp_path):
    root = make_project(tmp_path)
    assert catalogs.update(root).written == []


def test_a_changed_english_paragraph_becomes_fuzzy_with_its_previous_msgid(french):
    root, po, page = french
    page.write_text(page.read_text().replace("A paragraph on one line.", "A paragraph on a single line."))
    written = catalogs.update(root).written
    assert po in written
    entry = next(e for e in read_po_file(str(po)).messages if e.msgid == "A paragraph on a single line.")
    assert entry.fuzzy
    assert entry.previous_msgid == "A paragraph on one line."
    assert entry.msgstr[0] == "FR A paragraph on one line."
    assert "#| msgid \"A paragraph on one line.\"" in po.read_text()


def test_add_starts_a_language_with_its_own_plural_rule(tmp_path):
    root = make_project(tmp_path)
    written = catalogs.add(root, "de")
    assert sorted(p.name for p in written) == ["content.po", "engine.po", "ui.po"]
    de = read_po_file(str(root / "locales" / "de" / "LC_MESSAGES" / "ui.po"))
    assert de.header["Language"] == "de"
    assert de.header["Plural-Forms"].startswith("nplurals=2;")
    assert catalogs.add_main(["--root", str(root), "de"]) == 1  # never overwrites a language's work


@pytest.mark.parametrize("name, says", [
    ("en", "en: English is the language the pages are written in; it needs no catalogs"),
    ("en-GB", "en_GB: English is the language the pages are written in; it needs no catalogs"),
    ("C", "C is not a language (it is the system's plain locale); name the language to add, such as fr or pt_PT"),
    ("posix", "posix is not a language"),
    ("", "name the language to add, such as fr or pt_PT"),
    ("  ", "name the language to add, such as fr or pt_PT"),
    ("pt", "pt: the site already has pt_PT for that language (its pages are under pt/)"),
])
def test_add_refuses_the_source_language_the_plain_locale_nothing_and_a_second_catalog_of_a_language(
        tmp_path, name, says):
    root = make_project(tmp_path)
    before = sorted(p.name for p in (root / "locales").iterdir())
    with pytest.raises(CatalogError) as refused:
        catalogs.add(root, name)
    assert str(refused.value).startswith(says)
    assert "LANG" not in str(refused.value) and "LC_ALL" not in str(refused.value)  # not Babel's hint
    assert sorted(p.name for p in (root / "locales").iterdir()) == before


# -- localizing -------------------------------------------------------------------


def test_a_fully_translated_page_keeps_no_english_and_segments_back_to_the_translations():
    text = PAGE.read_text(encoding="utf-8")
    table = {s[1]: s[1].swapcase() for s in EXPECTED_SEGMENTS}
    localized, coverage = localize_markdown(text, "page.md", table)
    assert coverage.translated == coverage.total == len(EXPECTED_SEGMENTS)
    assert 'lang="en"' not in localized
    for kind, msgid, _, _ in EXPECTED_SEGMENTS:
        assert msgid not in localized, kind
    again = [(s.kind, s.msgid) for s in parse_page(localized).segments]
    assert again == [(kind, msgid.swapcase()) for kind, msgid, _, _ in EXPECTED_SEGMENTS]


def test_localizing_keeps_markers_ids_and_pipes():
    text = "## Scoring { #scoring }\n\n- One point\n  each.\n\n| Card | Worth |\n|---|---|\n"
    table = {"Scoring": "Pontuação", "One point\neach.": "Um ponto\npor cada\nvaza.", "Card": "Carta", "Worth": "Valor"}
    localized, _ = localize_markdown(text, "x.md", table)
    assert localized == (
        "## Pontuação { #scoring }\n\n- Um ponto\n  por cada\n  vaza.\n\n| Carta | Valor |\n|---|---|\n"
    )


def test_a_fuzzy_segment_stays_english_and_says_so(tmp_path):
    root = make_project(tmp_path)
    po = root / "locales" / "pt_PT" / "LC_MESSAGES" / "content.po"

    def translate(message):
        message.string = message.id.swapcase()
        if message.id in ("A paragraph on one line.", "First item.", "Ace"):
            message.flags.add("fuzzy")

    edit_catalog(po, translate)
    content = translator("pt_PT", root).content_catalog()
    localized, coverage = localize_markdown(PAGE.read_text(encoding="utf-8"), "page.md", content)
    assert coverage.translated == coverage.total - 3
    assert "A paragraph on one line.\n{: lang=\"en\" }\n" in localized
    assert '- <span lang="en">First item.</span>' in localized
    assert '| <span lang="en">Ace</span>  | 4 |' in localized
    assert "# eVERY CONSTRUCT { #every }" in localized


def test_an_untranslated_heading_gets_lang_in_its_attribute_list():
    localized, coverage = localize_markdown("# Nap { #nap }\n", "nap.md", {})
    assert localized == '# Nap { #nap lang="en" }\n'
    assert (coverage.translated, coverage.total) == (0, 1)


def test_a_paragraph_followed_directly_by_a_list_is_marked_with_a_span():
    # Python-Markdown would show an attribute line there as text.
    localized, _ = localize_markdown("Intro:\n- one\n", "x.md", {"one": "um"})
    assert localized == '<span lang="en">Intro:</span>\n- um\n'


def test_the_translator_translates_record_strings_ui_labels_and_engine_events(tmp_path):
    root = make_project(tmp_path)
    lc = root / "locales" / "fr" / "LC_MESSAGES"
    fill(lc / "content.po", {"A hand on its own": "Une donne seule"})
    fill(lc / "engine.po", {"{seat} leads {card}.": "{seat} entame {card}."})
    fill(lc / "ui.po", {"Next step": "Étape suivante"}, plural=("{n} pli", "{n} de plis", "{n} plis"))
    fr = translator("fr", root)
    assert fr.content("A hand on its own") == "Une donne seule"
    assert fr.content("B passes with a weak hand.") == "B passes with a weak hand."
    assert fr.ui("Next step") == "Étape suivante"
    # French: 0 and 1 take the first form, a million the second, others the third.
    assert [fr.ngettext("ui", "{n} trick", "{n} tricks", n) for n in (0, 1, 2, 1000000)] == [
        "{n} pli", "{n} pli", "{n} plis", "{n} de plis"
    ]
    assert messages.render("leads", {"seat": "N", "card": "TH"}, fr.engine) == "N entame 10♥."
    assert translator("en", root).content("A hand on its own") == "A hand on its own"


def test_the_browser_catalog_is_built_from_the_compiled_catalogs(tmp_path):
    root = make_project(tmp_path)
    lc = root / "locales" / "pt_PT" / "LC_MESSAGES"
    fill(lc / "engine.po", {"{seat} leads {card}.": "{seat} sai com {card}."})
    fill(lc / "ui.po", {"Next step": "Passo seguinte"}, plural=("{n} vaza", "{n} de vazas", "{n} vazas"))
    mo_dir = tmp_path / "build" / "locales"
    compiled = catalogs.compile_catalogs(root, mo_dir)
    assert mo_dir / "pt_PT" / "LC_MESSAGES" / "engine.mo" in compiled
    data = catalogs.browser_catalog("pt_PT", mo_dir)
    assert data["lang"] == "pt-PT"
    assert data["plural_forms"].startswith("nplurals=3;")
    assert data["ui"] == {"Next step": "Passo seguinte", "{n} trick": ["{n} vaza", "{n} de vazas", "{n} vazas"]}
    assert data["engine"]["messages"]["leads"] == "{seat} sai com {card}."
    assert data["engine"]["messages"]["plays"] == messages.MESSAGES["plays"]
    assert set(data["engine"]["suits"]) == {"S", "H", "D", "C"}
    assert set(data["engine"]["contracts"]) == set(messages.CONTRACT_NAMES)
    json.dumps(data)  # the widgets load it as JSON


@pytest.mark.parametrize("name, expected", [("pt", "pt_PT"), ("pt-PT", "pt_PT"), ("fr", "fr")])
def test_a_language_is_found_by_code_tag_or_locale(tmp_path, name, expected):
    root = make_project(tmp_path)
    assert catalogs.resolve_locale(root, name) == expected


def test_a_site_with_only_babel_cfg_extracts_and_starts_only_its_pages(tmp_path):
    root = tmp_path / "site"
    shutil.copytree(FIXTURE / "docs", root / "docs")
    shutil.copy(REPO / "babel.cfg", root / "babel.cfg")
    written = catalogs.add(root, "fr")
    assert [p.name for p in written] == ["content.po"]
    catalogs.update(root)
    assert sorted(p.name for p in (root / "locales").glob("*.pot")) == ["content.pot"]


def test_a_removed_paragraph_is_kept_obsolete_and_the_catalog_stays_valid(french):
    root, po, page = french
    page.write_text(page.read_text().replace("> A quoted remark.\n", ""))
    catalogs.update(root)
    assert '#~ msgid "A quoted remark."' in po.read_text()
    assert "A quoted remark." not in [e.msgid for e in read_po_file(str(po)).messages]
    assert [str(p) for p in catalogs.check(root, ["fr"]).errors] == []


DOCS_PAGES = sorted((REPO / "docs").glob("**/*.md"))
MKDOCS_EXTENSIONS = ["attr_list", "md_in_html", "admonition", "def_list", "tables", "pymdownx.superfences", "toc"]


@pytest.mark.parametrize("page", DOCS_PAGES, ids=[p.name for p in DOCS_PAGES])
def test_every_site_page_segments_back_to_its_translations(page):
    text = page.read_text(encoding="utf-8")
    segments = parse_page(text).segments
    table = {s.msgid: s.msgid.swapcase() for s in segments}
    localized, coverage = localize_markdown(text, page.name, table)
    assert coverage.translated == coverage.total == len(segments)
    assert [s.msgid for s in parse_page(localized).segments] == [table[s.msgid] for s in segments]


@pytest.mark.parametrize("page", DOCS_PAGES, ids=[p.name for p in DOCS_PAGES])
def test_every_english_segment_of_a_site_page_renders_with_lang_en(page):
    import markdown

    text = page.read_text(encoding="utf-8")
    if text.startswith("---\n"):
        text = text.split("---\n", 2)[2]  # MkDocs reads the front matter itself
    localized, coverage = localize_markdown(text, page.name, {})
    html = markdown.markdown(localized, extensions=MKDOCS_EXTENSIONS)
    implicit = sum(1 for s in parse_page(text).segments if s.implicit)
    assert html.count('lang="en"') == coverage.total - implicit
    assert "{:" not in html and "&lt;span" not in html
