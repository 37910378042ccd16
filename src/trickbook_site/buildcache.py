"""Results a build keeps in `build/cache/` for the next one, each under the hash of all its inputs.

A result is only ever reused for exactly the inputs it was made from: the key
is a SHA-256 over every input file's path and bytes, the code that computes the
result and the versions of the tools involved, so an edited catalog, an edited
checker or an upgraded MkDocs simply misses the cache and the work is done
again. Nothing here changes what a build writes, only how often it is worked
out. A cache that cannot be read or written is ignored: the build does the work.

- ``catalog-check/``: the warnings of the catalog check (a check with errors
  stops the build and is never kept);
- ``jinja/``: the theme's compiled templates (Jinja's own bytecode cache, which
  also checks each template's source), shared by the languages of a build and
  by later builds;
- ``pages/<lang>/``: a language's finished folder (MkDocs' pages, the 404 page,
  the typography, the sealed policy) under the hash of everything it is made
  from: that language's generated pages and configuration (the worked hands
  already expanded, the translations applied), the base configuration as read,
  every file of the site's folder (``mkdocs.yml``, pages, hooks, overrides,
  catalogs; not ``build/``, ``site/`` or the site being written, hidden folders), the site's and
  the engine's code, the versions of MkDocs, its theme and extensions, and the
  day (MkDocs dates the sitemap). A hook that reads files outside the site's
  folder, or the environment, is the one input this cannot see. Its files other
  than pages are links to the built site's (``keep_pages``): a tool that writes
  into those files of a built site in place, rather than replacing them, changes
  the kept folder too.

``from_cache()`` is the cache of the build that is running (``using()``), so the
steps of a build reach it without passing it along.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
from contextlib import contextmanager
from contextvars import ContextVar
from importlib.metadata import PackageNotFoundError, version
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Iterable, Iterator

CACHE = "cache"


def package_version(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "none"


def digest(parts: Iterable[str | bytes]) -> str:
    """A SHA-256 over the parts, each length-prefixed so that no two lists of parts collide."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


def tree_parts(folder: Path, pattern: str = "*", label: str | None = None) -> list[str | bytes]:
    """Each file under ``folder`` matching ``pattern``: its path and its bytes, in a fixed order
    (``label`` stands for the folder's own path, for a folder whose place does not matter)."""
    parts: list[str | bytes] = [str(folder) if label is None else label]
    if folder.is_dir():
        for path in sorted(p for p in folder.rglob(pattern) if p.is_file()):
            parts += [path.relative_to(folder).as_posix(), path.read_bytes()]
    return parts


def tool_parts(executable: str | None) -> list[str]:
    """An external program as part of a key: its path, size and modification time."""
    if executable is None:
        return ["no tool"]
    try:
        st = os.stat(executable)
    except OSError:
        return [executable, "missing"]
    return [executable, str(st.st_size), str(st.st_mtime_ns)]


class BuildCache:
    """``build/cache/<kind>/<key>.json``; only the newest entry of each kind is kept."""

    def __init__(self, build_root: Path) -> None:
        self.root = build_root / CACHE

    def get(self, kind: str, key: str) -> Any | None:
        try:
            return json.loads((self.root / kind / f"{key}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def put(self, kind: str, key: str, value: Any) -> None:
        folder = self.root / kind
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(value, f, ensure_ascii=False)
            os.replace(tmp, folder / f"{key}.json")  # whole or absent, even with two builds at once
            for old in folder.glob("*.json"):
                if old.name != f"{key}.json":
                    old.unlink(missing_ok=True)
        except OSError:
            pass  # a read-only or full disk costs the next build its time, nothing else

    def folder(self, kind: str, key_parts: Iterable[str]) -> Path | None:
        """A folder of its own for a kind of result made with these tools (None if it cannot be made)."""
        path = self.root / kind / digest(key_parts)[:16]
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError:
            return None
        return path


def jinja_cache_parts(extensions: Iterable[str]) -> list[str]:
    """What compiled templates depend on besides their source: the tools and the environment's extensions."""
    return [sys.version, package_version("jinja2"), package_version("mkdocs"), package_version("mkdocs-material"),
            *sorted(extensions)]


# ----- the cache of the running build -------------------------------------------------------

_CURRENT: ContextVar["BuildCache | None"] = ContextVar("trickbook_build_cache", default=None)


@contextmanager
def using(build_root: Path) -> Iterator["BuildCache"]:
    """The cache under ``build_root`` for the steps of one build."""
    cache = BuildCache(build_root)
    token = _CURRENT.set(cache)
    try:
        yield cache
    finally:
        _CURRENT.reset(token)


def from_cache() -> "BuildCache | None":
    return _CURRENT.get()


# ----- a language's finished pages ----------------------------------------------------------

# The packages whose code writes a language's pages (a new version changes the key).
PAGE_TOOLS = ("mkdocs", "material", "markdown", "pymdownx", "jinja2", "markupsafe", "pygments", "babel", "yaml",
              "markdown_it", "trickbook", "trickbook_site")


def _package_parts(name: str) -> list[str | bytes]:
    """A package as part of a key: its own code for the project's packages, its location and
    version (from its ``__init__``'s size and time) for the others; nothing is imported."""
    spec = find_spec(name)
    if spec is None or spec.origin is None:
        return [name, "absent"]
    init = Path(spec.origin)
    if name.startswith("trickbook"):
        # Its code and the templates that draw its HTML (trickbook_site/templates/).
        return [name, *tree_parts(init.parent, "*.py"), *tree_parts(init.parent / "templates", "*.html", "templates")]
    return [name, *tool_parts(str(init))]


def site_parts(root: Path, leave_out: Iterable[Path]) -> list[str | bytes]:
    """Every file of the site's folder (pages, configuration, hooks, overrides, catalogs…) but the
    build's own output and caches, hidden folders (``.git``, ``.venv``) and installed packages."""
    skip = {p.resolve() for p in leave_out}
    parts: list[str | bytes] = []
    for folder, dirs, files in os.walk(root):
        here = Path(folder)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in ("node_modules", "__pycache__")
                         and (here / d).resolve() not in skip)
        for name in sorted(files):
            path = here / name
            try:
                parts += [path.relative_to(root).as_posix(), path.read_bytes()]
            except OSError:
                parts += [path.relative_to(root).as_posix(), "unreadable"]
    return parts


def pages_key(lang: str, work: Path, docs: Path, config_file: Path, base: dict[str, Any], root: Path,
              overrides: Path, leave_out: Iterable[Path]) -> str:
    """The hash of everything a language's finished folder is made from (see the module's notes)."""
    config = config_file.read_text(encoding="utf-8").replace(str(work.resolve()), "<work>")
    parts: list[str | bytes] = ["pages 1", lang, config, json.dumps(base, sort_keys=True, default=repr),
                                *tree_parts(docs, label="docs"), *site_parts(root, [work, *leave_out]),
                                *tree_parts(overrides), sys.version, time.strftime("%Y-%m-%d", time.gmtime()),
                                os.environ.get("SOURCE_DATE_EPOCH", "")]
    for name in PAGE_TOOLS:
        parts += _package_parts(name)
    return digest(parts)


def restore_pages(cache: "BuildCache | None", lang: str, key: str, dest: Path,
                  extra: dict[str, Path] | None = None) -> bool:
    """Copy a language's finished folder kept under ``key`` to ``dest``; False when there is none.

    ``extra``: files kept beside the folder (``keep_pages``), each copied to the path given.
    """
    if cache is None:
        return False
    kept = cache.root / "pages" / lang / key
    if not (kept / ".complete").is_file() or not all((kept / f".{name}").is_file() for name in extra or {}):
        return False
    try:
        shutil.copytree(kept, dest, ignore=shutil.ignore_patterns(".complete", *(f".{n}" for n in extra or {})))
        for name, path in (extra or {}).items():
            shutil.copyfile(kept / f".{name}", path)
    except OSError:
        shutil.rmtree(dest, ignore_errors=True)  # removed while copying (another build): build it
        return False
    return True


def _link_unless_page(src: str, dst: str) -> str:
    """How ``keep_pages`` keeps a file of a finished folder: a page (HTML) copied, as the build's
    last passes still write into the pages (``handouts``, ``embed``); any other file (a hand's data
    file, named by its content, a record, a script) linked where the file system allows it, since
    nothing writes to one after MkDocs (``trickbook serve`` replaces a file, never writes into it)."""
    if not src.endswith(".html"):
        try:
            os.link(src, dst)
            return dst
        except OSError:
            pass
    return str(shutil.copy2(src, dst))


def keep_pages(cache: "BuildCache | None", lang: str, key: str, folder: Path,
               extra: dict[str, Path] | None = None) -> None:
    """Keep a language's finished folder under ``key`` (only the newest per language), with the
    ``extra`` files (name: path) beside it."""
    if cache is None:
        return
    home = cache.root / "pages" / lang
    try:
        home.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=home, prefix=".tmp-"))
        shutil.copytree(folder, tmp, dirs_exist_ok=True, copy_function=_link_unless_page)
        for name, path in (extra or {}).items():
            shutil.copyfile(path, tmp / f".{name}")
        (tmp / ".complete").write_text(key + "\n", encoding="utf-8")
        target = home / key
        if target.exists():
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            os.replace(tmp, target)
        for old in home.iterdir():
            if old.name != key:
                shutil.rmtree(old, ignore_errors=True)
    except OSError:
        pass  # a read-only or full disk costs the next build its time, nothing else
