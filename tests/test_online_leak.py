"""No frame the table server sends a seat (or a spectator) names a card that seat may not see.

Many seeded matches of every game (Nap at 3 to 7 seats), house rules off and on, people and bots mixed,
people going away and coming back, a reconnect's snapshot, a spectator, and every explanation asked of
every card and object once a hand. What a seat may see is worked out from the rules and the true deal,
never from the views under test: its own cards (not the Yorkshire pitcher's partner's before the pitch
or the early look), every card played to a trick, a Yorkshire hand thrown in face up, the Euchre upcard
(and the bowers, which the rules name once trumps are made) and the Trinidad kicks. Every card
named anywhere in a frame (values, action texts, hands, keys) must be among those of its hand.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any, Iterator

import pytest

from trickbook.cards import Card
from trickbook.fairseed import table_seed
from trickbook.games import find_game
from trickbook.variants import house_options
from trickbook_site.online.hub import FakeClock, Hub
from trickbook_site.online.room import Conn
from trickbook_site.online.store import Store
from trickbook_site.online.testing import value

CARD = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])([SHDC♠♥♦♣])(?![A-Za-z0-9])")
DECK = [f"{r}{s}" for r in "23456789TJQKA" for s in "SHDC"]
CASES = [(game, players, rules, n) for game, players in
         [("euchre", None), ("yorkshire", None), ("trinidad", None)] + [("nap", k) for k in range(3, 8)]
         for rules in (False, True) for n in range(2)]


def _cards_in(obj: Any) -> Iterator[str]:
    """Every card a frame names, in any string or key, as its canonical text."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _cards_in(k)
            yield from _cards_in(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _cards_in(v)
    elif isinstance(obj, str):
        for m in CARD.finditer(obj):
            yield str(Card.parse(m.group(0)))


class Seen:
    """What each seat may see in each hand, kept from the true state after every move."""

    def __init__(self) -> None:
        self.may: dict[tuple[str | None, int], set[str]] = {}
        self.dealt: dict[str, set[str]] = {}

    def note(self, table: Any) -> None:
        state, hand = table.state, len(table.match.hands)
        public = {str(e.card) for t in state.tricks for e in t.entries if e.card is not None}
        # A Yorkshire hand thrown in is laid face up.
        public |= {str(c) for t in state.tricks for e in t.entries for c in (getattr(e, "thrown", None) or ())}
        game = table.game
        if game == "euchre":
            public.add(str(state.upcard))
            if state.trump in ("S", "C", "H", "D"):  # the rules name the bowers once trumps are made
                public |= {f"J{state.trump}", "J" + {"S": "C", "C": "S", "H": "D", "D": "H"}[state.trump]}
        if game == "trinidad":
            public |= {str(c) for c in state.kicks}
        for seat in [None, *table.match.seats]:
            key = (seat, hand)
            mine = self.may.setdefault(key, set())
            mine |= public
            if seat is None:
                continue
            before_pitch = (game == "yorkshire" and state.partner(state.pitcher) == seat and state.trump is None
                            and state.peeked is None)
            if not before_pitch:
                own = {str(c) for c in state.hands[seat]} | {str(c) for c in state.deal.hands[seat]}
                mine |= own
            self.dealt.setdefault(seat, set()).update(str(c) for c in state.deal.hands[seat])

    def check(self, seat: str | None, frame: dict[str, Any], hand: int) -> None:
        if frame["type"] in ("lobby", "seated", "revealed", "pong", "error"):
            return
        body = json.loads(json.dumps(frame))
        view = body.get("view") or {}
        dealt = view.pop("dealt", None) if isinstance(view, dict) else None
        if dealt:
            assert seat is not None, "a spectator was sent dealt hands"
            assert set(_cards_in(dealt)) <= self.dealt[seat], (seat, "dealt")
        for step in body.get("steps", []):
            step.get("view", {}).pop("dealt", None)
            number = step.get("view", {}).get("hand_number", hand)
            extra = set(_cards_in(step)) - self.may[(seat, number)]
            assert not extra, (seat, number, sorted(extra), step)
        body.pop("steps", None)
        asked = set(_cards_in(body.get("target", "")))  # the card the seat itself asked about
        number = view.get("hand_number", hand) if isinstance(view, dict) else hand
        extra = set(_cards_in(body)) - self.may[(seat, number)]
        if frame["type"] == "explained":
            assert [m["code"] for m in body["messages"]] == ["card-not-in-hand"] or not asked & extra, body
            extra -= asked  # "not in your hand" names only the card asked about
        assert not extra, (seat, frame["type"], number, sorted(extra), body.get("messages"), body.get("target"))


def _send(hub: Hub, clock: FakeClock, conn: Conn, **frame: Any) -> None:
    clock.advance(60)  # under the frame rate
    hub.receive(conn, json.dumps(frame))


@pytest.mark.parametrize("game,players,house,n", CASES)
def test_no_frame_to_any_seat_or_spectator_names_a_card_it_may_not_see(game: str, players: int | None,
                                                                        house: bool, n: int) -> None:
    rng = random.Random(f"{game}{players}{house}{n}")
    clock = FakeClock()
    hub = Hub(Store(":memory:"), clock)
    cls = find_game(game)
    rules = dict(house_options(cls, cls.rules_class())) if house else {}
    code, host = hub.open_table({"game": game, "players": players, "rules": rules, "timers": True,
                                 "level": "gentle"})
    room = hub.rooms[code]
    seats = list(room.seat_names)
    people = rng.sample(seats, rng.randint(1, len(seats)))
    inbox: dict[int, list[dict[str, Any]]] = {}

    def connect(token: str | None) -> Conn:
        box: list[dict[str, Any]] = []
        conn = Conn(send=box.append, address="10.0.0.1")
        inbox[id(conn)] = box
        _send(hub, clock, conn, type="hello", code=code, token=token, lang="en")
        return conn

    conns: dict[str | None, Conn] = {}
    tokens: dict[str, str] = {}
    for i, seat in enumerate(people):
        conn = connect(host if i == 0 else None)
        _send(hub, clock, conn, type="sit", seat=seat, name=f"P{i}")
        tokens[seat] = next(f["token"] for f in inbox[id(conn)] if f["type"] == "seated")
        _send(hub, clock, conn, type="commit", hash=value(i + 1 + n)[1])
        conns[seat] = conn
    conns[None] = connect(None)  # a spectator
    _send(hub, clock, conns[people[0]], type="start")
    for i, seat in enumerate(people):
        _send(hub, clock, conns[seat], type="reveal", value=value(i + 1 + n)[0])
    table = room.table
    assert table is not None
    assert table.match.seed == table_seed(room.secret, [value(people.index(s) + 1 + n)[0] for s in seats
                                                        if s in people])
    seen = Seen()
    checked = 0

    def drain() -> None:
        nonlocal checked
        seen.note(table)
        hand = len(table.match.hands)
        for seat, conn in conns.items():
            box = inbox[id(conn)]
            for frame in box:
                seen.check(seat, frame, hand)
                checked += 1
            box.clear()

    drain()
    asked_in: set[int] = set()
    for move in range(3000):
        if table.is_over:
            break
        hand = len(table.match.hands)
        if hand not in asked_in:  # every explanation once a hand, by every person and the spectator
            asked_in.add(hand)
            targets = [f"card:{c}" for c in DECK] + list(table.conduct.objects) + [f"taken:{s}" for s in seats]
            for conn in conns.values():
                for target in targets:
                    conn.frames.clear()
                    _send(hub, clock, conn, type="explain", target=target)
            drain()
        turn = len(table.journal)
        waiting = table.waiting_for()
        if move % 37 == 5 and len(people) > 1:  # someone drops, is played by a bot, comes back
            gone = rng.choice(people[1:])
            hub.leave(conns[gone])
            clock.advance(30_000)
            hub.tick()
            drain()
            conns[gone] = connect(tokens[gone])  # a reconnect: lobby and a snapshot
        elif waiting is None:
            _send(hub, clock, conns[people[0]], type="next", turn=turn)
        elif rng.random() < 0.1:
            clock.advance(20_000)  # the decision times out
            hub.tick()
        else:
            legal = table.view(waiting)["legal"]
            _send(hub, clock, conns[waiting], type="act", action=rng.choice(legal), turn=turn)
        drain()
    assert table.is_over and checked > 50
