"""The strong bot's warm-up (trickbook.bots.warm): searches of each kind, thrown away, changing nothing.

The browser's worker runs it in an idle moment after opening a table of strong bots, so that the
reader's first bot move costs what later ones do (measured by bench/move_times.py --warm, never
asserted here). What is tested is what it does: it searches a call and a card play where the game
searches them, it reports a bad game without raising, and a table's answers are the same whether
or not a warm-up ran before or during its match.
"""

from __future__ import annotations

import json

import pytest

from trickbook.bots.warm import warm_up, warm_up_json
from trickbook.table.facade import table_act_json, table_new_json

SEED = "00" * 32


@pytest.mark.parametrize("game,calls", [("euchre", 1), ("trinidad", 1), ("nap", 1), ("yorkshire", 0)])
def test_the_warm_up_searches_a_call_where_the_game_searches_calls_and_a_card_play(game, calls):
    result = warm_up(game)
    assert "error" not in result, result
    # Yorkshire's first lead names trumps and is the heuristic's call: no call of it is searched.
    assert result["calls"] == calls and result["cards"] == 1
    assert result["ms"] > 0


def test_a_bad_game_is_reported_not_raised():
    assert json.loads(warm_up_json("whist"))["error"].startswith("unknown game 'whist'")
    assert "error" in json.loads(warm_up_json(7))  # type: ignore[arg-type]  # what a page might send


def _play(moves: int, warm_between: bool) -> list[dict]:
    answer = json.loads(table_new_json(seed=SEED, game="euchre", seat="S"))
    seen = [answer]
    for n in range(moves):
        if warm_between and n == 1:
            warm_up("euchre")
        view = answer["view"]
        if not view["your_turn"] or not view["legal"]:
            break
        answer = json.loads(table_act_json(answer["id"], view["legal"][-1]))
        seen.append(answer)
    return [{k: v for k, v in a.items() if k != "id"} for a in seen]


def test_a_warm_up_during_a_match_changes_none_of_its_answers():
    assert len(_play(5, warm_between=False)) > 3
    assert _play(5, warm_between=True) == _play(5, warm_between=False)
