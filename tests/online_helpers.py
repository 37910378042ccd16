"""Helpers for the online table's tests: an in-process server with a fake clock, and its clients."""

from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from starlette.testclient import TestClient

from trickbook_site.online.app import tables_app
from trickbook_site.online.hub import FakeClock, Hub
from trickbook_site.online.store import Store

ORIGIN = "http://testserver"


class Server:
    def __init__(self, client: TestClient, hub: Hub, clock: FakeClock) -> None:
        self.client, self.hub, self.clock = client, hub, clock

    def open(self, **terms: Any) -> tuple[str, str]:
        answer = self.client.post("/online/tables", json={"timers": True, "level": "gentle", **terms}).json()
        assert answer["ok"], answer
        return answer["code"], answer["host"]

    def tick(self, ms: int = 0) -> None:
        self.clock.advance(ms)
        assert self.client.portal is not None
        self.client.portal.call(self.hub.tick)

    @contextmanager
    def ws(self) -> Iterator[Any]:
        with self.client.websocket_connect("/online/ws", headers={"origin": ORIGIN}) as ws:
            yield ws


@contextmanager
def server(db: Path | str = ":memory:") -> Iterator[Server]:
    clock = FakeClock()
    hub = Hub(Store(db), clock)
    app = tables_app(hub, tick_seconds=None)
    with TestClient(app) as client:
        yield Server(client, hub, clock)


def value(n: int) -> tuple[str, str]:
    """A person's 32-byte value (hex) and its commitment."""
    v = f"{n:02x}" * 32
    return v, hashlib.sha256(bytes.fromhex(v)).hexdigest()


def until(ws: Any, kind: str, limit: int = 50) -> dict[str, Any]:
    """Read frames until one of ``kind``; an error frame on the way fails."""
    for _ in range(limit):
        frame = ws.receive_json()
        if frame["type"] == kind:
            return frame
        assert frame["type"] != "error" or kind == "error", frame
    raise AssertionError(f"no {kind} frame")


def send(ws: Any, **frame: Any) -> None:
    ws.send_text(json.dumps(frame))
