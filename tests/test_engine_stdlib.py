"""The engine's trimmed standard library (src/trickbook_site/stdlib.py): every module the engine
imports is in it, the engine's routes answer under Pyodide with it as with CPython, and the site
ships it beside the wheel with the runtime's own zip kept."""

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


def test_the_scan_finds_imports_inside_functions_and_from_imports_of_submodules(tmp_path: Path) -> None:
    (tmp_path / "mod.py").write_text(
        "import json\nfrom email import message\nfrom . import sibling\nimport trickbook.web\n"
        "def later():\n    import difflib\n    from xml.dom import minidom\n", encoding="utf-8")
    names = stdlib.engine_imports(tmp_path)
    assert names == ["difflib", "email", "email.message", "json", "xml.dom", "xml.dom.minidom"]


def test_every_module_imported_anywhere_in_the_engine_is_in_the_trimmed_zip(trimmed: tuple[Path, Path]) -> None:
    full = entries(RUNTIME / "python_stdlib.zip")
    kept = entries(trimmed[0])
    imported = stdlib.engine_imports(assets.ENGINE_DIR)
    # The names the runtime's zip holds (the rest are built into the interpreter: math, sys, itertools...).
    in_zip = [name for name in imported if stdlib.module_files([name], full)]
    assert {"json", "random", "dataclasses", "typing", "argparse", "tomllib"} <= set(in_zip)
    missing = {name: sorted(compiled(stdlib.module_files([name], full)) - kept) for name in in_zip}
    assert not {name: files for name, files in missing.items() if files}


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
    # The routes did their work: hands read and branched, tables opened, bots searched, in every game.
    for game in ("euchre", "nap", "trinidad", "yorkshire"):
        assert under_pyodide[f"{game} load"]["ok"] and under_pyodide[f"{game} whatif"]["ok"]
        assert under_pyodide[f"{game} variants"]["ok"] and under_pyodide[f"{game} table"]["ok"]
        assert under_pyodide[f"{game} warm"]["cards"] >= 1
    assert under_pyodide["bad record"]["ok"] is False


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
