"""The catalogs' Plural-Forms expressions compiled for the browser (no eval there).

The compiled tree must choose the same form as gettext itself for every count; the
browser walks the same tree (tests/browser/test_plurals.py).
"""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from trickbook_site.i18n.catalog import browser_catalog, compile_catalogs
from trickbook_site.i18n.plurals import PluralFormsError, compile_expression, evaluate, parse_header

ROOT = Path(__file__).resolve().parents[1]
COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 101, 999_999, 1_000_000, 1_000_001, 2_000_000, 3_000_000_000]

EXPRESSIONS = [
    "(n != 1)",
    "(n > 1)",
    "(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)",
    "(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2",
    "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
    "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2",
    "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5",
    "!(n == 1)",
    "n / 10 - 3 * 2 + 1 > 0",
]


@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_compiled_expression_chooses_what_gettext_chooses(expression: str) -> None:
    tree = compile_expression(expression)
    reference = gettext.c2py(expression)
    for n in COUNTS + list(range(0, 130)):
        assert evaluate(tree, n) == reference(n), (expression, n)


def test_french_and_portuguese_catalogs_use_their_own_rule_for_millions() -> None:
    out = Path(__import__("tempfile").mkdtemp())
    compile_catalogs(ROOT, out)
    for locale in ("fr", "pt_PT"):
        data = browser_catalog(locale, out)
        header = (ROOT / "locales" / locale / "LC_MESSAGES" / "ui.po").read_text(encoding="utf-8")
        assert data["plural_forms"].replace(" ", "") in header.replace('"\n"', "").replace(" ", "")
        assert data["plural"]["nplurals"] == 3
        tree = data["plural"]["expr"]
        assert [evaluate(tree, n) for n in (1, 2, 5, 1_000_000)] == [0, 2, 2, 1]
    # French puts zero with one; Portuguese does not.
    assert evaluate(browser_catalog("fr", out)["plural"]["expr"], 0) == 0
    assert evaluate(browser_catalog("pt_PT", out)["plural"]["expr"], 0) == 2


@pytest.mark.parametrize("bad", ["n ==", "(n == 1", "n == 1)", "n = 1", "x > 1", "n ? 1", "n $ 2"])
def test_a_broken_expression_is_refused_with_its_text(bad: str) -> None:
    with pytest.raises(PluralFormsError, match="plural expression"):
        compile_expression(bad)


def test_header_without_nplurals_is_refused() -> None:
    with pytest.raises(PluralFormsError, match="nplurals"):
        parse_header("plural=(n != 1);")
    assert parse_header("nplurals=2; plural=(n != 1);")[0] == 2
