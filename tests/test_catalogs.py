"""The catalog checker: broken catalogs are refused with file and line; incomplete ones pass."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from trickbook_site.errors import CatalogError
from trickbook_site.i18n import catalog as catalogs
from trickbook_site.i18n.checks import check_entries, is_name_like
from trickbook_site.i18n.pofile import read_entries

REPO = Path(__file__).resolve().parents[1]
BAD = REPO / "tests" / "bad_catalogs"

HEADER = (
    'msgid ""\nmsgstr ""\n"Language: fr\\n"\n'
    '"Plural-Forms: nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;\\n"\n'
    '"Content-Type: text/plain; charset=utf-8\\n"\n\n'
)

# Each broken catalog, the line the checker must name, and what it must say there.
BROKEN = [
    ("unterminated-string/engine.po", 23, "unterminated string"),
    ("duplicate-msgid/engine.po", 26, "duplicate message definition (first defined at line 18)"),
    ("placeholder-renamed/engine.po", 23, "missing {seat}, unknown {joueur}"),
    ("plural-count/ui.po", 23, "the header declares 3 plural forms but this message has 2"),
    ("link-target/content.po", 19, "link targets differ: English has 'nap.md'; translation has 'euchre.md'"),
    ("list-added/content.po", 19, "changes the Markdown structure (bullet list, list item)"),
    ("code-changed/content.po", 19, "inline code differs"),
]


def own_problems(text: str, domain: str) -> list[str]:
    po = read_entries(HEADER + text, f"{domain}.po")
    return [str(p) for p in po.problems + check_entries(po, domain, "fr")]


@pytest.mark.parametrize("name, line, message", BROKEN, ids=[b[0].split("/")[0] for b in BROKEN])
def test_each_broken_catalog_is_an_error_at_its_file_and_line(name, line, message):
    path = BAD / name
    _, problems = catalogs.check_file(path, "fr")
    errors = [str(p) for p in problems if p.severity == "error"]
    assert f"{path}:{line}: " in "\n".join(errors)
    assert any(e.startswith(f"{path}:{line}: ") and message in e for e in errors), errors


@pytest.mark.parametrize("name, line, message", BROKEN, ids=[b[0].split("/")[0] for b in BROKEN])
def test_each_broken_catalog_is_caught_without_msgfmt(monkeypatch, name, line, message):
    monkeypatch.setattr(catalogs.shutil, "which", lambda program: None)
    _, problems = catalogs.check_file(BAD / name, "fr")
    assert any(p.line == line and message in p.message and p.severity == "error" for p in problems)


def test_check_exits_1_naming_the_broken_file_and_line(tmp_path, capsys):
    folder = tmp_path / "locales" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(BAD / "placeholder-renamed" / "engine.po", folder / "engine.po")
    assert catalogs.check_main(["--root", str(tmp_path)]) == 1
    assert f"{folder / 'engine.po'}:23: placeholders differ" in capsys.readouterr().err
    with pytest.raises(CatalogError, match="engine.po:23"):
        catalogs.require_valid(tmp_path)


def test_an_incomplete_catalog_only_reports_its_coverage(tmp_path, capsys):
    folder = tmp_path / "locales" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "content.po").write_text(
        HEADER
        + '#: docs/nap.md:3\nmsgid "Deal five cards."\nmsgstr "Distribuez cinq cartes."\n\n'
        + '#: docs/nap.md:5\n#, fuzzy\n#| msgid "Bid once."\nmsgid "Bid once only."\nmsgstr "Annoncez une fois."\n\n'
        + '#: docs/euchre.md:7\nmsgid "Order it up."\nmsgstr ""\n',
        encoding="utf-8",
    )
    assert catalogs.check_main(["--root", str(tmp_path)]) == 0
    report = catalogs.check(tmp_path)
    (row,) = report.coverage
    assert (row.translated, row.fuzzy, row.missing) == (1, 1, 1)
    assert round(row.percent, 1) == 33.3
    assert [(p.name, p.translated, p.total) for p in report.pages] == [("docs/euchre.md", 0, 1), ("docs/nap.md", 1, 2)]
    assert "33.3%" in capsys.readouterr().out


def test_a_fuzzy_entry_is_not_checked_as_a_translation():
    text = '#, fuzzy\nmsgid "{seat} deals."\nmsgstr "{joueur} donne."\n'
    assert own_problems(text, "engine") == []


def test_a_plural_form_may_leave_the_count_implicit_but_not_invent_a_placeholder():
    good = ('msgid "{n} trick"\nmsgid_plural "{n} tricks"\n'
            'msgstr[0] "un pli"\nmsgstr[1] "{n} plis"\nmsgstr[2] "{n} plis"\n')
    bad = good.replace('"un pli"', '"{count} pli"')
    assert own_problems(good, "ui") == []
    assert own_problems(bad, "ui") == ["ui.po:7: placeholders not in the English: {count}"]


def test_a_translation_identical_to_its_english_is_a_warning_unless_it_is_a_name():
    text = ('msgid "Nap"\nmsgstr "Nap"\n\nmsgid "Players"\nmsgstr "Players"\n\n'
            'msgid "`TH` and 10♥"\nmsgstr "`TH` and 10♥"\n')
    assert own_problems(text, "content") == [
        "content.po:10: warning: translation is identical to the English source",
        "content.po:13: warning: translation is identical to the English source",
    ]


def test_names_card_codes_and_seats_may_stay_the_same():
    assert is_name_like("Yorkshire All Fours")
    assert is_name_like("A, B, C")
    assert is_name_like("NS 7, EW 4")
    assert is_name_like("`trickbook check`")
    assert not is_name_like("The deal")


def test_a_table_cell_translation_must_not_break_the_row():
    text = '#. table cell\nmsgid "Ace"\nmsgstr "As | un"\n'
    assert own_problems(text, "content") == [
        "content.po:8: a table cell's translation must stay on one line without an unescaped |"
    ]


def test_a_heading_marker_added_by_a_translation_is_an_error():
    text = 'msgid "Scoring"\nmsgstr "# Pontuação"\n'
    assert own_problems(text, "content") == ["content.po:7: the translation changes the Markdown structure (heading)"]


def test_emphasis_that_differs_is_only_a_warning():
    text = 'msgid "The *left* bower"\nmsgstr "Le valet gauche"\n'
    assert own_problems(text, "content") == ["content.po:7: warning: emphasis differs: 1 in the English, 0 here"]


def test_a_header_for_another_language_is_an_error():
    po = read_entries(HEADER, "fr.po")
    assert [str(p) for p in check_entries(po, "ui", "pt_PT")] == [
        "fr.po:1: header: Language is 'fr', expected 'pt_PT'"
    ]


def test_a_string_outside_any_message_and_an_unknown_keyword_are_syntax_errors():
    po = read_entries(HEADER + '"stray"\nmsgid "A"\nmsgfoo "B"\nmsgstr "C"\n', "x.po")
    assert [str(p) for p in po.problems] == ["x.po:7: a string outside any message", "x.po:9: unknown keyword 'msgfoo'"]


def test_the_project_catalogs_compile_and_pass_the_check(tmp_path):
    report = catalogs.check(REPO)
    assert [str(p) for p in report.errors] == []
    for mo in catalogs.compile_catalogs(REPO, tmp_path):
        assert mo.stat().st_size > 0


def test_a_wrapped_previous_msgid_is_read_whole(tmp_path):
    """Poedit and Weblate show ``#|`` as the old English: a wrapped one must be read in full."""
    from trickbook_site.i18n.pofile import read_po_file

    po = tmp_path / "fr.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n"Language: fr\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        '#, fuzzy\n#| msgid ""\n#| "Old long "\n#| "text"\nmsgid "New"\nmsgstr "Nouveau"\n',
        encoding="utf-8",
    )
    parsed = read_po_file(str(po))
    assert not parsed.problems
    assert [(e.msgid, e.previous_msgid) for e in parsed.entries if e.msgid] == [("New", "Old long text")]


@pytest.mark.parametrize("locale, expected", [("pt_PT", "aceitar o trunfo"), ("fr", "accepter l'atout")])
def test_a_refusal_names_the_verb_in_the_readers_language(locale, expected):
    """``{seat} cannot {verb} now`` must not leak the English verb into a translated page."""
    from trickbook.messages import render
    from trickbook_site.i18n import translator

    tr = translator(locale, REPO)
    text = render("not-now", {"seat": "N", "verb": "stand"}, tr.engine)
    assert expected in text and "stand" not in text
