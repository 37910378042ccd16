"""The table server and a built site on one origin, as a process of its own, for the online-table browser tests.

    python tests/browser/online_server.py --site SITE --port PORT --db FILE [--grace-ms MS] [--secrets TEXT]

It serves what ``trickbook serve`` serves for the online table: the site's files, each page with
``<meta name="trickbook-online" content="/online/">`` put in its head, and the table server's own
app (``trickbook_site.online``: routes, hub, SQLite store) under ``/online/``, on 127.0.0.1. The
grace before a bot plays for a person who left is shortened (``--grace-ms``) so that a test waits
on it in seconds. A restart with the same ``--db`` finds its tables again, as the server does.
"""

from __future__ import annotations

import argparse
import mimetypes
import socket
from pathlib import Path

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route

from trickbook_site.online import hub as online_hub
from trickbook_site.online.app import online_routes, ticking
from trickbook_site.online.hub import Hub
from trickbook_site.online.store import Store

META = b'<meta name="trickbook-online" content="/online/">'


def site_route(site: Path) -> Route:
    root = site.resolve()

    async def page(request: Request) -> Response:
        path = request.path_params["path"]
        target = (root / path).resolve()
        if root not in target.parents and target != root:
            return PlainTextResponse("not found", 404)
        if target.is_dir():
            if path and not path.endswith("/"):
                return RedirectResponse(f"/{path}/", 301)
            target = target / "index.html"
        if not target.is_file():
            return PlainTextResponse("not found", 404)
        if target.suffix == ".html":
            html = target.read_bytes().replace(b"<head>", b"<head>" + META, 1)
            return Response(html, media_type="text/html; charset=utf-8")
        kind = "text/javascript" if target.suffix in (".js", ".mjs") else mimetypes.guess_type(target.name)[0]
        return FileResponse(target, media_type=kind or "application/octet-stream")

    return Route("/{path:path}", page)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", type=Path, required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--grace-ms", type=int, default=online_hub.GRACE_MS)
    parser.add_argument("--secrets", default=None, metavar="TEXT",
                        help="draw the dealer's secrets from SHA-256(TEXT, n), so that a test's deals are fixed")
    args = parser.parse_args()
    online_hub.GRACE_MS = args.grace_ms  # the hub reads it at each tick
    if args.secrets is not None:
        import hashlib
        import itertools

        from trickbook import fairseed

        drawn = itertools.count()
        fairseed.new_value = lambda: hashlib.sha256(f"{args.secrets}{next(drawn)}".encode()).hexdigest()
    hub = Hub(Store(args.db))

    def lifespan(app: Starlette) -> object:
        return ticking(hub)

    app = Starlette(routes=[Mount("/online", routes=online_routes(hub)), site_route(args.site)], lifespan=lifespan)
    _SaysWhenListening(uvicorn.Config(app, host="127.0.0.1", port=args.port, log_level="warning")).run()


class _SaysWhenListening(uvicorn.Server):
    """uvicorn's server, which prints ``listening`` once its socket listens: the line the tests wait for."""

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.started:
            print("listening", flush=True)


if __name__ == "__main__":
    main()
