"""Engine throughput: random full hands per second per game, and the bots' time per move.

Run ``python bench/engine.py [--seconds S]`` on CPython; bench/pyodide_bench.mjs runs the
same functions under Pyodide in Node. Figures, not tests: nothing here asserts.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import random
import statistics
import sys
import time

from trickbook.actions import Action
from trickbook.bots import BOTS, make_bot
from trickbook.games import GAMES, find_game
from trickbook.match import hand_finished
from trickbook.shuffle import deal_hand


def present(target: str) -> bool:
    return importlib.util.find_spec(target.split(":")[0]) is not None


def seed_of(*parts: object) -> str:
    return hashlib.sha256(" ".join(map(str, parts)).encode()).hexdigest()


def new_hand(game: str, n: int):
    cls = find_game(game)
    seats = tuple(cls.default_seats)
    dealer = seats[n % len(seats)]
    return cls(None, seats, dealer, deal_hand(game, seats, dealer, seed_of("bench", game, n), 1))


def random_hands_per_second(game: str, seconds: float) -> tuple[float, float]:
    """Deal and play random legal actions until each hand ends; (hands per second, actions per hand)."""
    rng = random.Random(1)
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_hand(game, hands)
        while not hand_finished(state):
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        hands += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, actions / max(hands, 1)


def clone_micros(game: str, clones: int = 2000) -> float:
    """Microseconds per ``clone()`` of a hand a few actions in (the search bot and the what-ifs clone often)."""
    rng = random.Random(2)
    state = new_hand(game, 3)
    for _ in range(6):
        if hand_finished(state):
            break
        state.apply(rng.choice(state.legal_actions()))
    start = time.perf_counter()
    for _ in range(clones):
        state.clone()
    return 1e6 * (time.perf_counter() - start) / clones


def bot_move_times(game: str, moves: int, level: str = "gentle") -> list[float]:
    """Seconds per ``choose`` of the game's bot at every seat, over about ``moves`` moves."""
    times: list[float] = []
    n = 0
    while len(times) < moves:
        state = new_hand(game, n)
        bots = {s: make_bot(game, seed=i, level=level) for i, s in enumerate(state.seats)}
        while not hand_finished(state):
            seat = state.current_player
            obs = state.observation(seat)
            t0 = time.perf_counter()
            choice = bots[seat].choose(obs)
            times.append(time.perf_counter() - t0)
            state.apply(Action.parse(choice, state.seats))
        n += 1
    return times


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * 0.95) - 1)]


def run(seconds: float = 2.0, moves: int = 2000, strong_moves: int = 300) -> list[dict]:
    rows = []
    for game in GAMES:
        if not present(GAMES[game]):
            continue
        rate, per_hand = random_hands_per_second(game, seconds)
        row = {"game": game, "hands_per_second": rate, "actions_per_hand": per_hand, "clone_us": clone_micros(game)}
        if present(BOTS[game]) and moves:
            times = bot_move_times(game, moves)
            row.update(bot_mean_ms=1000 * statistics.fmean(times), bot_p95_ms=1000 * p95(times), bot_moves=len(times))
            if strong_moves:
                times = bot_move_times(game, strong_moves, "strong")
                row.update(strong_mean_ms=1000 * statistics.fmean(times), strong_p95_ms=1000 * p95(times),
                           strong_max_ms=1000 * max(times))
        rows.append(row)
    return rows


def report(rows: list[dict], runtime: str) -> str:
    out = [f"engine benchmark on {runtime}",
           f"{'game':<10} {'hands/s':>9} {'actions/hand':>13} {'clone us':>9} {'bot mean ms':>12} {'bot p95 ms':>11}"
           f" {'search mean ms':>15} {'search p95 ms':>14} {'search max ms':>14}"]
    for r in rows:
        bot = (f"{r['bot_mean_ms']:>12.3f} {r['bot_p95_ms']:>11.3f}" if "bot_mean_ms" in r else f"{'-':>12} {'-':>11}")
        strong = (f" {r['strong_mean_ms']:>15.1f} {r['strong_p95_ms']:>14.1f} {r['strong_max_ms']:>14.1f}"
                  if "strong_mean_ms" in r else "")
        out.append(f"{r['game']:<10} {r['hands_per_second']:>9.1f} {r['actions_per_hand']:>13.1f} "
                   f"{r['clone_us']:>9.1f} {bot}{strong}")
    out.append("search = the strong bot (trickbook.bots.search), every seat; the bar is 50 ms per move under Pyodide")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent on random hands per game")
    parser.add_argument("--moves", type=int, default=2000, help="bot moves timed per game")
    parser.add_argument("--strong-moves", type=int, default=300, help="search-bot moves timed per game (0: none)")
    args = parser.parse_args(argv)
    runtime = f"{sys.implementation.name} {sys.version.split()[0]} ({sys.platform})"
    print(report(run(args.seconds, args.moves, args.strong_moves), runtime))


if __name__ == "__main__":
    main()
