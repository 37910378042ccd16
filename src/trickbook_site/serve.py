"""`trickbook serve`: build, serve `site/` on 127.0.0.1, and rebuild when a source changes.

Sources are watched by polling (no extra dependency). A build that fails, for
whatever reason (a bad record, page, catalog or `mkdocs.yml`, or a crash in a
tool), prints the error and keeps the last good site being served; the next
change tries again. When even the first build fails, the server still starts and
waits for the fix.
"""

from __future__ import annotations

import threading
import traceback
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable

from trickbook.errors import TrickbookError

from .build import build_site
from .project import Project, find_project

Snapshot = dict[str, tuple[int, int]]


def snapshot(paths: list[Path]) -> Snapshot:
    """Every watched file with its modification time and size."""
    seen: Snapshot = {}
    for path in paths:
        files = [path] if path.is_file() else (sorted(path.rglob("*")) if path.is_dir() else [])
        for f in files:
            try:
                st = f.stat()
            except FileNotFoundError:
                continue  # removed while we looked: the next poll sees it gone
            if f.is_file():
                seen[str(f)] = (st.st_mtime_ns, st.st_size)
    return seen


class _Handler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass  # one line per request would bury the build messages


def try_build(project: Project, site: Path, log: Callable[[str], None]) -> bool:
    """Build once; any failure is printed (with its traceback under --debug), never raised."""
    from .cli import debugging, unexpected

    try:
        build_site(project, site_dir=site, log=log)
        return True
    except TrickbookError as exc:
        message, error = f"build failed: {exc}", exc
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        message, error = f"build failed: {where}{exc.strerror or exc}", exc
    except Exception as exc:  # noqa: BLE001 - a crash in any tool must not stop the server
        message, error = unexpected("build", exc), exc
    log(message)
    if debugging():
        traceback.print_exception(error)
    log("still serving the last good site; waiting for a change" if (site / "index.html").is_file()
        else "no site to serve yet; waiting for a change")
    return False


def serve(port: int = 8000, bind: str = "127.0.0.1", log: Callable[[str], None] = print,
          poll_seconds: float = 1.0, stop: threading.Event | None = None) -> int:
    project = find_project()
    site = Path.cwd() / "site"
    seen = snapshot(project.watched)
    try_build(project, site, log)
    handler = partial(_Handler, directory=str(site))
    server = ThreadingHTTPServer((bind, port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, real_port = server.server_address[:2]
    log(f"serving {site} at http://{host}:{real_port}/ (Ctrl+C to stop)")
    stop = stop or threading.Event()
    try:
        while not stop.wait(poll_seconds):
            now = snapshot(project.watched)
            if now != seen:
                seen = now
                log("change seen: rebuilding")
                try_build(project, site, log)
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        server.server_close()
    return 0
