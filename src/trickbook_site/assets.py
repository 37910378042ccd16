"""The site's shared assets, written once: Pyodide runtime, engine wheel and lockfile, widgets.

The browser wheel is built from a staging copy of `src/trickbook`, with a
generated minimal `pyproject.toml`, so it holds the engine and declares no
dependency (the lockfile tool refuses what it cannot resolve). A course that adds
games of its own (`[tool.trickbook] games`) gets their modules in the same wheel,
beside the engine, and a module of the engine's games package
(`trickbook/games/_course.py`) that imports them: the registry finds them in the
browser as it found them at build time, after a normal boot and in the snapshot alike. A fixed
SOURCE_DATE_EPOCH makes the wheel, and so its sha256, reproducible; the wheel and
its lockfile are cached under `build/engine/<hash of the engine sources>/`.

A Pyodide memory snapshot with the engine's modules imported lets the worker skip
Python's start-up and the engine's import: `snapshot.mjs` makes it in Node from
the same runtime and wheel, and it is cached under `build/snapshot/<hash>/` (the
engine hash, the runtime's version and build, and the script). `assets/snapshot.json`
names it; the worker checks it against the runtime and boots normally when it
does not match. Without Node no snapshot is made, and the worker boots normally.

The worker boots with the engine's own standard library (`stdlib.py`: the modules it needs,
compiled to bytecode), written beside the wheel and named by `runtime.json`'s `stdlib`; the
snapshot is made with it too. Without Node the worker boots with the runtime's own.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import trickbook

from . import children
from .compact import compact_scripts, compact_style_sheets
from .errors import SiteError
from .stdlib import MODULES_NAME, TRIMMED_NAME, engine_stdlib, run_node
from .workdirs import claim

# The files of the npm `pyodide` package that the browser needs.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# Any fixed date works; this one is 2024-01-01T00:00:00Z (zip cannot store dates before 1980).
SOURCE_DATE_EPOCH = "1704067200"
ENGINE_DIR = Path(trickbook.__file__).resolve().parent
SNAPSHOT_SCRIPT = Path(__file__).resolve().parent / "snapshot.mjs"
SNAPSHOT_TIMEOUT_S = 300

WHEEL_PYPROJECT = """\
[build-system]
requires = ["setuptools>=68", "wheel"]
build-backend = "setuptools.build_meta"

[project]
name = "trickbook"
version = "{version}"
description = "The trickbook rule engine for trick-taking card games"
requires-python = ">=3.12"
dependencies = []

[tool.setuptools.packages.find]
where = ["src"]
include = ["trickbook", "trickbook.*"]

[tool.setuptools.package-data]
trickbook = ["py.typed"]
"""

# A course's own games go into the same wheel: their modules and packages beside the engine, and a
# module of the engine's games package that imports them (``COURSE_MODULE``), so that the registry
# finds them in the browser as the build's ``[tool.trickbook] games`` found them.
COURSE_MODULE = "_course"
COURSE_IMPORTS = """\
\"\"\"The course's own game modules, packed into the browser's wheel by the site's build.\"\"\"

import importlib

for _name in {modules!r}:
    importlib.import_module(_name)
"""


def pyodide_version(runtime: Path) -> str:
    return str(json.loads((runtime / "package.json").read_text(encoding="utf-8"))["version"])


def copy_runtime(runtime: Path, dest: Path) -> None:
    """Copy the Pyodide runtime files (the lockfile is rewritten later with the engine)."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        src = runtime / name
        if not src.is_file():
            raise SiteError(f"{src}: missing from the Pyodide runtime")
        shutil.copyfile(src, dest / name)


def engine_files() -> list[Path]:
    """The engine's source files, in a stable order (no caches)."""
    return sorted(p for p in ENGINE_DIR.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo"))


def course_games() -> tuple[list[str], dict[str, Path]]:
    """The registered games' modules that are not the engine's (a course's own, loaded from its
    configuration), and the top-level module or package each comes from, by name: what the browser's
    wheel carries besides the engine."""
    from trickbook.games import games

    modules = sorted({cls.__module__ for cls in games()
                      if cls.__module__.split(".")[0] != "trickbook"})
    tops: dict[str, Path] = {}
    for name in modules:
        top = sys.modules[name.split(".")[0]]
        where = getattr(top, "__path__", None)
        if where is not None:
            tops[top.__name__] = Path(list(where)[0])
        elif getattr(top, "__file__", None):
            tops[top.__name__] = Path(str(top.__file__))
        else:
            raise SiteError(f"game module {name!r} has no file to pack into the browser's wheel")
    return modules, tops


def course_files() -> list[tuple[str, Path]]:
    """The course's game sources as the wheel holds them (path under ``src/``, file), in a stable order."""
    found: list[tuple[str, Path]] = []
    for top, path in sorted(course_games()[1].items()):
        if path.is_dir():
            found += [(f"{top}/{p.relative_to(path).as_posix()}", p) for p in sorted(path.rglob("*"))
                      if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo")]
        else:
            found.append((path.name, path))
    return found


def wheel_pyproject(version: str) -> str:
    """The wheel's ``pyproject.toml``: the engine's, and with a course's games their modules and packages."""
    text = WHEEL_PYPROJECT.format(version=version)
    tops = course_games()[1]
    if not tops:
        return text
    packages = [t for t, p in sorted(tops.items()) if p.is_dir()]
    modules = [t for t, p in sorted(tops.items()) if not p.is_dir()]
    include = ", ".join(f'"{n}"' for t in ["trickbook", *packages] for n in (t, f"{t}.*"))
    text = text.replace('include = ["trickbook", "trickbook.*"]', f"include = [{include}]")
    return text + f'\n[tool.setuptools]\npackage-dir = {{"" = "src"}}\npy-modules = {json.dumps(modules)}\n'


def engine_hash(runtime: Path) -> str:
    """A hash of everything the wheel and its lockfile are made from (a course's games included)."""
    digest = hashlib.sha256()
    digest.update(wheel_pyproject(trickbook.__version__).encode())
    digest.update(SOURCE_DATE_EPOCH.encode())
    digest.update((runtime / "pyodide-lock.json").read_bytes())
    for path in engine_files():
        digest.update(path.relative_to(ENGINE_DIR).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    for name, path in course_files():
        digest.update(b"course/" + name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _run(cmd: list[str], cwd: Path, what: str) -> None:
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PYTHONHASHSEED="0")
    proc = children.run(cmd, cwd=cwd, env=env)
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-5:]
        raise SiteError(f"{what} failed (exit {proc.returncode}): " + " | ".join(tail))


def build_wheel(staging: Path, out: Path) -> Path:
    """Build the engine wheel from a staging copy of the engine alone."""
    version = trickbook.__version__
    shutil.copytree(ENGINE_DIR, staging / "src" / "trickbook",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo"))
    modules, _ = course_games()
    for name, path in course_files():
        (staging / "src" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, staging / "src" / name)
    if modules:
        (staging / "src" / "trickbook" / "games" / f"{COURSE_MODULE}.py").write_text(
            COURSE_IMPORTS.format(modules=tuple(modules)), encoding="utf-8")
    (staging / "pyproject.toml").write_text(wheel_pyproject(version), encoding="utf-8")
    _run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(staging)],
         staging, "building the engine wheel")
    wheels = sorted(out.glob("trickbook-*.whl"))
    if len(wheels) != 1:
        raise SiteError(f"building the engine wheel produced {len(wheels)} wheels in {out}")
    return wheels[0]


def add_to_lockfile(runtime: Path, wheel: Path) -> Path:
    """Register the wheel in a copy of the runtime's lockfile, beside the wheel."""
    runtime, wheel = runtime.resolve(), wheel.resolve()
    output = wheel.parent / "pyodide-lock.json"
    pyodide = Path(sys.executable).with_name("pyodide")
    cmd = [str(pyodide) if pyodide.exists() else "pyodide", "lockfile", "add-wheels",
           "--input", str(runtime / "pyodide-lock.json"), "--output", str(output),
           "--base-path", str(wheel.parent), str(wheel)]
    _run(cmd, wheel.parent, "registering the engine wheel in pyodide-lock.json")
    return output


def engine_bundle(runtime: Path, build_dir: Path) -> tuple[Path, Path]:
    """The engine wheel and its lockfile, from the cache or freshly built."""
    cache = build_dir / "engine" / engine_hash(runtime)
    wheels = sorted(cache.glob("trickbook-*.whl"))
    if wheels and (cache / "pyodide-lock.json").is_file():
        return wheels[0], cache / "pyodide-lock.json"
    with claim(build_dir / "engine", "wheel-") as work:
        wheel = build_wheel(work / "staging", work / "out")
        add_to_lockfile(runtime, wheel)
        try:
            # Publish the finished pair in one rename, so a concurrent build never sees half of it.
            (work / "out").rename(cache)
        except OSError:
            if not cache.is_dir():
                raise
    wheels = sorted(cache.glob("trickbook-*.whl"))
    return wheels[0], cache / "pyodide-lock.json"


def snapshot_hash(runtime: Path, engine: str, stdlib: Path | None = None) -> str:
    """A hash of everything a snapshot is made from: the engine, the runtime's build, the standard
    library it boots with, the script."""
    digest = hashlib.sha256(engine.encode() + b"\0")
    if stdlib is not None:
        digest.update(b"stdlib " + hashlib.sha256(stdlib.read_bytes()).digest())
        if (stdlib.parent / MODULES_NAME).is_file():  # the modules the snapshot imports
            digest.update(b"modules " + hashlib.sha256((stdlib.parent / MODULES_NAME).read_bytes()).digest())
    # The runtime's version and lockfile by content; its large files by size and time (hashing
    # 13 MB on every warm build would cost more than the rest of the check). The worker checks
    # Pyodide's own build id when it restores, and boots normally on a mismatch.
    for name in ("package.json", "pyodide-lock.json"):
        digest.update(hashlib.sha256((runtime / name).read_bytes()).digest())
    for name in ("pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        stat = (runtime / name).stat()
        digest.update(f"{name} {stat.st_size} {stat.st_mtime_ns}\n".encode())
    digest.update(SNAPSHOT_SCRIPT.read_bytes())
    return digest.hexdigest()[:16]


def engine_snapshot(runtime: Path, wheel: Path, engine: str, build_dir: Path,
                    stdlib: Path | None = None) -> tuple[Path, str] | None:
    """The gzipped memory snapshot with the engine imported and its hash, cached; None without Node.

    ``engine`` is the engine hash; the snapshot carries it so the worker can tell a stale one.
    ``stdlib``, the trimmed standard library, is the one the snapshot boots with (the restored
    interpreter keeps the library's index in memory: the worker must restore it with the same zip);
    the snapshot then imports the engine's modules the browser uses, found with it (``MODULES_NAME``
    beside it), rather than every module of the engine (the command line's need what it lacks)."""
    node = shutil.which("node")
    if node is None:
        return None
    key = snapshot_hash(runtime, engine, stdlib)
    cache = build_dir / "snapshot" / key
    done = cache / "engine.snapshot.gz"
    if done.is_file():
        return done, key
    cache.mkdir(parents=True, exist_ok=True)
    raw = Path(tempfile.mkdtemp(prefix="snapshot-", dir=cache)) / "engine.snapshot"
    try:
        cmd = [node, str(SNAPSHOT_SCRIPT), str(runtime.resolve()), str(wheel.resolve()), engine, str(raw)]
        cmd += [str(stdlib.resolve())] if stdlib is not None else []
        if stdlib is not None and (stdlib.parent / MODULES_NAME).is_file():
            cmd.append(str((stdlib.parent / MODULES_NAME).resolve()))
        run_node(cmd, SNAPSHOT_TIMEOUT_S, "making the engine's memory snapshot", raw)
        partial = raw.with_suffix(".gz")
        with raw.open("rb") as src, gzip.GzipFile(partial, "wb", compresslevel=6, mtime=0) as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
        partial.replace(done)  # one rename: a concurrent build never sees half of it
    finally:
        shutil.rmtree(raw.parent, ignore_errors=True)
    return done, key


def prepare_engine(runtime: Path, build_dir: Path) -> None:
    """Make the engine wheel, its lockfile and the memory snapshot into the build's cache, where
    ``write_assets`` finds them. The build runs this beside the replay of the hands (other
    programs do the work, on the core the replay leaves idle); an error here is left for
    ``write_assets`` to meet again and report."""
    wheel, lockfile = engine_bundle(runtime, build_dir)
    engine = engine_hash(runtime)
    stdlib = engine_stdlib(runtime, lockfile, engine, ENGINE_DIR, build_dir, tuple(course_files()))
    engine_snapshot(runtime, wheel, engine, build_dir, stdlib)


def write_assets(site: Path, runtime: Path, widgets: Path, build_dir: Path) -> Path:
    """Write `assets/` of a site: runtime, wheel + lockfile, snapshot, widgets, runtime.json, games.json.

    Returns the runtime folder."""
    assets = site / "assets"
    version = pyodide_version(runtime)
    pyodide_dir = assets / "pyodide" / version
    copy_runtime(runtime, pyodide_dir)
    wheel, lockfile = engine_bundle(runtime, build_dir)
    shutil.copyfile(wheel, pyodide_dir / wheel.name)
    shutil.copyfile(lockfile, pyodide_dir / "pyodide-lock.json")
    if not widgets.is_dir():
        raise SiteError(f"{widgets}: the widget folder is missing")
    shutil.copytree(widgets, assets / "widgets", dirs_exist_ok=True)
    compact_style_sheets(assets / "widgets")  # every page loads hand.css: its comments need not come
    try:
        compact_scripts(assets / "widgets")  # nor do the scripts' comments and indentation
    except ValueError as error:
        raise SiteError(f"a widget script cannot be read: {error}") from None
    engine = engine_hash(runtime)
    stdlib = engine_stdlib(runtime, lockfile, engine, ENGINE_DIR, build_dir, tuple(course_files()))
    if stdlib is not None:
        shutil.copyfile(stdlib, pyodide_dir / TRIMMED_NAME)
    snapshot = engine_snapshot(runtime, wheel, engine, build_dir, stdlib)
    engine_file = wheel
    if snapshot is not None:
        path, key = snapshot
        name = f"engine-{key}.snapshot.gz"
        engine_file = pyodide_dir / name
        shutil.copyfile(path, engine_file)
        about = {"file": f"pyodide/{version}/{name}", "pyodide": version, "engine": engine,
                 "wheel": wheel.name}
        (assets / "snapshot.json").write_text(json.dumps(about, indent=2) + "\n", encoding="utf-8")
    # What the browser downloads to start the engine (the widget names it before a download
    # on a connection that saves data): the runtime and the lockfile, then the memory
    # snapshot that holds the engine or, without one, the wheel.
    # The engine's trimmed standard library stands in for the runtime's own.
    runtime_bytes = sum((pyodide_dir / f).stat().st_size for f in RUNTIME_FILES)
    if stdlib is not None:
        runtime_bytes += stdlib.stat().st_size - (pyodide_dir / "python_stdlib.zip").stat().st_size
    download = runtime_bytes + engine_file.stat().st_size
    # On a slow link (or one that saves data) the worker skips the snapshot: the runtime and the wheel.
    # "engine": the engine this site ships, which a snapshot must hold (the worker checks it first).
    runtime_json: dict[str, object] = {"pyodide": f"pyodide/{version}/", "engine": engine,
                                       "download_bytes": download,
                                       "slow_link_bytes": runtime_bytes + wheel.stat().st_size}
    if stdlib is not None:  # beside the wheel (relative to the lockfile's folder, as the wheel is)
        runtime_json["stdlib"] = TRIMMED_NAME
    (assets / "runtime.json").write_text(json.dumps(runtime_json, indent=2) + "\n", encoding="utf-8")
    write_games_json(assets)
    return pyodide_dir


def write_games_json(assets: Path) -> None:
    """`assets/games.json`: every game the engine's registry holds (the site's own included), by name,
    with what its widgets need before the engine runs (``trickbook.table.page_data``). A play table or a
    drill whose ``data-game`` is not there is left as the page wrote it."""
    from trickbook.games import games
    from trickbook.table import page_data

    data = {cls.game: page_data(cls) for cls in games()}
    (assets / "games.json").write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
