"""The strong bot's time per move, and where the slowest moves' time goes.

Run ``python bench/move_times.py [--hands N] [--games g1,g2] [--slowest K] [--cold] [--warm]`` from the repository
root on CPython; ``node bench/pyodide_bench.mjs --bench move_times [same options]`` runs it under Pyodide
in Node.

For each game it plays N seeded hands (default 20) with the strong bot at every seat and times every
move with a choice (``time.perf_counter``: the wall clock, which is what a reader waits; on a loaded
machine other work shows in it, so the CPU time of the thread is printed beside it where the runtime
has one). It prints p50, p95 and the maximum per game, for the calls and the cards apart, and the
engine actions (the search's unit of work, ``SearchBot.work``) of the largest move against the budget.

For the K slowest moves of each game (default 3) it prints where the time went: the garbage
collector (``gc.callbacks``), guessing worlds (``World.sample``), rebuilding them (``World.rebuild``),
the play-outs and the heuristic's own choice; and whether the move was the first of its game in the
process (``--cold`` starts each game in a fresh set of imports, as a reader's first move does).
With ``--warm``, each game first runs the throw-away searches the browser's worker runs in an idle
moment (``trickbook.bots.warm``), and their time is printed: the game's first move should then cost no
more than the p95 of the later ones.
Figures, not tests: nothing here asserts.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import sys
import time
from collections import defaultdict
from typing import Any, Callable

from trickbook.actions import Action
from trickbook.bots import bot_class, playout, search, worlds
from trickbook.bots.search import SearchBot
from trickbook.match import Match, hand_finished

SPENT: dict[str, float] = defaultdict(float)
_gc_started: list[float] = []


def cpu_clock() -> Callable[[], float]:
    try:
        time.thread_time()
        return time.thread_time
    except (AttributeError, OSError):  # not every runtime has a thread clock
        return time.process_time


CLOCK = cpu_clock()


def _on_gc(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _gc_started.append(CLOCK())
    elif _gc_started:
        SPENT[f"gc gen{info['generation']}"] += CLOCK() - _gc_started.pop()


def _timed(owner: Any, name: str, label: str) -> None:
    """Wrap ``owner.name`` so that the time spent in it is added to SPENT[label]."""
    inner: Callable[..., Any] = getattr(owner, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = CLOCK()
        try:
            return inner(*args, **kwargs)
        finally:
            SPENT[label] += CLOCK() - started

    setattr(owner, name, wrapper)


def instrument() -> None:
    gc.callbacks.append(_on_gc)
    _timed(worlds.World, "sample", "sample worlds")
    _timed(worlds.World, "rebuild", "rebuild worlds")
    _timed(search, "play_out", "play-outs")
    _timed(search, "finish_decisions", "calls in play-outs")
    _timed(SearchBot, "_world", "read the observation")
    _timed(SearchBot, "distinct", "cards that play alike")


def spread(ms: list[float]) -> str:
    if not ms:
        return "-"
    ms = sorted(ms)
    return (f"p50 {ms[len(ms) // 2]:.1f} p95 {ms[min(len(ms) - 1, int(0.95 * len(ms)))]:.1f} "
            f"max {ms[-1]:.1f} ms ({len(ms)})")


def measure(game: str, hands: int, slowest: int) -> None:
    cpu = CLOCK
    wall: dict[str, list[float]] = {"calls": [], "cards": []}
    cpus: list[float] = []
    moves: list[tuple[float, float, str, int, int, int, dict[str, float]]] = []
    most_work = 0
    budget = getattr(bot_class(game), "search_budget", search.BUDGET)
    count = 0
    for n in range(hands):
        state = Match(game, seed=hashlib.sha256(f"stability {game} {n}".encode()).hexdigest()).next_hand()
        bots = {s: SearchBot(game, seed=n * 8 + i) for i, s in enumerate(state.seats)}
        while not hand_finished(state):
            seat = state.current_player
            assert seat is not None
            obs = state.observation(seat)
            SPENT.clear()
            c0, t0 = cpu(), time.perf_counter()
            text = bots[seat].choose(obs)
            elapsed, used = 1000 * (time.perf_counter() - t0), 1000 * (cpu() - c0)
            if len(obs["legal"]) > 1:
                kind = "cards" if obs["phase"] == "play" else "calls"
                wall[kind].append(elapsed)
                cpus.append(used)
                count += 1
                work = bots[seat].work
                most_work = max(most_work, work)
                moves.append((elapsed, used, f"{kind[:-1]} ({obs['phase']})", count, work,
                              bots[seat].worlds_tried, dict(SPENT)))
            state.apply(Action.parse(text, state.seats))
    gc_ms = [1000 * sum(v for k, v in m[6].items() if k.startswith("gc")) for m in moves]
    first = moves[0][0] if moves else 0.0
    print(f"  {game:<10} calls {spread(wall['calls'])}; cards {spread(wall['cards'])}; "
          f"all {spread(wall['calls'] + wall['cards'])}; CPU all {spread(cpus)}; "
          f"most work in a move {most_work} of a budget of {budget} engine actions; the game's first move "
          f"{first:.1f} ms; the collector ran in {sum(1 for g in gc_ms if g > 0)} moves, "
          f"{sum(gc_ms):.1f} ms in all, at most {max(gc_ms, default=0.0):.1f} ms in one", flush=True)
    for elapsed, used, kind, nth, work, tried, spent in sorted(moves, key=lambda m: -m[1])[:slowest]:
        parts = ", ".join(f"{k} {1000 * v:.1f}" for k, v in sorted(spent.items(), key=lambda kv: -kv[1]) if v >= 0.0005)
        print(f"    CPU {used:6.1f} ms (wall {elapsed:.1f}) move {nth} of the game, a {kind}: {work} actions, "
              f"{tried} worlds; ms in {parts or '-'}", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="seeded hands per game (default 20)")
    parser.add_argument("--games", default="euchre,yorkshire,trinidad,nap", help="comma-separated games")
    parser.add_argument("--slowest", type=int, default=3, help="slowest moves described per game (default 3)")
    parser.add_argument("--warm", action="store_true",
                        help="warm each game's strong bot first, as the browser's worker does (trickbook.bots.warm)")
    args = parser.parse_args(argv)
    instrument()
    try:
        import os
        load = f"load average {os.getloadavg()[0]:.1f}"
    except (AttributeError, OSError):
        load = "load average unknown"
    print(f"the strong bot's time per move on {sys.implementation.name} {sys.version.split()[0]}, "
          f"{args.hands} hands per game, strong bots at every seat (wall clock); {load}", flush=True)
    for game in args.games.split(","):
        if args.warm:
            from trickbook.bots.warm import warm_up

            done = warm_up(game)
            print(f"  {game:<10} warmed up: {done.get('calls', 0)} searched call(s), {done.get('cards', 0)} searched "
                  f"card(s) in {done.get('ms', '-')} ms{'; ' + done['error'] if 'error' in done else ''}", flush=True)
        measure(game, args.hands, args.slowest)
    _ = playout  # the play-outs' module is imported so that a run times what a table imports


if __name__ == "__main__":
    main()
