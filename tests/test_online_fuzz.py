"""The table server's messages, fuzzed: any frame from any client gets an answer, never a crash.

Random text, random JSON and random frames of every type with fields of any JSON kind, sent by a
seated person, the host and a spectator at a table in its lobby and at one being played. Every
answer is one of the protocol's frames, every error one of its codes, and a frame answered with an
error leaves the table as it was. Sized by ``TRICKBOOK_FUZZ_EXAMPLES`` (``scripts/fuzz`` runs more).
"""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trickbook_site.online.hub import TYPES, FakeClock, Hub
from trickbook_site.online.room import Conn
from trickbook_site.online.store import Store
from trickbook_site.online.testing import value

EXAMPLES = int(os.environ.get("TRICKBOOK_FUZZ_EXAMPLES", "30"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CODES = {"bad-frame", "too-large", "unknown-type", "rate-limited", "no-table", "seat-taken", "table-full",
         "table-started", "not-host", "not-seated", "bad-commit", "bad-reveal", "stale-turn", "bad-origin"}
FRAMES = {"lobby", "seated", "update", "snapshot", "refused", "explained", "revealed", "error", "pong"}

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30)
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
FIELDS = ["code", "token", "lang", "seat", "name", "hash", "value", "action", "turn", "target"]
frames = st.one_of(
    st.text(max_size=200),
    st.binary(max_size=50),
    json_values.map(json.dumps),
    st.builds(lambda kind, fields: json.dumps({"type": kind, **fields}),
              st.sampled_from(TYPES + ("dance",)),
              st.dictionaries(st.sampled_from(FIELDS), json_values | st.sampled_from(
                  ["S", "N", "A", "S pass", "S order", "card:JD", "trump", 0, 1, "0" * 64]), max_size=4)),
)


def _table(started: bool) -> tuple[Hub, dict[str, Conn], dict[int, list[dict[str, Any]]], str]:
    clock = FakeClock()
    hub = Hub(Store(":memory:"), clock)
    code, host = hub.open_table({"game": "euchre", "level": "gentle", "timers": True})
    inbox: dict[int, list[dict[str, Any]]] = {}
    conns = {}
    for who, token in (("host", host), ("other", None), ("spectator", None)):
        box: list[dict[str, Any]] = []
        conn = Conn(send=box.append, address=who)
        inbox[id(conn)] = box
        hub.receive(conn, json.dumps({"type": "hello", "code": code, "token": token, "lang": "en"}))
        conns[who] = conn
    for i, who in enumerate(("host", "other")):
        hub.receive(conns[who], json.dumps({"type": "sit", "seat": "SN"[i], "name": who}))
        hub.receive(conns[who], json.dumps({"type": "commit", "hash": value(i + 1)[1]}))
    if started:
        hub.receive(conns["host"], json.dumps({"type": "start"}))
        for i, who in enumerate(("host", "other")):
            hub.receive(conns[who], json.dumps({"type": "reveal", "value": value(i + 1)[0]}))
        assert hub.rooms[code].table is not None
    for box in inbox.values():
        box.clear()
    return hub, conns, inbox, code


def _state(hub: Hub, code: str) -> str:
    room = hub.rooms[code]
    journal = room.table.journal if room.table else []
    return json.dumps([room.data(), room.phase, journal], sort_keys=True)


@FUZZ
@given(started=st.booleans(), sent=st.lists(st.tuples(st.sampled_from(["host", "other", "spectator"]), frames),
                                            min_size=1, max_size=8))
def test_any_frame_gets_a_protocol_answer_and_an_error_leaves_the_table_as_it_was(
        started: bool, sent: list[tuple[str, Any]]) -> None:
    hub, conns, inbox, code = _table(started)
    for who, text in sent:
        conn = conns[who]
        box = inbox[id(conn)]
        before = _state(hub, code)
        hub.clock.advance(60)
        hub.receive(conn, text)
        assert box, text  # every frame is answered to its sender
        for frame in box:
            assert frame["type"] in FRAMES, frame
            if frame["type"] == "error":
                assert frame["error"]["code"] in CODES and frame["error"]["text"], frame
            json.dumps(frame)
        if all(f["type"] in ("error", "refused", "explained", "pong") for f in box):
            assert _state(hub, code) == before
        for other in inbox.values():
            other.clear()
