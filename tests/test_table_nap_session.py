"""A Nap session at the play table: several rounds of deals, the deal passing to the left, the
balances carried from deal to deal, and the end after the number of deals stated from the start.

From the Nap rules (docs/nap.md, rule text 001): each player bids once; a contract of three,
four, Nap or Wellington needs 3, 4, 5 or 5 tricks and is paid 3, 4, 5 or 10 by every other
player when made, the same paid to each of them when lost; when every player passes nobody
pays. A round is one deal by each player.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from helpers import GentleTable as Table  # the gentle bots: the table, not their strength, is under test

from trickbook.table import NEXT, TableError, facade

SEEDS = [hashlib.sha256(f"nap-session-{i}".encode()).hexdigest() for i in range(10)]
NEEDED = {"three": 3, "four": 4, "nap": 5, "wellington": 5}
PAID = {"three": 3, "four": 4, "nap": 5, "wellington": 10}


def play_session(table: Table) -> list[dict]:
    """Play to the end (the reader bids three when it may, else takes the first legal action);
    the view at the start of each deal."""
    starts = [table.view()]
    moves = 0
    while not table.is_over:
        if table.hand_over:
            table.next_hand()
            starts.append(table.view())
            continue
        legal = table.view()["legal"]
        table.act(next((a for a in legal if a.endswith("bid three")), legal[0]))
        moves += 1
        assert moves < 3000, "the session does not end"
    return starts


def expected_change(state) -> dict[str, int]:
    """What one deal changes in the balances, from the rules: every other player pays or is paid."""
    change = {s: 0 for s in state.seats}
    if state.contract is None:
        return change  # everybody passed
    unit = PAID[state.contract]
    made = sum(1 for t in state.tricks if t.winner == state.declarer) >= NEEDED[state.contract]
    for s in state.seats:
        if s != state.declarer:
            change[s] -= unit if made else -unit
            change[state.declarer] += unit if made else -unit
    return change


@pytest.mark.parametrize("players,rounds", [(3, 2), (4, 3), (5, 2)])
def test_a_session_is_rounds_times_players_deals_and_every_player_deals_once_a_round(players, rounds):
    table = Table(seed=SEEDS[players], game="nap", players=players, rounds=rounds)
    starts = play_session(table)
    seats = table.match.seats
    dealers = [state.dealer for state in table.match.hands]
    assert len(dealers) == players * rounds
    # The deal passes to the next seat in the order of play after every deal.
    for before, after in zip(dealers, dealers[1:], strict=False):
        assert seats.index(after) == (seats.index(before) + 1) % players
    assert all(dealers.count(s) == rounds for s in seats)
    # The number of deals is stated from the first view, and each deal says which it is.
    assert [v["hand_number"] for v in starts] == list(range(1, players * rounds + 1))
    assert {v["hands_in_match"] for v in starts} == {players * rounds}
    assert {v["rounds"] for v in starts} == {rounds}


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_the_balances_are_carried_from_deal_to_deal_and_paid_by_the_rules(seed):
    table = Table(seed=seed, game="nap", players=4, rounds=2)
    starts = play_session(table)
    balance = {s: 0 for s in table.match.seats}
    for state, start in zip(table.match.hands, starts, strict=True):
        assert start["score"] == balance  # each deal starts from the balances the last one left
        for seat, change in expected_change(state).items():
            balance[seat] += change
    final = table.view()
    assert final["over"] and final["score"] == balance
    assert sum(balance.values()) == 0  # payments go between players
    # Not a session where everybody always passed: some deal starts from balances that are not all zero.
    assert any(any(v["score"].values()) for v in starts[1:]), "nothing was paid; choose another seed"


def test_the_end_of_a_session_lists_every_deal_for_the_verifier():
    table = Table(seed=SEEDS[7], game="nap", players=3, rounds=3)
    play_session(table)
    view = table.view()
    assert view["over"] and view["seed"] == SEEDS[7]
    assert [d["number"] for d in view["dealt"]] == list(range(1, 10))
    assert [d["dealer"] for d in view["dealt"]] == [s.dealer for s in table.match.hands]
    assert all(len(d["cards"]) == 5 for d in view["dealt"])


def test_the_next_deal_after_the_last_one_is_refused():
    table = Table(seed=SEEDS[1], game="nap", players=3, rounds=1)
    play_session(table)
    with pytest.raises(TableError, match="over"):
        table.next_hand()


@pytest.mark.parametrize("rounds", [0, 6, "2", 1.5])
def test_a_nap_session_of_one_to_five_rounds_only(rounds):
    with pytest.raises(TableError, match="1 to 5 rounds"):
        Table(game="nap", rounds=rounds)


@pytest.mark.parametrize("game", ["euchre", "yorkshire", "trinidad"])
def test_games_played_to_a_target_take_no_number_of_rounds(game):
    with pytest.raises(TableError, match="target"):
        Table(game=game, rounds=2)
    assert json.loads(facade.table_new_json(SEEDS[0], game=game, rounds=2))["ok"] is False


def test_a_saved_session_resumes_with_its_rounds_and_without_them_is_one_round():
    opened = json.loads(facade.table_new_json(SEEDS[4], game="nap", players=3, rounds=2, level="gentle"))
    assert opened["ok"] and opened["view"]["hands_in_match"] == 6
    table_id = opened["id"]
    answer = opened
    while answer["view"]["hand_number"] < 4:  # into the second round
        view = answer["view"]
        if view["phase"] == "hand-over":
            answer = json.loads(facade.table_next_json(table_id))
        else:
            answer = json.loads(facade.table_act_json(table_id, view["legal"][-1]))
        assert answer["ok"], answer
    saved = {"version": answer["version"], "game": "nap", "seed": SEEDS[4], "seat": "A", "players": 3,
             "rounds": 2, "level": "gentle", "moves": answer["moves"], "hand_number": answer["view"]["hand_number"]}
    resumed = json.loads(facade.table_resume_json(json.dumps(saved)))
    assert resumed["ok"], resumed
    assert resumed["view"]["hand"] == answer["view"]["hand"] and resumed["view"]["score"] == answer["view"]["score"]
    assert resumed["view"]["hands_in_match"] == 6
    # The same moves in a one-round session run out of deals: the save is refused, not misread.
    one_round = {k: v for k, v in saved.items() if k != "rounds"}
    refused = json.loads(facade.table_resume_json(json.dumps(one_round)))
    assert refused["ok"] is False and refused["error"]["code"] == "save-refused"
    assert NEXT in answer["moves"]
