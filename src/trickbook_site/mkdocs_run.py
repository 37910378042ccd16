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
from pathlib import Path
from typing import Any

from .errors import SiteError
from .project import Language, Project

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


def language_config(project: Project, base: dict[str, Any], lang: Language, languages: list[Language],
                    docs_dir: Path, site_dir: Path) -> dict[str, Any]:
    """The settings of one language's build, over the base configuration."""
    extra_css = list(base.get("extra_css") or []) + [WIDGET_STYLE]
    extra_js = list(base.get("extra_javascript") or []) + [{"path": WIDGET_SCRIPT, "type": "module"}]
    return {
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
            "alternate": [{"name": lang.name, "link": f"../{lang.code}/", "lang": lang.html_lang} for lang in languages],
            "trickbook": {"lang": lang.code, "html_lang": lang.html_lang},
        },
    }


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
