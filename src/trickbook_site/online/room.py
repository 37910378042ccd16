"""One online table (a ``Room``): its lobby, its seats and tokens, the seed's parts, its match and its clock.

A room knows nothing of sockets: the hub (``hub.py``) hands it each client's
frame with the connection it came on and sends what it answers. Every frame
about the match is built from ``SharedTable.view(seat)`` and
``SharedTable.steps_for(seat, …)`` only, so a seat is never sent another
seat's card (``PROTOCOL.md``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from trickbook import fairseed
from trickbook.errors import TrickbookError
from trickbook.table.facade import DECISION_SECONDS
from trickbook.table.shared import SharedTable

GRACE_MS = 30_000          # a person whose link dropped keeps the seat this long before a bot plays it
IDLE_MS = 10 * 60_000      # a table nobody has been connected to for this long closes
REVEAL_MS = 30_000         # a person who has not revealed by then loses the seat to a bot
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
CODE_LENGTH = 10
NAME_MAX = 24


def new_code() -> str:
    """A table's code: 10 characters of a 31-letter alphabet without look-alikes (about 49 bits)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: Any) -> str | None:
    """A code as typed (grouped, upper case, with spaces) in its stored form; None when it cannot be one."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = "".join(ch for ch in text.lower() if ch not in "- ")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def new_token() -> str:
    """A seat's or the host's token: 32 random bytes, URL-safe base64 (256 bits)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Refusal(Exception):
    """A frame refused with one of the protocol's error codes; the table is left as it was."""

    def __init__(self, code: str, text: str, **values: Any) -> None:
        super().__init__(text)
        self.code = code
        self.text = text
        self.values = values
        self.kind: str | None = None  # the type of the frame refused, once it was read

    def frame(self) -> dict[str, Any]:
        error = {"code": self.code, "values": self.values, "text": self.text}
        return {"type": "error", "for": self.kind, "error": error} if self.kind else {"type": "error", "error": error}


@dataclass
class Seat:
    name: str
    token: str                       # the token's SHA-256: the store never holds a token itself
    commitment: str | None = None
    value: str | None = None
    connections: int = 0
    left_ms: int | None = None       # when its last connection dropped


@dataclass
class Conn:
    """One client connection: what it may see (its seat, or None: a spectator) and how to reach it."""

    send: Callable[[dict[str, Any]], Any]
    address: str
    room: "Room | None" = None
    seat: str | None = None
    host: bool = False
    role: str | None = None          # at a class: "teacher", "projector" or "student" (choosing a table)
    klass: Any = None                # that class (classroom.Classroom)
    turn_sent: int = -1
    frames: list[int] = field(default_factory=list)     # the last second's frames, questions apart
    questions: list[int] = field(default_factory=list)  # the last second's explain frames


class Room:
    """An online table: terms, lobby, seed's parts, and once started its ``SharedTable``."""

    def __init__(self, code: str, terms: dict[str, Any], seats: tuple[str, ...], host_token: str,
                 secret: str, now_ms: int) -> None:
        self.code = code
        self.terms = terms
        self.seat_names = seats
        self.host_token = host_token   # its hash
        self.host_seat: str | None = None
        self.secret = secret
        self.phase = "seating"
        self.seats: dict[str, Seat] = {}
        self.table: SharedTable | None = None
        self.conns: list[Conn] = []
        self.deadline: tuple[str, int] | None = None   # (seat, when) of the decision the table waits for
        self.reveal_by: int | None = None
        self.seen_ms = now_ms          # the last time a person was connected
        self.stored_moves = 0          # journal entries already in the store
        # At a class (classroom.py): the class's part of the stored data, this table's number in it, whether
        # the teacher paused it (and the time the decision had left), every value of a duplicate class's
        # seed, the public view at each trick's end (a projector one trick behind), each hand's result.
        self.klass: dict[str, Any] | None = None
        self.index = 0
        self.paused = False
        self.paused_left: int | None = None
        self.class_values: list[str] | None = None
        self.class_commitments: list[str] | None = None   # every commitment of a duplicate class, at its start
        self.class_persons: list[str] | None = None       # whose they are: "table:seat"
        self.trick_views: list[dict[str, Any]] = []
        self.results: list[dict[str, Any]] = []

    # ----- the store's form --------------------------------------------------
    def data(self) -> dict[str, Any]:
        return {"terms": self.terms, "seat_names": list(self.seat_names), "host": self.host_token,
                "host_seat": self.host_seat, "secret": self.secret, "seen_ms": self.seen_ms,
                "klass": self.klass, "class_values": self.class_values, "paused": self.paused,
                "class_commitments": self.class_commitments, "class_persons": self.class_persons,
                "seats": {s: {"name": x.name, "token": x.token, "commitment": x.commitment, "value": x.value}
                          for s, x in self.seats.items()}}

    @classmethod
    def from_data(cls, code: str, data: dict[str, Any], phase: str, journal: list[list[str]],
                  now_ms: int) -> "Room":
        room = cls(code, data["terms"], tuple(data["seat_names"]), data["host"], data["secret"], now_ms)
        room.host_seat = data.get("host_seat")
        room.klass, room.class_values = data.get("klass"), data.get("class_values")
        room.class_commitments, room.class_persons = data.get("class_commitments"), data.get("class_persons")
        room.index = room.klass["index"] if room.klass else 0
        room.paused = bool(data.get("paused"))
        room.seats = {s: Seat(x["name"], x["token"], x.get("commitment"), x.get("value"), left_ms=now_ms)
                      for s, x in data["seats"].items()}
        room.phase = phase
        if phase == "revealing":
            room.reveal_by = now_ms + REVEAL_MS
        if phase in ("playing", "over", "closed") and all(x.value for x in room.seats.values()):
            room.table = SharedTable.resume_shared(room.seed(), journal, **room.table_terms())
            room.stored_moves = len(journal)
            room.reset_deadline(now_ms)
        return room

    def seed(self) -> str:
        if self.class_values is not None:  # a duplicate class: one seed from every value in the class
            return fairseed.table_seed(self.secret, [v for v in self.class_values if v])
        values = [self.seats[s].value for s in self.seat_names if s in self.seats]
        return fairseed.table_seed(self.secret, [v for v in values if v])

    def table_terms(self) -> dict[str, Any]:
        t = self.terms
        return {"game": t["game"], "players": t.get("players"), "rounds": t.get("rounds"),
                "level": t.get("level", "strong"), "rules": t.get("rules") or None, "people": list(self.seats)}

    def record(self) -> dict[str, Any]:
        """The match record: terms, seats, the seed's parts once revealed, the journal."""
        revealed = self.phase in ("over", "closed")
        return {"code": self.code, "game": self.terms["game"], "rules": self.terms.get("rules") or {},
                "players": self.terms.get("players"), "rounds": self.terms.get("rounds"),
                "seats": [{"seat": s, "name": self.seats[s].name if s in self.seats else None,
                           "kind": "person" if s in self.seats else "bot"} for s in self.seat_names],
                "dealer_commitment": fairseed.commitment(self.secret),
                "commitments": {s: x.commitment for s, x in self.seats.items()},
                "secret": self.secret if revealed else None,
                "values": {s: x.value for s, x in self.seats.items()} if revealed else None,
                "seed": self.seed() if revealed and self.table else None, "recipe": fairseed.RECIPE,
                "journal": list(self.table.journal) if self.table else [], "phase": self.phase,
                "class_values": self.class_values if revealed else None}

    # ----- frames --------------------------------------------------------------
    def lobby(self, conn: Conn) -> dict[str, Any]:
        seats = []
        for s in self.seat_names:
            held = self.seats.get(s)
            kind = "person" if held else ("bot" if self.table else "empty")
            seats.append({"seat": s, "name": held.name if held else None, "kind": kind,
                          "committed": bool(held and held.commitment), "connected": bool(held and held.connections),
                          "host": s == self.host_seat})
        return {"type": "lobby", "code": self.code, "game": self.terms["game"], "rules": self.terms.get("rules") or {},
                "timers": self.terms["timers"], "players": len(self.seat_names), "phase": self.phase,
                "host": conn.host, "you": conn.seat, "seats": seats,
                "dealer_commitment": fairseed.commitment(self.secret),
                "commitments": {s: x.commitment for s, x in self.seats.items() if x.commitment},
                "class": self.klass["code"] if self.klass else None, "table": self.index + 1, "paused": self.paused,
                "class_commitments": self.class_commitments, "class_persons": self.class_persons}

    def seat_view(self, seat: str | None, now_ms: int, raw: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
        """The seat's view now, with the server's deadline; the last step's view when it is now's."""
        assert self.table is not None
        if raw:  # nothing has moved since the last step: its view is the view now (a copy, to add to)
            last = raw[-1]
            view = dict(last["views"][seat] if seat is not None else last["spectator"])
        else:
            view = self.table.view(seat)
        view["deadline_ms"] = max(0, self.deadline[1] - now_ms) if self.deadline else None
        view["deadline_seat"] = self.deadline[0] if self.deadline else None
        view["away"] = sorted(self.table.away)
        return view

    def update(self, conn: Conn, raw: list[dict[str, Any]], now_ms: int, kind: str = "update") -> dict[str, Any]:
        assert self.table is not None
        steps = self.table.steps_for(conn.seat, raw) if kind == "update" else []
        conn.turn_sent = len(self.table.journal)
        seconds = DECISION_SECONDS if self.terms["timers"] else None
        return {"type": kind, "turn": len(self.table.journal), "steps": steps,
                "view": self.seat_view(conn.seat, now_ms, raw), "seconds": seconds}

    def revealed(self) -> dict[str, Any]:
        out = {"type": "revealed", "secret": self.secret,
               "values": {s: x.value for s, x in self.seats.items()}, "seed": self.seed(),
               "recipe": fairseed.RECIPE}
        if self.class_values is not None:
            out["class_values"] = list(self.class_values)
        return out

    # ----- time ------------------------------------------------------------------
    def reset_deadline(self, now_ms: int) -> None:
        """The decision the table now waits for gets its full time (none without timers or when nobody decides)."""
        table = self.table
        seat = table.waiting_for() if table is not None and self.phase == "playing" else None
        if seat is None or not self.terms["timers"]:
            self.deadline = None
        elif self.paused:  # a paused table's decision gets its full time once the teacher resumes
            self.deadline, self.paused_left = None, DECISION_SECONDS * 1000
        else:
            self.deadline = (seat, now_ms + DECISION_SECONDS * 1000)

    def set_paused(self, paused: bool, now_ms: int) -> None:
        """The teacher pauses the table (its clock stops with the time left) or resumes it."""
        if paused == self.paused:
            return
        self.paused = paused
        if paused:
            self.paused_left = max(0, self.deadline[1] - now_ms) if self.deadline else None
            self.deadline = None
        else:
            seat = self.table.waiting_for() if self.table is not None else None
            if seat is not None and self.paused_left is not None and self.terms["timers"]:
                self.deadline = (seat, now_ms + self.paused_left)
            self.paused_left = None

    def present(self) -> bool:
        return any(x.connections for x in self.seats.values())

    # ----- the lobby's moves ---------------------------------------------------------
    def sit(self, conn: Conn, seat: Any, name: Any) -> str:
        if self.phase != "seating":
            raise Refusal("table-started", "the table has started: seats are no longer taken")
        if not isinstance(seat, str) or seat not in self.seat_names:
            raise Refusal("bad-frame", f"there is no seat {str(seat)[:8]!r} at this table")
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= NAME_MAX or not name.isprintable():
            raise Refusal("bad-frame", f"a name is 1 to {NAME_MAX} printable characters")
        if len(self.seats) == len(self.seat_names) and seat in self.seats:
            raise Refusal("table-full", "every seat is taken")
        if seat in self.seats:
            raise Refusal("seat-taken", f"seat {seat} is taken")
        if conn.seat is not None:
            raise Refusal("seat-taken", f"you already hold seat {conn.seat}")
        token = new_token()
        self.seats[seat] = Seat(name.strip(), token_hash(token), connections=1)
        conn.seat = seat
        if conn.host and self.host_seat is None:
            self.host_seat = seat
        return token

    def leave(self, conn: Conn) -> None:
        if self.phase != "seating":
            raise Refusal("table-started", "the table has started: a seat is kept until the match ends")
        if conn.seat is None:
            raise Refusal("not-seated", "you hold no seat")
        del self.seats[conn.seat]
        if self.host_seat == conn.seat:
            self.host_seat = None
        conn.seat = None

    def commit(self, conn: Conn, value: Any) -> None:
        if self.phase != "seating":
            raise Refusal("table-started", "commitments are made before the start")
        if conn.seat is None:
            raise Refusal("not-seated", "only a seated person commits")
        if not isinstance(value, str) or len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
            raise Refusal("bad-commit", "a commitment is 64 lowercase hex digits (SHA-256 of your value)")
        self.seats[conn.seat].commitment = value

    def start(self, conn: Conn, now_ms: int) -> None:
        if not (conn.host or (conn.seat is not None and conn.seat == self.host_seat)):
            raise Refusal("not-host", "only the one who opened the table starts it")
        if self.phase != "seating":
            raise Refusal("table-started", "the table has already started")
        if not self.seats:
            raise Refusal("not-seated", "nobody is seated yet")
        missing = [s for s, x in self.seats.items() if not x.commitment]
        if missing:
            raise Refusal("bad-commit", f"{', '.join(missing)} has not committed yet", seats=missing)
        self.phase = "revealing"
        self.reveal_by = now_ms + REVEAL_MS

    def reveal(self, conn: Conn, value: Any) -> bool:
        """Take a seat's value; True once every value is in (the match is then dealt)."""
        if self.phase != "revealing":
            raise Refusal("bad-reveal", "values are revealed only after the start, when the table asks")
        if conn.seat is None:
            raise Refusal("not-seated", "only a seated person reveals")
        held = self.seats[conn.seat]
        try:
            fairseed.check_reveal(value if isinstance(value, str) else "", held.commitment or "")
        except TrickbookError as e:
            raise Refusal("bad-reveal", str(e)) from None
        held.value = value.lower()
        return all(x.value for x in self.seats.values())

    def drop_unrevealed(self) -> None:
        """Past the reveal's time, a person who has not revealed gives the seat up to a bot."""
        for s in [s for s, x in self.seats.items() if not x.value]:
            del self.seats[s]
            for conn in self.conns:
                if conn.seat == s:
                    conn.seat = None  # it watches on, as a spectator

    def deal(self, now_ms: int) -> list[dict[str, Any]]:
        """Every value is in: deal the match from the seed; the raw steps up to the first person's decision."""
        self.table = SharedTable(self.seed(), **self.table_terms())
        self.phase = "playing"
        self.reveal_by = None
        raw = self.table.raw_steps
        self.table.raw_steps = []
        self.reset_deadline(now_ms)
        return raw

    def match_ended(self) -> bool:
        return self.table is not None and self.table.is_over


def check_host(room: Room, token: Any) -> bool:
    return isinstance(token, str) and hmac.compare_digest(token_hash(token), room.host_token)


def seat_of(room: Room, token: Any) -> str | None:
    if not isinstance(token, str):
        return None
    digest = token_hash(token)
    for s, x in room.seats.items():
        if hmac.compare_digest(digest, x.token):
            return s
    return None
