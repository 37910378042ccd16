"""The command line in the author's language, as gettext programs choose it.

A teacher who writes records in Portuguese or French reads ``trickbook check``, ``replay``,
``build``, ``serve`` and ``i18n check`` in that language: the rule's reason for an illegal card,
a note that names no action, a broken catalog's problems and the counts. The language is
``--lang`` when given, else what the environment asks for, in gettext's order: ``LANGUAGE`` (a
list, ``pt_PT:fr``), then ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``; the ``C`` and ``POSIX``
locales, and a language with no catalog, are English. The words come from the catalogs the
pages are translated with (the ``engine`` and ``ui`` domains): the course's own ``locales/``
first, then those trickbook ships.

A message the catalogs do not translate yet stays in English, and so does anything said by a
tool trickbook runs (Babel, Node).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Mapping

Translate = Callable[[str], str]
ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")
DOMAINS = ("engine", "ui")


def _english(message: str) -> str:
    return message


def asked(option: str | None, environ: Mapping[str, str]) -> list[str]:
    """The languages asked for, most wanted first (empty: English).

    >>> asked(None, {"LANG": "pt_PT.UTF-8"})
    ['pt_PT']
    >>> asked(None, {"LANGUAGE": "fr:pt_PT", "LANG": "en_GB.UTF-8"})
    ['fr', 'pt_PT', 'en_GB']
    >>> asked(None, {"LANGUAGE": "fr", "LC_ALL": "C"})  # gettext: the C locale turns LANGUAGE off
    []
    >>> asked(None, {"LANGUAGE": "fr", "LANG": "C.UTF-8"}), asked(None, {"LANG": "C.UTF-8"})
    (['fr'], [])
    >>> asked("pt", {"LANG": "fr_FR.UTF-8"})
    ['pt']
    """
    if option:
        return [_bare(option)]
    locale = next((environ[name] for name in ENVIRONMENT if environ.get(name)), "")
    if locale in ("C", "POSIX"):
        return []  # as gettext: the plain C locale turns LANGUAGE off (C.UTF-8, a container's usual, does not)
    listed = [_bare(part) for part in environ.get("LANGUAGE", "").split(":") if part]
    own = [] if _bare(locale) in ("", "C", "POSIX") else [_bare(locale)]
    return [name for name in listed + own if name]


def _bare(name: str) -> str:
    """``pt_PT.UTF-8@euro`` -> ``pt_PT``; ``pt-PT`` -> ``pt_PT``."""
    return name.split(".")[0].split("@")[0].replace("-", "_").strip()


def choose(wanted: list[str], available: list[str]) -> str | None:
    """The first wanted language with a catalog: the same locale, else the same language.

    >>> choose(["pt"], ["fr", "pt_PT"]), choose(["fr_CA"], ["fr", "pt_PT"]), choose(["en_GB", "fr"], ["fr"])
    ('pt_PT', 'fr', None)
    """
    for name in wanted:
        language = name.split("_")[0].lower()
        if language == "en":
            return None
        exact = [a for a in available if a.lower() == name.lower()]
        same = [a for a in available if a.split("_")[0].lower() == language]
        if exact or same:
            return (exact or same)[0]
    return None


def _catalog_folders() -> list[Path]:
    from .project import default_project

    folders = []
    try:
        from .project import find_project

        folders.append(find_project().root / "locales")
    except Exception:  # noqa: BLE001 - outside a course: the catalogs trickbook ships are enough
        pass
    folders.append(default_project().root / "locales")
    return [f for f in folders if f.is_dir()]


def translator(option: str | None, environ: Mapping[str, str]) -> tuple[str | None, Translate]:
    """The chosen language and its translate function (English: None and the identity)."""
    folders = _catalog_folders()
    available = sorted({p.name for f in folders for p in f.iterdir() if (p / "LC_MESSAGES").is_dir()})
    locale = choose(asked(option, environ), available)
    if locale is None:
        return None, _english
    table: dict[str, str] = {}
    for folder in reversed(folders):  # the course's own catalogs last, so that they win
        for domain in DOMAINS:
            table.update(_read(folder / locale / "LC_MESSAGES" / f"{domain}.po"))

    def translate(message: str) -> str:
        return table.get(message) or message
    return locale, translate


def _read(path: Path) -> dict[str, str]:
    """A catalog's translated singular messages (fuzzy ones left out); nothing for a file that is
    missing or cannot be read (the command then speaks English)."""
    if not path.is_file():
        return {}
    from babel.messages.pofile import read_po

    try:
        with open(path, "rb") as handle:
            catalog = read_po(handle)
    except Exception:  # noqa: BLE001 - a broken catalog is reported by the check, not here
        return {}
    return {m.id: m.string for m in catalog if isinstance(m.id, str) and m.id and isinstance(m.string, str)
            and m.string and not m.fuzzy}


def localized(error: BaseException, translate: Translate) -> str:
    """An error as the command line prints it, in the language of ``translate``."""
    from trickbook.errors import RecordError

    from .errors import CatalogError

    if isinstance(error, RecordError):
        return error.describe(translate)
    if isinstance(error, CatalogError) and error.problems:
        lines = [translate(_("broken translation catalogs:"))]
        lines.extend(p.localized(translate) for p in error.problems)
        return "\n".join(lines)
    return str(error)


def _(message: str) -> str:
    """Mark a message for the ``ui`` catalog; return it unchanged."""
    return message
