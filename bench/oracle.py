"""A ceiling, not a player: how often a bot that SEES EVERY CARD beats random players.

Bench-only. ``OracleBot`` reads the true state (every hand, the stock), which no bot at the
table may do; it is never offered as a level. At each of its decisions (bids, begging,
trumps and cards alike) it tries every legal action on a clone of the true state, lets the
heuristic bot finish any decision left before trick play for every seat, plays the hand out
with the search bot's play-out policy (``trickbook.bots.playout``) and keeps the action worth
most by the search bot's value. It is the search bot given one exactly right world instead of
guessed ones, so its win rate bounds what the search can reach with this play-out and value
(the real random opponents play at random, not as the play-out assumes).

Run ``python bench/oracle.py [--matches N] [--games g1,g2] [--against random|gentle]
[--oracle-decides trump,cards,calls] [--jobs J]`` from the repository root: it prints, per
partnership game, the oracle side's share of match wins against random players (or the gentle
bots), with the 95 % interval. ``--oracle-decides`` lets the oracle take only the decisions named
(``trump``: the Yorkshire pitch, the first lead naming trumps; ``cards``: the other card plays;
``calls``: bids, begging, ordering up) and the gentle bot the rest: the share of matches that
knowing the hidden cards at those decisions alone could win. Figures, not tests.
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

DECISIONS = ("trump", "cards", "calls")


def decision(observation: Any) -> str:
    """The kind of decision a seat faces (``DECISIONS``)."""
    if observation.get("phase") != "play":
        return "calls"
    return "trump" if observation.get("trump") is None else "cards"


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


def one_match(args: tuple[str, str, tuple[str, ...], int]) -> float:
    game, against, decides, n = args
    seats = tuple(find_game(game).default_seats)
    a, b = (seats[0], seats[2]), (seats[1], seats[3])
    mine, theirs = (a, b) if n % 2 == 0 else (b, a)
    oracles = {s: OracleBot(game, n * 4 + i) for i, s in enumerate(mine)}
    gentle = {s: oracles[s].heuristic for s in mine}  # the decisions the oracle is not given
    others: dict[str, Any] = {s: RandomBot(seed=n * 4 + 2 + i) if against == "random"
                              else bot_class(game)(seed=n * 4 + 2 + i)
                              for i, s in enumerate(theirs)}
    # The match seeds of the oracle against random players taking every decision stay the ones printed before.
    label = ("oracle-vs-random" if (against, decides) == ("random", DECISIONS)
             else f"oracle-{'+'.join(decides)}-vs-{against}")
    match = Match(game, seed=seed_of(label, game, n))
    while not match.is_over:
        state = match.next_hand()
        before = dict(state.score)
        while not hand_finished(state):
            seat = state.current_player
            assert seat is not None
            observation = state.observation(seat)
            if seat in oracles and decision(observation) in decides:
                state.apply(oracles[seat].choose_from_state(state, before))
            else:
                bot = gentle[seat] if seat in gentle else others[seat]
                state.apply(Action.parse(bot.choose(observation), state.seats))
    return float(match.winner in (mine[0] + mine[1], mine[1] + mine[0]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--games", default="trinidad,yorkshire,euchre")
    parser.add_argument("--against", default="random", choices=("random", "gentle"), help="the other side's bots")
    parser.add_argument("--oracle-decides", default=",".join(DECISIONS),
                        help="which decisions the oracle takes, the gentle bot the rest "
                             f"(comma-separated, of {', '.join(DECISIONS)})")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    decides = tuple(d for d in DECISIONS if d in args.oracle_decides.split(","))
    if not decides or not set(args.oracle_decides.split(",")) <= set(DECISIONS):
        parser.error(f"--oracle-decides takes {', '.join(DECISIONS)}")
    who = "sees every card" if decides == DECISIONS else f"sees every card for {'+'.join(decides)}, gentle otherwise"
    for game in args.games.split(","):
        results = map_jobs(one_match, [(game, args.against, decides, n) for n in range(args.matches)], args.jobs)
        p = statistics.fmean(results)
        half = 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / len(results))
        print(f"{game}: oracle ({who}) vs {args.against} {p:.1%} of {len(results)} matches "
              f"(95% interval ±{half:.1%}); a ceiling, not a player", flush=True)


if __name__ == "__main__":
    main()
