"""One term, one translation: each language's glossary, and the check that enforces it.

A glossary sits next to the catalogs, ``locales/<locale>/glossary.toml``, as a list
of terms::

    [[term]]
    en = "stock"                           # the English term, as the Terms page shows it
    en_forms = ["stock", "stocks"]         # how the English may write it (default: en, en + "s")
    en_except = ["stock exchange"]         # English phrases that are another word (optional)
    translation = "reste du paquet"        # the one translation
    forms = ["reste du paquet"]            # the translation's accepted forms (default: translation)
    forbid = ["pioche"]                    # variants refused in any message
    forbid_with_term = ["talon"]           # variants refused where the English has the term
    require = true                         # a message with the term must use a form (default)
    games = ["Trinidad All Fours"]         # where the term belongs (shown on the Terms page)

``check_glossary`` reads every message of the language's catalogs and reports, with
file and line, a translation that uses a forbidden variant, or that lacks every
form of a term its English contains. Terms are matched as whole words, ignoring
case, outside ``{placeholders}``, code spans and link targets. A translation's forms
and variants are written once, as a dictionary writes them, and match in every
inflection (``pli`` also refuses ``plis``, ``garder l'atout`` also ``ait gardé
l'atout``): see ``morphology``. In the other languages a word matches in its regular
plural too (Spanish ``baza``, ``bazas``) where Babel knows the language has plurals.
A form or variant written with a leading ``=`` matches only as written (pt
``=trunfar``, whose conjugation would also give the noun ``trunfo``). A refused word
kept in brackets as a gloss that the English itself writes, "valet droit (right
bower)", is allowed.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Container, Iterable, Iterator

from ..errors import CatalogError
from .morphology import elision_problems, phrase_regex
from .pofile import Entry, Problem, read_po_file

GLOSSARY = "glossary.toml"
# Every key a term may have; the translator's guide (docs/translating.md) explains each one.
KEYS = ("en", "en_forms", "en_except", "translation", "forms", "forbid", "forbid_with_term", "require", "games")
_NOT_PROSE = re.compile(r"\{\w+(?:[!:][^{}]*)?\}|`+[^`]*`+|\]\([^)]*\)|<[^>]*>")
_CODE = re.compile(r"`+[^`]*`+|\]\([^)]*\)")  # code spans and link targets: not read as words


@dataclass(frozen=True)
class Term:
    en: str
    translation: str
    en_forms: tuple[str, ...]
    forms: tuple[str, ...]
    en_except: tuple[str, ...] = ()
    forbid: tuple[str, ...] = ()
    forbid_with_term: tuple[str, ...] = ()
    require: bool = True
    games: tuple[str, ...] = ()
    line: int = 0

    def in_english(self, text: str) -> bool:
        for phrase in self.en_except:
            text = _pattern(phrase).sub(" ", text)
        return any(_pattern(f).search(text) for f in self.en_forms)


@dataclass
class Glossary:
    file: str
    locale: str
    terms: list[Term] = field(default_factory=list)

    def term(self, en: str) -> Term | None:
        return next((t for t in self.terms if t.en.lower() == en.lower() and t.translation), None)

    @property
    def empty(self) -> list[Term]:
        """The terms listed but not yet translated (``translation = ""``): checked once filled in."""
        return [t for t in self.terms if not t.translation]


@lru_cache(maxsize=None)
def _pattern(phrase: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in phrase.replace("’", "'").split()]
    return re.compile(r"(?<![\w-])" + r"\s+".join(words) + r"(?![\w-])", re.IGNORECASE)


def _prose(text: str) -> str:
    return _NOT_PROSE.sub(" ", text).replace("’", "'").replace("\u00a0", " ").replace("\u202f", " ")


def _strings(data: dict[str, Any], key: str, file: str, line: int) -> tuple[str, ...]:
    value = data.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise CatalogError(f"{file}:{line}: {key} must be a list of words")
    return tuple(value)


def _term_lines(text: str) -> list[int]:
    return [i for i, line in enumerate(text.splitlines(), 1) if line.strip() == "[[term]]"]


def load_glossary(path: Path, locale: str | None = None) -> Glossary:
    """Read a glossary; a malformed one raises ``CatalogError`` naming file and line."""
    file = str(path)
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CatalogError(f"{file}: not valid TOML: {error}") from None
    entries = data.get("term", [])
    if not isinstance(entries, list):
        raise CatalogError(f"{file}:1: expected [[term]] tables")
    lines = _term_lines(text) + [0] * len(entries)
    glossary = Glossary(file, locale or path.parent.name)
    seen: dict[str, int] = {}
    for item, line in zip(entries, lines, strict=False):
        if not isinstance(item.get("en"), str) or not item["en"].strip():
            raise CatalogError(f"{file}:{line}: a term needs 'en'")
        # An empty translation is a term still to fill in (a new language's glossary starts so).
        if not isinstance(item.get("translation"), str):
            raise CatalogError(f"{file}:{line}: a term needs 'translation' (\"\" while it is still to fill in)")
        unknown = set(item) - set(KEYS)
        if unknown:
            raise CatalogError(f"{file}:{line}: unknown key(s) {', '.join(sorted(unknown))}")
        en = item["en"]
        if en.lower() in seen:
            raise CatalogError(f"{file}:{line}: {en!r} is already defined at line {seen[en.lower()]}")
        seen[en.lower()] = line
        require = item.get("require", True)
        if not isinstance(require, bool):
            raise CatalogError(f"{file}:{line}: require must be true or false")
        glossary.terms.append(Term(
            en=en,
            translation=item["translation"],
            en_forms=_strings(item, "en_forms", file, line) or (en, en + "s"),
            forms=_strings(item, "forms", file, line) or ((item["translation"],) if item["translation"] else ()),
            en_except=_strings(item, "en_except", file, line),
            forbid=_strings(item, "forbid", file, line),
            forbid_with_term=_strings(item, "forbid_with_term", file, line),
            require=require,
            games=_strings(item, "games", file, line),
            line=line,
        ))
    return glossary


def glossary_path(root: Path, locale: str) -> Path:
    return root / "locales" / locale / GLOSSARY


def check_entry(glossary: Glossary, file: str, entry: Entry) -> Iterator[Problem]:
    """The glossary's verdict on one translated message."""
    if not entry.translated:
        return
    terms = [t for t in glossary.terms if t.translation]  # an empty term is not checked yet
    english = _prose(entry.msgid + " " + (entry.msgid_plural or ""))
    for index, text in sorted(entry.msgstr.items()):
        shown = _prose(text)
        where = f" (form {index})" if entry.msgid_plural is not None else ""
        present = [t for t in terms if t.in_english(english)]
        for term in terms:
            has_term = term in present
            for variant in term.forbid + (term.forbid_with_term if has_term else ()):
                found = next((m for m in phrase_regex(variant, glossary.locale).finditer(shown)
                              if not _gloss(shown, m, english)), None)
                # A variant refused for one term may hold the right word for another term the English
                # has ("talon" is the kitty even in a sentence that also names the stock; "la retourne"
                # is the upcard in a sentence that also names the kick).
                if found and variant not in term.forbid and _owned(found.group(0), term, present, glossary.locale):
                    continue
                if found:
                    yield Problem(file, entry.line, f"glossary: {found.group(0)!r} is not used on this site; "
                                                    f"{term.en!r} is {term.translation!r}{where}")
            if has_term and term.require and not any(phrase_regex(f, glossary.locale).search(shown)
                                                      for f in term.forms):
                yield Problem(file, entry.line, f"glossary: the English has {term.en!r} but the translation "
                                                f"lacks {term.translation!r}{where}")
        for message in elision_problems(_CODE.sub(" ", text), glossary.locale):
            yield Problem(file, entry.line, f"{message}{where}")


def _gloss(text: str, found: re.Match[str], english: str) -> bool:
    """Whether a refused word is the English word itself, kept as a gloss in brackets after the
    translation ("le valet droit (right bower)"): allowed, as the English writes it."""
    opening, closing = text.rfind("(", 0, found.start()), text.find(")", found.end())
    if opening < 0 or closing < 0 or ")" in text[opening:found.start()]:
        return False
    gloss = text[opening + 1:closing].strip()
    return bool(gloss) and bool(_pattern(gloss).search(english))


def _owned(found: str, term: Term, present: list[Term], locale: str) -> bool:
    """Whether ``found`` is, in some inflection, a form of another term that the English has."""
    return any(phrase_regex(form, locale).fullmatch(found) for other in present if other is not term
               for form in other.forms)


def check_glossary(glossary: Glossary, catalogs: Iterable[Path], msgids: Container[str] | None = None) -> list[Problem]:
    """Every message of ``catalogs`` (or only those whose msgid is in ``msgids``) against the glossary."""
    problems: list[Problem] = []
    for path in catalogs:
        po = read_po_file(str(path))
        for entry in po.messages:
            if msgids is None or entry.msgid in msgids:
                problems.extend(check_entry(glossary, str(path), entry))
    return problems


def load_glossaries(root: Path, locales: Iterable[str]) -> dict[str, Glossary]:
    """The glossaries of the given locales that have one."""
    out = {}
    for locale in locales:
        path = glossary_path(root, locale)
        if path.is_file():
            out[locale] = load_glossary(path, locale)
    return out


def glossary_problems(root: Path, locale: str, catalogs: Iterable[Path],
                      msgids: Container[str] | None = None) -> list[Problem]:
    """The language's glossary (``locales/<locale>/glossary.toml``), if any, applied to its catalogs
    (to the messages whose msgid is in ``msgids``, when given); a malformed glossary is itself a
    problem, with its file and line."""
    path = glossary_path(root, locale)
    if not path.is_file():
        return []
    try:
        glossary = load_glossary(path, locale)
    except CatalogError as error:
        where, _, message = str(error).partition(": ")
        number = where.rsplit(":", 1)[-1]
        return [Problem(str(path), int(number) if number.isdigit() else 1, message)]
    empty = [Problem(str(path), term.line, f"glossary: {term.en!r} is still to translate (translation = \"\")",
                     "warning") for term in glossary.empty]
    return empty + check_glossary(glossary, catalogs, msgids)


def glossary_skeleton(root: Path, locale: str) -> tuple[str, int]:
    """A new language's glossary: every term the other languages define, its translation left empty.

    Returns the TOML text and the number of terms. The English side (``en``,
    ``en_forms``, ``en_except``, ``games``) is the same in every language, so it is
    copied; the translation, its forms and the refused variants are the new
    translator's to write.
    """
    terms: dict[str, Term] = {}
    folder = root / "locales"
    for other in sorted(p.name for p in folder.iterdir() if p.is_dir() and p.name != locale) if folder.is_dir() else []:
        path = glossary_path(root, other)
        if path.is_file():
            for term in load_glossary(path, other).terms:
                terms.setdefault(term.en.lower(), term)
    lines = [f"# Glossary for {locale}: one term, one translation.",
             "#",
             "# Fill in each `translation` (and `forms`, the ways a sentence may write it, when there",
             "# are several). `trickbook i18n check` lists the terms still empty, and checks every",
             "# translated message against the terms filled in: a message whose English has the term",
             "# must use one of its forms. `forbid` lists words the site does not use for a term.",
             "# The translator's guide (docs/translating.md) explains each key.", ""]
    for term in terms.values():
        lines.append("[[term]]")
        lines.append(f"en = {_toml(term.en)}")
        if term.en_forms != (term.en, term.en + "s"):
            lines.append(f"en_forms = [{', '.join(map(_toml, term.en_forms))}]")
        if term.en_except:
            lines.append(f"en_except = [{', '.join(map(_toml, term.en_except))}]")
        if term.games:
            lines.append(f"games = [{', '.join(map(_toml, term.games))}]")
        if not term.require:
            lines.append("require = false")
        lines += ['translation = ""', ""]
    return "\n".join(lines), len(terms)


def _toml(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

