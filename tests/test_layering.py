"""The engine imports only the standard library (and itself), and never the site generator."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "src" / "trickbook"
ALLOWED = set(sys.stdlib_module_names) | {"trickbook", "__future__"}


def _imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


ENGINE_FILES = sorted(ENGINE.rglob("*.py"))


def test_the_scan_sees_the_engine() -> None:
    assert ENGINE / "cards.py" in ENGINE_FILES and len(ENGINE_FILES) > 5


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_engine_module_imports_only_the_standard_library(path: Path) -> None:
    bad = [f"{path.name}:{line}: {name}" for line, name in _imports(path) if name.split(".")[0] not in ALLOWED]
    assert not bad, "non-stdlib imports in the engine: " + ", ".join(bad)


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_engine_module_never_imports_the_site_generator(path: Path) -> None:
    assert not [n for _, n in _imports(path) if n.split(".")[0] == "trickbook_site"]
