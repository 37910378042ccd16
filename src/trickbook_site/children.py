"""The programs the build runs beside its own work (the engine's wheel, Pyodide in Node), which a build
that fails elsewhere stops rather than waits for.

The build makes the engine's files in a thread while the hands replay (``build._engine_ahead``). When a
hand's record is wrong, the build must say so at once, not after the Node steps have run for tens of
seconds: ``stop(thread)`` kills the program that thread is running, and every program it would start
next is refused (``Stopped``), so that the thread ends at once and leaves no program behind.
"""

from __future__ import annotations

import subprocess
import threading
from pathlib import Path

from .errors import SiteError

_LOCK = threading.Lock()
_RUNNING: dict[int, subprocess.Popen[str]] = {}
_STOPPED: set[int] = set()


class Stopped(SiteError):
    """A program not started, or killed, because the build it served has failed."""


def run(cmd: list[str], *, timeout: float | None = None, cwd: Path | None = None,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``subprocess.run(cmd, capture_output=True, text=True)`` that ``stop`` can end: the program's exit
    code and output; ``subprocess.TimeoutExpired`` after ``timeout`` seconds (the program killed);
    ``Stopped`` if the calling thread was stopped before or while it ran."""
    me = threading.get_ident()
    with _LOCK:
        if me in _STOPPED:
            raise Stopped(f"not started, the build has failed: {cmd[0]}")
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        _RUNNING[me] = proc
    try:
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            raise
    finally:
        with _LOCK:
            _RUNNING.pop(me, None)
            stopped = me in _STOPPED
    if stopped:
        raise Stopped(f"stopped, the build has failed: {cmd[0]}")
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def stop(thread: threading.Thread) -> None:
    """Kill the program ``thread`` runs through ``run``, if any, and refuse it any other until
    ``forget(thread)``."""
    if thread.ident is None:
        return
    with _LOCK:
        _STOPPED.add(thread.ident)
        proc = _RUNNING.get(thread.ident)
    if proc is not None:
        proc.kill()


def forget(thread: threading.Thread) -> None:
    """Once a stopped thread has ended: its number may be another thread's later."""
    with _LOCK:
        _STOPPED.discard(thread.ident or 0)
