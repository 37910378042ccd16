"""The online table's engine side: SharedTable's seats, journal, views, time-outs and bots' reasons."""

from __future__ import annotations

import random

import pytest

from trickbook.cards import Card
from trickbook.errors import IllegalActionError
from trickbook.fairseed import table_seed
from trickbook.table.conduct import TableError
from trickbook.table.shared import SharedTable

SEED = table_seed("ab" * 32, ["01" * 32, "02" * 32])
GAMES = [("euchre", None), ("yorkshire", None), ("trinidad", None), ("nap", 3), ("nap", 7)]


def _seats(game: str, players: int | None) -> tuple[str, ...]:
    return SharedTable(SEED, game=game, players=players, level="gentle").match.seats


def _play(table: SharedTable, rng: random.Random, limit: int = 2000) -> list[tuple[str, list]]:
    """Play the people's seats at random legal moves until the match ends; every move's raw steps."""
    out = []
    people = sorted(table.people)
    for _ in range(limit):
        if table.is_over:
            break
        seat = table.waiting_for()
        steps = (table.next_hand_by(people[0]) if seat is None
                 else table.act_as(seat, rng.choice(table.view(seat)["legal"])))
        out.append((seat or people[0], steps))
    return out


@pytest.mark.parametrize("game,players", GAMES)
def test_replaying_the_journal_rebuilds_every_seats_view_exactly(game: str, players: int | None) -> None:
    seats = _seats(game, players)
    people = list(seats[:2])
    table = SharedTable(SEED, game=game, players=players, people=people, level="gentle")
    rng = random.Random(7)
    for i, _ in enumerate(_play(table, rng, limit=40)):
        if i == 10:
            table.set_away(people[1], True)
        if i == 20:
            table.set_away(people[1], False)
    again = SharedTable.resume_shared(SEED, table.journal, game=game, players=players, people=people, level="gentle")
    for seat in [*seats, None]:
        assert again.view(seat) == table.view(seat)
    assert again.journal == table.journal


def test_a_seat_nobody_holds_and_an_away_persons_seat_are_played_by_bots_marked_as_bots() -> None:
    table = SharedTable(SEED, game="euchre", people=["S", "N"], level="gentle")
    marks = {s["seat"]: s["bot"] for s in table.view("S")["seats"]}
    assert marks == {"S": False, "W": True, "N": False, "E": True}
    assert table.waiting_for() in ("S", "N")
    table.set_away("S", True)
    table.set_away("N", True)
    assert table.waiting_for() is None
    # With both persons away the bots play the hand to its end, each step for a person's seat marked away.
    assert table.hand_over
    assert {s["seat"]: s["bot"] for s in table.view("S")["seats"]} == {"S": True, "W": True, "N": True, "E": True}
    assert table.journal == [["S", "away"], ["N", "away"]]


def test_another_seats_action_and_an_out_of_turn_one_are_refused_and_leave_the_table_as_it_was() -> None:
    table = SharedTable(SEED, game="euchre", people=["S", "N", "E", "W"], level="gentle")
    seat = table.waiting_for()
    assert seat is not None
    other = next(s for s in "SWNE" if s != seat)
    before = table.view(other)
    legal = table.view(seat)["legal"][0]
    with pytest.raises(IllegalActionError) as refused:
        table.act_as(other, legal)  # the action names the other seat: not theirs to play
    assert refused.value.reason.code == "table-not-your-seat"
    with pytest.raises(IllegalActionError) as out_of_turn:
        table.act_as(other, "pass")
    assert out_of_turn.value.reason.code == "not-your-turn"
    assert table.view(other) == before and table.journal == []


def test_a_time_out_plays_the_conducts_choice_and_is_journaled_as_a_time_out() -> None:
    table = SharedTable(SEED, game="euchre", people=["S", "N", "E", "W"], level="gentle")
    seat = table.waiting_for()
    assert seat is not None
    steps = table.steps_for(seat, table.timeout_seat(seat))
    assert steps[0]["timeout"] is True and steps[0]["events"][0]["code"] == "table-timeout"
    assert steps[0]["action"] == f"{seat} pass"  # never ordering up on a time-out
    assert table.journal == [[seat, "timeout"]]
    with pytest.raises(TableError):
        table.timeout_seat(seat)  # no longer that seat's decision


def test_a_spectators_view_and_steps_hold_no_card_of_any_hand() -> None:
    table = SharedTable(SEED, game="nap", players=5, people=["A", "B"], level="gentle")
    view = table.view(None)
    assert view["you"] is None and view["hand"] == [] and view["legal"] == [] and not view["your_turn"]
    hands = {str(c) for seat in table.match.seats for c in table.state.hands[seat]}
    assert hands and not hands & set(str(view).split("'"))


def test_a_bots_reason_naming_a_card_it_keeps_reaches_no_other_seat() -> None:
    # The full reason "lets the trick go and keeps K for later" names a card the bot still holds; its
    # public form, told during the hand, names only the card played. Every other seat is told that,
    # never the kept card (it was once withheld whole, the lesson with it, when the full form named one).
    kept_told = 0
    for n in range(6):
        seed = table_seed(f"{n:02x}" * 32, [])
        table = SharedTable(seed, game="yorkshire", people=["S"], level="gentle")
        rng = random.Random(n)
        for _, raw in _play(table, rng):
            for step in raw:
                if step["why"] is None or step["seat"] == "S":
                    continue
                for viewer in ["S", None]:
                    shown = table.steps_for(viewer, [step])[0]
                    held = set(step["hands"][viewer]) if viewer else set()
                    if step["why_cards"] <= held:
                        assert shown.get("why") == step["why"]
                    else:
                        assert "why" not in shown, (viewer, step["why"])
                    assert all(isinstance(c, Card) for c in step["why_cards"])
                if step["why"]["code"] == "bot-lets-go":
                    assert "kept" not in step["why"]["values"] and not step["why_cards"]
                    kept_told += 1
    assert kept_told > 0  # the seeds above do give such reasons (bot-keeps-cheaper, told as bot-lets-go)


def _play_to_hand_end(table: SharedTable, me: str) -> list[dict]:
    """The person at ``me`` plays their first legal move until the hand ends; the raw steps of its end."""
    for _ in range(80):
        seat = table.waiting_for()
        assert seat == me, seat
        raw = table.act_as(seat, table.view(seat)["legal"][0])
        if table.hand_over:
            return raw
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("game", ["euchre", "yorkshire", "trinidad", "nap"])
def test_at_a_hands_end_the_bots_full_reasons_are_told_to_each_seat_that_saw_every_card_they_name(game: str) -> None:
    """As at the single reader's table: the step that ends a hand carries the bots' full reasons (those that
    said more during the hand than their public form), to a person and to a spectator alike, when the seat
    has seen every card a reason names."""
    me = "A" if game == "nap" else "N"
    table = SharedTable("2b" * 32, game=game, people=[me], level="strong", players=4 if game == "nap" else None)
    raw = _play_to_hand_end(table, me)
    told = [r for r in raw if "reasons" in r]
    assert len(told) == 1 and told[0]["reasons"], "the strong bots said more than their public forms this hand"
    for seat in (me, None):
        (last,) = [s for s in table.steps_for(seat, raw) if "reasons" in s]
        assert last["reasons"] and all(set(r) == {"seat", "action", "why"} for r in last["reasons"])
    assert not any("reasons" in s for s in table.steps_for(me, table.next_hand_by(me)))


def test_a_full_reason_naming_a_card_never_shown_is_withheld_from_every_seat_but_the_bots() -> None:
    """Euchre's kitty stays face down: a full reason naming one of its cards is told to nobody (the
    reasons naming only cards that were played are told)."""
    table = SharedTable("2b" * 32, game="euchre", people=["N"], level="strong")
    hidden = next(c for c in table.state.deal.kitty if c != table.state.upcard)
    table.held.append({"seat": "E", "action": None, "why": {"code": "bot-keep", "values": {"card": str(hidden)}}})
    raw = _play_to_hand_end(table, "N")
    (end,) = [r for r in raw if "reasons" in r]
    assert any(h["why"]["values"].get("card") == str(hidden) for h in end["reasons"])
    for seat in ("N", None):
        (told,) = [s["reasons"] for s in table.steps_for(seat, raw) if "reasons" in s]
        assert all(r["why"]["values"].get("card") != str(hidden) for r in told)
        assert len(told) == len(end["reasons"]) - 1
