"""The table server's protocol in process (Starlette's TestClient, a fake clock): every refusal leaves the
table as it was; deadlines, graces, bots for away persons, reconnects and the record."""

from __future__ import annotations

import hashlib
from contextlib import ExitStack
from pathlib import Path

import pytest

from trickbook import fairseed
from trickbook_site.online.testing import Person, seat_and_start, send, server, until, value


def _mover(people: dict[str, Person]) -> Person:
    """The person whose decision the table waits for, read from a view."""
    view = next(iter(people.values())).last
    assert view is not None
    seat = view["view"]["deadline_seat"] or view["view"]["current"]
    return people[seat]


def test_frames_that_are_not_json_unknown_or_too_large_get_error_frames_and_the_connection_goes_on() -> None:
    with server() as s, s.ws() as ws:
        ws.send_text("{not json")
        assert until(ws, "error")["error"]["code"] == "bad-frame"
        ws.send_text('["a list"]')
        assert until(ws, "error")["error"]["code"] == "bad-frame"
        send(ws, type="dance")
        assert until(ws, "error")["error"]["code"] == "unknown-type"
        send(ws, type="ping", pad="x" * 5000)
        assert until(ws, "error")["error"]["code"] == "too-large"
        ws.send_bytes(b"\x00\x01")
        assert until(ws, "error")["error"]["code"] == "bad-frame"
        send(ws, type="sit", seat="S", name="Ana")
        assert until(ws, "error")["error"]["code"] == "no-table"
        send(ws, type="ping")
        assert until(ws, "pong")["now_ms"] == s.clock.now_ms()


def test_more_than_twenty_frames_a_second_are_refused_until_the_second_has_passed() -> None:
    with server() as s, s.ws() as ws:
        for _ in range(20):
            send(ws, type="ping")
            until(ws, "pong")
        send(ws, type="ping")
        assert until(ws, "error")["error"]["code"] == "rate-limited"
        s.clock.advance(1000)
        send(ws, type="ping")
        until(ws, "pong")


def test_questions_have_their_own_budget_so_a_move_after_many_questions_is_taken() -> None:
    """Hover, focus and a press each ask an explanation: a player who asked thirty questions in one second
    still has the move taken, and each refused question's error names its kind (the page then never
    takes it for the answer to its move)."""
    with server() as s, ExitStack() as stack:
        code, people = seat_and_start(s, stack, ["S", "N"], game="euchre")
        mover = _mover(people)
        turn, legal = mover.last["turn"], mover.last["view"]["legal"][0]  # type: ignore[index]
        for _ in range(10):
            mover.send(type="explain", target=f"taken:{mover.seat}")
            assert mover.until("explained")["target"] == f"taken:{mover.seat}"
        for _ in range(20):
            mover.send(type="explain", target=f"taken:{mover.seat}")
            refused = mover.until("error")
            assert refused["for"] == "explain" and refused["error"]["code"] == "rate-limited"
        mover.send(type="act", action=legal, turn=turn)
        after = mover.until("update")
        assert after["turn"] == turn + 1 and after["steps"][0]["action"] == legal
        mover.send(type="act", action=legal, turn=turn)
        stale = mover.until("error")
        assert stale["for"] == "act" and stale["error"]["code"] == "stale-turn"
        s.clock.advance(1000)
        mover.send(type="explain", target=f"taken:{mover.seat}")
        assert mover.until("explained")["target"] == f"taken:{mover.seat}"


def test_failed_code_look_ups_are_rate_limited_per_address() -> None:
    with server() as s:
        code, _ = s.open(game="euchre")
        with s.ws() as ws:
            for n in range(10):
                send(ws, type="hello", code=f"{n}" * 10, token=None, lang="en")
                assert until(ws, "error")["error"]["code"] == "no-table"
                s.clock.advance(60)  # under the frame rate: only the look-ups' own limit applies
            send(ws, type="hello", code=code, token=None, lang="en")
            assert until(ws, "error")["error"]["code"] == "rate-limited"  # even the right code, for now
            s.clock.advance(60_000)
            send(ws, type="hello", code=code.upper()[:5] + "-" + code.upper()[5:], token=None, lang="en")
            assert until(ws, "lobby")["code"] == code


def test_a_page_from_another_origin_is_refused() -> None:
    with server() as s:
        with s.client.websocket_connect("/online/ws", headers={"origin": "http://elsewhere.example"}) as ws:
            assert until(ws, "error")["error"]["code"] == "bad-origin"


def test_opening_a_table_with_bad_terms_gets_a_clear_refusal() -> None:
    with server() as s:
        for terms in ({"game": "chess"}, {"game": "nap", "players": 9}, {"game": "euchre", "players": 3},
                      {"game": "euchre", "rules": {"target": 3}}, {"game": "euchre", "timers": "yes"},
                      {"game": "euchre", "colour": "red"}, ["euchre"]):
            answer = s.client.post("/online/tables", json=terms)
            assert answer.status_code == 400 and answer.json()["ok"] is False
            assert answer.json()["error"]["code"] == "bad-frame" and answer.json()["error"]["text"]
        assert s.client.post("/online/tables", content=b"x" * 5000).json()["error"]["code"] == "too-large"
        assert s.hub.rooms == {}


def test_the_lobby_refuses_a_taken_seat_a_full_table_a_started_one_and_a_start_by_another() -> None:
    with server() as s, ExitStack() as stack:
        code, host = s.open(game="nap", players=3)
        people = []
        for i in range(3):
            p = Person(stack.enter_context(s.ws()))
            p.send(type="hello", code=code, token=host if i == 0 else None, lang="en")
            p.until("lobby")
            people.append(p)
        people[0].send(type="sit", seat="A", name="Ana")
        people[0].until("seated")
        people[1].send(type="sit", seat="A", name="Bea")
        assert people[1].until("error")["error"]["code"] == "seat-taken"
        people[1].send(type="sit", seat="B", name="x" * 25)
        assert people[1].until("error")["error"]["code"] == "bad-frame"
        people[1].send(type="sit", seat="B", name="Bea")
        people[1].until("seated")
        people[2].send(type="sit", seat="C", name="Cid")
        people[2].until("seated")
        watcher = Person(stack.enter_context(s.ws()))
        watcher.send(type="hello", code=code, token=None, lang="en")
        watcher.until("lobby")
        watcher.send(type="sit", seat="C", name="Dee")
        assert watcher.until("error")["error"]["code"] == "table-full"
        people[1].send(type="start")
        assert people[1].until("error")["error"]["code"] == "not-host"
        people[0].send(type="start")
        assert people[0].until("error")["error"]["code"] == "bad-commit"  # nobody has committed yet
        for i, p in enumerate(people):
            p.send(type="commit", hash=value(i + 1)[1])
        people[0].lobby_where(lambda f: all(x["committed"] for x in f["seats"]))
        people[0].send(type="start")
        people[2].lobby_where(lambda f: f["phase"] == "revealing")
        people[2].send(type="reveal", value=value(9)[0])
        assert people[2].until("error")["error"]["code"] == "bad-reveal"
        late = Person(stack.enter_context(s.ws()))
        late.send(type="hello", code=code, token=None, lang="en")
        late.until("lobby")
        late.send(type="sit", seat="C", name="Eve")
        assert late.until("error")["error"]["code"] == "table-started"
        for i, p in enumerate(people):
            p.send(type="reveal", value=value(i + 1)[0])
        first = people[0].until("update")
        assert first["turn"] == 0 and first["view"]["you"] == "A"
        room = s.hub.rooms[code]
        assert room.table is not None
        assert room.table.match.seed == fairseed.table_seed(room.secret, [value(i)[0] for i in (1, 2, 3)])


def test_actions_of_another_seat_out_of_turn_and_stale_are_refused_and_change_nothing() -> None:
    with server() as s, ExitStack() as stack:
        code, people = seat_and_start(s, stack, ["S", "N", "E", "W"], game="euchre")
        mover = _mover(people)
        other = next(p for p in people.values() if p is not mover)
        turn = mover.last["turn"]  # type: ignore[index]
        journal = list(s.hub.rooms[code].table.journal)  # type: ignore[union-attr]
        legal = mover.last["view"]["legal"][0]  # type: ignore[index]
        other.send(type="act", action=legal, turn=turn)  # the mover's action, sent by another seat
        assert other.until("refused")["reason"]["code"] == "table-not-your-seat"
        other.send(type="act", action="pass", turn=turn)
        assert other.until("refused")["reason"]["code"] == "not-your-turn"
        mover.send(type="act", action=legal, turn=turn + 1)
        assert mover.until("error")["error"]["code"] == "stale-turn"
        mover.send(type="act", action="S play XX", turn=turn)
        assert mover.until("refused")["reason"]["code"]
        assert s.hub.rooms[code].table.journal == journal  # type: ignore[union-attr]
        mover.send(type="act", action=legal, turn=turn)
        after = mover.until("update")
        assert after["turn"] == turn + 1 and after["steps"][0]["action"] == legal
        mover.send(type="act", action=legal, turn=turn)  # the same move again: a repeat of an old turn
        assert mover.until("error")["error"]["code"] == "stale-turn"
        for p in people.values():
            if p is not mover:
                assert p.until("update")["turn"] == turn + 1


def test_a_decision_that_times_out_gets_the_conducts_choice_by_the_servers_clock() -> None:
    with server() as s, ExitStack() as stack:
        code, people = seat_and_start(s, stack, ["S", "N"], game="euchre")
        mover = _mover(people)
        assert mover.last["view"]["deadline_ms"] == 20_000  # type: ignore[index]
        s.tick(19_999)
        assert s.hub.rooms[code].table.journal == []  # type: ignore[union-attr]
        s.tick(1)
        update = mover.until("update")
        assert update["steps"][0]["timeout"] is True and update["steps"][0]["action"].endswith("pass")
        assert s.hub.rooms[code].table.journal == [[mover.seat, "timeout"]]  # type: ignore[union-attr]


def test_an_away_person_is_played_by_a_bot_after_the_grace_and_takes_the_seat_back_with_the_token() -> None:
    with server() as s, ExitStack() as stack:
        code, people = seat_and_start(s, stack, ["S", "N"], game="euchre", timers=False)
        mover = _mover(people)
        stay = next(p for p in people.values() if p is not mover)
        seat, token = mover.seat, mover.token
        mover.ws.close()
        stay.lobby_where(lambda f: not next(x for x in f["seats"] if x["seat"] == seat)["connected"])
        s.tick(29_999)
        assert seat not in s.hub.rooms[code].table.away  # type: ignore[union-attr]
        s.tick(1)
        update = stay.until("update")
        assert update["view"]["away"] == [seat]
        assert next(x for x in update["view"]["seats"] if x["seat"] == seat)["bot"] is True
        moved = [st for st in update["steps"] if st["seat"] == seat]
        assert moved and all(st["bot"] and st["away"] for st in moved)
        back = Person(stack.enter_context(s.ws()))
        back.send(type="hello", code=code, token=token, lang="pt")
        assert back.until("lobby")["you"] == seat
        snap = back.until("snapshot")
        assert snap["steps"] == [] and snap["view"]["you"] == seat and snap["view"]["away"] == []
        assert next(x for x in snap["view"]["seats"] if x["seat"] == seat)["bot"] is False
        assert stay.until("update")["view"]["away"] == []


def test_a_deadline_that_passes_while_the_person_is_away_hands_the_seat_to_a_bot_at_once() -> None:
    with server() as s, ExitStack() as stack:
        code, people = seat_and_start(s, stack, ["S", "N", "E", "W"], game="euchre")
        mover = _mover(people)
        seat = mover.seat
        mover.ws.close()
        s.tick(20_000)
        journal = s.hub.rooms[code].table.journal  # type: ignore[union-attr]
        assert journal[0] == [seat, "away"]


def test_a_reconnect_gets_a_full_snapshot_of_its_seat_and_a_spectator_gets_no_hand() -> None:
    with server() as s, ExitStack() as stack:
        code, people = seat_and_start(s, stack, ["S", "N"], game="yorkshire")
        first = people["S"].last
        again = Person(stack.enter_context(s.ws()))
        again.send(type="hello", code=code, token=people["S"].token, lang="fr")
        again.until("lobby")
        snap = again.until("snapshot")
        assert snap["view"]["hand"] == first["view"]["hand"]  # type: ignore[index]
        assert snap["turn"] == first["turn"]  # type: ignore[index]
        watch = Person(stack.enter_context(s.ws()))
        watch.send(type="hello", code=code, token=None, lang="en")
        assert watch.until("lobby")["you"] is None
        seen = watch.until("snapshot")["view"]
        assert seen["you"] is None and seen["hand"] == [] and seen["legal"] == []
        watch.send(type="act", action="S pass", turn=snap["turn"])
        assert watch.until("error")["error"]["code"] == "not-seated"


def test_the_record_is_refused_until_the_match_is_over_and_then_holds_the_seeds_parts(tmp_path: Path) -> None:
    with server(tmp_path / "t.db") as s, ExitStack() as stack:
        code, people = seat_and_start(s, stack, ["A"], game="nap", players=3, timers=False)
        assert s.client.get(f"/online/tables/{code}/record").status_code == 404
        qr = s.client.get(f"/online/qr/{code}.svg?lang=pt")
        assert qr.status_code == 200 and qr.headers["content-type"] == "image/svg+xml" and b"<svg" in qr.content
        p = people["A"]
        revealed = None
        for _ in range(400):
            view = p.last["view"]  # type: ignore[index]
            if view["over"]:
                break
            if view["phase"] == "hand-over":
                p.send(type="next", turn=p.last["turn"])  # type: ignore[index]
            else:
                p.send(type="act", action=view["legal"][-1], turn=p.last["turn"])  # type: ignore[index]
            s.clock.advance(100)
            frame = p.ws.receive_json()
            while frame["type"] not in ("update",):
                frame = p.ws.receive_json()
            p.last = frame
        revealed = p.until("revealed")
        record = s.client.get(f"/online/tables/{code}/record").json()
        assert record["secret"] == revealed["secret"]
        assert hashlib.sha256(bytes.fromhex(record["secret"])).hexdigest() == record["dealer_commitment"]
        assert revealed["seed"] == fairseed.table_seed(revealed["secret"], [revealed["values"]["A"]])
        assert record["journal"] and record["seats"][0] == {"seat": "A", "name": "P0", "kind": "person"}


@pytest.mark.parametrize("phase", ["seating", "playing"])
def test_a_table_nobody_has_been_at_for_ten_minutes_closes(phase: str) -> None:
    with server() as s, ExitStack() as stack:
        if phase == "seating":
            code, _ = s.open(game="euchre")
        else:
            code, people = seat_and_start(s, stack, ["S"], game="euchre", timers=False)
            for p in people.values():
                p.ws.close()
        s.tick(10 * 60_000 - 1)
        assert s.hub.rooms[code].phase != "closed"
        s.tick(1)
        assert code not in s.hub.rooms or s.hub.rooms[code].phase == "closed"
        with s.ws() as ws:
            send(ws, type="hello", code=code, token=None, lang="en")
            assert until(ws, "error")["error"]["code"] == "no-table"


def test_a_fault_of_the_servers_own_gets_an_error_frame_and_a_faulty_table_closes_while_the_others_go_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import json
    import sqlite3

    from trickbook_site.online.hub import FakeClock, Hub
    from trickbook_site.online.room import Conn
    from trickbook_site.online.store import Store

    hub = Hub(Store(":memory:"), FakeClock())
    good, _ = hub.open_table({"game": "euchre"})
    bad, host = hub.open_table({"game": "euchre"})
    box: list[dict] = []
    conn = Conn(send=box.append, address="a")
    hub.receive(conn, json.dumps({"type": "hello", "code": bad, "token": host, "lang": "en"}))

    def fail(*_: object, **__: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(hub.store, "save", fail)
    box.clear()
    hub.receive(conn, json.dumps({"type": "sit", "seat": "S", "name": "Ana"}))
    assert box[-1]["type"] == "error" and box[-1]["error"]["code"] == "bad-frame"
    monkeypatch.undo()

    def broken(room: object, now: int) -> None:
        if room.code == bad:
            raise RuntimeError("a fault")

    monkeypatch.setattr(hub, "_tick_room", broken)
    hub.tick()
    assert hub.rooms[bad].phase == "closed" and hub.rooms[good].phase == "seating"


def test_a_person_who_has_not_revealed_thirty_seconds_after_the_start_gives_the_seat_to_a_bot() -> None:
    with server() as s, ExitStack() as stack:
        code, host = s.open(game="euchre")
        people = []
        for i, seat in enumerate(["S", "N"]):
            p = Person(stack.enter_context(s.ws()))
            p.send(type="hello", code=code, token=host if i == 0 else None, lang="en")
            p.until("lobby")
            p.send(type="sit", seat=seat, name=f"P{i}")
            p.until("seated")
            p.send(type="commit", hash=value(i + 1)[1])
            people.append(p)
        people[0].lobby_where(lambda f: sum(x["committed"] for x in f["seats"]) == 2)
        people[0].send(type="start")
        people[0].lobby_where(lambda f: f["phase"] == "revealing")
        people[0].send(type="reveal", value=value(1)[0])
        s.tick(29_999)
        assert s.hub.rooms[code].phase == "revealing"
        s.tick(1)
        first = people[0].until("update")
        room = s.hub.rooms[code]
        assert room.phase == "playing" and sorted(room.seats) == ["S"]
        assert room.table is not None and room.table.match.seed == fairseed.table_seed(room.secret, [value(1)[0]])
        assert next(x for x in first["view"]["seats"] if x["seat"] == "N")["bot"] is True
