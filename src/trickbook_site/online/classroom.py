"""A class at the online table: N tables of one game opened together, one teacher, one projector.

A class is its tables (``Room``s of the hub, each marked with ``Room.klass``) and
what the teacher does to them all at once: start them, pause and resume them,
freeze them at a decision to ask the students at the seat to play, and read,
after each hand, every table's result and the plays the look-ahead proves
costly (``review.py``). With the duplicate switch on, every table is dealt from
one seed, mixed from the class's secret and every student's value
(``PROTOCOL.md``, "A class").

Who sees what:

- the **teacher** (the token ``POST classes`` gives, kept out of every
  student's sight) sees every table with all its hands, the answers with their
  reasons, and the reviews;
- the **projector** (its own token) sees what a spectator sees: every table's
  public view, the spread of the answers (right, wrong, waiting) and the
  verdicts' reasons only when they name no card the projector cannot see;
- a **student** sees the class's tables and their seats (to choose one), and at
  a table only what the table shows that seat.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from trickbook import fairseed
from trickbook.errors import TrickbookError
from trickbook.questions import Question, answer_key, judge
from trickbook.table.shared import _cards_named

from .room import Conn, Refusal, Room, new_code, new_token, token_hash

MIN_TABLES, MAX_TABLES = 1, 8
ASK_KINDS = ("legal", "play")
PLAY_RULES = ("wins-trick", "keeps-contract", "takes-jack", "saves-game")


@dataclass
class TableAsk:
    """One table's part of a question: the seat asked, the answer key, the answer given and its verdict."""

    seat: str
    key: dict[str, Any]
    answer: Any = None
    verdict: dict[str, Any] | None = None


@dataclass
class Ask:
    number: int
    kind: str
    rule: str | None
    tables: dict[int, TableAsk] = field(default_factory=dict)
    skipped: dict[int, dict[str, Any]] = field(default_factory=dict)   # table: why it asks nothing
    settled: bool = False


@dataclass
class Classroom:
    code: str
    teacher: str          # the teacher's token's SHA-256
    projector: str        # the projector's token's SHA-256
    duplicate: bool
    rooms: list[Room]
    conns: list[Conn] = field(default_factory=list)   # teacher, projector and students choosing a table
    ask: Ask | None = None
    asks: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    shown: int = 0        # the table the projector shows
    behind: bool = False  # the projector shows it one trick behind

    @property
    def terms(self) -> dict[str, Any]:
        return self.rooms[0].terms

    @property
    def phase(self) -> str:
        phases = {r.phase for r in self.rooms if r.phase != "closed"} or {"closed"}
        for p in ("seating", "revealing", "playing", "over", "closed"):
            if p in phases:
                return p
        return "closed"

    @property
    def paused(self) -> bool:
        return any(r.paused for r in self.rooms)

    def meta(self, index: int) -> dict[str, Any]:
        """What a table of the class keeps of it in the store (the class is rebuilt from its tables)."""
        return {"code": self.code, "index": index, "tables": len(self.rooms), "teacher": self.teacher,
                "projector": self.projector, "duplicate": self.duplicate}

    # ----- the deal ----------------------------------------------------------------------
    def values(self) -> list[str]:
        """Every value in the class, in the order of ``class_commitments`` ("" for a person who gave none
        in time and lost the seat to a bot); the seed mixes the others in that order."""
        revealed = {f"{r.index + 1}:{s}": x.value for r in self.rooms for s, x in r.seats.items()}
        return [revealed.get(key) or "" for key in self.rooms[0].class_persons or []]

    def persons(self) -> list[tuple[int, str]]:
        """The class's persons at its start: table by table, each table's in the order of its seats."""
        return [(r.index, s) for r in self.rooms for s in r.seat_names if s in r.seats]

    def ready_to_deal(self) -> bool:
        """Duplicate: every table that started has every value in (a class deals all its tables at once)."""
        going = [r for r in self.rooms if r.phase == "revealing"]
        return bool(going) and all(all(x.value for x in r.seats.values()) for r in going) and not any(
            r.phase == "seating" for r in self.rooms)

    def begin(self, now_ms: int) -> None:
        """The teacher starts every table that has a person; a table nobody sat at closes."""
        if self.phase != "seating":
            raise Refusal("table-started", "the class has already started")
        seated = [r for r in self.rooms if r.seats]
        if not seated:
            raise Refusal("not-seated", "nobody is seated at any table yet")
        missing = [f"{r.index + 1}:{s}" for r in seated for s, x in r.seats.items() if not x.commitment]
        if missing:
            raise Refusal("bad-commit", f"{', '.join(missing)} has not committed yet", seats=missing)
        persons = self.persons()
        commitments = [self.rooms[i].seats[s].commitment or "" for i, s in persons]
        for room in self.rooms:
            if self.duplicate:
                room.class_commitments = commitments
                room.class_persons = [f"{i + 1}:{s}" for i, s in persons]
            if room.seats:
                room.phase = "revealing"
                room.reveal_by = now_ms + 30_000
            else:
                room.phase = "closed"

    # ----- pause and ask ------------------------------------------------------------------
    def pause(self, paused: bool, now_ms: int) -> None:
        if self.phase != "playing":
            raise Refusal("bad-frame", "the class is not playing")
        for room in self.rooms:
            if room.table is not None and room.phase == "playing":
                room.set_paused(paused, now_ms)
        if not paused and self.ask is not None:
            self.ask.settled = True

    def start_ask(self, kind: Any, rule: Any, now_ms: int) -> Ask:
        if kind not in ASK_KINDS:
            raise Refusal("bad-frame", f"a question is one of {', '.join(ASK_KINDS)}")
        if kind == "play" and rule not in PLAY_RULES:
            raise Refusal("bad-frame", f"a play question names its rule: one of {', '.join(PLAY_RULES)}")
        self.pause(True, now_ms)
        ask = Ask(next(self.asks), kind, rule if kind == "play" else None)
        for room in self.rooms:
            table = room.table
            if table is None or room.phase != "playing":
                continue
            seat = table.waiting_for()
            if seat is None or not any(a.seat == seat and a.verb == "play" for a in table.state.legal_actions()):
                ask.skipped[room.index] = {"code": "class-no-play", "values": {}}
                continue
            try:
                view = _view_for(table.state, seat) if kind == "play" else "seat"
                key = answer_key(table.state, Question(step=0, kind=kind, seat=seat, accept=ask.rule, view=view))
                key["view"] = view
            except TrickbookError as e:
                ask.skipped[room.index] = {"code": "class-no-question", "values": {"seat": seat}, "text": str(e)}
                continue
            ask.tables[room.index] = TableAsk(seat, key)
        self.ask = ask
        return ask

    def answer(self, room: Room, conn: Conn, frame: dict[str, Any]) -> TableAsk:
        ask = self.ask
        if ask is None or ask.settled or frame.get("ask") != ask.number:
            raise Refusal("bad-frame", "no question is waiting for an answer")
        part = ask.tables.get(room.index)
        if part is None or conn.seat != part.seat:
            raise Refusal("not-seated", "the question is asked of the seat to play")
        given = frame.get("answer")
        if ask.kind == "legal":
            if not isinstance(given, list) or len(given) > 20 or not all(isinstance(c, str) for c in given):
                raise Refusal("bad-frame", "an answer is a list of cards")
        elif not isinstance(given, str):
            raise Refusal("bad-frame", "an answer is a card")
        choices = set(part.key["choices"])
        if not set(given if isinstance(given, list) else [given]) <= choices:
            raise Refusal("bad-frame", "an answer is one of the cards offered")
        part.answer = given
        part.verdict = judge(part.key, given)
        return part

    # ----- frames -----------------------------------------------------------------------
    def question_for(self, room: Room, conn: Conn) -> dict[str, Any] | None:
        """The question frame for a student's connection, when the question is theirs."""
        ask = self.ask
        if ask is None or ask.settled:
            return None
        part = ask.tables.get(room.index)
        if part is None or conn.seat != part.seat:
            return None
        return {"type": "question", "ask": ask.number, "kind": ask.kind, "rule": ask.rule, "seat": part.seat,
                "choices": part.key["choices"], "multiple": bool(part.key.get("multiple")), "view": part.key["view"],
                "answered": part.answer is not None}

    def verdict_for(self, room: Room, conn: Conn) -> dict[str, Any] | None:
        """Once the teacher closes the question: the student's own verdict, with the accepted cards."""
        ask = self.ask
        if ask is None or not ask.settled:
            return None
        part = ask.tables.get(room.index)
        if part is None or conn.seat != part.seat:
            return None
        return {"type": "verdict", "ask": ask.number, "kind": ask.kind, "answer": part.answer,
                "verdict": part.verdict, "accepted": part.key["accepted"], "reasons": part.key["reasons"]}

    def frame(self, conn: Conn, now_ms: int) -> dict[str, Any]:
        """The class as ``conn`` may see it (``conn.role``: teacher, projector or student)."""
        role = conn.role or "student"
        tables = []
        for room in self.rooms:
            entry: dict[str, Any] = {"index": room.index, "code": room.code, "phase": room.phase,
                                     "paused": room.paused, "seats": room.lobby(conn)["seats"]}
            if role != "student" and room.table is not None:
                view = room.seat_view(None, now_ms)
                if role == "teacher":
                    state = room.table.state
                    view["hands"] = {s: [str(c) for c in state.hands[s]] for s in state.seats}
                    entry["results"] = room.results
                elif role == "projector" and self.behind and room.index == self.shown and room.trick_views:
                    view = room.trick_views[-1]
                entry["view"] = view
            tables.append(entry)
        out: dict[str, Any] = {"type": "class", "code": self.code, "game": self.terms["game"],
                               "rules": self.terms.get("rules") or {}, "duplicate": self.duplicate,
                               "phase": self.phase, "paused": self.paused, "role": role, "tables": tables,
                               "shown": self.shown, "behind": self.behind}
        if role != "student" and self.ask is not None:
            out["ask"] = self.ask_frame(role)
        return out

    def ask_frame(self, role: str) -> dict[str, Any]:
        ask = self.ask
        assert ask is not None
        spread = {"right": 0, "wrong": 0, "waiting": 0}
        tables = []
        for index, part in sorted(ask.tables.items()):
            room = self.rooms[index]
            state = "waiting" if part.verdict is None else ("right" if part.verdict["right"] else "wrong")
            spread[state] += 1
            held = room.seats.get(part.seat)
            entry: dict[str, Any] = {"index": index, "seat": part.seat, "name": held.name if held else None,
                                     "state": state, "view": part.key["view"]}
            if role == "teacher":
                entry.update({"answer": part.answer, "verdict": part.verdict, "accepted": part.key["accepted"],
                              "choices": part.key["choices"], "reasons": part.key["reasons"]})
            elif ask.settled and part.verdict is not None:
                entry["reasons"] = self._public_reasons(room, part)
            tables.append(entry)
        return {"number": ask.number, "kind": ask.kind, "rule": ask.rule, "settled": ask.settled,
                "spread": spread, "tables": tables,
                "skipped": [{"index": i, "why": w} for i, w in sorted(ask.skipped.items())]}

    @staticmethod
    def _public_reasons(room: Room, part: TableAsk) -> list[dict[str, Any]]:
        """The verdict's reasons that name no card a spectator cannot see (the projector is one)."""
        assert room.table is not None and part.verdict is not None
        hidden = set(room.table.state.hands[part.seat])
        given = part.answer if isinstance(part.answer, list) else [part.answer]
        out = []
        for card in given:
            reason = part.key["reasons"].get(card)
            if reason and not (_cards_named(reason.get("values", {})) & hidden):
                out.append(reason)
        return out


def _view_for(state: Any, seat: str) -> str:
    """How a play question is judged: over every holding of the hidden cards that fits what the seat sees
    ("seat") when they can be counted, else with every hand known ("all"), which the pages then say."""
    from trickbook.questions.holdings import TooManyHoldings, holdings

    try:
        holdings(state, seat)
    except TooManyHoldings:
        return "all"
    except TrickbookError:
        return "seat"
    return "seat"


def open_class(body: Any, make_room: Any, taken: Any) -> tuple[Classroom, str, str]:
    """A new class from ``POST classes``'s body: the class, the teacher's token and the projector's.

    ``make_room(terms_body, secret)`` opens one table (the hub's), ``taken(code)`` says a code is in use.
    """
    if not isinstance(body, dict):
        raise Refusal("bad-frame", "a class is opened with a JSON object of its terms")
    body = dict(body)
    count = body.pop("tables", 2)
    duplicate = body.pop("duplicate", True)
    if type(count) is not int or not MIN_TABLES <= count <= MAX_TABLES:
        raise Refusal("bad-frame", f"a class has {MIN_TABLES} to {MAX_TABLES} tables")
    if type(duplicate) is not bool:
        raise Refusal("bad-frame", "duplicate is true or false")
    secret = fairseed.new_value()
    code = new_code()
    while taken(code):
        code = new_code()
    teacher, projector = new_token(), new_token()
    rooms = [make_room(body, secret if duplicate else fairseed.new_value()) for _ in range(count)]
    klass = Classroom(code, token_hash(teacher), token_hash(projector), duplicate, rooms)
    for index, room in enumerate(rooms):
        room.index = index
        room.klass = klass.meta(index)
    return klass, teacher, projector
