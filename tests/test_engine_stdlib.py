"""The engine's trimmed standard library (src/trickbook_site/stdlib.py): every module the browser's
engine imports is in it (and the command line's are not), the engine's routes answer under Pyodide
with it as with CPython, and the site ships it beside the wheel with the runtime's own zip kept."""

from __future__ import annotations

import json
import struct
import zipfile
from pathlib import Path

import pytest

from trickbook_site import assets, stdlib
from trickbook_site.engine_routes import exercise

REPO = Path(__file__).resolve().parents[1]
RUNTIME = REPO / "node_modules" / "pyodide"


@pytest.fixture(scope="module")
def trimmed() -> tuple[Path, Path]:
    """The trimmed zip and the engine's lockfile, made (or taken from the cache) as the build makes them."""
    wheel, lockfile = assets.engine_bundle(RUNTIME, REPO / "build")
    zip_path = stdlib.engine_stdlib(RUNTIME, lockfile, assets.engine_hash(RUNTIME), assets.ENGINE_DIR, REPO / "build")
    assert zip_path is not None, "the trimmed standard library needs Node (scripts/setup checks for it)"
    return zip_path, lockfile


def compiled(files: set[str]) -> set[str]:
    """The trimmed zip's names for the runtime's source files: each `x.py` compiled to `x.pyc`."""
    return {name + "c" if name.endswith(".py") else name for name in files}


def entries(zip_path: Path) -> set[str]:
    with zipfile.ZipFile(zip_path) as z:
        return {i.filename for i in z.infolist() if not i.is_dir()}


def test_the_scan_finds_imports_inside_functions_relative_imports_and_submodules(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "__init__.py").write_text("from .sub import helper\n", encoding="utf-8")
    (tmp_path / "sub" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "sub" / "helper.py").write_text("from .. import cli\n", encoding="utf-8")
    (tmp_path / "cli.py").write_text("import argparse\n", encoding="utf-8")
    (tmp_path / "mod.py").write_text(
        "import json\nfrom email import message\nfrom . import cli\nimport trickbook.web\n"
        "def later():\n    import difflib\n    from xml.dom import minidom\n    from .sub.helper import x\n",
        encoding="utf-8")
    course = tmp_path / "course_game.py"
    course.write_text("import statistics\nfrom trickbook import mod\n", encoding="utf-8")
    found = stdlib.wheel_imports(tmp_path, (("course_game.py", course),))
    assert found["trickbook.mod"] == {
        "stdlib": ["difflib", "email", "email.message", "json", "xml.dom", "xml.dom.minidom"],
        "wheel": ["trickbook", "trickbook.cli", "trickbook.sub.helper"]}
    assert found["trickbook"]["wheel"] == ["trickbook.sub", "trickbook.sub.helper"]
    assert found["trickbook.sub.helper"] == {"stdlib": [], "wheel": ["trickbook", "trickbook.cli"]}
    assert found["course_game"] == {"stdlib": ["statistics"], "wheel": ["trickbook", "trickbook.mod"]}
    assert stdlib.wheel_module_name("trickbook/games/__init__.py") == "trickbook.games"


def browser_stdlib_names(zip_path: Path) -> dict[str, list[str]]:
    """For each module of the browser's engine (found with ``zip_path``), the runtime's library files
    that hold the modules its import statements name (those inside functions too)."""
    full = entries(RUNTIME / "python_stdlib.zip")
    wheel = stdlib.wheel_imports(assets.ENGINE_DIR)
    return {module: sorted(stdlib.module_files(wheel[module]["stdlib"], full))
            for module in stdlib.engine_modules(zip_path)}


def test_every_module_the_browsers_engine_imports_is_in_the_trimmed_zip(trimmed: tuple[Path, Path]) -> None:
    kept = entries(trimmed[0])
    needed = browser_stdlib_names(trimmed[0])
    # The browser's engine: what the worker's requests import, and what those modules' statements name.
    assert {"trickbook.web", "trickbook.questions.facade", "trickbook.table.facade", "trickbook.bots.warm",
            "trickbook.bots.search", "trickbook.variants", "trickbook.record.parse"} <= set(needed)
    assert {"json/__init__.pyc", "random.pyc", "dataclasses.pyc", "typing.pyc", "tomllib/__init__.pyc"} <= kept
    missing = {module: sorted(compiled(set(files)) - kept) for module, files in needed.items()}
    assert not {module: files for module, files in missing.items() if files}
    # The command line is not the browser's: its modules, and what only they import, stay out.
    assert not {"trickbook.tools", "trickbook.__main__"} & set(needed)
    assert not {"argparse.pyc", "gettext.pyc"} & kept


def test_the_trimmed_zip_is_part_of_the_runtimes_own_compiled_to_its_bytecode(trimmed: tuple[Path, Path]) -> None:
    full, kept = RUNTIME / "python_stdlib.zip", trimmed[0]
    assert entries(kept) <= compiled(entries(full)) and all(name.endswith(".pyc") for name in entries(kept))
    with zipfile.ZipFile(full) as a, zipfile.ZipFile(kept) as b:
        magic = {b.read(name)[:4] for name in entries(kept)}
        assert len(magic) == 1  # one interpreter's bytecode
        for name in entries(kept):
            # A .pyc's header holds its source's size (bytes 12-16): each is compiled from the runtime's file.
            assert struct.unpack("<I", b.read(name)[12:16])[0] == len(a.read(name[:-1])), name
    # What nothing of the engine needs stays out: the test runners, the web server, the debugger.
    assert not {"unittest/__init__.pyc", "doctest.pyc", "http/server.pyc", "pdb.pyc"} & entries(kept)
    assert len(entries(kept)) < len(entries(full)) / 2


@pytest.mark.pyodide
def test_the_engine_routes_answer_under_pyodide_with_the_trimmed_zip_as_under_cpython(
        trimmed: tuple[Path, Path]) -> None:
    zip_path, lockfile = trimmed
    report = stdlib.run_routes(RUNTIME, lockfile, assets.ENGINE_DIR, zip_path)
    under_pyodide = json.loads(str(report["results"]))
    under_cpython = json.loads(exercise())
    assert under_pyodide == under_cpython
    # The routes did their work: hands read, branched and refused, tables opened and played, bots searched.
    for game in ("euchre", "nap", "trinidad", "yorkshire"):
        assert under_pyodide[f"{game} load"]["ok"] and under_pyodide[f"{game} whatif"]["ok"]
        assert under_pyodide[f"{game} not held"]["reason"]["code"] == "card-not-in-hand"
        assert under_pyodide[f"{game} variants"]["ok"] and under_pyodide[f"{game} table"]["ok"]
        assert under_pyodide[f"{game} cost strong"]["ok"] and under_pyodide[f"{game} table next"]["ok"]
        assert under_pyodide[f"{game} table resume"]["ok"] and under_pyodide[f"{game} table gentle"]["ok"]
        assert any(key.startswith(f"{game} practice cost") and answer["ok"] for key, answer in under_pyodide.items())
        assert under_pyodide[f"{game} warm"]["cards"] >= 1
    assert under_pyodide["bad record"]["ok"] is False
    # With the trimmed zip, the same modules of the engine are the browser's, each imported (an import
    # error there fails the run), and every module their statements name imports: one the zip lacks would not.
    assert report["engine"] == stdlib.engine_modules(zip_path)
    loaded = set(report["imports"])  # type: ignore[arg-type]
    for module, files in browser_stdlib_names(zip_path).items():
        names = {f.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for f in files}
        assert names <= loaded, (module, sorted(names - loaded))


def test_the_site_ships_the_trimmed_zip_beside_the_wheel_and_keeps_the_runtimes_own(built_site: Path) -> None:
    runtime = json.loads((built_site / "assets" / "runtime.json").read_text(encoding="utf-8"))
    folder = built_site / "assets" / runtime["pyodide"]
    about = json.loads((built_site / "assets" / "snapshot.json").read_text(encoding="utf-8"))
    assert runtime["stdlib"] == stdlib.TRIMMED_NAME
    assert (folder / about["wheel"]).is_file() and (folder / runtime["stdlib"]).is_file()
    assert (folder / "python_stdlib.zip").read_bytes() == (RUNTIME / "python_stdlib.zip").read_bytes()
    # The slow-link download counts the trimmed zip, not the runtime's.
    files = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", runtime["stdlib"], "pyodide-lock.json",
             about["wheel"]]
    assert runtime["slow_link_bytes"] == sum((folder / name).stat().st_size for name in files)


def test_the_snapshot_key_changes_with_the_standard_library_it_boots_with(tmp_path: Path) -> None:
    one, two = tmp_path / "one.zip", tmp_path / "two.zip"
    one.write_bytes(b"one")
    two.write_bytes(b"two")
    assert assets.snapshot_hash(RUNTIME, "engine-a", one) != assets.snapshot_hash(RUNTIME, "engine-a", two)
    assert assets.snapshot_hash(RUNTIME, "engine-a", one) != assets.snapshot_hash(RUNTIME, "engine-a")


def test_without_node_the_worker_keeps_the_runtimes_own_library(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stdlib.shutil, "which", lambda name: None)
    lockfile = tmp_path / "pyodide-lock.json"
    assert stdlib.engine_stdlib(RUNTIME, lockfile, "engine-a", assets.ENGINE_DIR, tmp_path) is None
    assert not (tmp_path / "stdlib").exists()
