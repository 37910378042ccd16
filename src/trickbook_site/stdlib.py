"""The engine's standard library: Pyodide's `python_stdlib.zip` cut down to what the browser's engine imports.

The browser's worker boots Pyodide with this smaller zip (`loadPyodide({stdLibURL})`), the
runtime's full one stays published beside it for anything else. The modules kept are found,
not listed by hand: `stdlib.mjs` boots Pyodide in Node with the full library, installs the
engine's wheel as the browser does, runs the engine's routes (`engine_routes.py`: every request
type of the worker, for every registered game), and reports `sys.modules` after each step. The
wheel's modules those routes imported, and the wheel's modules that their import statements name
(those inside functions too: ``wheel_imports``), are the browser's engine; it imports them, and
every other module their statements name. Every module seen there that the full zip holds is kept,
with its packages' ``__init__`` files: what Pyodide's start imports, the wheel's install, and the
browser's engine. The engine's command line (`tools.py`: ``argparse``) is not part of it. The
memory snapshot imports the same modules of the wheel (``engine_modules``). The zip is cached under
`build/stdlib/<hash>/` (the engine hash, the runtime's library, the scripts).

Its modules are compiled to bytecode for the runtime's interpreter (`pycompile.mjs`, in Node):
Pyodide's own zip holds sources, which the interpreter compiles again at every boot (about
half of a boot's time in Node here). They are compiled as `python -OO` would (no docstrings,
no asserts; the standard library is made to run so): 1.35 MB for 157 modules, where their sources
take 0.84 MB, against the runtime's 2.5 MB. The engine itself (the wheel) is left as it is.
Entries are deflated, as the runtime's are: a static host that compresses only text (GitHub
Pages) would serve stored entries at their full size, 3.3 MB, though the published brotli copy of a
zip of stored entries is 0.97 MB where a server sends it.
"""

from __future__ import annotations

import ast
import hashlib
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from . import children
from .errors import SiteError

STDLIB_SCRIPT = Path(__file__).resolve().parent / "stdlib.mjs"
PYCOMPILE_SCRIPT = Path(__file__).resolve().parent / "pycompile.mjs"
ROUTES = Path(__file__).resolve().parent / "engine_routes.py"
TRIMMED_NAME = "python_stdlib.engine.zip"
# Beside the zip in the cache: the wheel's modules the browser imports, for the snapshot.
MODULES_NAME = "engine-modules.json"
STDLIB_TIMEOUT_S = 300
# zip cannot store dates before 1980; a fixed one keeps the file, and so its hash, reproducible.
ZIP_DATE = (2024, 1, 1, 0, 0, 0)


def wheel_module_name(path: str) -> str:
    """The module a file of the wheel holds, by its path there: ``trickbook/games/__init__.py`` is
    ``trickbook.games``, ``my_game.py`` is ``my_game``."""
    parts = path.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def wheel_imports(engine_dir: Path, also: tuple[tuple[str, Path], ...] = ()) -> dict[str, dict[str, list[str]]]:
    """For each module of the browser's wheel (the engine, and ``also``: a course's game files, each with
    its path in the wheel), what its import statements name, module level and inside functions alike:
    ``stdlib``, the other modules, and ``wheel``, the wheel's own modules (relative imports resolved).
    For ``from a import b`` both ``a`` and ``a.b`` (b may be a submodule; ``wheel`` keeps it only when it is)."""
    files = [(f"trickbook/{p.relative_to(engine_dir).as_posix()}", p) for p in sorted(engine_dir.rglob("*.py"))]
    files += [(name, p) for name, p in also if p.suffix == ".py"]
    modules = {wheel_module_name(name): (name, p) for name, p in files}
    tops = {m.split(".")[0] for m in modules}
    found: dict[str, dict[str, list[str]]] = {}
    for module, (name, path) in modules.items():
        package = module if name.endswith("/__init__.py") else module.rpartition(".")[0]
        named: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                named.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # from .x import y, in package a.b: a.b.x (a.x from ..x)
                    parent = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join([*parent, base] if base else parent)
                if base:
                    named.add(base)
                named.update(f"{base}.{alias.name}".lstrip(".") for alias in node.names if alias.name != "*")
        own = {n for n in named if n.split(".")[0] in tops}
        found[module] = {"wheel": sorted(n for n in own if n in modules and n != module),
                         "stdlib": sorted(n for n in named - own if n.split(".")[0] != "__future__")}
    return found


def module_files(names: set[str] | list[str], entries: set[str]) -> set[str]:
    """The zip entries that hold ``names``: each module's file and its packages' ``__init__.py``."""
    files: set[str] = set()
    for name in names:
        parts = name.split(".")
        for depth in range(1, len(parts) + 1):
            path = "/".join(parts[:depth])
            if f"{path}/__init__.py" in entries:
                files.add(f"{path}/__init__.py")
            elif depth == len(parts) and f"{path}.py" in entries:
                files.add(f"{path}.py")
    return files


def write_trimmed(full: Path, names: set[str], out: Path) -> int:
    """Write the entries of ``full`` that hold ``names`` to ``out``; the number of modules."""
    with zipfile.ZipFile(full) as source:
        entries = {i.filename for i in source.infolist() if not i.is_dir()}
        keep = sorted(module_files(names, entries))
        if not keep:
            raise SiteError(f"{full}: holds none of the modules the engine needs")
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
            for name in keep:
                entry = zipfile.ZipInfo(name, ZIP_DATE)
                entry.compress_type = zipfile.ZIP_DEFLATED
                target.writestr(entry, source.read(name), compresslevel=9)
    return len(keep)


def run_routes(runtime: Path, lockfile: Path, engine_dir: Path, stdlib: Path | None = None,
               also: tuple[tuple[str, Path], ...] = ()) -> dict[str, object]:
    """Run `stdlib.mjs` (the full library, or ``stdlib``); what it reports."""
    node = shutil.which("node")
    if node is None:
        raise SiteError("the engine's standard library is found by running Pyodide in Node, which is not installed")
    work = Path(tempfile.mkdtemp(prefix="stdlib-"))
    try:
        given = {"wheel": wheel_imports(engine_dir, also)}
        (work / "input.json").write_text(json.dumps(given), encoding="utf-8")
        cmd = [node, str(STDLIB_SCRIPT), str(runtime.resolve()), str(lockfile.resolve()), str(ROUTES),
               str(work / "input.json"), str(work / "output.json")] + ([str(stdlib.resolve())] if stdlib else [])
        run_node(cmd, STDLIB_TIMEOUT_S, "finding the engine's standard library", work / "output.json")
        report: dict[str, object] = json.loads((work / "output.json").read_text(encoding="utf-8"))
        return report
    finally:
        shutil.rmtree(work, ignore_errors=True)


def compile_zip(runtime: Path, source: Path, out: Path, optimize: int = 0) -> None:
    """``source`` (a wheel, a library zip) with its Python files compiled to bytecode for the runtime's
    interpreter (`pycompile.mjs`, in Node), written to ``out``; ``optimize`` as compile() takes it."""
    node = shutil.which("node")
    if node is None:
        raise SiteError("compiling the engine to bytecode runs Pyodide in Node, which is not installed")
    cmd = [node, str(PYCOMPILE_SCRIPT), str(runtime.resolve()), str(source.resolve()), str(out.resolve()),
           str(optimize)]
    run_node(cmd, STDLIB_TIMEOUT_S, f"compiling {source.name} to bytecode", out)


def run_node(cmd: list[str], timeout: int, doing: str, made: Path) -> None:
    """Run a Pyodide program in Node (``cmd``) that must make the file ``made``; ``SiteError`` saying
    what it was ``doing`` if it runs over ``timeout`` seconds, fails, or makes nothing."""
    try:
        proc = children.run(cmd, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise SiteError(f"{doing} took over {timeout} s") from None
    if proc.returncode != 0 or not made.is_file():
        # Pyodide's errors come after its minified source; the last lines say what went wrong.
        tail = [line[:300] for line in (proc.stderr or proc.stdout).strip().splitlines()[-4:]]
        raise SiteError(f"{doing} failed (exit {proc.returncode}): " + " | ".join(tail))


def stdlib_hash(runtime: Path, engine: str) -> str:
    digest = hashlib.sha256(engine.encode() + b"\0")
    stat = (runtime / "python_stdlib.zip").stat()
    digest.update(f"{stat.st_size} {stat.st_mtime_ns}\n".encode())
    for path in (STDLIB_SCRIPT, PYCOMPILE_SCRIPT, ROUTES, Path(__file__)):
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def engine_stdlib(runtime: Path, lockfile: Path, engine: str, engine_dir: Path, build_dir: Path,
                  also: tuple[tuple[str, Path], ...] = ()) -> Path | None:
    """The trimmed zip, from the cache or made afresh; None without Node (the worker then loads
    the runtime's own). ``also``: the course's game files the wheel carries, each with its path there
    (``engine`` covers them). The browser's engine modules are written beside it (``engine_modules``)."""
    if shutil.which("node") is None:
        return None
    cache = build_dir / "stdlib" / stdlib_hash(runtime, engine)
    done = cache / TRIMMED_NAME
    if done.is_file() and (cache / MODULES_NAME).is_file():
        return done
    cache.mkdir(parents=True, exist_ok=True)
    report = run_routes(runtime, lockfile, engine_dir, also=also)
    steps: dict[str, list[str]] = {}
    for step in ("boot", "package", "routes", "imports", "engine"):
        seen = report.get(step)
        if not isinstance(seen, list) or not seen:
            raise SiteError(f"finding the engine's standard library: no list of modules after {step}")
        steps[step] = sorted(str(n) for n in seen)
    names = {name for seen in steps.values() for name in seen}
    partial = Path(tempfile.mkdtemp(prefix="zip-", dir=cache)) / TRIMMED_NAME
    try:
        source = partial.with_name("source.zip")
        write_trimmed(runtime / "python_stdlib.zip", names, source)
        compile_zip(runtime, source, partial, optimize=2)
        modules = partial.with_name(MODULES_NAME)
        modules.write_text(json.dumps(steps["engine"], indent=0) + "\n", encoding="utf-8")
        modules.replace(cache / MODULES_NAME)
        partial.replace(done)  # one rename: a concurrent build never sees half of it
    finally:
        shutil.rmtree(partial.parent, ignore_errors=True)
    return done


def engine_modules(trimmed: Path) -> list[str]:
    """The wheel's modules the browser imports (found with the zip ``trimmed``, written beside it)."""
    modules = json.loads((trimmed.parent / MODULES_NAME).read_text(encoding="utf-8"))
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        raise SiteError(f"{trimmed.parent / MODULES_NAME}: not a list of module names")
    return modules
