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
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import csp, hand_data
from .buildcache import BuildCache, from_cache, jinja_cache_parts
from .errors import SiteError
from .project import Language, Project
from .textfile import read_text


@dataclass
class LanguageTexts:
    """The words of one language's configuration; empty means the base's own."""

    site_description: str = ""
    permalink_title: str = ""
    theme: dict[str, str] = field(default_factory=dict)
    nav_pages: list[str] = field(default_factory=list)


# Paths relative to a language's site root; MkDocs rewrites them relative to each page.
WIDGET_SCRIPT = "../assets/widgets/hand.js"
# A classic script: a page opened from disk runs it (but no module), to say the controls need a served site.
FILE_NOTICE_SCRIPT = "../assets/widgets/file-notice.js"
WIDGET_STYLE = "../assets/widgets/hand.css"


def _material_has_language(code: str) -> bool:
    import material  # type: ignore[import-untyped]  # the theme ships no type information

    return (Path(material.__file__).parent / "templates" / "partials" / "languages" / f"{code}.html").is_file()


def read_base_config(project: Project) -> dict[str, Any]:
    """The base `mkdocs.yml` as written (with MkDocs' own YAML tags understood).

    Bad YAML is reported at its line and column in `mkdocs.yml`, never as MkDocs' traceback.
    """
    import yaml  # type: ignore[import-untyped]  # PyYAML ships no type information
    from mkdocs.exceptions import ConfigurationError
    from mkdocs.utils.yaml import yaml_load

    name = project.config_file
    try:
        read_text(name)  # not UTF-8: file, line and column
        with open(name, encoding="utf-8") as f:
            data = yaml_load(f)
    except OSError as exc:
        raise SiteError(f"{name}: cannot read: {exc.strerror or exc}") from None
    except (ConfigurationError, yaml.YAMLError) as exc:
        raise SiteError(_yaml_problem(name, exc)) from None
    if not isinstance(data, dict):
        raise SiteError(f"{name}:1: not a mapping of settings")
    return data


def _yaml_problem(name: Path, exc: Exception) -> str:
    """``mkdocs.yml:LINE:COLUMN: not valid YAML: reason`` from PyYAML's error (or MkDocs' wrapper of it)."""
    import yaml

    error = exc if isinstance(exc, yaml.YAMLError) else exc.__context__
    if isinstance(error, yaml.MarkedYAMLError) and error.problem_mark is not None:
        mark = error.problem_mark
        reason = " ".join(p for p in (error.context, error.problem) if p)
        return f"{name}:{mark.line + 1}:{mark.column + 1}: not valid YAML: {reason}"
    if isinstance(error, yaml.YAMLError):
        return f"{name}: not valid YAML: {error}"
    return f"{name}: {exc}"


def config_line(config_file: Path, *names: str) -> int | None:
    """The first line of ``mkdocs.yml`` holding one of ``names`` as a key or a list item, if any."""
    try:
        lines = config_file.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    for name in names:
        for number, line in enumerate(lines, start=1):
            body = line.split(" #", 1)[0].strip().lstrip("-").strip()
            if body.startswith((name + ":", f"'{name}'", f'"{name}"')) or body == name or body.endswith(
                    (f": {name}", f": '{name}'", f': "{name}"')):
                return number
    return None


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


def online_address(base: dict[str, Any]) -> str | None:
    """``extra.trickbook.online`` in ``mkdocs.yml``: the address of a ``trickbook tables`` server, or None.

    >>> online_address({"extra": {"trickbook": {"online": "https://tables.example.org/online/"}}})
    'https://tables.example.org/online/'
    >>> online_address({}) is None
    True
    """
    extra = base.get("extra")
    own = extra.get("trickbook") if isinstance(extra, dict) else None
    value = own.get("online") if isinstance(own, dict) else None
    if value is None:
        return None
    if not isinstance(value, str) or not (value.startswith(("https://", "http://", "/")) and value.endswith("/")):
        raise SiteError(f"mkdocs.yml: extra.trickbook.online is the tables' address ending in /, such as "
                        f"https://tables.example.org/online/, not {str(value)[:80]!r}")
    return value


def language_config(project: Project, base: dict[str, Any], lang: Language, languages: list[Language],
                    docs_dir: Path, site_dir: Path, texts: LanguageTexts | None = None) -> dict[str, Any]:
    """The settings of one language's build, over the base configuration.

    ``texts`` carries what the configuration says in words, in this language: the
    page description, the heading anchors' title, the theme's strings and extra
    pages for the navigation (see ``translations.Catalogs.language_texts``).
    """
    extra_css = list(base.get("extra_css") or []) + [WIDGET_STYLE]
    extra_js = list(base.get("extra_javascript") or []) + [{"path": WIDGET_SCRIPT, "type": "module"},
                                                           {"path": FILE_NOTICE_SCRIPT, "defer": True}]
    texts = texts or LanguageTexts()
    online = online_address(base)
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
            "alternate": [{"name": other.name, "link": f"../{other.code}/", "lang": other.html_lang}
                          for other in languages],
            # theme: Material's keys in this language (overrides/partials/language.html).
            "trickbook": {"lang": lang.code, "html_lang": lang.html_lang, "theme": texts.theme,
                          "csp_meta": csp.meta_tag(online), "online": online},
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


def run_mkdocs(config_file: Path, strict: bool = True, project: Project | None = None,
               lang: str = "") -> dict[str, Any]:
    """Build one language; warnings fail the build in strict mode. Returns each page's title
    as MkDocs found it (see ``PageFacts``), for `trickbook serve`'s page-by-page rebuilds.

    ``config_file`` is the generated per-language file; what goes wrong is reported
    against the author's own files (`mkdocs.yml`, the page, the template), with a
    line when one can be found. In a build, the theme's templates are compiled
    once and kept in the build's cache (see ``buildcache``).
    """
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    from jinja2 import TemplateError, TemplateSyntaxError
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    logger = logging.getLogger("mkdocs")
    collect = _Collect()
    logger.addHandler(collect)
    # MkDocs also prints its warnings on stderr; our own message says the same thing once.
    quiet = [h for h in logger.handlers if h is not collect]
    for handler in quiet:
        logger.removeHandler(handler)
    where = f" ({lang}/)" if lang else ""
    try:
        config = load_config(config_file=str(config_file), strict=strict)
        cache = from_cache()
        if cache is not None:
            _compile_templates_once(config, cache)
        facts = PageFacts.add_to(config)
        build(config)
    except MkDocsException as exc:
        messages = collect.messages or [str(exc)]
        raise SiteError(_explain(_own_paths(messages, config_file, project), project, f"MkDocs failed{where}")) from exc
    except TemplateSyntaxError as exc:
        raise SiteError(f"{exc.filename or exc.name}:{exc.lineno}: template error{where}: {exc.message}") from exc
    except TemplateError as exc:
        raise SiteError(f"template error{where}: {type(exc).__name__}: {exc}") from exc
    finally:
        logger.removeHandler(collect)
        for handler in quiet:
            logger.addHandler(handler)
    if strict and collect.messages:
        raise SiteError(_explain(_own_paths(collect.messages, config_file, project), project, f"MkDocs warned{where}"))
    return facts.titles


# A figure's slot (build.figure_slot) in a page's content as Python-Markdown rendered it.
SLOT = re.compile(r'<div data-tb-figure="[0-9a-f]{32}"></div>')


class PageFacts:
    """A plugin of our own, added to each language's build: it puts the worked hands' figures back
    in their slots, first of all the plugins (``build.localized_page``), and it notes what every page's title was
    worked out from (its first heading, rendered) and its front matter, which a later rebuild of one page needs for the
    navigation of the others. It changes nothing in the pages."""

    NAME = "trickbook-page-facts"

    def __init__(self) -> None:
        self.titles: dict[str, Any] = {}
        self.shown: set[str] = set()  # the pages whose figures went back in (read again for the search)
        self.lean: dict[str, tuple[str, str, list[tuple[str, str]]]] = {}  # page: (whole, as searched, swaps)

    @classmethod
    def add_to(cls, config: Any) -> "PageFacts":
        """Add the plugin to a loaded configuration, its figures pass before any other ``page_content``."""
        facts = cls()
        config.plugins[cls.NAME] = facts
        config.plugins[_FullFigures.NAME] = _FullFigures(facts)
        return facts

    @staticmethod
    def _figures(page: Any, config: Any) -> dict[str, str]:
        path = Path(config.docs_dir).parent / "figures" / f"{page.file.src_uri}.json"
        try:
            return dict(json.loads(path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            return {}

    def on_page_content(self, html: str, *, page: Any, config: Any, files: Any) -> str:
        """Each worked hand's figure back in its slot (see ``build.localized_page``), and its data file
        written beside the page (``hand_data``)."""
        figures = self._figures(page, config)
        if not figures:
            return html
        data = Path(config.docs_dir).parent / "hand-data" / f"{page.file.src_uri}.json"
        if data.is_file():
            hand_data.write_data_files(Path(page.file.abs_dest_path).parent,
                                       json.loads(data.read_text(encoding="utf-8")))
        self.shown.add(page.file.src_uri)  # not the figures: MkDocs holds every page's content until it writes them
        return SLOT.sub(lambda m: figures.get(m.group(0), m.group(0)), html)

    on_page_content.mkdocs_priority = 100  # type: ignore[attr-defined]  # before other plugins (mkdocs.plugins.event_priority)

    def on_page_context(self, context: Any, *, page: Any, config: Any, nav: Any) -> Any:
        """Before the search plugin reads the page: each figure as the search reads it (``search_view``).

        The search's HTML parser tokenizes every tag, even inside the parts it leaves out, and a
        course page is mostly figures' tables and narration: it now reads only what it keeps, and
        builds the same index. ``_FullFigures`` puts the whole figures back once it has read them."""
        figures = list(self._figures(page, config).values()) if page.file.src_uri in self.shown else []
        self.shown.discard(page.file.src_uri)
        if figures and page.content:
            full = page.content
            swaps = [(html, search_view(html)) for html in dict.fromkeys(figures)]
            lean = full
            for html, seen in swaps:
                lean = lean.replace(html, seen)
            self.lean[page.file.src_uri] = (full, lean, swaps)
            page.content = lean
        return context

    on_page_context.mkdocs_priority = 100  # type: ignore[attr-defined]  # before the search plugin (priority 0)

    def on_post_page(self, output: str, *, page: Any, config: Any) -> str:
        try:
            meta = json.loads(json.dumps(page.meta))
        except (TypeError, ValueError):
            meta = {"unreadable": True}  # never equal to a page's own: a rebuild of it is a whole build
        self.titles[page.file.src_uri] = {"title": getattr(page, "_title_from_render", None), "meta": meta}
        return output


class _FullFigures:
    """After every other plugin has read a page's context (the search among them), its whole figures back."""

    NAME = "trickbook-full-figures"

    def __init__(self, facts: PageFacts) -> None:
        self.facts = facts

    def on_page_context(self, context: Any, *, page: Any, config: Any, nav: Any) -> Any:
        kept = self.facts.lean.pop(page.file.src_uri, None)
        if kept is None:
            return context
        full, lean, swaps = kept
        if page.content == lean:
            page.content = full
        elif page.content == SEARCH_ATTRIBUTES.sub("", lean):  # what Material's search does after reading
            page.content = SEARCH_ATTRIBUTES.sub("", full)
        else:  # another plugin changed the page: the whole figures back wherever their search view stands
            content = page.content
            for html, seen in swaps:
                content = content.replace(seen, html)
            page.content = content
        return context

    on_page_context.mkdocs_priority = -100  # type: ignore[attr-defined]  # after the search plugin


# The search's reading of a figure, as Material's search plugin reads a page (its parser is what sees them).
SEARCH_ATTRIBUTES = re.compile(r"\s?data-search-\w+=\"[^\"]+\"")  # as material/plugins/search/plugin.py
EXCLUDED_START = re.compile(r"<([A-Za-z][A-Za-z0-9-]*)\b[^>]*?\sdata-search-exclude\b[^>]*>")
SCRIPT = re.compile(r"<script\b[^>]*>.*?</script>", re.DOTALL | re.IGNORECASE)


def search_view(html: str) -> str:
    """A figure as the search index reads it: without its scripts and the elements marked
    ``data-search-exclude`` (with all they hold), which the search skips. The index made from it is
    the same as from the whole figure (``tests/test_search_view.py``)."""
    html = SCRIPT.sub("", html)
    out: list[str] = []
    at = 0
    while (start := EXCLUDED_START.search(html, at)) is not None:
        out.append(html[at:start.start()])
        tag = start.group(1)
        opens = re.compile(rf"<(/?){tag}\b[^>]*>", re.IGNORECASE)
        depth, end = 1, len(html)
        for found in opens.finditer(html, start.end()):
            depth += -1 if found.group(1) else 1
            if depth == 0:
                end = found.end()
                break
        at = end
    out.append(html[at:])
    return "".join(out)


def _compile_templates_once(config: Any, cache: BuildCache) -> None:
    """Give the theme's Jinja environment a bytecode cache in ``build/cache/jinja``.

    Jinja compares each template's source with the one its cached code was made
    from, so an edited template (the theme's or the site's ``overrides/``) is
    compiled again; the folder's name covers the tools and the extensions.
    """
    from jinja2 import FileSystemBytecodeCache

    theme = config.theme
    make_env = theme.get_env

    def get_env() -> Any:
        env = make_env()
        folder = cache.folder("jinja", jinja_cache_parts(env.extensions))
        if folder is not None:
            env.bytecode_cache = FileSystemBytecodeCache(str(folder))
        return env

    theme.get_env = get_env


DOC_FILE = re.compile(r"^Doc file '([^']+)' contains (?:a link|an absolute link|a link to) '([^']*)'")
QUOTED = re.compile(r"'([^']+)'")


def _own_paths(messages: list[str], config_file: Path, project: Project | None) -> list[str]:
    """Messages with the generated files' paths replaced by the author's own."""
    if project is None:
        return messages
    swaps = [(str(config_file.parent.resolve() / "docs"), str(project.docs)),
             (str(config_file.resolve()), str(project.config_file)), (str(config_file), str(project.config_file))]
    out = []
    for message in messages:
        for generated, own in swaps:
            message = message.replace(generated, own)
        out.append(message)
    return out


def _explain(messages: list[str], project: Project | None, what: str) -> str:
    """MkDocs' messages, each attached to the author's file (and line) it concerns."""
    if project is None:
        return f"{what}: " + "; ".join(messages)
    out = []
    for message in messages:
        found = DOC_FILE.match(message)
        if found:
            page = project.docs / found.group(1)
            line = _line_with(page, found.group(2))
            out.append(f"{page}{f':{line}' if line else ''}: {what}: {message}")
            continue
        config = project.config_file
        keys = QUOTED.findall(message)
        if "nav" in message:
            keys = [k for k in keys if k != "nav"] + ["nav"]
        elif message.startswith("Config value"):
            keys = keys[:1]
        line = config_line(config, *keys) if keys else None
        out.append(f"{config}{f':{line}' if line else ''}: {what}: {message}")
    return "; ".join(out)


def _line_with(page: Path, text: str) -> int | None:
    try:
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
            if text and text in line:
                return number
    except (OSError, UnicodeDecodeError):
        pass
    return None


def write_language_config(path: Path, settings: dict[str, Any]) -> Path:
    # JSON is YAML, and it quotes every path safely.
    path.write_text(json.dumps(settings, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
