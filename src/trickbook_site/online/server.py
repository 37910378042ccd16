"""Running the table server: uvicorn on a socket of our own, the store's default place, the address to share.

``trickbook tables`` runs ``tables_app`` alone; ``trickbook serve`` mounts the
same routes beside the site (``serve.py``). Both bind 127.0.0.1 unless told;
``--bind 0.0.0.0`` prints the address others on the network can reach and a QR
code of it in the terminal.
"""

from __future__ import annotations

import socket
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:
    from .hub import Hub

Log = Callable[[str], None]


def default_db(folder: Path | None = None) -> Path:
    """The tables' SQLite file: ``build/online/tables.sqlite`` under the project's folder."""
    return (folder or Path.cwd()) / "build" / "online" / "tables.sqlite"


def listening_socket(bind: str, port: int) -> socket.socket:
    """A socket bound and listening (port 0: a free one), so the real port is known before serving."""
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((bind, port))
    sock.listen(512)
    sock.set_inheritable(True)
    return sock


def reachable_address() -> str:
    """This machine's address on its network (the one a route out would use; nothing is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def announce(bind: str, port: int, path: str, log: Log) -> None:
    """For ``--bind 0.0.0.0``: the address to share, and its QR code in the terminal."""
    if bind not in ("0.0.0.0", "::"):
        return
    import io

    import segno

    url = f"http://{reachable_address()}:{port}{path}"
    log(f"others on this network can reach it at {url}")
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    log(out.getvalue().rstrip("\n"))


def uvicorn_server(app: Any) -> Any:
    import uvicorn

    config = uvicorn.Config(app, ws="websockets-sansio", log_level="warning", lifespan="on", ws_max_size=65536,
                            timeout_graceful_shutdown=2)
    return uvicorn.Server(config)


def run_in_thread(app: Any, sock: socket.socket) -> tuple[Any, threading.Thread]:
    """Serve ``app`` on ``sock`` from a thread; ``server.should_exit = True`` stops it."""
    server = uvicorn_server(app)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    return server, thread


def make_hub(store: str | None = None, db: Path | None = None) -> "tuple[Hub, str]":
    """The hub of this process and where its tables are kept: the embedded SQLite file (``db``), or with
    ``store`` a ``redis://HOST:PORT/N`` that several processes share (``cluster.py``; only then is redis
    imported)."""
    if store is not None:
        if not store.startswith(("redis://", "rediss://", "unix://")):
            raise ValueError(f"--store takes a redis:// address, not {store!r}")
        from .cluster import cluster_hub

        hub = cluster_hub(store)
        return hub, f"{store} (process {hub.me})"
    from .hub import Hub
    from .store import Store

    path = db or default_db()
    return Hub(Store(path)), str(path)


def tables_main(bind: str = "127.0.0.1", port: int = 8765, db: Path | None = None,
                allow_origins: Sequence[str] = (), log: Log = print, store: str | None = None) -> int:
    """``trickbook tables``: the table server alone, until Ctrl+C."""
    from .app import tables_app

    sock = listening_socket(bind, port)  # a port in use is refused before any table is read
    hub, where = make_hub(store, db)
    site = allow_origins[0] if allow_origins else None
    app = tables_app(hub, allowed_origins=allow_origins, site_url=site)
    host, real_port = sock.getsockname()[:2]
    if store is None:
        log(f"tables: {len(hub.rooms)} open table(s) restored from {where}")
    else:
        log(f"tables: kept in {where}; a table is taken over when a page or the sweep asks for it")
    log(f"serving the tables at http://{host}:{real_port}/online/ (Ctrl+C to stop)")
    announce(bind, real_port, "/online/", log)
    server = uvicorn_server(app)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        hub.store.close()
    return 0
