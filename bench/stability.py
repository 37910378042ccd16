"""How often the strong bot's move changes with its seed where it overrides the heuristic.

Run ``python bench/stability.py [--hands N] [--seeds K] [--games g1,g2] [--budget B] [--times]`` from the
repository root.

The positions are every decision with a choice in N seeded hands per game (default 30), played by the
gentle bots (so every version of the search meets the same positions). At each, the strong bot
(``SearchBot``) chooses with K seeds (default 10). A position *overridden* is one where at least one
seed played a move other than its heuristic's. For those it prints:

- the overrides: how many (position, seed) moves were overrides, and how many positions had one;
- *changes with the seed*: the share of seeds whose move differs from the move most seeds made there
  (0 % when every seed agrees; a search override that is noise shows here);
- *lone overrides*: overrides that fewer than half the seeds made at that position (a move that another
  seed would not repeat, such as the review's lone trump jack led into the top trumps).

With ``--times``, it prints the strong bot's time per move instead, per game: p50, p95 and the
maximum, over every move of N seeded hands with strong bots at every seat, for the calls and for the
cards apart, in CPU time of the thread (``time.thread_time``: on a shared machine the wall clock counts
other work too, and the wall-clock maximum is mostly that; it is printed beside it).

Figures, not tests. Compare the search as it is with another version of it by running this file with
``PYTHONPATH`` pointing at that version's ``src``.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import os
import time

from trickbook.actions import Action
from trickbook.bots import make_bot
from trickbook.bots.search import SearchBot
from trickbook.match import Match, hand_finished


def positions(game: str, hands: int) -> list[dict]:
    """The observations at every decision with a choice in ``hands`` seeded hands, gentle bots playing."""
    out = []
    for n in range(hands):
        state = Match(game, seed=hashlib.sha256(f"stability {game} {n}".encode()).hexdigest()).next_hand()
        bots = {s: make_bot(game, seed=i) for i, s in enumerate(state.seats)}
        while not hand_finished(state):
            seat = state.current_player
            assert seat is not None
            obs = state.observation(seat)
            if len(obs["legal"]) > 1:
                out.append(obs)
            state.apply(Action.parse(bots[seat].choose(obs), state.seats))
    return out


def measure(game: str, hands: int, seeds: int, budget: int | None) -> None:
    started = time.perf_counter()
    moves = overrides = overridden = changed = lone = 0
    for obs in positions(game, hands):
        chosen, over = [], []
        for seed in range(seeds):
            bot = SearchBot(game, seed=seed, budget=budget)
            chosen.append(bot.choose(obs))
            over.append(bot.searched is not None)  # set only when the search overrode the heuristic
        moves += 1
        if not any(over):
            continue
        overridden += 1
        overrides += sum(over)
        counts = collections.Counter(chosen)
        changed += seeds - counts.most_common(1)[0][1]
        lone += sum(1 for move, o in zip(chosen, over, strict=True) if o and counts[move] * 2 < seeds)
    print(f"  {game:<10} {moves} positions, {overridden} overridden by some seed ({overrides} of "
          f"{moves * seeds} moves were overrides, {pct(overrides, moves * seeds)}); where overridden, the move "
          f"changes with the seed in {pct(changed, overridden * seeds)} of seeds; lone overrides "
          f"{lone} ({pct(lone, overrides)} of overrides) ({time.perf_counter() - started:.0f} s)", flush=True)


def times(game: str, hands: int, budget: int | None) -> None:
    """p50, p95 and max of the strong bot's time per move (moves with a choice), calls and cards apart."""
    cpu: dict[str, list[float]] = {"calls": [], "cards": []}
    wall: list[float] = []
    for n in range(hands):
        state = Match(game, seed=hashlib.sha256(f"stability {game} {n}".encode()).hexdigest()).next_hand()
        bots = {s: SearchBot(game, seed=n * 8 + i, budget=budget) for i, s in enumerate(state.seats)}
        while not hand_finished(state):
            seat = state.current_player
            assert seat is not None
            obs = state.observation(seat)
            started, clock = time.thread_time(), time.perf_counter()
            text = bots[seat].choose(obs)
            if len(obs["legal"]) > 1:
                cpu["cards" if obs["phase"] == "play" else "calls"].append(1000 * (time.thread_time() - started))
                wall.append(1000 * (time.perf_counter() - clock))
            state.apply(Action.parse(text, state.seats))

    def spread(ms: list[float]) -> str:
        if not ms:
            return "-"
        ms = sorted(ms)
        return (f"p50 {ms[len(ms) // 2]:.1f} p95 {ms[min(len(ms) - 1, int(0.95 * len(ms)))]:.1f} "
                f"max {ms[-1]:.1f} ms ({len(ms)})")

    print(f"  {game:<10} CPU: all {spread(cpu['calls'] + cpu['cards'])}; calls {spread(cpu['calls'])}; "
          f"cards {spread(cpu['cards'])}; wall clock: all {spread(wall)}", flush=True)


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "-"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30, help="seeded hands per game (default 30)")
    parser.add_argument("--seeds", type=int, default=10, help="seeds of the strong bot per position (default 10)")
    parser.add_argument("--games", default="euchre,yorkshire,trinidad,nap", help="comma-separated games")
    parser.add_argument("--budget", type=int, default=None, help="engine actions per move (default: the game's)")
    parser.add_argument("--times", action="store_true", help="print the time per move instead (p50, p95, max)")
    args = parser.parse_args(argv)
    if args.times:
        print(f"the strong bot's time per move, {args.hands} hands per game, strong bots at every seat; "
              f"load average {os.getloadavg()[0]:.1f}", flush=True)
        for game in args.games.split(","):
            times(game, args.hands, args.budget)
        return
    print(f"stability of the strong bot's overrides: {args.hands} hands per game, {args.seeds} seeds per position; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}", flush=True)
    for game in args.games.split(","):
        measure(game, args.hands, args.seeds, args.budget)


if __name__ == "__main__":
    main()
