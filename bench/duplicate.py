"""Duplicate deals: how many points a hand the strong bot gains over another bot, on the same cards.

Run ``python bench/duplicate.py [--hands N] [--games g1,g2] [--against gentle,random]
[--tested strong|gentle|oracle] [--oracle-decides trump,cards,calls] [--budget B] [--jobs J]`` from the
repository root.

Each seeded deal is played twice from a score of nil, with the strong bots on one side and then on
the other, so the luck of the cards cancels: what is left is the difference the bots make. For
each game it prints the strong side's points in the hand less the other side's, averaged over the
two plays of each deal, with a 95 % interval. A match is many hands, so this measures in minutes
what ``bench/bots.py`` needs hundreds of matches for; it is the tool to tune the search with (the
bots' seeds are fixed, so a bot that plays as the gentle one does scores exactly +0.000). Nap is
played by four seats, the strong bots at A and C; its figure is their balance less B's and D's,
per seat. ``--budget`` overrides the search bot's engine actions per move; ``--tested gentle`` puts the
heuristic bot in the strong bot's place (against random players: the anchor).

``--tested oracle`` measures a ceiling, not a player: ``oracle.OracleBot``, which reads the true state
(every hand), takes the decisions named by ``--oracle-decides`` (``trump``: the Yorkshire pitch, the
first lead naming trumps; ``cards``: the other card plays; ``calls``: bids, begging, ordering up) and
the gentle bot the rest. So it tells how much knowing the hidden cards is worth at each kind of
decision, the most any bot that must guess them could gain there with this play-out. Figures, not tests.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import statistics
import time
from typing import Any

from bots import map_jobs  # bench/bots.py
from oracle import DECISIONS, OracleBot, decision  # bench/oracle.py

from trickbook.actions import Action
from trickbook.bots import RandomBot, make_bot
from trickbook.bots.search import SearchBot
from trickbook.games import find_game
from trickbook.match import Match, hand_finished


def other_bot(game: str, kind: str, seed: int) -> Any:
    return RandomBot(seed=seed) if kind == "random" else make_bot(game, seed=seed, level=kind)


def tested_bot(game: str, kind: str, seed: int, budget: int | None) -> Any:
    if kind == "strong":
        return SearchBot(game, seed=seed, budget=budget)
    return other_bot(game, "gentle" if kind == "oracle" else kind, seed)


def one_deal(args: tuple[str, str, str, int | None, tuple[str, ...], int]) -> float:
    """The tested side's points less the other side's in deal ``n``, averaged over both sittings."""
    game, tested, against, budget, decides, n = args
    seats = tuple(find_game(game).default_seats)
    sides = [(seats[0], seats[2]), (seats[1], seats[3])]
    seed = hashlib.sha256(f"duplicate {game} {n}".encode()).hexdigest()
    total = 0.0
    for mine in sides:
        bots = {s: (tested_bot(game, tested, n * 8 + i, budget) if s in mine else other_bot(game, against, n * 8 + i))
                for i, s in enumerate(seats)}
        oracles = {s: OracleBot(game, n * 8 + i) for i, s in enumerate(seats) if s in mine and tested == "oracle"}
        state = Match(game, seed=seed).next_hand()
        before = dict(state.score)
        while not hand_finished(state):
            seat = state.current_player
            assert seat is not None
            observation = state.observation(seat)
            if seat in oracles and decision(observation) in decides:
                state.apply(oracles[seat].choose_from_state(state, before))
            else:
                state.apply(Action.parse(bots[seat].choose(observation), state.seats))
        score = state.score
        if game == "nap":  # a score per seat
            total += (sum(score[s] for s in mine) - sum(v for s, v in score.items() if s not in mine)) / 2
        else:
            ours = next(t for t in score if set(t) == set(mine))
            total += sum(v if t == ours else -v for t, v in score.items())
    return total / 2


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400, help="deals per game and opponent (default 400)")
    parser.add_argument("--games", default="euchre,yorkshire,trinidad,nap", help="comma-separated games")
    parser.add_argument("--against", default="gentle,random", help="comma-separated opponents (gentle, random)")
    parser.add_argument("--tested", default="strong", choices=("strong", "gentle", "oracle"), help="the bots measured")
    parser.add_argument("--oracle-decides", default=",".join(DECISIONS),
                        help="with --tested oracle: which decisions it takes "
                             f"(comma-separated, of {', '.join(DECISIONS)})")
    parser.add_argument("--budget", type=int, default=None, help="engine actions per move (default: the game's)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    decides = tuple(args.oracle_decides.split(","))
    if not set(decides) <= set(DECISIONS):
        parser.error(f"--oracle-decides takes {', '.join(DECISIONS)}")
    tested = args.tested if args.tested != "oracle" else f"oracle ({'+'.join(decides)})"
    print(f"duplicate deals: {args.hands} per game and opponent, each played twice with the sides swapped; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}", flush=True)
    for game in args.games.split(","):
        for against in args.against.split(","):
            started = time.perf_counter()
            work = [(game, args.tested, against, args.budget, decides, n) for n in range(args.hands)]
            results = map_jobs(one_deal, work, args.jobs)
            mean = statistics.fmean(results)
            half = 1.96 * statistics.stdev(results) / math.sqrt(len(results)) if len(results) > 1 else math.inf
            print(f"  {game:<10} {tested} vs {against:<7} {mean:+.3f} points a hand (95% interval ±{half:.3f}) "
                  f"over {len(results)} deals ({time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
