"""One MkDocs build per language, from a generated configuration that inherits `mkdocs.yml`.

The generated file sets what differs per language (docs and site folders, the
theme language, the `<html lang>` tag, the language switcher) and adds the widget
script and style, which live in the site-root `assets/`, one level above each
language's own root.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import SiteError
from .project import Language, Project


@dataclass
class LanguageTexts:
    """The words of one language's configuration; empty means the base's own."""

    site_description: str = ""
    permalink_title: str = ""
    theme: dict[str, str] = field(default_factory=dict)
    nav_pages: list[str] = field(default_factory=list)


# Paths relative to a language's site root; MkDocs rewrites them relative to each page.
WIDGET_SCRIPT = "../assets/widgets/hand.js"
WIDGET_STYLE = "../assets/widgets/hand.css"


def _material_has_language(code: str) -> bool:
    import material

    return (Path(material.__file__).parent / "templates" / "partials" / "languages" / f"{code}.html").is_file()


def read_base_config(project: Project) -> dict[str, Any]:
    """The base `mkdocs.yml` as written (with MkDocs' own YAML tags understood)."""
    import yaml
    from mkdocs.utils.yaml import yaml_load

    try:
        with open(project.config_file, encoding="utf-8") as f:
            data = yaml_load(f)
    except (OSError, yaml.YAMLError) as exc:
        raise SiteError(f"{project.config_file}: cannot read: {exc}") from None
    if not isinstance(data, dict):
        raise SiteError(f"{project.config_file}: not a mapping of settings")
    return data


def _with_permalink_title(extensions: list[Any], title: str) -> list[Any]:
    """The base's Markdown extensions with the heading anchors' title in this language."""
    out: list[Any] = []
    for entry in extensions:
        if entry == "toc":
            entry = {"toc": {"permalink": True, "permalink_title": title}}
        elif isinstance(entry, dict) and "toc" in entry:
            entry = {**entry, "toc": {**(entry["toc"] or {}), "permalink_title": title}}
        out.append(entry)
    return out


def language_config(project: Project, base: dict[str, Any], lang: Language, languages: list[Language],
                    docs_dir: Path, site_dir: Path, texts: LanguageTexts | None = None) -> dict[str, Any]:
    """The settings of one language's build, over the base configuration.

    ``texts`` carries what the configuration says in words, in this language: the
    page description, the heading anchors' title, the theme's strings and extra
    pages for the navigation (see ``translations.Catalogs.language_texts``).
    """
    extra_css = list(base.get("extra_css") or []) + [WIDGET_STYLE]
    extra_js = list(base.get("extra_javascript") or []) + [{"path": WIDGET_SCRIPT, "type": "module"}]
    texts = texts or LanguageTexts()
    settings = {
        "INHERIT": str(project.config_file.resolve()),
        "docs_dir": str(docs_dir.resolve()),
        "site_dir": str(site_dir.resolve()),
        "theme": {
            "language": lang.code if _material_has_language(lang.code) else "en",
            # Relative paths in the base would resolve against this generated file.
            "custom_dir": str(project.overrides.resolve()),
        },
        "extra_css": extra_css,
        "extra_javascript": extra_js,
        "extra": {
            # Links relative to this language's root; the switcher adds the page's own path.
            "alternate": [{"name": other.name, "link": f"../{other.code}/", "lang": other.html_lang} for other in languages],
            # theme: Material's keys in this language (overrides/partials/language.html).
            "trickbook": {"lang": lang.code, "html_lang": lang.html_lang, "theme": texts.theme},
        },
    }
    if texts.site_description:
        settings["site_description"] = texts.site_description
    if texts.permalink_title and isinstance(base.get("markdown_extensions"), list):
        settings["markdown_extensions"] = _with_permalink_title(base["markdown_extensions"], texts.permalink_title)
    if texts.nav_pages and isinstance(base.get("nav"), list):
        settings["nav"] = list(base["nav"]) + [p for p in texts.nav_pages if p not in base["nav"]]
    return settings


class _Collect(logging.Handler):
    """Keeps MkDocs' warnings so that a failed strict build can say what went wrong."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def run_mkdocs(config_file: Path, strict: bool = True) -> None:
    """Build one language; warnings fail the build in strict mode."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    logger = logging.getLogger("mkdocs")
    collect = _Collect()
    logger.addHandler(collect)
    try:
        config = load_config(config_file=str(config_file), strict=strict)
        build(config)
    except MkDocsException as exc:
        detail = "; ".join(collect.messages) or str(exc)
        raise SiteError(f"{config_file}: MkDocs failed: {detail}") from None
    finally:
        logger.removeHandler(collect)
    if strict and collect.messages:
        raise SiteError(f"{config_file}: MkDocs warned: " + "; ".join(collect.messages))


def write_language_config(path: Path, settings: dict[str, Any]) -> Path:
    # JSON is YAML, and it quotes every path safely.
    path.write_text(json.dumps(settings, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
