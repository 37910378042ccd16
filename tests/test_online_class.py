"""A class at the online table, in process: duplicate deals from one fair seed, the teacher's, the projector's
and a student's view, pause, asking the seat to play, the review of each hand and the results.

The hub is driven frame by frame with a fake clock (as in test_online_leak.py); what each connection was
sent is read back from its inbox. What a projector or a student may see is worked out from the rules and
the true deal (test_online_leak.Seen), never from the frames under test.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_online_leak import Seen, _cards_in

from trickbook.cards import Card
from trickbook.fairseed import commitment, table_seed
from trickbook.questions.solve import Solver, goal_for, side_of
from trickbook.record import parse_record, replay
from trickbook_site.online.hub import FakeClock, Hub
from trickbook_site.online.review import costly_plays
from trickbook_site.online.room import Conn, Refusal
from trickbook_site.online.store import Store
from trickbook_site.online.testing import server, value


class Class:
    """A class of ``tables`` Euchre tables opened on a fresh hub, and everyone's connections."""

    def __init__(self, tables: int = 2, duplicate: bool = True, game: str = "euchre", db: str = ":memory:") -> None:
        self.clock = FakeClock()
        self.hub = Hub(Store(db), self.clock)
        self.klass, self.teacher_token, self.projector_token = self.hub.open_class(
            {"game": game, "timers": True, "level": "gentle", "tables": tables, "duplicate": duplicate})
        self.inbox: dict[int, list[dict[str, Any]]] = {}
        self.teacher = self.watch(self.teacher_token)
        self.projector = self.watch(self.projector_token)
        self.students: dict[tuple[int, str], Conn] = {}
        self.values: dict[tuple[int, str], str] = {}

    def conn(self) -> Conn:
        box: list[dict[str, Any]] = []
        c = Conn(send=box.append, address="10.0.0.7")
        self.inbox[id(c)] = box
        return c

    def send(self, conn: Conn, **frame: Any) -> None:
        self.clock.advance(120)  # under the frame rate
        self.hub.receive(conn, json.dumps(frame))

    def last(self, conn: Conn, kind: str) -> dict[str, Any]:
        return [f for f in self.inbox[id(conn)] if f["type"] == kind][-1]

    def watch(self, token: str | None) -> Conn:
        c = self.conn()
        self.send(c, type="watch", **{"class": self.klass.code}, token=token)
        return c

    def sit(self, table: int, seat: str, n: int) -> Conn:
        c = self.conn()
        self.send(c, type="hello", code=self.klass.rooms[table].code, token=None, lang="en")
        self.send(c, type="sit", seat=seat, name=f"Student {n}")
        v, h = value(n)
        self.send(c, type="commit", hash=h)
        self.students[(table, seat)] = c
        self.values[(table, seat)] = v
        return c

    def begin(self) -> None:
        self.send(self.teacher, type="begin")
        for (table, seat), c in self.students.items():
            self.send(c, type="reveal", value=self.values[(table, seat)])

    def table(self, index: int) -> Any:
        table = self.klass.rooms[index].table
        assert table is not None
        return table

    def act(self, index: int, action: str | None = None) -> None:
        """The person the table waits for plays ``action`` (or the first of their legal moves)."""
        table = self.table(index)
        seat = table.waiting_for()
        assert seat is not None
        if action is None:
            action = table.view(seat)["legal"][0]
        self.send(self.students[(index, seat)], type="act", action=action, turn=len(table.journal))

    def errors(self, conn: Conn) -> list[str]:
        return [f["error"]["code"] for f in self.inbox[id(conn)] if f["type"] == "error"]


def test_a_duplicate_class_deals_every_table_the_same_cards_from_one_seed_of_everyones_values() -> None:
    c = Class(tables=2)
    c.sit(0, "S", 1)
    c.sit(0, "N", 2)
    c.sit(1, "E", 3)
    c.begin()
    rooms = c.klass.rooms
    assert all(r.phase == "playing" for r in rooms)
    # One seed: the class's secret and every value, table by table, each table's in its seats' order.
    order = [(i, s) for i, r in enumerate(rooms) for s in r.seat_names if (i, s) in c.values]
    assert order == [(0, "N"), (0, "S"), (1, "E")]  # Euchre's seats go N, E, S, W
    seed = table_seed(rooms[0].secret, [c.values[k] for k in order])
    assert rooms[0].secret == rooms[1].secret
    assert c.table(0).match.seed == c.table(1).match.seed == seed
    first = [c.table(i).match.hands[0] for i in (0, 1)]
    assert first[0].deal.hands == first[1].deal.hands and first[0].dealer == first[1].dealer
    # Every page of the class was shown the one dealer commitment, and at the end is given every value.
    lobby = c.last(c.students[(1, "E")], "lobby")
    assert lobby["dealer_commitment"] == commitment(rooms[0].secret) and lobby["class"] == c.klass.code
    assert rooms[1].revealed()["class_values"] == [c.values[k] for k in order]


def test_without_duplicate_each_table_has_its_own_secret_and_seed() -> None:
    c = Class(tables=2, duplicate=False)
    c.sit(0, "S", 1)
    c.sit(1, "S", 2)
    c.begin()
    assert c.klass.rooms[0].secret != c.klass.rooms[1].secret
    assert c.table(0).match.seed == table_seed(c.klass.rooms[0].secret, [c.values[(0, "S")]])
    assert c.table(0).match.seed != c.table(1).match.seed


def test_a_duplicate_table_waits_for_the_other_tables_values_before_it_deals() -> None:
    c = Class(tables=2)
    c.sit(0, "S", 1)
    c.sit(1, "S", 2)
    c.send(c.teacher, type="begin")
    c.send(c.students[(0, "S")], type="reveal", value=c.values[(0, "S")])
    assert c.klass.rooms[0].table is None and c.klass.rooms[0].phase == "revealing"
    c.send(c.students[(1, "S")], type="reveal", value=c.values[(1, "S")])
    assert c.table(0).match.seed == c.table(1).match.seed


def test_only_the_teachers_token_opens_the_teachers_view_and_its_frames() -> None:
    c = Class()
    c.sit(0, "S", 1)
    student = c.students[(0, "S")]
    for frame in ("begin", "pause", "ask"):
        c.send(student, type=frame, kind="legal")
        assert c.errors(student)[-1] == "not-host"
    guesser = c.conn()
    c.send(guesser, type="watch", **{"class": c.klass.code}, token=c.teacher_token[:-2] + "xx")
    assert c.errors(guesser) == ["not-host"]
    # A student watching the class reads its tables and seats, and no hand.
    watcher = c.watch(None)
    frame = c.last(watcher, "class")
    assert frame["role"] == "student" and all("view" not in t for t in frame["tables"])
    assert c.last(c.teacher, "class")["role"] == "teacher"
    assert c.hub.class_results(c.klass.code, c.projector_token) is None


def test_the_teacher_pauses_every_table_a_move_is_refused_and_the_clock_stops_until_resumed() -> None:
    c = Class(tables=2)
    for i, seat in enumerate(["S", "N", "E", "W"]):
        c.sit(0, seat, i + 1)
    c.sit(1, "S", 9)
    c.begin()
    room = c.klass.rooms[0]
    assert room.deadline is not None
    c.clock.advance(5_000)
    c.send(c.teacher, type="pause")
    assert all(r.paused for r in c.klass.rooms) and room.deadline is None
    seat = c.table(0).waiting_for()
    turn = len(c.table(0).journal)
    c.act(0)
    assert c.errors(c.students[(0, seat)])[-1] == "paused" and len(c.table(0).journal) == turn
    c.clock.advance(60_000)  # far past the decision's 20 s: a paused table's clock does not run
    c.hub.tick()
    assert len(c.table(0).journal) == turn
    c.send(c.teacher, type="resume")
    assert not room.paused and room.deadline is not None
    assert room.deadline[1] - c.clock.now_ms() <= 15_000  # the time left when paused, not a fresh 20 s
    c.act(0)
    assert len(c.table(0).journal) > turn


def _to_play(c: Class, index: int) -> None:
    """Move table ``index`` on until a person is to play a card."""
    for _ in range(40):
        table = c.table(index)
        seat = table.waiting_for()
        if seat is not None and any(a.seat == seat and a.verb == "play" for a in table.state.legal_actions()):
            return
        c.act(index)
    raise AssertionError("no card to play")


@pytest.mark.parametrize("lang_kind", ["legal", "play"])
def test_the_teacher_asks_the_seat_to_play_the_answers_spread_and_each_student_reads_their_verdict(
        lang_kind: str) -> None:
    c = Class(tables=2)
    for i, seat in enumerate(["S", "N", "E", "W"]):
        c.sit(0, seat, i + 1)
        c.sit(1, seat, i + 11)
    c.begin()
    _to_play(c, 0)
    _to_play(c, 1)
    rule = "wins-trick" if lang_kind == "play" else None
    for _ in range(12):  # a position where the rule tells the cards apart at one table at least
        c.send(c.teacher, type="ask", kind=lang_kind, rule=rule)
        ask = c.klass.ask
        assert ask is not None and all(r.paused for r in c.klass.rooms)
        if ask.tables:
            break
        c.send(c.teacher, type="resume")
        for index in (0, 1):
            c.act(index)
            _to_play(c, index)
    answered = 0
    for index in (0, 1):
        part = ask.tables.get(index)
        if part is None:  # nothing to ask at this table (every card does it, say): the teacher reads why
            assert index in ask.skipped
            continue
        student = c.students[(index, part.seat)]
        question = c.last(student, "question")
        assert question["choices"] == part.key["choices"]
        others = [s for (i, s), conn in c.students.items() if i == index and s != part.seat]
        assert all(not any(f["type"] == "question" for f in c.inbox[id(c.students[(index, s)])]) for s in others)
        # Table 0 answers right, table 1 wrong (a card the key does not accept).
        accepted, choices = part.key["accepted"], part.key["choices"]
        if index == 0:
            given: Any = accepted if lang_kind == "legal" else accepted[0]
        else:
            wrong = [x for x in choices if x not in accepted]
            given = choices if lang_kind == "legal" and wrong else (wrong[0] if wrong else [])
        c.send(student, type="answer", ask=question["ask"], answer=given)
        answered += 1
    assert answered
    spread = c.last(c.teacher, "class")["ask"]["spread"]
    assert spread["right"] + spread["wrong"] == answered and spread["waiting"] == 0
    projected = c.last(c.projector, "class")["ask"]
    assert projected["spread"] == spread
    assert all("choices" not in t and "answer" not in t and "reasons" not in t for t in projected["tables"])
    c.send(c.teacher, type="settle")
    for index, part in ask.tables.items():
        verdict = c.last(c.students[(index, part.seat)], "verdict")
        assert verdict["verdict"]["right"] is (index == 0)
    c.send(c.teacher, type="resume")
    assert not any(r.paused for r in c.klass.rooms)


def test_no_frame_to_the_projector_or_a_student_names_a_card_they_may_not_see() -> None:
    c = Class(tables=2)
    for i, seat in enumerate(["S", "N"]):
        c.sit(0, seat, i + 1)
    c.sit(1, "E", 5)
    watcher = c.watch(None)
    c.begin()
    seen = [Seen(), Seen()]
    checked = 0

    def drain() -> None:
        nonlocal checked
        for index in (0, 1):
            seen[index].note(c.table(index))
        for conn, who in [(c.projector, None), (watcher, None)] + [(conn, key) for key, conn in c.students.items()]:
            box = c.inbox[id(conn)]
            for frame in box:
                if frame["type"] == "class":
                    for t in frame["tables"]:
                        if "view" in t:
                            hand = t["view"].get("hand_number") or len(c.table(t["index"]).match.hands)
                            extra = set(_cards_in(t["view"])) - seen[t["index"]].may[(None, hand)]
                            assert not extra, (who, t["index"], sorted(extra))
                    if "ask" in frame:
                        assert not set(_cards_in(frame["ask"])) - set().union(
                            *(s.may.get((None, len(c.table(i).match.hands)), set()) for i, s in enumerate(seen)))
                elif who is not None:
                    seen[who[0]].check(who[1], frame, len(c.table(who[0]).match.hands))
                checked += 1
            box.clear()

    drain()
    for move in range(400):
        if c.table(0).is_over and c.table(1).is_over:
            break
        if move % 25 == 3 and c.klass.ask is None:
            c.send(c.teacher, type="ask", kind="legal")
            for index, part in c.klass.ask.tables.items() if c.klass.ask else ():
                c.send(c.students[(index, part.seat)], type="answer", ask=c.klass.ask.number,
                       answer=part.key["choices"][:1])
            c.send(c.teacher, type="settle")
            drain()
            c.send(c.teacher, type="resume")
            c.klass.ask = None
        for index in (0, 1):
            table = c.table(index)
            if table.is_over:
                continue
            if table.waiting_for() is None:
                person = next(s for (i, s) in c.students if i == index)
                c.send(c.students[(index, person)], type="next", turn=len(table.journal))
            else:
                c.act(index)
        c.hub.run_reviews()
        drain()
    assert checked > 100


def _costly_card(table: Any) -> tuple[str, Card] | None:
    """A card the seat to play may play that loses its side the contract against best play, with all
    hands known (worked out here with the solver, apart from the review under test)."""
    state = table.state
    seat = state.current_player
    if seat is None or not getattr(state, "maker", None):
        return None
    makers = state.team_of(state.maker)
    found = goal_for("wins-trick", state, seat)
    assert not isinstance(found, str)

    def made(s: Any) -> bool | None:
        won = s.tricks_won()
        if won[makers] >= 3:
            return True
        return False if sum(won.values()) - won[makers] >= 3 else None

    def euchred(s: Any) -> bool | None:
        m = made(s)
        return None if m is None else not m
    ours = state.team_of(seat) == makers
    solver = Solver(side_of(state, seat), made if ours else euchred, lambda s: tuple(sorted(s.tricks_won().items())))
    good, bad = [], []
    for action in state.legal_actions():
        if action.seat != seat or action.verb != "play" or action.card is None:
            continue
        child = state.clone()
        child.apply(action)
        (good if solver.wins(child) else bad).append(action.card)
    return (seat, bad[0]) if good and bad else None


def test_the_review_marks_a_play_the_look_ahead_proves_cost_the_contract_and_the_results_replay() -> None:
    """A student, told by the test which card loses the contract with every hand known, plays it; the
    teacher's review of that hand marks exactly that play, with a card that would have kept it."""
    for attempt in range(1, 30):
        c = Class(tables=1)
        for i, seat in enumerate(["S", "N", "E", "W"]):
            c.sit(0, seat, attempt * 4 + i)
        c.begin()
        marked = None
        for _ in range(60):
            table = c.table(0)
            if table.hand_over:
                break
            costly = _costly_card(table) if table.state.phase.value == "play" else None
            if costly is not None and marked is None:
                marked = costly
                c.act(0, f"{costly[0]} {costly[1]}")
            else:
                c.act(0)
        if marked is None or not c.table(0).hand_over:
            continue
        assert c.hub.run_reviews() == 1
        marks = c.klass.rooms[0].results[0]["marks"]
        assert {"seat": marked[0], "card": str(marked[1])} in [{"seat": m["seat"], "card": m["card"]} for m in marks]
        # The contract is among the stakes that play is marked for (a play that loses the contract may
        # also be marked for the march the side could have made).
        stakes = {m["stake"]: m["better"] for m in marks if (m["seat"], m["card"]) == (marked[0], str(marked[1]))}
        assert stakes.get("contract"), stakes
        assert marks == costly_plays(c.table(0).match, 0)
        teacher = c.last(c.teacher, "class")["tables"][0]["results"][0]
        assert teacher["marks"] == marks and teacher["result"]["maker"]
        results = c.hub.class_results(c.klass.code, c.teacher_token)
        assert results is not None
        record = parse_record(results["tables"][0]["hands"][0])
        assert replay(record).state.history == c.table(0).match.hands[0].history
        return
    raise AssertionError("no seat had a costly card in 30 classes")


def test_a_class_comes_back_after_a_restart_with_its_tables_and_their_pause(tmp_path: Any) -> None:
    db = str(tmp_path / "tables.db")
    c = Class(tables=2, db=db)
    c.sit(0, "S", 1)
    c.sit(1, "S", 2)
    c.begin()
    c.send(c.teacher, type="pause")
    journal = list(c.table(0).journal)
    hub = Hub(Store(db), c.clock)
    again = hub.classes[c.klass.code]
    assert [r.code for r in again.rooms] == [r.code for r in c.klass.rooms] and again.duplicate
    assert all(r.paused for r in again.rooms) and again.rooms[0].table is not None
    assert again.rooms[0].table.journal == journal
    assert again.rooms[0].table.match.seed == c.table(1).match.seed


def test_a_class_is_refused_with_a_clear_reason_for_bad_terms() -> None:
    hub = Hub(Store(":memory:"), FakeClock())
    for body, words in [({"game": "euchre", "tables": 9}, "1 to 8 tables"), ({"game": "euchre", "duplicate": 1},
                        "duplicate is true or false"), ({"game": "chess"}, "chess"), ([], "JSON object")]:
        with pytest.raises(Refusal) as e:
            hub.open_class(body)
        assert words in e.value.text


def test_a_costly_play_is_never_marked_when_no_card_could_have_kept_the_stake() -> None:
    """Every mark names at least one better card, and that card does keep the stake (checked again)."""
    c = Class(tables=1)
    for i, seat in enumerate(["S", "N", "E", "W"]):
        c.sit(0, seat, 40 + i)
    c.begin()
    for _ in range(200):
        table = c.table(0)
        if table.is_over or len(table.match.hands) > 3:
            break
        if table.waiting_for() is None:
            c.send(c.students[(0, "S")], type="next", turn=len(table.journal))
        else:
            c.act(0)
    match = c.table(0).match
    for index in range(len(match.hands) - (0 if c.table(0).hand_over else 1)):
        for mark in costly_plays(match, index):
            assert mark["better"] and mark["card"] not in mark["better"]
            assert all(Card.parse(b) != Card.parse(mark["card"]) for b in mark["better"])


def test_a_class_is_opened_over_http_and_its_qr_code_leads_to_the_play_page_in_the_readers_language() -> None:
    with server() as s:
        answer = s.client.post("/online/classes", json={"game": "nap", "players": 4, "tables": 3}).json()
        assert answer["ok"] and len(answer["tables"]) == 3 and answer["teacher"] != answer["projector"]
        for lang in ("en", "pt", "fr"):
            qr = s.client.get(f"/online/qr/{answer['code']}.svg?lang={lang}")
            assert f"/{lang}/play-nap/#class={answer['code']}".encode() in qr.content
        table = s.client.get(f"/online/qr/{answer['tables'][0]}.svg")
        assert f"/en/play-nap/#join={answer['tables'][0]}".encode() in table.content
        refused = s.client.post("/online/classes", json={"game": "nap", "tables": 0})
        assert refused.status_code == 400 and "1 to 8 tables" in refused.json()["error"]["text"]
        taken = s.client.post(f"/online/classes/{answer['code']}/results", json={"token": answer["projector"]})
        assert taken.status_code == 404
        results = s.client.post(f"/online/classes/{answer['code']}/results", json={"token": answer["teacher"]})
        assert results.status_code == 200 and len(results.json()["tables"]) == 3


def test_serve_class_opens_a_class_and_prints_the_students_the_teachers_and_the_projectors_links() -> None:
    from trickbook_site.cli import _parser
    from trickbook_site.serve import _announce_class, _open_class

    args = _parser().parse_args(["serve", "--class", "trinidad", "--tables", "3", "--no-duplicate"])
    assert (args.klass, args.tables, args.no_duplicate) == ("trinidad", 3, True)
    hub = Hub(Store(":memory:"), FakeClock())
    said: list[str] = []
    opened = _open_class(hub, {"game": "trinidad", "tables": 3, "duplicate": False}, said.append)
    assert opened is not None
    _announce_class(opened, "127.0.0.1", 8000, said.append)
    klass = opened[0]
    assert said[0].startswith(f"class {klass.code[:5]}-{klass.code[5:]}: 3 table(s) of trinidad")
    assert f"http://127.0.0.1:8000/en/play-trinidad/#class={klass.code}" in said[1]
    teacher = said[2].split("teacher=")[1]
    projector = said[3].split("projector=")[1]
    assert "projector=" not in said[2] or said[2].index("teacher=") < said[2].index("projector=")
    assert hub.class_results(klass.code, teacher) is not None and hub.class_results(klass.code, projector) is None
    assert _open_class(hub, {"game": "trinidad", "tables": 12, "duplicate": False}, said.append) is None
    assert said[-1] == "serve: no class opened: a class has 1 to 8 tables"


def test_codes_and_tokens_tried_at_a_class_are_rate_limited_as_table_codes_are() -> None:
    c = Class()
    guesser = c.conn()
    for n in range(10):
        c.send(guesser, type="watch", **{"class": c.klass.code}, token=f"guess-{n}")
    assert c.errors(guesser) == ["not-host"] * 10
    c.send(guesser, type="watch", **{"class": c.klass.code}, token=c.teacher_token)
    assert c.errors(guesser)[-1] == "rate-limited"  # even the right token, until the minute has passed
    c.clock.advance(60_000)
    c.send(guesser, type="watch", **{"class": c.klass.code}, token=c.teacher_token)
    assert c.last(guesser, "class")["role"] == "teacher"
