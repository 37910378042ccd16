"""The catalogs: extract, merge, start, check, compile, and the browser's JSON.

Commands (wired as ``trickbook i18n update|check|add LANG`` in ``commands.py``):

- ``update(root)``: extract the domains into
  ``locales/content.pot``, ``locales/ui.pot`` and ``locales/engine.pot`` (mappings in
  ``babel.cfg``, ``babel-ui.cfg``, ``babel-engine.cfg``) and merge every language's
  ``.po`` as ``pybabel update --previous`` does: a changed message becomes fuzzy and
  keeps the old English as ``#| msgid``. A domain whose mapping file the project
  lacks is neither extracted nor merged (see ``project_domains``). A file is rewritten only when more than its
  dates changed, so an update without changes leaves the tree clean.
- ``add(root, locale)``: start a language as ``pybabel init`` does.
- ``check(root, locales=None)``: every ``.po`` read strictly
  (``pofile.py``), checked (``checks.py``) and, when GNU ``msgfmt`` is installed, also
  passed through ``msgfmt --check-format --check-header --check-domain``; problems
  are printed as ``file:line: message``; coverage per language, catalog and page.
  Exit status 1 when any catalog is broken; an incomplete one only reports coverage.

For the build: ``compile_catalogs(root, out_dir)`` writes ``.mo`` files under
``build/locales/<locale>/LC_MESSAGES/`` and ``browser_catalog(locale, mo_dir)`` turns
the ``ui`` and ``engine`` ones into the JSON the widgets load.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from dataclasses import dataclass, field
from datetime import datetime
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Iterable, Sequence

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import denormalize, read_po, write_po
from babel.util import LOCALTZ

from ..errors import CatalogError
from ..project import SOURCE_LANGUAGE
from ..textfile import where_not_utf8
from .checks import check_entries
from .context import add_context
from .glossary import glossary_problems
from .plurals import parse_header
from .pofile import PoFile, Problem, read_po_file
from .powrap import UNWRAPPED, rewrap, wrap_field
from .rendered import Renderer

DOMAINS = ("content", "ui", "engine")
MAPPING_FILES = {"content": "babel.cfg", "ui": "babel-ui.cfg", "engine": "babel-engine.cfg"}
KEYWORDS: dict[str, dict[str, Any]] = {
    "content": {},
    "ui": {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)},
    "engine": {"N_": None},
}
COMMENT_TAGS = ("TRANSLATORS:",)
# Header lines that change on every run; ignored when deciding whether to rewrite a file.
DATE_HEADERS = (b'"POT-Creation-Date:', b'"PO-Revision-Date:')


def _version() -> str:
    try:
        return version("trickbook")
    except PackageNotFoundError:
        return "0"


# -- extraction --------------------------------------------------------------


def project_domains(root: Path) -> list[str]:
    """The domains a project extracts: those whose mapping file it has.

    A site made by ``trickbook new`` has only ``babel.cfg`` (its pages); it shares
    the ``ui`` and ``engine`` catalogs of the default site instead of extracting them.
    """
    found = [domain for domain in DOMAINS if (root / MAPPING_FILES[domain]).is_file()]
    if not found:
        raise CatalogError(f"{root / MAPPING_FILES['content']}: no Babel mapping file, nothing to extract")
    return found


def mapped_domains(root: Path) -> list[str]:
    """The domains this project extracts itself: a site made by `trickbook new` maps only
    `content` and takes its `ui` and `engine` translations from the default site."""
    return [domain for domain in DOMAINS if (root / MAPPING_FILES[domain]).is_file()]


def extract_domain(root: Path, domain: str) -> Catalog:
    """Extract one domain's messages from the project at ``root`` into a template."""
    with open(root / MAPPING_FILES[domain], encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(  # type: ignore[no-untyped-call]  # Babel leaves it unannotated
            handle)
    catalog = Catalog(
        project="trickbook",
        version=_version(),
        copyright_holder="the trickbook authors",
        msgid_bugs_address="",
        charset="utf-8",
        domain=domain,
    )
    tops = [pattern.split("*")[0].rstrip("/") for pattern, _ in method_map]

    def walk_only_sources(path: str) -> bool:
        rel = Path(path).resolve().relative_to(root.resolve()).as_posix()
        return rel == "." or any(top == rel or top.startswith(rel + "/") or rel.startswith(top + "/") for top in tops)

    found = extract_from_dir(
        str(root),
        method_map,
        options_map,
        keywords=KEYWORDS[domain],
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
        directory_filter=walk_only_sources,
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(Path(filename).as_posix(), lineno)], auto_comments=comments, context=context)
    _tidy_format_flags(catalog, domain)
    if domain in ("ui", "engine"):
        add_context(catalog, domain)  # where each string appears, and an engine sentence filled in
    return catalog


def _tidy_format_flags(catalog: Catalog, domain: str) -> None:
    for message in catalog:
        if domain == "content":
            # Prose is not a format string: "50% of" must not be checked as one.
            message.flags -= {"python-format", "python-brace-format"}
        elif "python-brace-format" in message.flags:
            # Our templates use {names} only; Babel also guesses %-format from "% o".
            message.flags.discard("python-format")


# -- writing without churn -----------------------------------------------------


def _po_bytes(catalog: Catalog, *, previous: bool) -> bytes:
    buffer = io.BytesIO()
    # Babel wraps a long previous msgid like prose, which can leave a ``#|`` line
    # with no quotes (an invalid file); write those lines ourselves instead. Babel's
    # wrapping is not gettext's: write unwrapped, then wrap as msgmerge does (powrap.py).
    write_po(buffer, catalog, width=UNWRAPPED, include_previous=False)
    text = rewrap(buffer.getvalue().decode("utf-8"))
    if previous:
        text = _with_previous_ids(text, catalog)
    return text.encode("utf-8")


def _po_lines(keyword: str, text: str, prefix: str = "") -> list[str]:
    """``msgid "…"`` lines as GNU gettext wraps them, each line behind ``prefix``."""
    return wrap_field(keyword, text, prefix)


def _with_previous_ids(text: str, catalog: Catalog) -> str:
    """Insert ``#| msgid`` lines before each fuzzy entry that has a previous msgid."""
    lines = text.split("\n")
    pos = 0
    for message in catalog:
        if not message.id:
            continue
        block = _po_lines("msgid", message.id if isinstance(message.id, str) else message.id[0])
        while pos < len(lines) and lines[pos : pos + len(block)] != block:
            pos += 1
        if pos >= len(lines):
            raise RuntimeError(f"could not place the previous msgid of {message.id!r}")
        if message.previous_id:
            insert_at = pos - 1 if pos > 0 and lines[pos - 1].startswith("msgctxt ") else pos
            extra = _po_lines("msgid", message.previous_id[0], "#| ")
            if len(message.previous_id) > 1:
                extra += _po_lines("msgid_plural", message.previous_id[1], "#| ")
            lines[insert_at:insert_at] = extra
            pos += len(extra)
        pos += len(block)
    return "\n".join(lines)


def _forms(string: str | tuple[str, ...] | list[str] | None) -> list[str]:
    return list(string) if isinstance(string, (list, tuple)) else [string or ""]


def _without_dates(data: bytes) -> list[bytes]:
    return [line for line in data.split(b"\n") if not line.startswith(DATE_HEADERS)]


def _write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` unless the file differs from it only in its dates."""
    if path.exists() and _without_dates(path.read_bytes()) == _without_dates(data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    """A catalog read by Babel, its domain named after the file (not UTF-8: file, line and column)."""
    problem = where_not_utf8(path.read_bytes(), str(path))
    if problem is not None:
        raise CatalogError(problem)
    with open(path, "rb") as handle:
        catalog = read_po(handle, locale=locale, domain=path.stem)
    _restore_previous_ids(catalog)
    return catalog


def _restore_previous_ids(catalog: Catalog) -> None:
    """Babel reads ``#| msgid`` lines as translator comments; make them previous msgids again."""
    for message in catalog:
        lines = [c[1:].strip() for c in message.user_comments if c.startswith("|")]
        if not lines:
            continue
        message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
        parts: list[list[str]] = []
        for line in lines:
            keyword, _, rest = line.partition(" ")
            if keyword in ("msgid", "msgid_plural"):
                parts.append([rest])
            elif parts:
                parts[-1].append(line)
        message.previous_id = [denormalize("\n".join(p)) for p in parts]


# -- languages ------------------------------------------------------------------


def catalog_locales(root: Path) -> list[str]:
    """The locales with catalogs: the folders of ``locales/`` holding ``LC_MESSAGES``."""
    folder = root / "locales"
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if (p / "LC_MESSAGES").is_dir())


def resolve_locale(root: Path, name: str) -> str:
    """The catalog folder for a language name: ``pt_PT``, ``pt-PT`` or ``pt``."""
    known = catalog_locales(root)
    wanted = name.replace("-", "_")
    if wanted in known:
        return wanted
    matches = [k for k in known if k.split("_")[0] == wanted]
    if len(matches) == 1:
        return matches[0]
    raise CatalogError(
        f"no catalogs for language {name!r} under {root / 'locales'} (found: {', '.join(known) or 'none'})"
    )


def _parse_locale(name: str) -> Locale:
    try:
        return Locale.parse(name)
    except (ValueError, UnknownLocaleError) as error:
        raise CatalogError(f"{name!r} is not a locale Babel knows: {error}") from None


def _new_catalog(template: Catalog, locale: str) -> Catalog:
    """A language's first catalog for a domain, as ``pybabel init`` starts it."""
    catalog = read_po(io.BytesIO(_po_bytes(template, previous=False)), locale=locale, domain=template.domain)
    catalog.locale = _parse_locale(locale)
    catalog.revision_date = datetime.now(LOCALTZ)
    catalog.fuzzy = False
    # Left empty for the first translator to sign (msgfmt warns about the placeholder).
    catalog.last_translator = ""
    return catalog


# -- commands ---------------------------------------------------------------------


@dataclass
class UpdateResult:
    """What ``update`` wrote: the files that changed."""

    written: list[Path] = field(default_factory=list)


def update(root: Path | str = ".") -> UpdateResult:
    """Extract every domain and merge every language's catalogs."""
    root = Path(root)
    result = UpdateResult()
    templates = {domain: extract_domain(root, domain) for domain in mapped_domains(root)}
    for domain, template in templates.items():
        pot = root / "locales" / f"{domain}.pot"
        if _write_if_changed(pot, _po_bytes(template, previous=False)):
            result.written.append(pot)
    for locale in catalog_locales(root):
        for domain, template in templates.items():
            path = root / "locales" / locale / "LC_MESSAGES" / f"{domain}.po"
            if path.exists():
                catalog = read_catalog(path, locale)
                earlier = {(m.id, m.context): m.previous_id for m in catalog if m.previous_id}
                catalog.update(template, update_header_comment=False, keep_user_comments=True)
                # As msgmerge: an obsolete entry nobody translated is dropped, a translated one kept (#~).
                for key in [k for k, m in catalog.obsolete.items() if not any(_forms(m.string))]:
                    del catalog.obsolete[key]
                for message in catalog:
                    # An entry still fuzzy from an earlier update keeps its old English.
                    if message.fuzzy and not message.previous_id:
                        message.previous_id = earlier.get((message.id, message.context), [])
                _tidy_format_flags(catalog, domain)
            else:
                catalog = _new_catalog(template, locale)
            if _write_if_changed(path, _po_bytes(catalog, previous=True)):
                result.written.append(path)
    return result


def add(root: Path | str, locale: str) -> list[Path]:
    """Start catalogs for a new language from the current templates."""
    root = Path(root)
    locale = locale.strip().replace("-", "_")
    if not locale:
        raise CatalogError("name the language to add, such as fr or pt_PT")
    if locale.upper() in ("C", "POSIX"):
        raise CatalogError(f"{locale} is not a language (it is the system's plain locale); "
                           "name the language to add, such as fr or pt_PT")
    language = _parse_locale(locale).language
    if language == SOURCE_LANGUAGE:
        raise CatalogError(f"{locale}: English is the language the pages are written in; it needs no catalogs")
    same = [k for k in catalog_locales(root) if k != locale and k.split("_")[0] == language]
    if same:
        raise CatalogError(f"{locale}: the site already has {same[0]} for that language (its pages are under "
                           f"{language}/); run `trickbook i18n update` to merge its catalogs")
    folder = root / "locales" / locale / "LC_MESSAGES"
    if folder.is_dir() and any(folder.glob("*.po")):
        raise CatalogError(f"{folder}: catalogs already exist; run `trickbook i18n update` to merge them")
    written = []
    for domain in mapped_domains(root):
        template = extract_domain(root, domain)
        path = folder / f"{domain}.po"
        _write_if_changed(path, _po_bytes(_new_catalog(template, locale), previous=True))
        written.append(path)
    return written


@dataclass(frozen=True)
class CatalogCoverage:
    """How much of a catalog (or of one page's share of it) is translated."""

    locale: str
    name: str  # a catalog file or a source page
    translated: int
    fuzzy: int
    missing: int

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.missing

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0

    def __str__(self) -> str:
        return (
            f"{self.locale} {self.name}: {self.percent:.1f}% "
            f"({self.translated} translated, {self.fuzzy} fuzzy, {self.missing} missing)"
        )


@dataclass
class CheckReport:
    """Every problem found and the coverage of every catalog."""

    problems: list[Problem] = field(default_factory=list)
    coverage: list[CatalogCoverage] = field(default_factory=list)
    pages: list[CatalogCoverage] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def ok(self) -> bool:
        return not self.errors


def _coverage(locale: str, name: str, po: PoFile) -> CatalogCoverage:
    messages = po.messages
    translated = sum(1 for e in messages if e.translated)
    fuzzy = sum(1 for e in messages if e.fuzzy)
    return CatalogCoverage(locale, name, translated, fuzzy, len(messages) - translated - fuzzy)


def _page_coverage(locale: str, po: PoFile) -> list[CatalogCoverage]:
    counts: dict[str, list[int]] = {}
    for entry in po.messages:
        slot = 0 if entry.translated else 1 if entry.fuzzy else 2
        for page in dict.fromkeys(entry.references):
            counts.setdefault(page, [0, 0, 0])[slot] += 1
    return [CatalogCoverage(locale, page, *counts[page]) for page in sorted(counts)]


def run_msgfmt(path: Path) -> list[Problem]:
    """GNU msgfmt's own verdict on a catalog, when msgfmt is installed."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return []
    done = subprocess.run(
        [msgfmt, "--check-format", "--check-header", "--check-domain", "-o", "/dev/null", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    severity = "error" if done.returncode else "warning"
    problems = []
    for line in done.stderr.splitlines():
        where, _, message = line.partition(": ")
        message = message.removeprefix("warning: ")
        file, _, number = where.partition(":")
        number = number.split(":")[0]
        if file == str(path) and number.isdigit():
            problems.append(Problem(str(path), int(number), f"msgfmt: {message}", severity))
        elif line.strip() and "fatal error" not in line:
            problems.append(Problem(str(path), 1, f"msgfmt: {line.strip()}", severity))
    if done.returncode and not any(p.severity == "error" for p in problems):
        problems.append(Problem(str(path), 1, "msgfmt refuses this catalog"))
    return problems


def check_file(path: Path, locale: str | None, renderer: Renderer | None = None) -> tuple[PoFile, list[Problem]]:
    """Read one catalog strictly and return it with all its problems (content rendered by ``renderer``)."""
    po = read_po_file(str(path))
    problems = po.problems + check_entries(po, path.stem, locale, renderer) + run_msgfmt(path)
    return po, problems


def check(root: Path | str = ".", locales: Iterable[str] | None = None) -> CheckReport:
    """Check the catalogs of the given languages (all of them when None)."""
    root = Path(root)
    chosen = [resolve_locale(root, name) for name in locales] if locales else catalog_locales(root)
    report = CheckReport()
    renderer = Renderer.for_site(root) if chosen else None
    for locale in chosen:
        paths = sorted((root / "locales" / locale / "LC_MESSAGES").glob("*.po"))
        for path in paths:
            po, problems = check_file(path, locale, renderer)
            report.problems.extend(problems)
            report.coverage.append(_coverage(locale, path.relative_to(root).as_posix(), po))
            if path.stem == "content":
                report.pages.extend(_page_coverage(locale, po))
        report.problems.extend(glossary_problems(root, locale, paths))
    return report



def require_valid(root: Path | str = ".", locales: Iterable[str] | None = None) -> CheckReport:
    """Check the catalogs and raise ``CatalogError`` naming each error (for the build)."""
    report = check(root, locales)
    if not report.ok:
        raise CatalogError("broken translation catalogs:\n" + "\n".join(str(p) for p in report.errors),
                           report.errors)
    return report


# -- compiled catalogs for the build and the browser --------------------------------


def compile_catalogs(root: Path | str = ".", out_dir: Path | str | None = None) -> list[Path]:
    """Write ``<out_dir>/<locale>/LC_MESSAGES/<domain>.mo`` (default ``build/locales``); fuzzy entries are left out."""
    root = Path(root)
    out = Path(out_dir) if out_dir is not None else root / "build" / "locales"
    written = []
    for locale in catalog_locales(root):
        for path in sorted((root / "locales" / locale / "LC_MESSAGES").glob("*.po")):
            target = out / locale / "LC_MESSAGES" / f"{path.stem}.mo"
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "wb") as handle:
                write_mo(handle, read_catalog(path, locale), use_fuzzy=False)
            written.append(target)
    return written


def load_engine_names() -> None:
    """Import every game written so far with its bot and its table manners, the play table and the
    house rules, so that all message templates are registered."""
    import_module("trickbook.table")
    import_module("trickbook.variants")
    games = import_module("trickbook.games")
    for name in games.GAMES:
        module = games.GAMES[name].split(":")[0]
        try:
            import_module(module)
        except ModuleNotFoundError as error:
            if error.name != module:
                raise  # a game that exists but fails to import is a bug, never skipped
            continue
        cls = games.find_game(name)
        for named in (cls.bot, cls.conduct):
            import_module(named.split(":")[0])


def _mo_strings(path: Path) -> dict[Any, Any]:
    """Translated strings of a compiled catalog; plural messages as a list of forms."""
    if not path.exists():
        return {}
    with open(path, "rb") as handle:
        catalog = read_mo(handle)
    strings: dict[Any, Any] = {}
    for message in catalog:
        if not message.id or not message.string:
            continue
        key = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        if message.context:
            key = f"{message.context}\x04{key}"
        strings[key] = list(message.string) if isinstance(message.string, (list, tuple)) else message.string
    return strings


def _catalog_plural_forms(path: Path) -> str | None:
    """The Plural-Forms header of a compiled catalog, as its translators wrote it."""
    if not path.exists():
        return None
    with open(path, "rb") as handle:
        catalog = read_mo(handle)
    return str(catalog.mime_headers and dict(catalog.mime_headers).get("Plural-Forms") or "") or None


def browser_catalog(locale: str, mo_dir: Path | str) -> dict[str, Any]:
    """The JSON the widgets load for one language, from its compiled ``ui`` and ``engine`` catalogs.

    ``ui`` maps a msgid to its translation (a list of forms for a plural message,
    keys ``context + "\\x04" + msgid`` for ``pgettext``); ``engine`` gives every
    message code, suit, category and contract its template or name, in English
    where no translation exists yet.
    """
    from trickbook import messages

    load_engine_names()
    folder = Path(mo_dir) / locale / "LC_MESSAGES"
    engine = _mo_strings(folder / "engine.mo")

    def names(table: dict[str, str]) -> dict[str, str]:
        return {code: engine.get(text, text) for code, text in table.items()}

    babel_locale = _parse_locale(locale)
    plural_forms = _catalog_plural_forms(folder / "ui.mo") or Catalog(locale=babel_locale).plural_forms
    nplurals, plural = parse_header(plural_forms)
    return {
        "lang": str(babel_locale).replace("_", "-"),
        "plural_forms": plural_forms,
        # The catalog's own rule as a tree the widgets evaluate (no eval in the browser).
        "plural": {"nplurals": nplurals, "expr": plural},
        "ui": _mo_strings(folder / "ui.mo"),
        "engine": {
            "messages": names(messages.MESSAGES),
            "suits": names(messages.SUIT_NAMES),
            "categories": names(messages.CATEGORY_NAMES),
            "contracts": names(messages.CONTRACT_NAMES),
            "verbs": names(messages.VERB_NAMES),
            # What each kind of placeholder is called (messages.PLACEHOLDER_KINDS), for i18n.js.
            "keys": {kind: sorted(messages.keys_of(kind)) for kind in ("seat", "team", "card", "suit")},
            # The templates still in English, whose values are named in English too (never "Trumps are
            # corazones"), and those English names.
            **_english_part(engine, messages),
        },
    }


def _english_part(engine: dict[str, Any], messages: Any) -> dict[str, Any]:
    untranslated = sorted(code for code, text in messages.MESSAGES.items() if engine and text not in engine)
    if not untranslated:
        return {}
    return {"untranslated": untranslated,
            "english": {"messages": {code: text for code, text in messages.MESSAGES.items() if code.startswith("why-")},
                        "suits": dict(messages.SUIT_NAMES), "categories": dict(messages.CATEGORY_NAMES),
                        "contracts": dict(messages.CONTRACT_NAMES), "verbs": dict(messages.VERB_NAMES)}}


# -- the commands live in commands.py; these names stay for callers of this module ---------


def update_main(argv: Sequence[str] | None = None) -> int:
    from .commands import update_main as run

    return run(argv)


def check_main(argv: Sequence[str] | None = None) -> int:
    from .commands import check_main as run

    return run(argv)


def add_main(argv: Sequence[str] | None = None) -> int:
    from .commands import add_main as run

    return run(argv)
