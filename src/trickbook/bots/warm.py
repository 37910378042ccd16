"""Warming the strong bot: throw-away searches on a seeded hand, before a reader waits for one.

The first search of a process costs more than the later ones: under Pyodide the runtime compiles
code on its first use, and the first Euchre move took 73 to 77 ms against a median of about 25
(``bench/move_times.py``). The browser's worker calls ``warm_up_json`` in an idle moment, after it
has answered the request that opened a table of strong bots, so that the reader's first bot move
costs what the later ones do; ``bench/move_times.py --warm`` measures the effect.

The searches are the warm-up's own: their hand is dealt from a fixed seed of its own, their bots are
new, and nothing they do reaches an open table (the engine's caches only remember, they never
change an answer).

>>> result = warm_up("euchre")
>>> result["game"], result["calls"] >= 1, result["cards"] >= 1
('euchre', True, True)
>>> result = warm_up("yorkshire")
>>> result["calls"], result["cards"] >= 1
(0, True)
>>> warm_up("no such game")["error"].startswith("unknown game 'no such game'")
True
"""

from __future__ import annotations

import json
import time
from typing import Any

from ..actions import Action
from ..errors import TrickbookError
from ..match import Match, hand_finished

# The warm-up's own deals, never a reader's: sha256("trickbook warm-up") would do as well.
WARM_SEEDS = ("7a" * 32, "5c" * 32, "e1" * 32)


def warm_up(game: str) -> dict[str, Any]:
    """One searched call and one searched card play of ``game`` by the strong bot, thrown away.

    Returns the game, how many searches of each kind ran (a hand may offer no searched call, when
    every seat's call is forced; then the next seed is dealt; Yorkshire's calls are never searched),
    and the milliseconds it took."""
    from ..games import find_game
    from ..model import Phase
    from .search import SearchBot

    started = time.perf_counter()
    searched = {"calls": 0, "cards": 0}
    try:
        hand_class = find_game(game)
        if not any(hasattr(hand_class, f"_{phase.method}_legal") for phase in Phase if phase.is_call):
            searched["calls"] = -1  # no call of this game is searched (Yorkshire's pitch is a card): none to warm
        for seed in WARM_SEEDS:
            state = Match(game, seed=seed).next_hand()
            bots = {seat: SearchBot(game, seed=n) for n, seat in enumerate(state.seats)}
            while not hand_finished(state) and not (searched["calls"] and searched["cards"]):
                seat = state.current_player
                if seat is None:
                    break
                observation = state.observation(seat)
                kind = "cards" if observation.get("phase") == "play" else "calls"
                bot = bots[seat]
                if searched[kind]:
                    text = bot.heuristic.choose(observation)  # this kind is warm: on to the other
                else:
                    text = bot.choose(observation)
                    searched[kind] += 1 if bot.work else 0
                state.apply(Action.parse(text, state.seats))
            if searched["calls"] and searched["cards"]:
                break
    except (TrickbookError, KeyError, ValueError) as e:
        searched["calls"] = max(searched["calls"], 0)
        return {"game": game, "error": str(e).strip("\"'") if isinstance(e, KeyError) else str(e), **searched}
    searched["calls"] = max(searched["calls"], 0)
    return {"game": game, **searched, "ms": round(1000 * (time.perf_counter() - started), 1)}


def warm_up_json(game: str) -> str:
    """``warm_up`` for the browser's worker: JSON, and never an exception."""
    if not isinstance(game, str):
        return json.dumps({"error": "the game to warm up must be a name"})
    return json.dumps(warm_up(game))
