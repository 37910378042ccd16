"""The hub's part for classes (``classroom.py``): opening one, the teacher's and projector's frames,
the duplicate deal, pause and ask, and each hand's review sent to the teacher.

``ClassHub`` is a mixin of ``Hub``: it reads the hub's rooms, store and clock, and the hub calls
``_class_changed`` whenever a table of a class changed, so the class's watchers read it at once.
"""

from __future__ import annotations

import hmac
from typing import Any, Callable

from .classroom import Classroom, open_class
from .review import costly_plays, result
from .room import Conn, Refusal, Room, normal_code, token_hash
from .terms import table_terms


class ClassHub:
    rooms: dict[str, Room]
    classes: dict[str, Classroom]
    reviews: list["Review"]

    # supplied by Hub
    def now(self) -> int: raise NotImplementedError
    def _persist(self, room: Room) -> None: raise NotImplementedError
    def _lobby_to_all(self, room: Room, but: Conn | None = None) -> None: raise NotImplementedError
    def _deal(self, room: Room, now: int) -> None: raise NotImplementedError
    def lookups(self, conn: Conn, now: int) -> list[int]: raise NotImplementedError

    # ----- opening and rebuilding ---------------------------------------------------------
    def open_class(self, body: Any) -> tuple[Classroom, str, str]:
        """``POST classes``: the new class, the teacher's token and the projector's."""
        from .room import new_token

        def make_room(terms_body: Any, secret: str) -> Room:
            terms, seats = table_terms(terms_body)
            from .room import new_code
            code = new_code()
            while code in self.rooms:
                code = new_code()
            # Nobody holds a table's own host token: the teacher starts the class's tables.
            return Room(code, terms, seats, token_hash(new_token()), secret, self.now())

        klass, teacher, projector = open_class(body, make_room, lambda c: c in self.classes or c in self.rooms)
        for room in klass.rooms:
            self.rooms[room.code] = room
            self._persist(room)
        self.classes[klass.code] = klass
        return klass, teacher, projector

    def restore_classes(self) -> None:
        """Every class whose tables the store gave back, rebuilt from the tables' own part of it."""
        by_code: dict[str, list[Room]] = {}
        for room in self.rooms.values():
            if room.klass:
                by_code.setdefault(room.klass["code"], []).append(room)
        for code, rooms in by_code.items():
            meta = rooms[0].klass
            assert meta is not None
            rooms.sort(key=lambda r: r.index)
            self.classes[code] = Classroom(code, meta["teacher"], meta["projector"], bool(meta["duplicate"]), rooms)

    def class_results(self, code: str, token: Any) -> dict[str, Any] | None:
        """What a class played, for its teacher's token only: every table's match record (its seed's parts
        once the table is over), its hands' results and reviews, and each finished hand as a hand record
        (TOML) that a course can replay as a worked hand. None without the class or the token."""
        klass = self.classes.get(code)
        if klass is None or not isinstance(token, str) or not hmac.compare_digest(token_hash(token), klass.teacher):
            return None
        tables = []
        for room in klass.rooms:
            entry: dict[str, Any] = {"table": room.index + 1, "record": room.record(), "results": room.results,
                                     "hands": []}
            if room.table is not None:
                match = room.table.match
                done = len(match.hands) if room.table.hand_over else len(match.hands) - 1
                entry["hands"] = [str(match.record(i)) for i in range(done)]
            tables.append(entry)
        return {"class": klass.code, "game": klass.terms["game"], "rules": klass.terms.get("rules") or {},
                "duplicate": klass.duplicate, "tables": tables}

    def class_of(self, room: Room) -> Classroom | None:
        return self.classes.get(room.klass["code"]) if room.klass else None

    # ----- frames ----------------------------------------------------------------------------
    def _on_watch(self, conn: Conn, frame: dict[str, Any], now: int) -> None:
        """A teacher's, a projector's or a student's page at a class (the token says which)."""
        if conn.room is not None or conn.klass is not None:
            raise Refusal("bad-frame", "this connection is already at a table")
        seen = self.lookups(conn, now)
        code = normal_code(frame.get("class"))
        klass = self.classes.get(code) if code else None
        if klass is None or klass.phase == "closed":
            seen.append(now)
            raise Refusal("no-table", "there is no open class with that code")
        token = frame.get("token")
        digest = token_hash(token) if isinstance(token, str) else ""
        if digest and hmac.compare_digest(digest, klass.teacher):
            conn.role = "teacher"
        elif digest and hmac.compare_digest(digest, klass.projector):
            conn.role = "projector"
        elif token is None:
            conn.role = "student"
        else:
            seen.append(now)  # a token tried and refused counts as a code tried
            raise Refusal("not-host", "that is not this class's teacher's or projector's token")
        conn.klass = klass
        klass.conns.append(conn)
        conn.send(klass.frame(conn, now))

    def _teacher(self, conn: Conn) -> Classroom:
        if conn.klass is None or conn.role != "teacher":
            raise Refusal("not-host", "only the class's teacher does that")
        klass: Classroom = conn.klass
        return klass

    def _on_begin(self, room: Room | None, conn: Conn, frame: dict[str, Any], now: int) -> None:
        klass = self._teacher(conn)
        klass.begin(now)
        for r in klass.rooms:
            self._persist(r)
            self._lobby_to_all(r)
        self._class_changed(klass)

    def _on_pause(self, room: Room | None, conn: Conn, frame: dict[str, Any], now: int) -> None:
        self._pause(self._teacher(conn), True, now)

    def _on_resume(self, room: Room | None, conn: Conn, frame: dict[str, Any], now: int) -> None:
        self._pause(self._teacher(conn), False, now)

    def _pause(self, klass: Classroom, paused: bool, now: int) -> None:
        klass.pause(paused, now)
        for r in klass.rooms:
            self._persist(r)
            self._lobby_to_all(r)
            if not paused:
                self._to_students(klass, r, verdicts=True)
        self._class_changed(klass)

    def _on_ask(self, room: Room | None, conn: Conn, frame: dict[str, Any], now: int) -> None:
        klass = self._teacher(conn)
        klass.start_ask(frame.get("kind"), frame.get("rule"), now)
        for r in klass.rooms:
            self._persist(r)
            self._lobby_to_all(r)
            self._to_students(klass, r)
        self._class_changed(klass)

    def _on_settle(self, room: Room | None, conn: Conn, frame: dict[str, Any], now: int) -> None:
        """The teacher closes the question: each student asked reads their own verdict."""
        klass = self._teacher(conn)
        if klass.ask is None or klass.ask.settled:
            raise Refusal("bad-frame", "no question is open")
        klass.ask.settled = True
        for r in klass.rooms:
            self._to_students(klass, r, verdicts=True)
        self._class_changed(klass)

    def _on_show(self, room: Room | None, conn: Conn, frame: dict[str, Any], now: int) -> None:
        klass = self._teacher(conn)
        index, behind = frame.get("table"), frame.get("behind", False)
        if type(index) is not int or not 0 <= index < len(klass.rooms) or type(behind) is not bool:
            raise Refusal("bad-frame", "show names a table of the class by its number (from 0) and behind")
        klass.shown, klass.behind = index, behind
        self._class_changed(klass)

    def _on_answer(self, room: Room | None, conn: Conn, frame: dict[str, Any], now: int) -> None:
        klass = self.class_of(room) if room is not None else None
        if room is None or klass is None:
            raise Refusal("bad-frame", "answers are given at a class's table")
        klass.answer(room, conn, frame)
        conn.send({"type": "answer-taken", "ask": frame.get("ask")})
        self._class_changed(klass)

    def _to_students(self, klass: Classroom, room: Room, verdicts: bool = False) -> None:
        for c in room.conns:
            sent = klass.verdict_for(room, c) if verdicts else klass.question_for(room, c)
            if sent is not None:
                c.send(sent)

    def class_hello(self, room: Room, conn: Conn) -> None:
        """A student back at a class's table gets the question still waiting for their answer."""
        klass = self.class_of(room)
        if klass is not None:
            question = klass.question_for(room, conn)
            if question is not None:
                conn.send(question)

    # ----- the tables' changes ------------------------------------------------------------
    def _class_changed(self, klass: Classroom) -> None:
        now = self.now()
        for c in klass.conns:
            c.send(klass.frame(c, now))

    def class_deal(self, room: Room, now: int) -> bool:
        """Duplicate class: deal every table at once, from one seed, when the last value is in. True when
        this room belongs to such a class (it then deals with the others, or waits for them)."""
        klass = self.class_of(room)
        if klass is None or not klass.duplicate:
            return False
        if klass.ready_to_deal():
            values = klass.values()
            for r in klass.rooms:
                if r.phase == "revealing":
                    r.class_values = values
                    self._deal(r, now)
        else:
            self._persist(room)
            self._lobby_to_all(room)
        return True

    def class_steps(self, room: Room, raw: list[dict[str, Any]]) -> None:
        """After a table's move: keep its public view at each trick's end, and review each hand it ended."""
        klass = self.class_of(room)
        if klass is None or room.table is None:
            return
        for step in raw:
            if any(str(e.get("code", "")).startswith("trick-won") for e in step["events"]):
                room.trick_views.append(step["spectator"])
                del room.trick_views[:-2]
        match = room.table.match
        done = len(match.hands) if room.table.hand_over else len(match.hands) - 1
        for index in range(len(room.results), done):
            entry: dict[str, Any] = {"hand": index + 1, "result": result(match, index), "marks": None}
            room.results.append(entry)
            self.reviews.append((klass, entry, match, index))
        self._class_changed(klass)

    def run_reviews(self, look: Callable[[Any, int], list[dict[str, Any]]] = costly_plays) -> int:
        """Review the finished hands waiting for it and send each to its class; how many. (The app looks
        at the hands off its event loop and calls ``review_done`` back on it.)"""
        done = 0
        while self.reviews:
            klass, entry, match, index = self.reviews.pop(0)
            self.review_done(klass, entry, look(match, index))
            done += 1
        return done

    def review_done(self, klass: Classroom, entry: dict[str, Any], marks: list[dict[str, Any]]) -> None:
        entry["marks"] = marks
        self._class_changed(klass)


Review = tuple[Classroom, dict[str, Any], Any, int]   # the class, the hand's entry, the match, the hand
