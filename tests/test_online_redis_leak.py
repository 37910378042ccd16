"""Over the routed path too, no frame a seat (or a spectator) gets names a card it may not see.

Two processes share one Redis (in this process, on one fake clock: ``redis_cluster.Cluster``). The table
is opened on process ``a``, which runs its room; half the people and the spectator are connected to
process ``b``, so every frame they send goes to ``a`` over Redis pub/sub and every frame they get comes
back the same way, built by ``a`` for the seat it stands for. What each seat may see is worked out from the
rules and the true deal, as in ``test_online_leak.py`` (whose ``Seen`` this reuses); a frame that reaches a
connection other than the one it was built for fails it as surely as a hidden card does.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Iterator

import pytest
from redis_cluster import Cluster, RedisServer
from test_online_leak import Seen

from trickbook.games import find_game
from trickbook.variants import house_options
from trickbook_site.online.cluster import ClusterHub
from trickbook_site.online.room import Conn
from trickbook_site.online.testing import value

pytestmark = pytest.mark.slow
CASES = [("euchre", None, False, 0), ("yorkshire", None, True, 1), ("trinidad", None, False, 2), ("nap", 5, True, 3)]


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    yield server
    server.stop()


@pytest.mark.parametrize("game,players,house,n", CASES)
def test_no_routed_frame_names_a_card_its_seat_may_not_see(redis_server: RedisServer, game: str,
                                                           players: int | None, house: bool, n: int,
                                                           tmp_path: Path) -> None:
    rng = random.Random(f"routed{game}{players}{house}{n}")
    cluster = Cluster(redis_server.url, ["a", "b"])
    a, b, clock = cluster.hubs["a"], cluster.hubs["b"], cluster.clock
    try:
        cls = find_game(game)
        rules = dict(house_options(cls, cls.rules_class())) if house else {}
        code, host = a.open_table({"game": game, "players": players, "rules": rules, "timers": True,
                                   "level": "gentle"})
        room = a.rooms[code]
        seats = list(room.seat_names)
        people = rng.sample(seats, rng.randint(2, len(seats)))
        inbox: dict[int, list[dict[str, Any]]] = {}
        where: dict[int, ClusterHub] = {}

        def send(conn: Conn, **frame: Any) -> None:
            clock.advance(110)  # under the frame rates
            where[id(conn)].receive(conn, json.dumps(frame))
            cluster.pump()

        def connect(token: str | None, hub: ClusterHub) -> Conn:
            box: list[dict[str, Any]] = []
            conn = Conn(send=box.append, address="10.0.0.1")
            inbox[id(conn)], where[id(conn)] = box, hub
            send(conn, type="hello", code=code, token=token, lang="en")
            return conn

        conns: dict[str | None, Conn] = {}
        tokens: dict[str, str] = {}
        for i, seat in enumerate(people):
            conn = connect(host if i == 0 else None, b if i % 2 else a)
            send(conn, type="sit", seat=seat, name=f"P{i}")
            tokens[seat] = next(f["token"] for f in inbox[id(conn)] if f["type"] == "seated")
            send(conn, type="commit", hash=value(i + 1 + n)[1])
            conns[seat] = conn
        conns[None] = connect(None, b)  # a spectator on the other process
        send(conns[people[0]], type="start")
        for i, seat in enumerate(people):
            send(conns[seat], type="reveal", value=value(i + 1 + n)[0])
        table = room.table
        assert table is not None and b.links and a.remotes and not b.rooms  # b runs no room: it routes
        seen = Seen()
        checked = routed = 0

        def drain() -> None:
            nonlocal checked, routed
            seen.note(table)
            hand = len(table.match.hands)
            for seat, conn in conns.items():
                box = inbox[id(conn)]
                assert "close" not in [f["type"] for f in box], box
                for frame in box:
                    seen.check(seat, frame, hand)
                    checked += 1
                    routed += where[id(conn)] is b and frame["type"] in ("update", "snapshot")
                box.clear()

        drain()
        asked_in: set[int] = set()
        for move in range(3000):
            if table.is_over:
                break
            hand = len(table.match.hands)
            if hand not in asked_in:  # explanations of a sample of cards and objects once a hand
                asked_in.add(hand)
                targets = rng.sample([f"card:{r}{s}" for r in "9TJQKA" for s in "SHDC"], 8)
                targets += list(table.conduct.objects) + [f"taken:{s}" for s in seats]
                for conn in conns.values():
                    for target in targets:
                        send(conn, type="explain", target=target)
                drain()
            turn = len(table.journal)
            waiting = table.waiting_for()
            if move % 37 == 5:  # someone drops, is played by a bot, comes back on the other process
                gone = rng.choice(people[1:])
                hub = where[id(conns[gone])]
                hub.leave(conns[gone])
                cluster.pump()
                clock.advance(30_000)
                a.tick()
                b.tick()
                cluster.pump()
                drain()
                conns[gone] = connect(tokens[gone], b if hub is a else a)
            elif waiting is None:
                send(conns[people[0]], type="next", turn=turn)
            elif rng.random() < 0.1:
                clock.advance(20_000)  # the decision times out
                a.tick()
                cluster.pump()
            else:
                legal = table.view(waiting)["legal"]
                send(conns[waiting], type="act", action=rng.choice(legal), turn=turn)
            drain()
        assert table.is_over and checked > 50 and routed > 10
        print(game, "frames checked", checked, "updates routed", routed, "moves", len(table.journal))
        # Every move is in Redis, in order, as the owner's journal holds it.
        assert b.redis_store.load(code) == (room.data(), "over", [list(e) for e in table.journal])
    finally:
        cluster.close()


def test_a_class_lives_in_the_process_that_opened_it_and_its_students_reach_it_from_another(
        redis_server: RedisServer) -> None:
    """A class opened on process ``a``: its tables' leases are ``a``'s (another process's sweep never takes
    them while ``a`` lives), a student whose page reached process ``b`` sits at a table and answers the
    teacher's question over the routed path, and the teacher on ``a`` reads the answer."""
    cluster = Cluster(redis_server.url, ["a", "b"], lease_ms=5_000)
    a, b, clock = cluster.hubs["a"], cluster.hubs["b"], cluster.clock
    try:
        klass, teacher, _ = a.open_class({"game": "euchre", "tables": 2, "timers": False, "level": "gentle"})
        assert {r.code for r in klass.rooms} <= a.owned
        inbox: dict[int, list[dict[str, Any]]] = {}

        def conn_on(hub: ClusterHub) -> Conn:
            box: list[dict[str, Any]] = []
            c = Conn(send=box.append, address="10.0.0.9")
            inbox[id(c)] = box
            c.hub = hub  # type: ignore[attr-defined]  # which process this page reached (the test's note)
            return c

        def send(c: Conn, **frame: Any) -> None:
            clock.advance(110)
            c.hub.receive(c, json.dumps(frame))  # type: ignore[attr-defined]
            cluster.pump()

        teacher_conn = conn_on(a)
        send(teacher_conn, type="watch", **{"class": klass.code}, token=teacher)
        students = {}
        for n, (index, seat) in enumerate([(0, "N"), (1, "S")]):
            c = conn_on(b)
            send(c, type="hello", code=klass.rooms[index].code, token=None, lang="en")
            send(c, type="sit", seat=seat, name=f"S{n}")
            send(c, type="commit", hash=value(n + 1)[1])
            students[index] = (c, seat, n)
        send(teacher_conn, type="begin")
        for c, _seat, n in students.values():
            send(c, type="reveal", value=value(n + 1)[0])
        assert all(r.table is not None for r in klass.rooms)
        assert klass.rooms[0].table.match.seed == klass.rooms[1].table.match.seed  # one duplicate seed
        clock.advance(20_000)  # past the lease: a's tick renews it, b's sweep finds the tables owned
        a.tick()
        b.tick()
        cluster.pump()
        assert not set(b.rooms) & {r.code for r in klass.rooms}
        for _ in range(40):  # the students (on b) pass or play until one is to play a card
            moved = False
            for index, (c, seat, _n) in students.items():
                table = klass.rooms[index].table
                if table.waiting_for() == seat and not any(
                        x.seat == seat and x.verb == "play" for x in table.state.legal_actions()):
                    send(c, type="act", action=table.view(seat)["legal"][0], turn=len(table.journal))
                    moved = True
            if not moved:
                break
        send(teacher_conn, type="ask", kind="legal")
        ask = klass.ask
        assert ask is not None
        asked = [(i, p) for i, p in ask.tables.items() if students[i][1] == p.seat]
        assert asked, "a student of the class is to play a card"
        for index, part in asked:
            c = students[index][0]
            question = [f for f in inbox[id(c)] if f["type"] == "question"][-1]
            send(c, type="answer", ask=question["ask"], answer=part.key["accepted"])
        frame = [f for f in inbox[id(teacher_conn)] if f["type"] == "class"][-1]
        assert frame["ask"]["spread"]["right"] == len(asked)
    finally:
        cluster.close()
