"""The translator's loop: a new language with its glossary and guide, the progress summary,
English fallbacks marked in the page, and catalogs that gettext's tools leave as they are."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from trickbook_site.cli import main
from trickbook_site.i18n import Fallbacks, localize_markdown
from trickbook_site.i18n.commands import check_main
from trickbook_site.i18n.glossary import load_glossary
from trickbook_site.i18n.powrap import rewrap, wrap_field
from trickbook_site.i18n.typography import french_html

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def course(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    assert main(["new", str(folder), "--languages", "en,fr"]) == 0
    return folder


# --- a new language: its glossary, the guide, and the summary ---------------------------------


def test_i18n_add_writes_a_glossary_to_fill_in_and_names_the_guide(course: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["i18n", "add", "es", "--root", str(course)]) == 0
    out = capsys.readouterr().out
    assert "translating.md" in out and "/en/translating/" in out
    french = load_glossary(course / "locales" / "fr" / "glossary.toml")
    spanish = load_glossary(course / "locales" / "es" / "glossary.toml")
    # Every term the French glossary defines, its English side copied, its translation left empty.
    assert [t.en for t in spanish.terms] == [t.en for t in french.terms] and len(french.terms) > 10
    assert all(t.translation == "" for t in spanish.terms) and spanish.empty == spanish.terms
    trump = spanish.term("trump") or next(t for t in spanish.terms if t.en == "trump")
    assert trump.en_forms == next(t for t in french.terms if t.en == "trump").en_forms
    assert f"fill in the {len(french.terms)} term(s)" in out


def test_check_reports_the_glossary_terms_still_empty(course: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["i18n", "add", "es", "--root", str(course)]) == 0
    glossary = course / "locales" / "es" / "glossary.toml"
    count = len(load_glossary(glossary).terms)
    capsys.readouterr()
    assert check_main(["--root", str(course), "es"]) == 0
    summary = capsys.readouterr().out.splitlines()
    assert summary[0].split() == ["language", "done", "translated", "fuzzy", "missing", "glossary", "to", "fill", "in"]
    assert summary[1].split()[0] == "es" and summary[1].split()[-1] == str(count)
    # A term filled in is no longer reported, and is enforced.
    glossary.write_text(glossary.read_text(encoding="utf-8").replace(
        'en = "trick"\ntranslation = ""', 'en = "trick"\ntranslation = "baza"'), encoding="utf-8")
    assert check_main(["--root", str(course), "es", "--verbose"]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[1].split()[-1] == str(count - 1)
    assert "glossary: 'trump' is still to translate" in captured.err
    assert "glossary: 'trick' is still to translate" not in captured.err


def test_check_prints_a_summary_per_language_and_the_details_on_demand(capsys: pytest.CaptureFixture[str]) -> None:
    assert check_main(["--root", str(REPO)]) == 0
    short = capsys.readouterr()
    lines = short.out.splitlines()
    assert [line.split()[0] for line in lines[1:3]] == ["fr", "pt_PT"]
    for line in lines[1:3]:
        done, translated, fuzzy, missing = line.split()[1:5]
        assert done.endswith("%") and int(translated) > 1000 and int(fuzzy) + int(missing) >= 0
    assert "coverage by catalog" not in short.out and "docs/nap.md" not in short.out
    assert len(lines) <= 4 and "--verbose" in lines[-1]
    assert "identical to the English source" not in short.err  # warnings only on demand
    assert check_main(["--root", str(REPO), "--verbose"]) == 0
    long = capsys.readouterr()
    assert "coverage by catalog:" in long.out and "locales/fr/LC_MESSAGES/ui.po" in long.out
    assert "identical to the English source" in long.err


# --- English shown for want of a translation ------------------------------------------------


def fallbacks(states: dict[str, tuple[str, int]]) -> Fallbacks:
    french = {"not yet translated": "pas encore traduit", "translation out of date": "traduction à revoir"}
    return Fallbacks("fr", "locales/fr/LC_MESSAGES/content.po", states, lambda text: french.get(text, text))


def test_a_stale_paragraph_is_marked_with_its_language_and_a_marker_in_the_readers_language() -> None:
    page = "# Nap { #nap }\n\nThey play: they may lead.\n\n- A list item.\n"
    text, coverage = localize_markdown(page, "nap.md", {"Nap": "Nap"}, fallbacks({
        "They play: they may lead.": ("fuzzy", 40), "A list item.": ("missing", 44)}))
    lines = text.split("\n")
    assert lines[2].startswith("They play: they may lead. <a class=\"tb-fallback-mark\" lang=\"fr\"")
    assert ">traduction à revoir</a>" in lines[2] and 'data-tb-entry="locales/fr/LC_MESSAGES/content.po:40"' in lines[2]
    assert lines[3] == '{: lang="en" data-tb-fallback="fuzzy" }'
    assert '<span lang="en" data-tb-fallback="missing">A list item.</span> <a class="tb-fallback-mark"' in lines[5]
    assert ">pas encore traduit</a>" in lines[5]
    assert coverage.translated == 1


def test_french_typography_leaves_english_fallback_text_alone() -> None:
    html = ('<p>Ils jouent: oui</p><p data-tb-fallback="fuzzy" lang="en">They play: they may lead; '
            '<a class="tb-fallback-mark" lang="fr">traduction à revoir</a></p>'
            '<span class="tb-note" lang="en" data-tb-fallback="missing">N leads: hearts!</span>')
    out = french_html(html)
    assert "Ils jouent\u00a0: oui" in out
    assert "They play: they may lead; " in out and "N leads: hearts!" in out


# --- catalogs as gettext writes them ---------------------------------------------------------


def test_wrapping_follows_gettext() -> None:
    # Cut after spaces, after '-', '/', '.' and '}' before a letter, never before ';' or ':'.
    text = ("Le premier donneur d'une partie utilise le flux dont l'étiquette est `first-dealer`. "
            "Les places sont données dans l'ordre du jeu.")
    assert wrap_field("msgstr", text) == [
        'msgstr ""',
        "\"Le premier donneur d'une partie utilise le flux dont l'étiquette est `first-\"",
        "\"dealer`. Les places sont données dans l'ordre du jeu.\"",
    ]
    assert wrap_field("msgid", "x" * 71) == ['msgid "' + "x" * 71 + '"']  # 79 columns fit
    assert wrap_field("msgid", "x" * 72)[0] == 'msgid ""'
    assert rewrap('#: a.md:1 b.md:2\nmsgid "short"\nmsgstr ""\n') == '#: a.md:1 b.md:2\nmsgid "short"\nmsgstr ""\n'


@pytest.mark.skipif(shutil.which("msgmerge") is None, reason="GNU gettext's msgmerge is not installed")
def test_msgmerge_then_i18n_update_gives_no_diff(tmp_path: Path) -> None:
    root = tmp_path / "site"
    for part in ("docs", "locales", "widgets", "src/trickbook_site", "src/trickbook"):
        shutil.copytree(REPO / part, root / part, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("mkdocs.yml", "babel.cfg", "babel-ui.cfg", "babel-engine.cfg"):
        shutil.copyfile(REPO / name, root / name)
    # A changed sentence, so that the merge has fuzzy entries with their previous English to write.
    nap = root / "docs" / "nap.md"
    nap.write_text(nap.read_text(encoding="utf-8").replace("Nap", "Nap (Napoleon)", 3), encoding="utf-8")
    assert main(["i18n", "update", "--root", str(root)]) == 0
    catalogs = sorted((root / "locales").glob("*/LC_MESSAGES/*.po"))
    before = {path: path.read_bytes() for path in catalogs}
    assert any(b"#, fuzzy" in data and b"#| msgid" in data for data in before.values())
    for path in catalogs:
        pot = root / "locales" / f"{path.stem}.pot"
        subprocess.run(["msgmerge", "--quiet", "--update", "--previous", "--backup=off", str(path), str(pot)],
                       check=True)
    merged = {path: path.read_bytes() for path in catalogs}
    assert merged == before, [str(p) for p in catalogs if merged[p] != before[p]]
    assert main(["i18n", "update", "--root", str(root)]) == 0
    assert {path: path.read_bytes() for path in catalogs} == before


def test_i18n_help_lists_the_three_commands_and_the_guide(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["i18n", "--help"]) == 0
    out = capsys.readouterr().out
    assert all(f"  {action}" in out for action in ("update", "check", "add LANG"))
    assert "docs/translating.md" in out
