"""The build's Pyodide programs in Node (the memory snapshot, the engine's standard library, its
bytecode) fail with one line that says what was being made and how it went wrong, never a traceback."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from trickbook_site.errors import SiteError
from trickbook_site.stdlib import run_node


def test_a_program_that_fails_is_reported_with_its_last_lines_and_exit_code(tmp_path: Path) -> None:
    program = "import sys; print('loading'); print('Error: the wheel is not there', file=sys.stderr); sys.exit(3)"
    with pytest.raises(SiteError) as failed:
        run_node([sys.executable, "-c", program], 30, "making the engine's memory snapshot", tmp_path / "out")
    message = str(failed.value)
    assert message.startswith("making the engine's memory snapshot failed (exit 3): ")
    assert "Error: the wheel is not there" in message and "Traceback" not in message


def test_a_program_that_makes_nothing_has_failed_even_with_exit_code_zero(tmp_path: Path) -> None:
    with pytest.raises(SiteError, match=r"^compiling x\.zip to bytecode failed \(exit 0\): done$"):
        run_node([sys.executable, "-c", "print('done')"], 30, "compiling x.zip to bytecode", tmp_path / "out")


def test_a_program_over_its_time_is_stopped_and_said_so(tmp_path: Path) -> None:
    with pytest.raises(SiteError, match=r"^finding the engine's standard library took over 1 s$"):
        run_node([sys.executable, "-c", "import time; time.sleep(30)"], 1, "finding the engine's standard library",
                 tmp_path / "out")


def test_a_program_that_makes_its_file_passes(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run_node([sys.executable, "-c", f"open({str(out)!r}, 'w').write('x')"], 30, "making it", out)
    assert out.read_text() == "x"
