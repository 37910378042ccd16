"""The search bot ("strong") against the heuristic bot ("gentle") and against random players.

Run ``python bench/bots.py [--matches N] [--games g1,g2] [--jobs J]`` from the repository root.
For each partnership game it plays N seeded matches (default 400) with the tested bots on one
side, the sides swapping every match, and prints the tested side's share of match wins: the
strong bot against the gentle bot (target at least 60 %), the strong bot against random players
(target at least 90 %), and, as the anchor in the same run, the gentle bot against random players.
Nap has no match winner: a match is NAP_ROUNDS deals per seat, the tested bots sit at A and C or
at B and D in turn, and the mean balance per seat of each side is printed (the strong side's must
be higher). The search bot's time per move is printed too (CPython; bench/pyodide_bench.mjs times
it under Pyodide). Figures, not tests: nothing here asserts.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable

from trickbook.bots import RandomBot, make_bot
from trickbook.games import find_game
from trickbook.match import play_match

PARTNERSHIP = ("euchre", "yorkshire", "trinidad")
NAP_ROUNDS = 2  # deals per seat in one Nap match (8 hands with four seats)


def seed_of(*parts: object) -> str:
    return hashlib.sha256(" ".join(map(str, parts)).encode()).hexdigest()


class Timed:
    """A bot whose choose() calls are timed."""

    def __init__(self, bot: Any, times: list[float]) -> None:
        self.bot, self.times = bot, times

    def choose(self, observation: Any) -> str:
        t0 = time.perf_counter()
        out = self.bot.choose(observation)
        self.times.append(time.perf_counter() - t0)
        return out


def maker(game: str, kind: str) -> Callable[[int], Any]:
    if kind == "random":
        return lambda seed: RandomBot(seed=seed)
    return lambda seed: make_bot(game, seed=seed, level=kind)


def one_match(args: tuple[str, str, str, int]) -> tuple[float, list[float]]:
    """(the tested side's result, the tested bots' move times) of match ``n``."""
    game, tested_kind, other_kind, n = args
    times: list[float] = []
    tested, other = maker(game, tested_kind), maker(game, other_kind)
    label = f"{tested_kind}-vs-{other_kind}"
    if game == "nap":
        seats = ("A", "B", "C", "D")
        mine = ("A", "C") if n % 2 == 0 else ("B", "D")
        bots = {s: (Timed(tested(n * 4 + i), times) if s in mine else other(n * 4 + i)) for i, s in enumerate(seats)}
        match = play_match(game, bots, seed_of(label, game, n), rounds=NAP_ROUNDS)
        balances = match.balances()
        theirs = [s for s in seats if s not in mine]
        return (sum(balances[s] for s in mine) - sum(balances[s] for s in theirs)) / 2, times
    seats = tuple(find_game(game).default_seats)
    a, b = (seats[0], seats[2]), (seats[1], seats[3])
    mine, theirs = (a, b) if n % 2 == 0 else (b, a)
    bots = {s: Timed(tested(n * 4 + i), times) for i, s in enumerate(mine)}
    bots.update({s: other(n * 4 + 2 + i) for i, s in enumerate(theirs)})
    match = play_match(game, bots, seed_of(label, game, n))
    won = match.winner in (mine[0] + mine[1], mine[1] + mine[0])
    return float(won), times


def map_jobs(function: Callable[[Any], Any], work: list[Any], jobs: int) -> list[Any]:
    """``function`` of every item of ``work``, in order, over ``jobs`` processes (the benchmarks share it)."""
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(function, work, chunksize=4))
    return [function(item) for item in work]


def run(game: str, tested: str, other: str, matches: int, jobs: int) -> tuple[list[float], list[float]]:
    results: list[float] = []
    times: list[float] = []
    for value, t in map_jobs(one_match, [(game, tested, other, n) for n in range(matches)], jobs):
        results.append(value)
        times.extend(t)
    return results, times


def share_line(label: str, results: list[float], target: str) -> str:
    p = statistics.fmean(results)
    half = 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / len(results))
    return f"  {label:<28} {p:>6.1%} of {len(results)} matches (95% interval ±{half:.1%}); {target}"


def ms_line(times: list[float]) -> str:
    if not times:
        return "  search bot: no move timed"
    ordered = sorted(times)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    return (f"  search bot time per move on {sys.implementation.name}: mean {1000 * statistics.fmean(times):.1f} ms, "
            f"95th percentile {1000 * p95:.1f} ms, max {1000 * ordered[-1]:.1f} ms over {len(times)} moves")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400, help="matches per pairing (default 400)")
    parser.add_argument("--games", default="euchre,yorkshire,trinidad,nap", help="comma-separated games")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--pairings", default="strong-gentle,strong-random,gentle-random",
                        help="comma-separated tested-other pairings (default all three)")
    args = parser.parse_args(argv)
    wanted = set(args.pairings.split(","))
    print(f"bot benchmark: {args.matches} seeded matches per pairing, sides swapping every match; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}", flush=True)
    for game in args.games.split(","):
        started = time.perf_counter()
        print(f"\n{game}", flush=True)
        if game == "nap":
            for tested, other, target in (("strong", "gentle", "must be above 0"),
                                          ("strong", "random", "anchor: gentle vs random below"),
                                          ("gentle", "random", "anchor")):
                if f"{tested}-{other}" not in wanted:
                    continue
                results, times = run(game, tested, other, args.matches, args.jobs)
                mean = statistics.fmean(results)
                sd = statistics.pstdev(results) / math.sqrt(len(results))
                print(f"  {tested} - {other}: mean balance per seat, tested side minus other side, per match of "
                      f"{4 * NAP_ROUNDS} hands: {mean:+.2f} (±{1.96 * sd:.2f}); {target}", flush=True)
                if tested == "strong" and other == "gentle":
                    print(ms_line(times), flush=True)
        else:
            if "strong-gentle" in wanted:
                strong, times = run(game, "strong", "gentle", args.matches, args.jobs)
                print(share_line("strong vs gentle", strong, "target at least 60 %"), flush=True)
                print(ms_line(times), flush=True)
            if "strong-random" in wanted:
                vs_random, _ = run(game, "strong", "random", args.matches, args.jobs)
                print(share_line("strong vs random", vs_random, "target at least 90 %"), flush=True)
            if "gentle-random" in wanted:
                anchor, _ = run(game, "gentle", "random", args.matches, args.jobs)
                print(share_line("gentle vs random (anchor)", anchor, "today's bot"), flush=True)
        print(f"  ({time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
