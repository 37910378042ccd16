"""``trickbook i18n update | check | add LANG``: the translators' commands.

``check`` prints a summary first, one line per language in the manner of potodo
(done, translated, fuzzy, missing, glossary terms still empty), then the errors,
which always show; ``--verbose`` adds the warnings and the coverage of each catalog
and of each page that is not complete. ``add`` starts a language's catalogs and its
glossary, and says what to do next.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable, Sequence

from ..errors import CatalogError, SiteError
from .catalog import CatalogCoverage, CheckReport, add, check, update
from .glossary import GLOSSARY, glossary_path, glossary_skeleton, load_glossaries
from .pofile import _

GUIDE = "docs/translating.md"
GUIDE_PAGE = "translating/"  # the guide's address under each language of a built site


def _root_parser(prog: str, description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--root", default=".", help="the project folder (default: the current one)")
    return parser


def update_main(argv: Sequence[str] | None = None) -> int:
    """``trickbook i18n update``: extract and merge; print the files written."""
    args = _root_parser("trickbook i18n update", "Extract the messages and merge every catalog.").parse_args(argv)
    result = update(args.root)
    for path in result.written:
        print(f"wrote {path}")
    if not result.written:
        print("catalogs already up to date")
    return 0


def language_totals(report: CheckReport) -> dict[str, CatalogCoverage]:
    """Each language's catalogs added up."""
    totals: dict[str, list[int]] = {}
    for row in report.coverage:
        counts = totals.setdefault(row.locale, [0, 0, 0])
        for i, value in enumerate((row.translated, row.fuzzy, row.missing)):
            counts[i] += value
    return {locale: CatalogCoverage(locale, locale, *counts) for locale, counts in totals.items()}


def summary_lines(report: CheckReport, empty_terms: dict[str, int]) -> list[str]:
    """The per-language table: done, translated, fuzzy, missing, glossary terms to fill in."""
    totals = language_totals(report)
    rows = [("language", "done", "translated", "fuzzy", "missing", "glossary to fill in")]
    for locale, row in sorted(totals.items()):
        rows.append((locale, f"{row.percent:.1f}%", str(row.translated), str(row.fuzzy), str(row.missing),
                     str(empty_terms.get(locale, "-"))))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                      for i, (cell, w) in enumerate(zip(r, widths, strict=True)))
            .rstrip() for r in rows]


def _same(message: str) -> str:
    return message


def check_main(argv: Sequence[str] | None = None, translate: Callable[[str], str] = _same) -> int:
    """``trickbook i18n check [LANG…] [--verbose]``: 1 when a catalog is broken, 0 otherwise. The
    problems and the count of errors are said in the language of ``translate``."""
    parser = _root_parser("trickbook i18n check", "Validate the catalogs and summarise their progress.")
    parser.add_argument("languages", nargs="*", help="locales to check (default: all)")
    parser.add_argument("--verbose", "-v", action="store_true",
                        help="also list the warnings and the coverage of every catalog and unfinished page")
    args = parser.parse_args(argv)
    try:
        report = check(args.root, args.languages or None)
        locales = sorted({row.locale for row in report.coverage})
        glossaries = load_glossaries(Path(args.root), locales)
    except CatalogError as error:
        print(error, file=sys.stderr)
        return 1
    for line in summary_lines(report, {locale: len(g.empty) for locale, g in glossaries.items()}):
        print(line)
    warnings = [p for p in report.problems if p.severity != "error"]
    for problem in report.errors + (warnings if args.verbose else []):
        print(problem.localized(translate), file=sys.stderr)
    if args.verbose:
        print("coverage by catalog:")
        for row in report.coverage:
            print(f"  {row}")
        unfinished = [row for row in report.pages if row.fuzzy or row.missing]
        if unfinished:
            print("pages not yet complete:")
            for row in unfinished:
                print(f"  {row}")
    elif warnings or report.pages:
        print(f"{len(warnings)} warning(s); `trickbook i18n check --verbose` lists them, "
              "with the coverage of each catalog and unfinished page")
    if not report.ok:
        print(translate(_("{count} error(s) in the catalogs")).replace("{count}", str(len(report.errors))),
              file=sys.stderr)
        return 1
    return 0


def add_main(argv: Sequence[str] | None = None) -> int:
    """``trickbook i18n add LANG``: start catalogs and a glossary for a new language."""
    parser = _root_parser("trickbook i18n add", "Start the catalogs and the glossary of a new language.")
    parser.add_argument("language", help="a locale such as de or pt_BR")
    args = parser.parse_args(argv)
    root = Path(args.root)
    try:
        written = add(root, args.language)
        locale = written[0].parent.parent.name if written else args.language.replace("-", "_")
        glossary = glossary_path(root, locale)
        terms = 0
        if not glossary.exists():
            text, terms = glossary_skeleton(root, locale)
            glossary.write_text(text, encoding="utf-8")
            written.append(glossary)
    except CatalogError as error:
        print(error, file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path}")
    code = locale.split("_")[0]
    print(f"next: translate the catalogs above (Poedit, Weblate or any text editor), fill in the {terms} "
          f"term(s) of {GLOSSARY}, then run `trickbook i18n check {locale}` and `trickbook build`; "
          f"the site gains /{code}/.")
    print(f"the translator's guide: {guide_file(root)} (on the built site: /en/{GUIDE_PAGE})")
    return 0


def guide_file(root: Path) -> str:
    """The translator's guide: this site's own page, else the default site's (a course made by `new`)."""
    if (root / GUIDE).is_file():
        return GUIDE
    from ..project import default_project

    try:
        return str(default_project().root / GUIDE)
    except SiteError:  # no default site installed: name the page as the site has it
        return GUIDE
