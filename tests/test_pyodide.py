"""The engine's test suite, run again under real Pyodide in Node (tests/pyodide/run_engine_tests.mjs)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "pyodide" / "run_engine_tests.mjs"

pytestmark = pytest.mark.pyodide


def result_line(output: str) -> dict:
    lines = [line for line in output.splitlines() if line.startswith("PYODIDE-RESULT ")]
    assert lines, f"the Pyodide run printed no result:\n{output[-3000:]}"
    return json.loads(lines[-1][len("PYODIDE-RESULT "):])


def test_every_engine_test_passes_under_pyodide():
    assert shutil.which("node"), "the engine's Pyodide run needs Node.js (scripts/setup checks for it)"
    assert (ROOT / "node_modules" / "pyodide").is_dir(), "needs node_modules/pyodide: run scripts/setup (npm ci)"
    run = subprocess.run(["node", str(SCRIPT)], cwd=ROOT, capture_output=True, text=True, timeout=1200)
    result = result_line(run.stdout)
    assert result["passed"] > 0, "no engine test ran under Pyodide"
    assert result["failed"] == 0 and result["errors"] == 0, (
        f"under Pyodide: {result['failed']} failed, {result['errors']} errors: {result['failures']}\n"
        f"{run.stdout[-5000:]}"
    )
    assert run.returncode == 0, run.stderr[-3000:]
    for module in ("test_conformance.py", "test_shuffle.py", "test_clone.py", "test_observations.py",
                   "test_engine_equivalence.py", "test_record.py", "test_euchre_rules.py", "test_nap_rules.py"):
        assert module in result["modules"], f"{module} did not run under Pyodide"
    # The bots and the tables run under CPython only (see EXCLUDED_MODULES in the script).
    assert "test_bots.py" in result["excluded"] and "test_table_games.py" in result["excluded"]
