"""A clone is an independent hand: what is applied to one leaves the other as it was, in every game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from trickbook.games import GAMES, find_game
from trickbook.match import hand_finished
from trickbook.shuffle import deal_hand
from trickbook.variants import house_options

# Every game at its own table and under all its house rules decided the other way at once.
TABLES = [(game, False) for game in sorted(GAMES)] + [(game, True) for game in sorted(GAMES)]


def _new_hand(game: str, n: int, house: bool = False) -> Any:
    cls = find_game(game)
    seats = tuple(cls.default_seats)
    dealer = seats[n % len(seats)]
    rules = cls.rules_class.from_options(dict(house_options(cls, cls.rules_class()))) if house else None
    return cls(rules, seats, dealer, deal_hand(game, seats, dealer, f"{n:064x}", 1))


def _snapshot(state: Any) -> str:
    seat = state.current_player or state.seats[0]
    return json.dumps({
        "legal": [str(a) for a in state.legal_actions()],
        "observation": state.observation(seat),
        "full": state.full_view(),
        "public": state.public_view(),
        "history": [str(a) for a in state.history],
        "events": [[e.code, e.values] for e in state.events],
    }, sort_keys=True, default=str)


@pytest.mark.parametrize(("game", "house"), TABLES)
def test_applying_to_a_clone_leaves_the_original_unchanged_and_the_reverse(game: str, house: bool) -> None:
    rng = random.Random(5)
    checked = 0
    for n in range(12):
        state = _new_hand(game, n, house)
        while not hand_finished(state):
            before = _snapshot(state)
            clone = state.clone()
            assert type(clone) is type(state)
            assert _snapshot(clone) == before  # the clone starts as the same hand
            # play the clone to its end: the original is as it was
            while not hand_finished(clone):
                clone.apply(rng.choice(clone.legal_actions()))
            assert _snapshot(state) == before
            # and a move on the original leaves a fresh clone where it was
            twin = state.clone()
            twin_before = _snapshot(twin)
            state.apply(rng.choice(state.legal_actions()))
            checked += 1
            assert _snapshot(twin) == twin_before
            assert _snapshot(state) != twin_before
    assert checked > 12 * 10


@pytest.mark.parametrize(("game", "house"), TABLES)
def test_a_clone_plays_on_exactly_as_its_original(game: str, house: bool) -> None:
    """The same actions applied to a state and its clone give the same events and views."""
    rng = random.Random(9)
    for n in range(6):
        state = _new_hand(game, n, house)
        for _ in range(rng.randrange(0, 8)):
            if hand_finished(state):
                break
            state.apply(rng.choice(state.legal_actions()))
        clone = state.clone()
        while not hand_finished(state):
            action = rng.choice(state.legal_actions())
            assert [e.as_dict() for e in state.apply(action)] == [e.as_dict() for e in clone.apply(action)]
            assert _snapshot(clone) == _snapshot(state)
        assert hand_finished(clone)
