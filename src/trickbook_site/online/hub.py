"""The table server's heart: every open room, the clients' frames, the clock, the store.

Transport-free: the Starlette app (``app.py``) hands each text frame to
``Hub.receive`` with its ``Conn`` and calls ``Hub.tick`` on a timer (a test calls
it after moving its fake clock). Frames to a connection are queued in the order
the table changed, so every seat reads the steps in order. Every accepted move
is committed to the store before any frame about it is queued.
"""

from __future__ import annotations

import json
import time
from typing import Any, Callable

from trickbook.errors import IllegalActionError, TrickbookError
from trickbook.table.shared import AWAY, SharedTable

from .class_hub import ClassHub
from .room import GRACE_MS, IDLE_MS, Conn, Refusal, Room, check_host, normal_code, seat_of
from .store import TableStore
from .terms import table_terms

MAX_FRAME_BYTES = 4096
FRAMES_PER_SECOND = 20
QUESTIONS_PER_SECOND = 10     # explain frames, counted apart from the moves
LOOKUP_FAILURES = 10          # failed code look-ups an address may make…
LOOKUP_WINDOW_MS = 60_000     # …in this long
MAX_TABLES = 5000
MAX_CONNS_PER_TABLE = 32
TYPES = ("hello", "sit", "leave", "commit", "start", "reveal", "act", "next", "explain", "ping",
         # a class (class_hub.py): the watchers' hello, the teacher's frames and a student's answer
         "watch", "begin", "pause", "resume", "ask", "settle", "show", "answer")
CLASS_FRAMES = ("begin", "pause", "resume", "ask", "settle", "show")


class SystemClock:
    """Milliseconds of the wall clock (a restarted server reads the stored times against it)."""

    def now_ms(self) -> int:
        return int(time.time() * 1000)


class FakeClock:
    """A clock a test moves by hand."""

    def __init__(self, start_ms: int = 1_000_000) -> None:
        self.ms = start_ms

    def now_ms(self) -> int:
        return self.ms

    def advance(self, ms: int) -> None:
        self.ms += ms


class Hub(ClassHub):
    """Every open table of one server process, and the classes they belong to."""

    def __init__(self, store: TableStore, clock: Any = None) -> None:
        self.store = store
        self.clock = clock or SystemClock()
        self.rooms: dict[str, Room] = {}
        self.classes: dict[str, Any] = {}
        self.reviews: list[Any] = []   # finished hands of a class, waiting for their review (class_hub.py)
        self.failures: dict[str, list[int]] = {}
        self.bot_ms = 0.0       # time spent in the engine for moves (the bench reads it)
        self.restore()

    def now(self) -> int:
        return int(self.clock.now_ms())

    def restore(self) -> None:
        """Rebuild every open table from the store: its journal replayed, its deadlines restarted."""
        for code, data, phase, journal in self.store.open_tables():
            self.rooms[code] = Room.from_data(code, data, phase, journal, self.now())
        self.restore_classes()

    # ----- HTTP -----------------------------------------------------------------
    def open_table(self, body: Any) -> tuple[str, str]:
        """``POST tables``: a new room; its code and the host's token."""
        if len(self.rooms) >= MAX_TABLES:
            raise Refusal("table-full", "the server holds as many tables as it can; try again later")
        terms, seats = table_terms(body)
        from trickbook.fairseed import new_value

        from .room import new_code, new_token, token_hash

        code = new_code()
        while code in self.rooms or self.store.load(code) is not None:
            code = new_code()
        host = new_token()
        room = Room(code, terms, seats, token_hash(host), new_value(), self.now())
        self._persist(room)
        self.rooms[code] = room
        return code, host

    def record(self, code: str) -> dict[str, Any] | None:
        """The match record of a table that is over or closed; None otherwise."""
        room = self.rooms.get(code)
        if room is None:
            loaded = self.store.load(code)
            if loaded is None:
                return None
            room = Room.from_data(code, loaded[0], loaded[1], loaded[2], self.now())
        return room.record() if room.phase in ("over", "closed") else None

    def room_for(self, code: str) -> Room | None:
        return self.rooms.get(code)

    # ----- frames ------------------------------------------------------------------
    def receive(self, conn: Conn, text: Any) -> None:
        """One client frame; every refusal becomes an ``error`` frame and leaves the table as it was."""
        try:
            self._receive(conn, text)
        except Refusal as r:
            conn.send(r.frame())
        except Exception as e:  # noqa: BLE001 - a fault of the server's own: said in one line, never a traceback
            print(f"table server: a frame could not be taken: {type(e).__name__}: {e}", flush=True)
            conn.send(Refusal("bad-frame", "the server could not take that frame").frame())

    def _receive(self, conn: Conn, text: Any) -> None:
        now = self.now()
        try:
            frame = self._frame(text)
        except Refusal:
            self._spend(conn.frames, FRAMES_PER_SECOND, now)  # a refused frame costs as a move does
            raise
        kind = frame["type"]
        try:
            # Questions (hover, focus and a press each ask one) have their own budget, so that asking
            # never uses up the frames a move needs.
            if kind == "explain":
                self._spend(conn.questions, QUESTIONS_PER_SECOND, now)
            else:
                self._spend(conn.frames, FRAMES_PER_SECOND, now)
            if kind == "ping":
                conn.send({"type": "pong", "now_ms": now})
                return
            if kind == "hello":
                self._hello(conn, frame, now)
                return
            if kind == "watch":
                self._on_watch(conn, frame, now)
                return
            if kind in CLASS_FRAMES:
                getattr(self, f"_on_{kind}")(conn.room, conn, frame, now)
                return
            room = conn.room
            if room is None:
                raise Refusal("no-table", "say hello with a table's code first")
            getattr(self, f"_on_{kind}")(room, conn, frame, now)
        except Refusal as r:
            r.kind = kind  # the error frame names the kind of frame it refuses
            raise

    @staticmethod
    def _spend(times: list[int], limit: int, now: int) -> None:
        """Count one frame against ``limit`` a second (``times``: the last second's, kept in place)."""
        times[:] = [t for t in times if now - t < 1000]
        if len(times) >= limit:
            raise Refusal("rate-limited", f"at most {limit} frames a second")
        times.append(now)

    @staticmethod
    def _frame(text: Any) -> dict[str, Any]:
        """The client's frame read: a JSON object of a known type, within the size limit."""
        if not isinstance(text, str):
            raise Refusal("bad-frame", "frames are JSON text")
        if len(text.encode("utf-8")) > MAX_FRAME_BYTES:
            raise Refusal("too-large", f"a frame is at most {MAX_FRAME_BYTES} bytes")
        try:
            frame = json.loads(text)
        except (ValueError, RecursionError):
            raise Refusal("bad-frame", "a frame is one JSON object") from None
        if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
            raise Refusal("bad-frame", "a frame is a JSON object with a type")
        kind = frame["type"]
        if kind not in TYPES:
            raise Refusal("unknown-type", f"no frame is called {kind[:24]!r}", type=kind[:24])
        return frame

    def lookups(self, conn: Conn, now: int) -> list[int]:
        """The client address's failed look-ups of a code in the last minute (a failure is added to it);
        refused once there are too many, so that codes are not found by trying them."""
        seen = [t for t in self.failures.get(conn.address, []) if now - t < LOOKUP_WINDOW_MS]
        self.failures[conn.address] = seen
        if len(seen) >= LOOKUP_FAILURES:
            raise Refusal("rate-limited", "too many codes that are no table; wait a minute")
        return seen

    def _hello(self, conn: Conn, frame: dict[str, Any], now: int) -> None:
        if conn.room is not None:
            raise Refusal("bad-frame", "this connection is already at a table")
        seen = self.lookups(conn, now)
        code = normal_code(frame.get("code"))
        room = self.rooms.get(code) if code else None
        if room is None or room.phase == "closed":
            seen.append(now)
            raise Refusal("no-table", "there is no open table with that code")
        if len(room.conns) >= MAX_CONNS_PER_TABLE:
            raise Refusal("table-full", "this table has as many watchers as it can hold")
        conn.room = room
        room.conns.append(conn)
        conn.host = check_host(room, frame.get("token"))
        seat = seat_of(room, frame.get("token"))
        if seat is not None:
            conn.seat = seat
            held = room.seats[seat]
            held.connections += 1
            held.left_ms = None
            room.seen_ms = now
            if conn.host is False and room.host_seat == seat:
                conn.host = True
        back: list[dict[str, Any]] | None = None
        if seat is not None and room.table is not None and seat in room.table.away and room.phase == "playing":
            back = self._move(room, lambda t: t.set_away(seat, False), now)
        conn.send(room.lobby(conn))
        self._lobby_to_all(room, but=conn)
        if room.table is not None:
            conn.send(room.update(conn, [], now, kind="snapshot"))
            if back is not None:  # the seat is a person's again: every other seat reads the new turn
                self._updates(room, back, now, but=conn)
        if room.phase in ("over", "closed"):
            conn.send(room.revealed())
        self.class_hello(room, conn)

    def leave(self, conn: Conn) -> None:
        """The connection closed: its seat is kept (the grace starts when it was its last connection)."""
        if conn.klass is not None and conn in conn.klass.conns:
            conn.klass.conns.remove(conn)
        room = conn.room
        if room is None:
            return
        if conn in room.conns:
            room.conns.remove(conn)
        if conn.seat is not None and conn.seat in room.seats:
            held = room.seats[conn.seat]
            held.connections = max(0, held.connections - 1)
            if not held.connections:
                held.left_ms = self.now()
        conn.room = None
        self._lobby_to_all(room)

    # ----- the lobby -------------------------------------------------------------
    def _on_sit(self, room: Room, conn: Conn, frame: dict[str, Any], now: int) -> None:
        token = room.sit(conn, frame.get("seat"), frame.get("name"))
        room.seen_ms = now
        self._persist(room)
        conn.send({"type": "seated", "seat": conn.seat, "token": token})
        self._lobby_to_all(room)

    def _on_leave(self, room: Room, conn: Conn, frame: dict[str, Any], now: int) -> None:
        room.leave(conn)
        self._persist(room)
        self._lobby_to_all(room)

    def _on_commit(self, room: Room, conn: Conn, frame: dict[str, Any], now: int) -> None:
        room.commit(conn, frame.get("hash"))
        self._persist(room)
        self._lobby_to_all(room)

    def _on_start(self, room: Room, conn: Conn, frame: dict[str, Any], now: int) -> None:
        room.start(conn, now)
        self._persist(room)
        self._lobby_to_all(room)

    def _on_reveal(self, room: Room, conn: Conn, frame: dict[str, Any], now: int) -> None:
        if room.reveal(conn, frame.get("value")):
            if not self.class_deal(room, now):
                self._deal(room, now)
        else:
            self._persist(room)
            self._lobby_to_all(room)

    def _deal(self, room: Room, now: int) -> None:
        started = time.perf_counter()
        raw = room.deal(now)
        self.bot_ms += (time.perf_counter() - started) * 1000
        self._persist(room)
        self._lobby_to_all(room)
        for conn in room.conns:
            conn.send(room.update(conn, raw, now))
        self.class_steps(room, raw)

    # ----- the match -------------------------------------------------------------
    def _playing(self, room: Room, conn: Conn, frame: dict[str, Any], seated: bool = True) -> SharedTable:
        if room.table is None or room.phase != "playing":
            raise Refusal("bad-frame", "the match is not being played")
        if seated and conn.seat is None:
            raise Refusal("not-seated", "a spectator does not play")
        if seated and room.paused:
            raise Refusal("paused", "the teacher has paused the tables")
        if seated:
            turn = frame.get("turn")
            if type(turn) is not int or turn != len(room.table.journal):
                raise Refusal("stale-turn", "that move answers an older position: read the latest update",
                              turn=len(room.table.journal))
        return room.table

    def _on_act(self, room: Room, conn: Conn, frame: dict[str, Any], now: int) -> None:
        self._playing(room, conn, frame)
        action, seat = frame.get("action"), conn.seat
        assert seat is not None
        if not isinstance(action, str) or len(action) > 80:
            raise Refusal("bad-frame", "an action is the table's action text")
        try:
            raw = self._move(room, lambda t: t.act_as(seat, action), now)
        except IllegalActionError as e:
            conn.send({"type": "refused", "action": action, "reason": e.reason.as_dict()})
            return
        except TrickbookError as e:
            conn.send({"type": "refused", "action": action,
                       "reason": {"code": e.code, "values": {}, "text": str(e)}})
            return
        self._updates(room, raw, now)

    def _on_next(self, room: Room, conn: Conn, frame: dict[str, Any], now: int) -> None:
        self._playing(room, conn, frame)
        seat = conn.seat
        assert seat is not None
        try:
            raw = self._move(room, lambda t: t.next_hand_by(seat), now)
        except TrickbookError as e:
            conn.send({"type": "refused", "action": "next", "reason": {"code": e.code, "values": {}, "text": str(e)}})
            return
        self._updates(room, raw, now)

    def _on_explain(self, room: Room, conn: Conn, frame: dict[str, Any], now: int) -> None:
        table = self._playing(room, conn, frame, seated=False)
        target = frame.get("target")
        if not isinstance(target, str) or len(target) > 60:
            raise Refusal("bad-frame", "a target is text such as card:JD or trump")
        try:
            messages = table.explain_as(conn.seat, target)
        except TrickbookError as e:
            raise Refusal("bad-frame", str(e)) from None
        conn.send({"type": "explained", "target": target, "messages": [m.as_dict() for m in messages]})

    def _move(self, room: Room, move: Callable[[SharedTable], list[dict[str, Any]]], now: int) -> list[dict[str, Any]]:
        """Run one move on the room's table and commit it to the store before anything is sent."""
        assert room.table is not None
        started = time.perf_counter()
        try:
            raw = move(room.table)
        finally:
            self.bot_ms += (time.perf_counter() - started) * 1000
        if room.table.is_over:
            room.phase = "over"
        room.reset_deadline(now)
        self._persist(room)
        return raw

    # ----- sending -------------------------------------------------------------------
    def _persist(self, room: Room) -> None:
        journal = room.table.journal if room.table is not None else []
        new = [(n, seat, move) for n, (seat, move) in enumerate(journal) if n >= room.stored_moves]
        self.store.save(room.code, room.data(), room.phase, self.now(), new)
        room.stored_moves = len(journal)

    def _lobby_to_all(self, room: Room, but: Conn | None = None) -> None:
        for conn in room.conns:
            if conn is not but:
                conn.send(room.lobby(conn))
        klass = self.class_of(room)
        if klass is not None:
            self._class_changed(klass)

    def _updates(self, room: Room, raw: list[dict[str, Any]], now: int, but: Conn | None = None) -> None:
        for conn in room.conns:
            if conn is not but:
                conn.send(room.update(conn, raw, now))
        if room.phase == "over":
            self._lobby_to_all(room)
            for conn in room.conns:
                conn.send(room.revealed())
        self.class_steps(room, raw)

    # ----- the clock ---------------------------------------------------------------------
    def tick(self) -> None:
        """Deadlines, graces, reveals and idle tables, by the hub's clock."""
        now = self.now()
        for code, room in list(self.rooms.items()):
            try:
                self._tick_room(room, now)
            except Exception as e:  # noqa: BLE001 - a table that cannot go on is closed; the others go on
                room.phase = "closed"
                self._persist(room)
                print(f"table {code} closed: {e}")
            if room.phase in ("over", "closed") and not room.conns:
                del self.rooms[code]

    def _tick_room(self, room: Room, now: int) -> None:
        if room.present():
            room.seen_ms = now
        elif now - room.seen_ms >= IDLE_MS and room.phase != "over":
            room.phase = "closed"
            self._persist(room)
            self._lobby_to_all(room)
            return
        if room.phase == "revealing" and room.reveal_by is not None and now >= room.reveal_by:
            room.drop_unrevealed()
            if not self.class_deal(room, now):
                self._deal(room, now)
            return
        table = room.table
        if table is None or room.phase != "playing" or room.paused:
            return
        for seat, held in room.seats.items():
            if (not held.connections and held.left_ms is not None and now - held.left_ms >= GRACE_MS
                    and seat not in table.away and room.phase == "playing"):
                self._updates(room, self._move(room, _away(seat), now), now)
        if room.deadline is not None and now >= room.deadline[1] and room.phase == "playing":
            seat = room.deadline[0]
            if room.seats[seat].connections:
                raw = self._move(room, lambda t: t.timeout_seat(seat), now)
            else:
                raw = self._move(room, lambda t: t.play_as(seat, AWAY), now)
            self._updates(room, raw, now)


def _away(seat: str) -> Callable[[SharedTable], list[dict[str, Any]]]:
    return lambda table: table.set_away(seat, True)
