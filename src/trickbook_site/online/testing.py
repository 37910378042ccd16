"""An in-process table server with a fake clock, and its clients: for the tests (needs httpx, a test dependency)."""

from __future__ import annotations

import hashlib
import json
import warnings
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2; httpx is what the tests install
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
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
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == kind:
            return frame
        assert frame["type"] != "error" or kind == "error", frame
    raise AssertionError(f"no {kind} frame")


def send(ws: Any, **frame: Any) -> None:
    ws.send_text(json.dumps(frame))


class Person:
    """One person's connection at an in-process table."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.seat: str | None = None
        self.token: str | None = None
        self.last: dict[str, Any] | None = None  # the last update or snapshot

    def send(self, **frame: Any) -> None:
        send(self.ws, **frame)

    def until(self, kind: str) -> dict[str, Any]:
        frame = until(self.ws, kind)
        if kind in ("update", "snapshot"):
            self.last = frame
        return frame

    def lobby_where(self, test: Any, limit: int = 50) -> dict[str, Any]:
        for _ in range(limit):
            frame = self.until("lobby")
            if test(frame):
                return frame
        raise AssertionError("no such lobby frame")


def seat_and_start(s: Server, stack: Any, seats: list[str], **terms: Any) -> tuple[str, dict[str, Person]]:
    """Open a table, seat a person in each of ``seats`` (the first is the host), commit, start, reveal;
    every person has read the first update."""
    code, host = s.open(**terms)
    people: dict[str, Person] = {}
    for i, seat in enumerate(seats):
        p = Person(stack.enter_context(s.ws()))
        p.send(type="hello", code=code, token=host if i == 0 else None, lang="en")
        p.until("lobby")
        p.send(type="sit", seat=seat, name=f"P{i}")
        seated = p.until("seated")
        p.seat, p.token = seated["seat"], seated["token"]
        people[seat] = p
    for i, p in enumerate(people.values()):
        p.send(type="commit", hash=value(i + 1)[1])
    people[seats[0]].lobby_where(lambda f: all(x["committed"] for x in f["seats"] if x["kind"] == "person")
                                 and sum(x["kind"] == "person" for x in f["seats"]) == len(seats))
    people[seats[0]].send(type="start")
    for i, p in enumerate(people.values()):
        p.lobby_where(lambda f: f["phase"] == "revealing")
        p.send(type="reveal", value=value(i + 1)[0])
    for p in people.values():
        p.until("update")
    return code, people
