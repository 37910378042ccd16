"""A ceiling, not a player: how often a bot that SEES EVERY CARD beats random players.

Bench-only. ``OracleBot`` reads the true state (every hand, the stock), which no bot at the
table may do; it is never offered as a level. At each of its decisions (bids, begging,
trumps and cards alike) it tries every legal action on a clone of the true state, lets the
heuristic bot finish any decision left before trick play for every seat, plays the hand out
with the search bot's play-out policy (``trickbook.bots.playout``) and keeps the action worth
most by the search bot's value. It is the search bot given one exactly right world instead of
guessed ones, so its win rate bounds what the search can reach with this play-out and value
(the real random opponents play at random, not as the play-out assumes).

Run ``python bench/oracle.py [--matches N] [--games g1,g2] [--jobs J]`` from the repository root:
it prints, per partnership game, the oracle's share of match wins against random players, with
the 95 % interval. Figures, not tests.
"""

from __future__ import annotations

import argparse
import math
import statistics
from typing import Any

from bots import map_jobs, seed_of  # bench/bots.py: the same seeds

from trickbook.actions import Action
from trickbook.bots import RandomBot, bot_class
from trickbook.bots.playout import WorkMeter, counts_game_values, finish_decisions, play_out, value
from trickbook.games import find_game
from trickbook.match import Match, hand_finished


class OracleBot:
    """Chooses from the TRUE state (a ceiling measurement only; see the module's text)."""

    def __init__(self, game: str, seed: int) -> None:
        self.heuristic = bot_class(game)(seed=seed)
        self.values = counts_game_values(find_game(game))

    def choose_from_state(self, state: Any, score_before: dict[str, int]) -> Action:
        seat = state.current_player
        legal = state.legal_actions()
        mine = [a for a in legal if a.seat == seat]
        first = Action.parse(self.heuristic.choose(state.observation(seat)), state.seats)
        if len(mine) == 1:
            return mine[0]
        best, best_value = first, -math.inf
        for action in [first] + [a for a in mine if a != first]:
            trial = state.clone()
            meter = WorkMeter()
            trial.apply(action)
            finish_decisions(trial, meter, self.heuristic)
            worth = value(play_out(trial, meter), seat, score_before, self.values)
            if worth > best_value + 1e-9:
                best, best_value = action, worth
        return best


def one_match(args: tuple[str, int]) -> float:
    game, n = args
    seats = tuple(find_game(game).default_seats)
    a, b = (seats[0], seats[2]), (seats[1], seats[3])
    mine, theirs = (a, b) if n % 2 == 0 else (b, a)
    oracles = {s: OracleBot(game, n * 4 + i) for i, s in enumerate(mine)}
    randoms = {s: RandomBot(seed=n * 4 + 2 + i) for i, s in enumerate(theirs)}
    match = Match(game, seed=seed_of("oracle-vs-random", game, n))
    while not match.is_over:
        state = match.next_hand()
        before = dict(state.score)
        while not hand_finished(state):
            seat = state.current_player
            assert seat is not None
            if seat in oracles:
                state.apply(oracles[seat].choose_from_state(state, before))
            else:
                state.apply(Action.parse(randoms[seat].choose(state.observation(seat)), state.seats))
    return float(match.winner in (mine[0] + mine[1], mine[1] + mine[0]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--games", default="trinidad,yorkshire,euchre")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    for game in args.games.split(","):
        results = map_jobs(one_match, [(game, n) for n in range(args.matches)], args.jobs)
        p = statistics.fmean(results)
        half = 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / len(results))
        print(f"{game}: oracle (sees every card) vs random {p:.1%} of {len(results)} matches "
              f"(95% interval ±{half:.1%}); a ceiling, not a player", flush=True)


if __name__ == "__main__":
    main()
