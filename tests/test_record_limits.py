"""A hand has a bounded number of actions: a record with more is refused at the bound, unread beyond it.

``HandState.max_actions()`` bounds the actions of one hand of a game; the record
reader stops counting as soon as a record's ``actions`` pass the largest bound of
any game (before ``tomllib`` reads the text), and then holds each record to its
own game's bound. How long a million actions take to refuse is measured by
``bench/limits.py``, not here.
"""

from __future__ import annotations

import pytest

from trickbook.bots import RandomBot
from trickbook.errors import RecordError
from trickbook.games import GAMES, find_game, max_actions
from trickbook.match import play_match
from trickbook.record import parse, parse_record

SEED = "cd" * 32
HEAD = 'format = 1\ngame = "{game}"\ndealer = "{dealer}"\n'
DEAL = '[deal]\nseed = "' + SEED + '"\n'


def _record(game: str, actions: str) -> str:
    cls = find_game(game)
    return HEAD.format(game=game, dealer=cls.default_seats[0]) + actions + DEAL


@pytest.mark.parametrize("form", ["multi-line string", "array", "one-line string", "semicolons"])
def test_a_record_of_a_million_actions_is_refused_before_its_toml_is_read(form, monkeypatch):
    n = 10**6
    actions = {
        "multi-line string": 'actions = """\n' + "A pass\n" * n + '"""\n',
        "array": "actions = [" + ", ".join(['"A pass"'] * n) + "]\n",
        "one-line string": 'actions = "' + "A pass\\n" * n + '"\n',
        "semicolons": 'actions = """\n' + "A pass; " * n + '\n"""\n',
    }[form]

    def never(text):  # the bound is found by the scan alone
        raise AssertionError("tomllib read a record past the bound")

    monkeypatch.setattr(parse.tomllib, "loads", never)
    with pytest.raises(RecordError) as caught:
        parse_record(_record("nap", actions), file="huge.hand.toml")
    assert caught.value.code == "too-many-actions" and caught.value.line == 4
    assert f"too many actions: no hand of any game takes more than {max_actions()}" in str(caught.value)


def test_blank_lines_and_comments_in_the_actions_are_not_counted():
    padding = "\n# a comment; with a semicolon\n\n" * (max_actions() + 5)
    text = _record("nap", 'seats = ["A", "B", "C"]\nactions = """' + padding + 'A pass\n"""\n')
    assert len(parse_record(text).actions) == 1


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_holds_a_record_to_its_own_bound_of_actions_a_hand(game):
    cls = find_game(game)
    limit = cls.max_actions()
    assert limit <= max_actions()
    seat = cls.default_seats[0]
    lines = "".join(f"{seat} pass\n" for _ in range(limit + 1))
    text = _record(game, 'actions = """\n' + lines + '"""\n')
    with pytest.raises(RecordError) as caught:
        parse_record(text, file="long.hand.toml")
    error = caught.value
    assert error.code == "too-many-actions"
    if limit == max_actions():  # the game with the largest bound: the scan stops at it, at the key's line
        assert error.line == 4 and f"no hand of any game takes more than {limit}" in str(error)
    else:
        assert error.step == limit + 1 and error.line == 4 + limit + 1
        assert f"a hand of {cls.title} takes at most {limit}" in str(error)
    # At the bound exactly, the reader reads on (the rules then refuse what the hand cannot take).
    at_bound = _record(game, 'actions = """\n' + "".join(f"{seat} pass\n" for _ in range(limit)) + '"""\n')
    assert len(parse_record(at_bound).actions) == limit


@pytest.mark.parametrize("game", list(GAMES))
def test_the_bound_is_far_above_the_longest_hand_random_players_make(game):
    # Random players make the longest hands (they pass, beg and run the pack as often as the rules allow).
    cls = find_game(game)
    seats = cls.default_seats_for(7) if game == "nap" else cls.default_seats  # Nap's largest table
    longest = 0
    for number in range(4):
        bots = {s: RandomBot(i + 10 * number) for i, s in enumerate(seats)}
        match = play_match(game, bots, f"{number:02x}" * 32, seats=seats, rounds=2 if game == "nap" else None)
        longest = max(longest, *(len(state.history) for state in match.hands))
    assert 0 < longest and 2 * longest <= cls.max_actions(), (game, longest, cls.max_actions())
