"""`trickbook publish`: a built site made into a folder ready for any static host.

The built site keeps fixed names under `assets/` (the widgets, the browser catalogs,
`runtime.json`, the Pyodide runtime, the engine's wheel, lockfile and snapshot), so a
host can neither cache them for good nor make sure a reader's next visit gets a new
engine. The published copy gives every one of them a content-hashed URL, in three
folders whose names carry the hash of everything inside them:

- `assets/pyodide-<hash>/<version>/`: the Pyodide runtime (`pyodide.mjs`,
  `pyodide.asm.mjs`, `pyodide.asm.wasm`, `python_stdlib.zip`). Pyodide loads these by
  their own names from its `indexURL`, so the names stay and the folder carries the hash;
  a new engine leaves this folder, the largest download, as it was.
- `assets/engine-<hash>/`: the engine's wheel, the lockfile that registers it (the same
  file names and sha256 as built, so nothing needs registering again) and the memory
  snapshot; the worker passes the lockfile to Pyodide as `lockFileURL`.
- `assets/site-<hash>/`: everything else (`widgets/`, `i18n/`, `runtime.json`,
  `snapshot.json`), moved as a whole, so the relative imports between widget files and
  the paths the widgets compute from their own URL hold unchanged. `runtime.json` and
  `snapshot.json` are rewritten first to point at the two folders above.

The hands' data files (one per hand and language, named by their content: `hand_data.py`) move
from beside their pages to `assets/hands/<lang>/`, which hosts cache for good, so that a reader's next
visit asks again only for the page. With `--base-url`, each hand's embed page gets its oEmbed
answer (`embed.py`), and each printed hand a QR code to its live page there (`handouts.py`). The pages'
references to the shared assets are rewritten, `offline.py` writes the service worker that
"Keep for offline" installs, to the new folder (a reference
that resolves to nothing published fails the command), then every text and wasm file gets a
brotli (`.br`) and gzip (`.gz`) copy beside it, and `_headers` (see `headers.py`) says
how to serve all of it; with `--server-config caddy|nginx`, the same headers go into a file
for that web server too (`headers.server_config`). The CSP meta tag stays in every page, for hosts that read no
headers (GitHub Pages). A file over 25 MiB, Cloudflare Pages' limit, is reported.

The folder is written beside `--out` and swapped into place only when it is complete; `--out` must be
new, empty or a previous publish (`outdir.py`).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import shutil
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path, PurePosixPath
from typing import Callable
from urllib.parse import urlsplit

from . import hand_data, workdirs
from .embed import write_oembed
from .errors import SiteError
from .hand_data import move_to_assets as move_hands_to_assets
from .handouts import add_handout_codes
from .headers import SERVER_FILES, HeaderRules, header_rules, write_headers, write_server_config
from .offline import write_service_worker
from .outdir import check_out, write_mark

Log = Callable[[str], None]

HASH_LEN = 12
SIZE_LIMIT = 25 * 1024 * 1024  # Cloudflare Pages refuses larger files
# Pyodide's own file names, loaded from its indexURL (they keep their names).
RUNTIME_NAMES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# What gets precompressed: text, and WebAssembly (which compresses to about a third).
COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".map", ".wasm", ".webmanifest"}
MIN_COMPRESS_BYTES = 512  # below one packet a compressed copy saves nothing worth a file
# A reference to a shared asset in a page: any attribute value or url() holding "assets/". Publish reads
# a built site as a whole (the theme's and the author's references as well as ours) to name the
# content-hashed copies; the site's name is the landing page's title.
TITLE = re.compile(r"<title>([^<]*)</title>")
REFERENCE = re.compile(r"""(?P<q>["'(])(?P<url>[^"'()\s<>]*assets/[^"'()\s<>]*)(?=["')])""")


@dataclass
class Published:
    folder: Path
    runtime: str  # assets/pyodide-<hash>/<version>/
    engine: str  # assets/engine-<hash>/
    site: str  # assets/site-<hash>/
    files: int = 0
    compressed: int = 0
    warnings: list[str] = field(default_factory=list)
    rules: HeaderRules | None = None


def content_hash(root: Path) -> str:
    """A hash of a folder's (or file's) relative paths and contents."""
    digest = hashlib.sha256()
    paths = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
    for path in paths:
        name = path.name if root.is_file() else path.relative_to(root).as_posix()
        digest.update(name.encode() + b"\0")
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
        digest.update(b"\0")
    return digest.hexdigest()[:HASH_LEN]


def _read_json(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SiteError(f"{path}: not a built trickbook site's file ({exc})") from None
    if not isinstance(data, dict):
        raise SiteError(f"{path}: expected a JSON object")
    return data


def _write_json(path: Path, data: dict[str, object]) -> None:
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def is_built_site(folder: Path) -> bool:
    return (folder / "assets" / "runtime.json").is_file() and (folder / "index.html").is_file()


def hash_assets(stage: Path) -> tuple[str, str, str]:
    """Move `assets/` of a copied site into its three hashed folders; their paths from the root."""
    assets = stage / "assets"
    runtime_json = _read_json(assets / "runtime.json")
    pyodide_rel = str(runtime_json.get("pyodide", ""))
    built_runtime = (assets / pyodide_rel).resolve()
    if not pyodide_rel or not built_runtime.is_dir() or assets.resolve() not in built_runtime.parents:
        raise SiteError(f"{assets / 'runtime.json'}: names no runtime folder under assets/ ({pyodide_rel!r})")
    version = built_runtime.name
    # The runtime: Pyodide's own files, under a folder named by their hash.
    runtime_tmp = assets / ".runtime" / version
    runtime_tmp.mkdir(parents=True)
    for name in RUNTIME_NAMES:
        if not (built_runtime / name).is_file():
            raise SiteError(f"{built_runtime / name}: missing from the built site")
        (built_runtime / name).rename(runtime_tmp / name)
    # The engine: what is left of the built runtime folder (wheel, lockfile, snapshot).
    engine_tmp = assets / ".engine"
    built_runtime.rename(engine_tmp)
    if not (engine_tmp / "pyodide-lock.json").is_file() or not list(engine_tmp.glob("trickbook-*.whl")):
        raise SiteError(f"{built_runtime}: the engine's wheel or lockfile is missing from the built site")
    runtime_dir = f"pyodide-{content_hash(runtime_tmp.parent)}"
    engine_dir = f"engine-{content_hash(engine_tmp)}"
    (assets / ".runtime").rename(assets / runtime_dir)
    engine_tmp.rename(assets / engine_dir)
    _remove_empty((assets / pyodide_rel).parent)  # the built runtime folder itself has moved
    # The rest, with runtime.json and snapshot.json pointing at the two folders above
    # (both are read from inside the moved folder, hence "../").
    runtime_json["pyodide"] = f"../{runtime_dir}/{version}/"
    runtime_json["lockfile"] = f"../{engine_dir}/pyodide-lock.json"
    _write_json(assets / "runtime.json", runtime_json)
    if (assets / "snapshot.json").is_file():
        about = _read_json(assets / "snapshot.json")
        name = PurePosixPath(str(about.get("file", ""))).name
        if not name or not (assets / engine_dir / name).is_file():
            raise SiteError(
                f"{assets / 'snapshot.json'}: names a snapshot the built site lacks ({about.get('file')!r})"
            )
        about["file"] = f"../{engine_dir}/{name}"
        _write_json(assets / "snapshot.json", about)
    rest = [p for p in assets.iterdir() if p.name not in (runtime_dir, engine_dir)]
    bundle_tmp = assets / ".site"
    bundle_tmp.mkdir()
    for path in rest:
        path.rename(bundle_tmp / path.name)
    site_dir = f"site-{content_hash(bundle_tmp)}"
    bundle_tmp.rename(assets / site_dir)
    return f"assets/{runtime_dir}/{version}/", f"assets/{engine_dir}/", f"assets/{site_dir}/"


def _remove_empty(folder: Path) -> None:
    while folder.name != "assets" and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


def rewrite_references(stage: Path, moved: set[str], site_dir: str) -> int:
    """Point every page's references to a moved asset at its hashed folder; the pages changed.

    A reference is rewritten when, resolved from the page, it lands on `assets/<name>` at the
    site's root with `<name>` one of the moved entries; a per-language `assets/` (the theme's)
    is left alone. A reference into the root `assets/` that names nothing published is an error."""
    changed = 0
    for page in sorted(stage.rglob("*.html")):
        rel = page.relative_to(stage)
        if rel.parts[0] == "assets":
            continue
        html = page.read_text(encoding="utf-8")
        base = PurePosixPath(rel.as_posix()).parent

        def fix(match: re.Match[str], base: PurePosixPath = base, rel: Path = rel) -> str:
            url = match.group("url")
            parts = urlsplit(url)
            if parts.scheme or parts.netloc or url.startswith("/"):
                return match.group(0)
            target = _normalise(base / parts.path)
            if target is None or len(target.parts) < 2 or target.parts[0] != "assets":
                return match.group(0)
            if target.parts[1] not in moved:
                if not (stage / target.as_posix()).exists():
                    raise SiteError(f"{rel}: refers to {url!r}, which the built site does not have")
                return match.group(0)
            new_target = PurePosixPath(site_dir) / PurePosixPath(*target.parts[1:])
            if not (stage / new_target.as_posix()).exists():
                raise SiteError(f"{rel}: refers to {url!r}, which the built site does not have")
            ups = "../" * len(base.parts)
            suffix = url[len(parts.path):]
            return match.group("q") + ups + new_target.as_posix() + suffix

        out = REFERENCE.sub(fix, html)
        if out != html:
            page.write_text(out, encoding="utf-8")
            changed += 1
    return changed


def _normalise(path: PurePosixPath) -> PurePosixPath | None:
    parts: list[str] = []
    for part in path.parts:
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                return None
            parts.pop()
        else:
            parts.append(part)
    return PurePosixPath(*parts) if parts else None


def compressed_copies(data: bytes, cache: Path | None) -> tuple[bytes, bytes]:
    """The brotli and gzip forms of ``data``, from the cache (keyed by content) when there."""
    import brotli  # type: ignore[import-untyped]  # the package ships no type information

    key = hashlib.sha256(data).hexdigest()
    if cache is not None:
        br, gz = cache / f"{key}.br", cache / f"{key}.gz"
        if br.is_file() and gz.is_file():
            return br.read_bytes(), gz.read_bytes()
    # Brotli's best quality on multi-megabyte files costs a minute; 9 keeps most of the gain.
    quality = 11 if len(data) < (1 << 20) else 9
    br_data = brotli.compress(data, quality=quality)
    gz_data = gzip.compress(data, compresslevel=9, mtime=0)
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
        for suffix, blob in ((".br", br_data), (".gz", gz_data)):
            tmp = cache / f"{key}{suffix}.{os.getpid()}.tmp"
            tmp.write_bytes(blob)
            tmp.replace(cache / f"{key}{suffix}")
    return br_data, gz_data


def precompress(stage: Path, cache: Path | None) -> int:
    """Write `.br` and `.gz` beside every text and wasm file they make smaller; the files done."""
    done = 0
    for path in sorted(stage.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE or path.stat().st_size < MIN_COMPRESS_BYTES:
            continue
        data = path.read_bytes()
        br_data, gz_data = compressed_copies(data, cache)
        for suffix, blob in ((".br", br_data), (".gz", gz_data)):
            if len(blob) < len(data):
                path.with_name(path.name + suffix).write_bytes(blob)
        done += 1
    return done


def oversized(stage: Path) -> list[str]:
    return [f"{p.relative_to(stage).as_posix()} is {p.stat().st_size / 2**20:.1f} MiB, over the 25 MiB "
            "that some hosts (Cloudflare Pages) accept for one file"
            for p in sorted(stage.rglob("*")) if p.is_file() and p.stat().st_size > SIZE_LIMIT]


# Characters a base address may not hold: `_headers` rules are path patterns (`*` and `:name` are
# wildcards there), and quotes, brackets and the like only come from a mistake.
UNSAFE_IN_BASE_URL = set("*\"'<>`{}|\\^")


def base_path(base_url: str | None) -> str:
    """The path the site is served under, from ``--base-url`` ("/" without one)."""
    if not base_url:
        return "/"
    expected = f"--base-url {base_url!r}: expected an address such as https://example.org/course/"
    unsafe = sorted({c for c in base_url if c.isspace() or not c.isprintable() or c in UNSAFE_IN_BASE_URL})
    if unsafe:
        shown = " ".join("a space" if c == " " else repr(c)[1:-1] if not c.isprintable() or c.isspace() else c
                         for c in unsafe)
        raise SiteError(f"{expected} (without {shown}: hosts read the address's path as a pattern in _headers)")
    try:
        parts = urlsplit(base_url)
        parts.port  # noqa: B018 - a port out of range raises here
    except ValueError as exc:
        raise SiteError(f"{expected} ({exc})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise SiteError(expected)
    path = parts.path or "/"
    return path if path.endswith("/") else path + "/"


def publish_folder(site: Path, out: Path, base_url: str | None = None, cache: Path | None = None,
                   log: Log = lambda message: None, course: Path | None = None,
                   server_config: str | None = None) -> Published:
    """Publish the built site ``site`` into ``out`` (replaced whole, only once complete).

    ``out`` must be new, empty or a previous publish (``outdir.check_out``; ``course`` is the
    course's folder, whose own files are refused). The folder is made in a locked work folder
    beside ``out`` and swapped into place in one step (``workdirs``), so a publish killed at any
    point leaves ``out`` whole, the old or the new, and the next publish removes what it left.
    ``server_config`` ("caddy" or "nginx") adds that server's file of the headers.
    """
    if server_config is not None and server_config not in SERVER_FILES:
        raise SiteError(f"--server-config {server_config!r}: expected one of {', '.join(SERVER_FILES)}")
    if not is_built_site(site):
        raise SiteError(f"{site}: not a built trickbook site (no index.html and assets/runtime.json)")
    prefix = base_path(base_url)
    out = out.resolve()
    check_out(out, site, course)
    workdirs.tidy(out)  # what a publish killed between two renames left, before anything else
    with workdirs.claim(out.parent, f".{out.name}.publishing-", log) as work:
        stage = work / "site"
        shutil.copytree(site, stage, symlinks=False)
        moved = {p.name for p in (stage / "assets").iterdir()} - {"pyodide"}
        runtime, engine, bundle = hash_assets(stage)
        pages = rewrite_references(stage, moved, bundle.rstrip("/"))
        log(f"hashed the shared assets: {runtime}, {engine}, {bundle}; rewrote {pages} pages")
        log(f"moved {move_hands_to_assets(stage)} hands' data files under {hand_data.PUBLISHED_FOLDER}/")
        if base_url:
            provider = TITLE.search((stage / "index.html").read_text(encoding="utf-8"))
            count = write_oembed(stage, base_url, unescape(provider.group(1)) if provider else "trickbook")
            log(f"wrote the oEmbed answers of {count} embed pages under {base_url}")
            log(f"gave {add_handout_codes(stage, base_url)} printed hands a QR code to their live page")
        languages = [p.name for p in sorted(stage.iterdir()) if p.is_dir() and (p / "index.html").is_file()
                     and p.name not in ("assets", "embed")]
        version = write_service_worker(stage, stage / bundle / "widgets" / "offline" / "sw.js", languages)
        log(f"wrote sw.js (version {version}) for keeping {', '.join(languages)} offline")
        result = Published(stage, runtime, engine, bundle)
        result.files = sum(1 for p in stage.rglob("*") if p.is_file())
        result.rules = header_rules(stage, prefix, runtime)
        write_headers(stage / "_headers", result.rules)
        if server_config is not None:
            written = write_server_config(stage, server_config, result.rules, prefix)
            log(f"wrote {written.name}: the headers of _headers for {server_config}")
        result.compressed = precompress(stage, cache)
        log(f"wrote brotli and gzip copies of {result.compressed} files")
        result.warnings = oversized(stage)
        write_mark(stage)
        workdirs._step("publish:staged")
        check_out(out, site, course)  # again: something may have appeared there meanwhile
        workdirs.swap_into_place(stage, out)
        result.folder = out
    return result


def publish_main(site_dir: Path | None, out: Path, base_url: str | None, log: Log,
                 server_config: str | None = None) -> int:
    """`trickbook publish`: build (or take the built site in ``site_dir``), then publish it into ``out``."""
    from .project import is_site_folder

    base_path(base_url)  # a bad address fails before any work
    site = (site_dir or Path.cwd() / "site").resolve()
    course = Path.cwd().resolve() if is_site_folder(Path.cwd()) else None
    check_out(out, site, course)  # and so does an --out that holds the author's files
    if site_dir is None or not is_built_site(site):
        from .build import build_site
        from .project import find_project

        build_site(find_project(), site_dir=site, log=log)
    else:
        log(f"publishing the site already built in {site}")
    result = publish_folder(site, out, base_url, cache=Path.cwd() / "build" / "publish", log=log, course=course,
                            server_config=server_config)
    for warning in result.warnings:
        log(f"warning: {warning}")
    log(f"published {result.files} files into {result.folder}: upload the folder as it is; "
        "_headers tells hosts that read it how to serve each file")
    return 0
