"""One term, one translation: the glossaries next to the catalogs and the check that enforces them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from trickbook_site.errors import CatalogError
from trickbook_site.i18n.catalog import check, check_main
from trickbook_site.i18n.glossary import check_glossary, load_glossary

REPO = Path(__file__).resolve().parents[1]


def _copy_locales(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "locales", tmp_path / "locales")
    return tmp_path


def _plant(po: Path, old: str, new: str) -> int:
    """Replace a msgstr line; return its line number."""
    lines = po.read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        if line == old:
            lines[i] = new
            po.write_text("\n".join(lines), encoding="utf-8")
            return i + 1
    raise AssertionError(f"{old!r} not in {po}")


def french_glossary_problems(po: Path, messages: str) -> list:
    """French's glossary checked against a catalog ``po`` written with the header line and ``messages``
    (which start at line 5)."""
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n' + messages, encoding="utf-8")
    return check_glossary(load_glossary(REPO / "locales" / "fr" / "glossary.toml"), [po])


def test_the_site_catalogs_follow_their_glossaries() -> None:
    report = check(REPO)
    glossary = [str(p) for p in report.problems if "glossary" in p.message]
    assert not glossary, glossary
    for locale in ("fr", "pt_PT"):
        assert len(load_glossary(REPO / "locales" / locale / "glossary.toml").terms) >= 15


def test_a_planted_forbidden_variant_is_reported_with_file_and_line(tmp_path: Path, capsys) -> None:
    root = _copy_locales(tmp_path)
    po = root / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    line = _plant(po, 'msgstr "reste du paquet"', 'msgstr "pioche"')
    report = check(root, ["fr"])
    found = [p for p in report.errors if "glossary" in p.message]
    assert [(Path(p.file).name, p.line) for p in found] == [("content.po", line - 1)] * len(found)
    assert any("'pioche' is not used on this site" in p.message for p in found)
    assert any("lacks 'reste du paquet'" in p.message for p in found)
    assert check_main(["--root", str(root), "fr"]) == 1
    assert f"content.po:{line - 1}: glossary:" in capsys.readouterr().err


def test_portuguese_clockwise_and_face_down_variants_are_caught(tmp_path: Path) -> None:
    root = _copy_locales(tmp_path)
    engine = root / "locales" / "pt_PT" / "LC_MESSAGES" / "engine.po"
    text = engine.read_text(encoding="utf-8")
    planted = text.replace("descartou uma carta voltada para", "descartou uma carta virada para")
    assert planted != text
    engine.write_text(planted, encoding="utf-8")
    problems = [p for p in check(root, ["pt_PT"]).errors if "glossary" in p.message]
    assert len({p.line for p in problems}) == 1
    assert any("'virada para baixo' is not used" in p.message for p in problems)


def test_a_variant_that_is_another_terms_word_is_allowed(tmp_path: Path) -> None:
    """'talon' is refused for the stock but is the kitty: a message naming both may use it."""
    problems = french_glossary_problems(
        tmp_path / "content.po",
        'msgid "The upcard, the kitty and the stock."\n'
        'msgstr "La retourne, le talon et le reste du paquet."\n\n'
        'msgid "Deal the stock."\n'
        'msgstr "Distribuer le talon."\n\n'
        'msgid "Kept {stock} in `stock`."\n'
        'msgstr "Gardé {stock} dans `stock`."\n',
    )
    # Only the second message is wrong: the third names the stock only in a placeholder and code.
    assert {p.line for p in problems} == {8}
    assert {p.message for p in problems} == {
        "glossary: 'talon' is not used on this site; 'stock' is 'reste du paquet'",
        "glossary: the English has 'stock' but the translation lacks 'reste du paquet'",
    }


def test_inflected_forms_count_and_word_boundaries_hold(tmp_path: Path) -> None:
    problems = french_glossary_problems(
        tmp_path / "ui.po",
        'msgid "Two tricks"\nmsgstr "Deux levées"\n\n'
        'msgid "Stockholm trick"\nmsgstr "Levée de Stockholm"\n\n'
        'msgid "The tricks"\nmsgstr "Les cartes"\n',
    )
    assert [(p.line, p.message) for p in problems] == [
        (11, "glossary: the English has 'trick' but the translation lacks 'levée'")]


def test_a_malformed_glossary_names_its_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "glossary.toml"
    path.write_text('[[term]]\nen = "trick"\ntranslation = "levée"\n\n[[term]]\nen = "trick"\ntranslation = "pli"\n',
                    encoding="utf-8")
    with pytest.raises(CatalogError, match=r"glossary.toml:5: 'trick' is already defined at line 1"):
        load_glossary(path)
    path.write_text('[[term]]\nen = "trick"\ntranslation = "levée"\nforbidden = ["pli"]\n', encoding="utf-8")
    with pytest.raises(CatalogError, match=r"glossary.toml:1: unknown key\(s\) forbidden"):
        load_glossary(path)


def test_i18n_check_passes_with_nothing_fuzzy_or_missing(capsys) -> None:
    """`trickbook i18n check` exits 0 on the site's catalogs, and every message is translated."""
    assert check_main(["--root", str(REPO)]) == 0
    report = check(REPO)
    assert report.ok
    for row in report.coverage:
        assert (row.fuzzy, row.missing) == (0, 0), str(row)


def test_a_broken_glossary_fails_the_check_with_its_file_and_line(tmp_path: Path) -> None:
    root = _copy_locales(tmp_path)
    glossary = root / "locales" / "fr" / "glossary.toml"
    glossary.write_text(glossary.read_text(encoding="utf-8") + '\n[[term]]\nen = "trick"\ntranslation = "pli"\n',
                        encoding="utf-8")
    errors = [p for p in check(root, ["fr"]).errors if p.file == str(glossary)]
    assert len(errors) == 1 and "'trick' is already defined at line" in errors[0].message
    lines = glossary.read_text(encoding="utf-8").splitlines()
    assert errors[0].line == len(lines) - 2 and lines[errors[0].line - 1] == "[[term]]"
