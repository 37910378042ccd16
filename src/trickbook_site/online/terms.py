"""The terms a table is opened with (``POST tables``), checked before any table is made."""

from __future__ import annotations

from typing import Any

from trickbook.bots import LEVELS
from trickbook.errors import TrickbookError
from trickbook.games import canonical_name, find_game
from trickbook.table.conduct import conduct_class
from trickbook.table.session import house_rules

from .room import Refusal

KEYS = ("game", "rules", "timers", "players", "rounds", "level")


def table_terms(body: Any) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The checked terms and the table's seats; a Refusal (``bad-frame``) says what is wrong."""
    if not isinstance(body, dict):
        raise Refusal("bad-frame", "a table is opened with a JSON object of its terms")
    unknown = sorted(set(body) - set(KEYS))
    if unknown:
        raise Refusal("bad-frame", f"{unknown[0][:24]!r} is not one of a table's terms ({', '.join(KEYS)})")
    if not isinstance(body.get("game"), str):
        raise Refusal("bad-frame", "a table is opened for a game: euchre, nap, trinidad or yorkshire")
    try:
        game = canonical_name(body["game"])
        hand_class = find_game(game)
        manners = conduct_class(game)
        players, rounds = body.get("players"), body.get("rounds")
        if players is not None and type(players) is not int:
            raise Refusal("bad-frame", "players is a number")
        if rounds is not None and type(rounds) is not int:
            raise Refusal("bad-frame", "rounds is a number")
        seats = manners.seats(hand_class, players) or hand_class.default_seats
        rounds = manners.rounds(hand_class, rounds)
        rules = house_rules(game, body.get("rules"))
    except TrickbookError as e:
        raise Refusal("bad-frame", str(e)) from None
    timers = body.get("timers", True)
    if type(timers) is not bool:
        raise Refusal("bad-frame", "timers is true or false")
    level = body.get("level", "strong")
    if level not in LEVELS:
        raise Refusal("bad-frame", f"level is one of {', '.join(LEVELS)}")
    terms = {"game": game, "rules": rules, "timers": timers, "players": players, "rounds": rounds,
             "level": level}
    return terms, tuple(seats)
