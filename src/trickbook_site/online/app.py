"""The table server as a Starlette app: ``POST tables``, the record, the QR code and the WebSocket.

``online_routes(hub, …)`` gives the routes under a base (``/online/``), so that
``trickbook serve`` mounts them beside the site and ``trickbook tables`` serves
them alone (``tables_app``). The protocol is ``PROTOCOL.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from typing import Any, AsyncIterator, Sequence

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .hub import MAX_FRAME_BYTES, Hub
from .review import costly_plays
from .room import Conn, Refusal, normal_code

TICK_SECONDS = 0.25
SEND_QUEUE = 256  # frames waiting for a slow client before it is dropped
# Not a frame: sent to a connection's queue, it closes the link (1012, "service restart") so that the page
# reconnects and says hello again (cluster.py, when a table's owner process is gone or Redis is out of reach).
CLOSE: dict[str, Any] = {"type": "close"}


def _refusal(r: Refusal, status: int = 400) -> JSONResponse:
    return JSONResponse({"ok": False, "error": {"code": r.code, "values": r.values, "text": r.text}}, status)


def _origin_ok(origin: str | None, host: str | None, allowed: Sequence[str]) -> bool:
    """A browser's Origin is the serving origin or one given with ``--allow-origin``; a client without one
    (not a browser page) is let in, as no page's cookies or tokens ride on it."""
    if origin is None:
        return True
    origin = origin.rstrip("/")
    if origin in (a.rstrip("/") for a in allowed):
        return True
    return host is not None and origin in (f"http://{host}", f"https://{host}")


def online_routes(hub: Hub, allowed_origins: Sequence[str] = (), site_url: str | None = None) -> list[BaseRoute]:
    """The table server's routes, relative to its base (mount them under ``/online``)."""

    async def terms_of(request: Request, what: str) -> Any:
        """The JSON body of ``POST tables`` or ``POST classes`` (``what``: "table" or "class"); a Refusal."""
        body = await request.body()
        if len(body) > MAX_FRAME_BYTES:
            raise Refusal("too-large", f"a {what}'s terms are at most {MAX_FRAME_BYTES} bytes")
        try:
            return json.loads(body or b"{}")
        except ValueError:
            raise Refusal("bad-frame", f"a {what}'s terms are a JSON object") from None

    async def open_table(request: Request) -> Response:
        try:
            code, host = hub.open_table(await terms_of(request, "table"))
        except Refusal as r:
            return _refusal(r, 413 if r.code == "too-large" else 400)
        return JSONResponse({"ok": True, "code": code, "host": host})

    async def open_class(request: Request) -> Response:
        try:
            klass, teacher, projector = hub.open_class(await terms_of(request, "class"))
        except Refusal as r:
            return _refusal(r, 413 if r.code == "too-large" else 400)
        return JSONResponse({"ok": True, "code": klass.code, "teacher": teacher, "projector": projector,
                             "tables": [r.code for r in klass.rooms]})

    async def class_results(request: Request) -> Response:
        """The class's results, for its teacher: every table's match record and each hand as a hand record."""
        code = normal_code(request.path_params["code"])
        try:
            token = json.loads(await request.body() or b"{}").get("token")
        except (ValueError, AttributeError):
            token = None
        found = hub.class_results(code, token) if code else None
        if found is None:
            return _refusal(Refusal("no-table", "no class with that code and teacher's token"), 404)
        return JSONResponse(found, headers={"Content-Disposition": f'attachment; filename="class-{code}.json"'})

    async def record(request: Request) -> Response:
        code = normal_code(request.path_params["code"])
        found = hub.record(code) if code else None
        if found is None:
            return _refusal(Refusal("no-table", "no match record with that code (the match may not be over)"), 404)
        return JSONResponse(found, headers={"Content-Disposition": f'attachment; filename="table-{code}.json"'})

    async def qr(request: Request) -> Response:
        import segno

        code = normal_code(request.path_params["code"])
        room = hub.room_for(code) if code else None
        klass = hub.classes.get(code) if code else None
        if klass is not None:  # a class's code: the page where a student chooses a table
            room, kind = klass.rooms[0], "class"
        else:
            kind = "join"
        if room is None:
            return _refusal(Refusal("no-table", "there is no open table with that code"), 404)
        lang = request.query_params.get("lang", "en")
        lang = lang if lang in ("en", "pt", "fr") else "en"
        base = (site_url or str(request.base_url)).rstrip("/")
        page = f"/{lang}"  # every language's pages are under its code, English's under en/
        link = f"{base}{page}/play-{room.terms['game']}/#{kind}={code}"
        out = io.BytesIO()
        segno.make(link, error="m").save(out, kind="svg", scale=4, border=2, title=link)
        return Response(out.getvalue(), media_type="image/svg+xml")

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        if not _origin_ok(websocket.headers.get("origin"), websocket.headers.get("host"), allowed_origins):
            await websocket.send_json(Refusal("bad-origin", "this page's origin may not use these tables").frame())
            await websocket.close(code=1008)
            return
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(SEND_QUEUE)
        client = websocket.client
        conn = Conn(send=lambda frame: _put(queue, frame), address=client.host if client else "?")

        async def writer() -> None:
            while True:
                frame = await queue.get()
                if frame is None:
                    return
                if frame is CLOSE:
                    await websocket.close(code=1012, reason="reconnect")
                    return
                await websocket.send_text(json.dumps(frame, ensure_ascii=False))

        task = asyncio.create_task(writer())
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                hub.receive(conn, message.get("text") if message.get("text") is not None else message.get("bytes"))
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(conn)
            _put(queue, None)
            with contextlib.suppress(Exception):
                await task

    return [Route("/tables", open_table, methods=["POST"]),
            Route("/classes", open_class, methods=["POST"]),
            Route("/classes/{code}/results", class_results, methods=["POST"]),
            Route("/tables/{code}/record", record, methods=["GET"]),
            Route("/qr/{code}.svg", qr, methods=["GET"]),
            WebSocketRoute("/ws", socket)]


def _put(queue: "asyncio.Queue[dict[str, Any] | None]", frame: dict[str, Any] | None) -> None:
    try:
        queue.put_nowait(frame)
    except asyncio.QueueFull:
        if frame is CLOSE or frame is None:  # the link must end even when its client reads nothing
            queue.get_nowait()
            queue.put_nowait(frame)
        # otherwise a client that reads nothing loses frames; its next hello gets a full snapshot


@contextlib.asynccontextmanager
async def ticking(hub: Hub, seconds: float | None = TICK_SECONDS) -> AsyncIterator[None]:
    """Run the hub's clock every ``seconds`` while the app runs (None: a test ticks by hand)."""
    reviewing: set[asyncio.Task[None]] = set()

    async def review(klass: Any, entry: dict[str, Any], match: Any, index: int) -> None:
        marks = await asyncio.to_thread(costly_plays, match, index)
        hub.review_done(klass, entry, marks)

    async def loop() -> None:
        while True:
            await asyncio.sleep(seconds or TICK_SECONDS)
            hub.tick()
            while hub.reviews:  # a class's finished hand, looked at off the event loop while the clock runs on
                task = asyncio.create_task(review(*hub.reviews.pop(0)))
                reviewing.add(task)
                task.add_done_callback(reviewing.discard)

    task = asyncio.create_task(loop()) if seconds else None
    try:
        # A hub of several processes (cluster.py) reads its Redis channel while the app runs.
        joined = getattr(hub, "joined", None)
        async with (joined() if joined is not None else contextlib.nullcontext()):
            yield
    finally:
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


def tables_app(hub: Hub, allowed_origins: Sequence[str] = (), site_url: str | None = None,
               tick_seconds: float | None = TICK_SECONDS, base: str = "/online") -> Starlette:
    """The table server alone (``trickbook tables``), its routes under ``base``."""
    from starlette.routing import Mount

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with ticking(hub, tick_seconds):
            yield

    from starlette.middleware import Middleware
    from starlette.middleware.cors import CORSMiddleware

    routes = online_routes(hub, allowed_origins, site_url)
    # A site on another origin (``--allow-origin``) opens tables and reads records across origins.
    middleware = [Middleware(CORSMiddleware, allow_origins=list(allowed_origins), allow_methods=["GET", "POST"],
                             allow_headers=["content-type"])] if allowed_origins else []
    return Starlette(routes=[Mount(base, routes=routes)], lifespan=lifespan, middleware=middleware)
