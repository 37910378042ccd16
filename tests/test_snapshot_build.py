"""The build's Pyodide memory snapshot: named by assets/snapshot.json, made from this engine and runtime,
cached by what it is made from, and left out (the worker then boots normally) when Node is missing."""

from __future__ import annotations

import gzip
import json
import struct
from pathlib import Path

import pytest

from trickbook_site import assets, children

REPO = Path(__file__).resolve().parents[1]
RUNTIME = REPO / "node_modules" / "pyodide"
# The first word of a Pyodide 314 memory snapshot (pyodide.asm.mjs checks it before restoring).
SNAPSHOT_MAGIC = 1886286592


def test_snapshot_json_names_a_pyodide_snapshot_of_this_engine_and_runtime(built_site: Path) -> None:
    about = json.loads((built_site / "assets" / "snapshot.json").read_text(encoding="utf-8"))
    runtime = json.loads((built_site / "assets" / "runtime.json").read_text(encoding="utf-8"))
    version = json.loads((RUNTIME / "package.json").read_text(encoding="utf-8"))["version"]
    assert about["pyodide"] == version
    assert about["file"].startswith(runtime["pyodide"])
    assert about["engine"] == assets.engine_hash(RUNTIME)
    with gzip.open(built_site / "assets" / about["file"]) as snapshot:
        assert struct.unpack("<I", snapshot.read(4))[0] == SNAPSHOT_MAGIC
    assert (built_site / "assets" / runtime["pyodide"] / about["wheel"]).is_file()


def test_the_snapshot_key_changes_with_the_engine_and_with_the_runtime(tmp_path: Path) -> None:
    key = assets.snapshot_hash(RUNTIME, "engine-a")
    assert assets.snapshot_hash(RUNTIME, "engine-a") == key
    assert assets.snapshot_hash(RUNTIME, "engine-b") != key
    other = tmp_path / "runtime"
    other.mkdir()
    for name in ("package.json", "pyodide-lock.json", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        (other / name).write_bytes((RUNTIME / name).read_bytes())
    (other / "python_stdlib.zip").write_bytes(b"another build")
    assert assets.snapshot_hash(other, "engine-a") != key


def test_without_node_no_snapshot_is_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(assets.shutil, "which", lambda name: None)
    assert assets.engine_snapshot(RUNTIME, tmp_path / "engine.whl", "engine-a", tmp_path) is None
    assert not (tmp_path / "snapshot").exists()


def test_a_cached_snapshot_is_reused_without_running_node(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    key = assets.snapshot_hash(RUNTIME, "engine-a")
    cached = tmp_path / "snapshot" / key / "engine.snapshot.gz"
    cached.parent.mkdir(parents=True)
    cached.write_bytes(b"cached")
    monkeypatch.setattr(children, "run", lambda *a, **k: pytest.fail("node ran for a cached snapshot"))
    assert assets.engine_snapshot(RUNTIME, tmp_path / "engine.whl", "engine-a", tmp_path) == (cached, key)
