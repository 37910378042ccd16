"""`trickbook serve`: build, serve `site/` on 127.0.0.1, and rebuild when a source changes.

Sources are watched by polling (no extra dependency). A rebuild that fails keeps
the last good site being served and prints the error; the next change tries again.
"""

from __future__ import annotations

import threading
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
    try:
        build_site(project, site_dir=site, log=log)
        return True
    except TrickbookError as exc:
        log(f"build failed: {exc}")
        return False


def serve(port: int = 8000, bind: str = "127.0.0.1", log: Callable[[str], None] = print,
          poll_seconds: float = 1.0, stop: threading.Event | None = None) -> int:
    project = find_project()
    site = Path.cwd() / "site"
    if not try_build(project, site, log) and not (site / "index.html").is_file():
        return 1
    handler = partial(_Handler, directory=str(site))
    server = ThreadingHTTPServer((bind, port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, real_port = server.server_address[:2]
    log(f"serving {site} at http://{host}:{real_port}/ (Ctrl+C to stop)")
    stop = stop or threading.Event()
    seen = snapshot(project.watched)
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
