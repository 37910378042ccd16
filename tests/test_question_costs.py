""""What does it cost?" agrees with the verdict: over every play question of the records and over
practice drills of every game, a refused card's cost is played on by the verdict's own solver, so the
goal the verdict says is lost is lost in the cost's play-out, and a goal that is a score shows in the
score. In Nap, "make sure of this trick for {seat}'s side" is judged for a defender's whole side.
``TRICKBOOK_TEST_SCALE`` scales the number of drills."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from trickbook.actions import Action
from trickbook.cards import Card
from trickbook.game import HandState
from trickbook.questions import answer_key
from trickbook.questions.facade import cost_json, practice_cost_json, practice_position
from trickbook.questions.playout import cost
from trickbook.questions.solve import goal_for
from trickbook.record import parse_record
from trickbook.web import _hand

SCALE = float(os.environ.get("TRICKBOOK_TEST_SCALE", "1"))
DRILLS = max(1, round(200 * SCALE))
HANDS = Path(__file__).parent.parent / "docs/hands"
# The category a scoring rule's goal is scored in.
CATEGORY = {"keeps-contract": "contract", "takes-jack": "jack", "saves-game": "game"}


def _after(state: HandState, seat: str, card: str, actions: list[str]) -> HandState:
    after = state.clone()
    after.apply(Action(seat, "play", card=Card.parse(card)))
    for text in actions:
        after.apply(Action.parse(text, after.seats))
    return after


def _check_cost(state: HandState, key: dict[str, Any], rule: str, card: str, result: dict[str, Any]) -> None:
    seat = key["seat"]
    assert result["ok"], result
    assert result["goal"]["code"] == f"cost-lost-{rule}", (card, result["goal"])
    goal = goal_for(rule, state, seat)
    assert not isinstance(goal, str)
    end = _after(state, seat, card, result["actions"])
    assert end.is_terminal or end.current_player is None or not end.legal_actions()
    assert goal[0](end) is False, f"the cost's play-out after {card} keeps {rule}, which the verdict says is lost"
    if rule in CATEGORY:
        lost = [c for c in result["costs"] if c["category"] == CATEGORY[rule]
                and (c["side"] == "yours" and c["points"] < 0 or c["side"] == "other" and c["points"] > 0)]
        assert lost, f"the verdict says {rule} is lost after {card}, but the cost shows {result['costs']}"
        assert all(c["reason"]["code"] != "cost-none" for c in result["costs"])


def _record_play_questions() -> list[tuple[str, int]]:
    found = []
    for path in sorted(HANDS.rglob("*.hand.toml")):
        record = parse_record(path.read_text(encoding="utf-8"), file=str(path))
        found += [(path.name, i) for i, q in enumerate(record.questions)
                  if q.kind == "play" and isinstance(q.accept, str)]
    return found


@pytest.mark.parametrize(("name", "index"), _record_play_questions())
def test_every_record_play_question_costs_what_its_verdict_says(name: str, index: int) -> None:
    path = next(HANDS.rglob(name))
    text = path.read_text(encoding="utf-8")
    question = parse_record(text, file=str(path)).questions[index]
    assert isinstance(question.accept, str)
    state = _hand(text).state_at(question.step)
    key = answer_key(state, question)
    refused = [c for c in key["choices"] if c not in key["accepted"]]
    assert refused
    for card in refused:
        result = json.loads(cost_json(text, question.step, key["seat"], card, key["accepted"][0], question.bots))
        _check_cost(state, key, question.accept, card, result)


def test_the_nap_four_is_lost_in_the_cost_of_the_two_of_clubs_as_the_verdict_says() -> None:
    """The reviewed case: the gentle bots let 2♣ through, and the cost said it changed no score."""
    text = (HANDS / "nap/nap-four-hearts.hand.toml").read_text(encoding="utf-8")
    result = json.loads(cost_json(text, 4, "A", "2C", "AH"))
    assert result["goal"]["code"] == "cost-lost-keeps-contract"
    assert [(c["category"], c["side"], c["points"]) for c in result["costs"]] == [("contract", "yours", -24)]


@pytest.mark.parametrize("game", ["yorkshire", "trinidad", "nap", "euchre"])
def test_practice_drill_costs_agree_with_their_verdicts(game: str) -> None:
    checked = 0
    for n in range(DRILLS):
        number = 4 * n + 2  # the drill's play questions (legal, winner, play, score in turn)
        state, key = practice_position(game, "costs", number)
        assert key["kind"] == "play" and key["rule"] == "wins-trick"
        for card in key["choices"]:
            if card in key["accepted"]:
                continue
            result = cost(state, key["seat"], Card.parse(card), Card.parse(key["accepted"][0]), game,
                          n, "gentle", "wins-trick")
            _check_cost(state, key, "wins-trick", card, {"ok": True, **result})
            checked += 1
    assert checked >= DRILLS // 2


def test_a_practice_cost_is_asked_of_the_drills_play_question() -> None:
    state, key = practice_position("euchre", "costs", 2)
    wrong = next(c for c in key["choices"] if c not in key["accepted"])
    result = json.loads(practice_cost_json("euchre", "costs", 2, wrong, key["accepted"][0]))
    _check_cost(state, key, "wins-trick", wrong, result)
    refused = json.loads(practice_cost_json("euchre", "costs", 1, wrong, key["accepted"][0]))
    assert refused["ok"] is False and refused["error"]["code"] == "bad-question"


def _trick_won_by(state: HandState, side: frozenset[str], number: int) -> bool:
    """Whether ``side`` can make sure of the trick under way, each seat choosing among its legal cards:
    the side's seats for it, the others against it (the trick alone, looked at card by card)."""
    if len(state.tricks) >= number and state.tricks[number - 1].winner is not None:
        return state.tricks[number - 1].winner in side
    seat = state.current_player
    assert seat is not None
    results = []
    for action in state.legal_actions():
        if action.seat != seat or action.verb != "play":
            continue
        child = state.clone()
        child.apply(action)
        results.append(_trick_won_by(child, side, number))
    return any(results) if seat in side else all(results)


def test_nap_practice_accepts_what_makes_sure_of_the_trick_for_a_defenders_side() -> None:
    """The question says "{seat}'s side": in Nap a defender's side is every seat but the declarer."""
    defenders = 0
    for n in range(max(12, round(72 * SCALE))):
        number = 4 * n + 2
        state, key = practice_position("nap", "drill", number)
        declarer = state.declarer  # type: ignore[attr-defined]  # a Nap state
        seat = key["seat"]
        side = frozenset({seat}) if seat == declarer else frozenset(s for s in state.seats if s != declarer)
        defenders += seat != declarer
        number = len(state.tricks) if state.trick is not None else len(state.tricks) + 1
        expected = []
        for card in key["choices"]:
            child = state.clone()
            child.apply(Action(seat, "play", card=Card.parse(card)))
            if _trick_won_by(child, side, number):
                expected.append(card)
        assert sorted(key["accepted"]) == sorted(expected), (number, seat, declarer)
    assert defenders


# ----- questions asked with hidden hands ---------------------------------------------------------
def _record_questions() -> list[tuple[str, int]]:
    found = []
    for path in sorted(HANDS.rglob("*.hand.toml")):
        record = parse_record(path.read_text(encoding="utf-8"), file=str(path))
        found += [(path.name, i) for i in range(len(record.questions))]
    return found


@pytest.mark.parametrize(("name", "index"), _record_questions())
def test_a_question_with_hidden_hands_accepts_only_what_holds_however_they_lie(name: str, index: int) -> None:
    """Every question of the records: one asked with hidden hands (``view = "seat"``) and decided by a rule
    accepts no card that fails in a holding of the hidden cards the seat cannot tell from the real one
    (sampled with a fixed seed); the others show every hand."""
    import random

    from trickbook.bots.worlds import World
    from trickbook.questions.solve import accepted_cards

    path = next(HANDS.rglob(name))
    text = path.read_text(encoding="utf-8")
    question = parse_record(text, file=str(path)).questions[index]
    if question.view == "all" or question.kind != "play" or not isinstance(question.accept, str):
        return
    state = _hand(text).state_at(question.step)
    key = answer_key(state, question)
    world = World.from_observation(type(state), state.observation(key["seat"]))
    rng = random.Random(f"{name}-{index}")
    for _ in range(200):
        hidden = world.sample(rng)
        rebuilt = world.rebuild(hidden) if hidden is not None else None
        if rebuilt is None:
            continue
        found = accepted_cards(question.accept, rebuilt, key["seat"])
        assert not isinstance(found, str)
        for card in key["accepted"]:
            assert found[0][Card.parse(card)], f"{card} is accepted but fails when the hidden cards lie otherwise"


def test_the_nap_four_asked_with_hidden_hands_is_refused_with_the_way_out() -> None:
    """Its four accepted leads each lose against some holding: asked with hidden hands, it cannot be judged
    by the rules so early, and the check says to show the hands."""
    from trickbook.errors import RecordError
    from trickbook.record import replay
    from trickbook.record.questions import question_keys

    text = (HANDS / "nap/nap-four-hearts.hand.toml").read_text(encoding="utf-8")
    hidden = text.replace('accept = "keeps-contract"\n', 'accept = "keeps-contract"\nview = "seat"\n', 1)
    with pytest.raises(RecordError) as refused:
        question_keys(replay(parse_record(hidden, file="x.hand.toml")))
    assert 'judged over every holding of the hidden cards' in str(refused.value)
    assert 'view = "all"' in str(refused.value) and "x.hand.toml:" in str(refused.value)


def test_the_holdings_of_a_late_position_keep_what_the_seat_sees_and_include_the_real_one() -> None:
    from trickbook.questions.holdings import holdings

    text = (HANDS / "euchre/euchre-bowers.hand.toml").read_text(encoding="utf-8")
    state = _hand(text).state_at(20)  # the last trick: N and E have played, S is to play
    assert state.current_player == "S"
    found = holdings(state, "S")
    assert 1 <= len(found) <= 4
    real = {s: sorted(state.hands[s]) for s in state.seats}
    assert any({s: sorted(w.hands[s]) for s in w.seats} == real for w in found)
    for world in found:
        assert sorted(world.hands["S"]) == real["S"]
        plays = [[e.card for e in t.entries] for t in world.tricks]
        assert plays == [[e.card for e in t.entries] for t in state.tricks]
