"""Values round-trip, as python-chess's do: str() parses back and repr() evaluates to an equal value."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickbook.actions import ALONE_VERBS, CONTRACTS, VERBS, Action
from trickbook.bots import RandomBot
from trickbook.cards import SUITS, Card, full_pack
from trickbook.game import Phase
from trickbook.match import play_match
from trickbook.record import DealSpec, Record, parse_record

NAMESPACE = {"Action": Action, "Card": Card, "Record": Record, "DealSpec": DealSpec}
SEATS = ("N", "E", "S", "W")


@pytest.mark.parametrize("card", full_pack(), ids=str)
def test_every_card_prints_and_parses_back(card):
    assert Card.parse(str(card)) == card
    assert eval(repr(card), NAMESPACE) == card
    assert Card.parse(card.display) == card


@st.composite
def actions(draw):
    """Any well-formed action: a seat, a verb and the argument it takes, alone where it may."""
    verb = draw(st.sampled_from(sorted(VERBS)))
    kind = VERBS[verb]
    arg = {"card": {"card": draw(st.sampled_from(full_pack()))}, "suit": {"suit": draw(st.sampled_from(SUITS))},
           "contract": {"contract": draw(st.sampled_from(CONTRACTS))}, None: {}}[kind]
    alone = verb in ALONE_VERBS and draw(st.booleans())
    return Action(draw(st.sampled_from(SEATS)), verb, alone=alone, **arg)


@given(actions())
def test_every_action_prints_parses_and_evaluates_back(action):
    assert Action.parse(str(action), SEATS) == action
    assert eval(repr(action), NAMESPACE) == action
    assert Action.from_json(action.as_json()) == action


def test_an_actions_repr_is_a_constructor_call():
    assert repr(Action("A", "bid", contract="four")) == "Action('A', 'bid', contract='four')"
    assert repr(Action("N", "call", suit="H", alone=True)) == "Action('N', 'call', suit='H', alone=True)"


def test_a_malformed_action_cannot_be_made():
    for args in (("N", "play"), ("N", "pass", Card("AH")), ("N", "fly"), ("N", "bid", None, None, "five")):
        with pytest.raises(ValueError):
            Action(*args)
    with pytest.raises(ValueError, match="alone"):
        Action("N", "pass", alone=True)


def test_a_phase_prints_as_its_json_string():
    assert [str(p) for p in Phase] == [p.value for p in Phase]
    assert all(eval(repr(p)) == p for p in Phase)


def seeded_records(game: str, hands: int) -> list[str]:
    seed = hashlib.sha256(f"round trips {game}".encode()).hexdigest()
    from trickbook.games import find_game

    seats = find_game(game).default_seats
    match = play_match(game, {s: RandomBot(i) for i, s in enumerate(seats)}, seed, rounds=1)
    return match.records()[:hands]




@pytest.mark.parametrize("game", ["yorkshire", "trinidad", "nap", "euchre"])
def test_a_record_prints_as_its_canonical_text_and_its_repr_evaluates_back(game):
    for text in seeded_records(game, 2):
        record = parse_record(text)
        assert str(record) == text
        assert parse_record(str(record)) == record
        assert eval(repr(record), NAMESPACE) == record
