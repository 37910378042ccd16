"""How much better than the heuristic's a Yorkshire pitch could be, for a player who sees only his own hand.

Run ``python bench/pitch.py [--positions N] [--worlds K] [--jobs J]`` from the repository root.

The pitch is the first lead of a Yorkshire hand, and its suit becomes trumps. When it is made, the
pitcher has seen nothing but his own six cards, so a uniform guess at the other hands is exactly
what he knows. For each of N seeded first hands (default 50) this deals K such guesses (default
600) and, in every guess, plays each card the pitcher could lead and lets all four seats play the
hand on as the gentle bot would; a pitch is worth its side's points less the other side's (the
search bot's value). The guesses are split in two halves: the pitch that looks best on one half is
valued on the other, so the luck of the guesses does not flatter it. The figure printed is the
mean over the positions of that pitch's worth less the heuristic's pitch's, with a 95 % interval:
what an honest pitch, chosen with many guesses and no time limit, gains over the heuristic's in a
hand that side pitches (a side pitches every other hand). It takes about 20 minutes with the
defaults on two cores. ``bench/oracle.py --oracle-decides trump`` measures the pitch of a bot that
sees every hand, for comparison. Figures, not tests.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from bots import map_jobs  # bench/bots.py

from trickbook.actions import Action
from trickbook.bots import make_bot
from trickbook.bots.playout import value
from trickbook.bots.worlds import World
from trickbook.games import find_game
from trickbook.match import Match, play_hand


def one_position(args: tuple[int, int]) -> tuple[float, bool]:
    """(the best-looking pitch's worth less the heuristic's, valued on the other half of the
    guesses; whether the heuristic's pitch is the best over all of them) for position ``n``."""
    n, worlds = args
    state = Match("yorkshire", seed=f"{n:064x}").next_hand()
    seat = state.current_player
    assert seat is not None
    observation = state.observation(seat)
    pitches = [t for t in observation["legal"] if Action.parse(t, state.seats).verb == "play"]
    heuristic = make_bot("yorkshire", seed=n).choose(observation)
    world = World.from_observation(find_game("yorkshire"), observation)
    assert world is not None
    rng = random.Random(n)
    worth: dict[str, list[float]] = {t: [] for t in pitches}
    for k in range(worlds):
        hidden = world.sample(rng)
        base = world.rebuild(hidden) if hidden is not None else None
        if base is None:
            continue
        for text in pitches:
            trial = base.clone()
            trial.apply(Action.parse(text, trial.seats))
            play_hand(trial, {s: make_bot("yorkshire", seed=7000 + 4 * k + i) for i, s in enumerate(trial.seats)})
            worth[text].append(value(trial, seat, world.score_before, True))
    halves = [{t: statistics.fmean(v[h::2]) for t, v in worth.items()} for h in (0, 1)]
    gain = 0.0
    for chosen_on, valued_on in ((0, 1), (1, 0)):
        best = max(pitches, key=lambda t: halves[chosen_on][t])
        gain += (halves[valued_on][best] - halves[valued_on][heuristic]) / 2
    overall = {t: statistics.fmean(v) for t, v in worth.items()}
    return gain, heuristic == max(pitches, key=lambda t: overall[t])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=50, help="seeded first hands (default 50)")
    parser.add_argument("--worlds", type=int, default=600, help="guesses at the other hands per position (default 600)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args()
    started = time.perf_counter()
    results = map_jobs(one_position, [(n, args.worlds) for n in range(args.positions)], args.jobs)
    gains = [g for g, _ in results]
    half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else math.inf
    print(f"yorkshire pitch over {args.positions} positions, {args.worlds} guesses each: the pitch chosen by "
          f"play-outs gains {statistics.fmean(gains):+.3f} points (95% interval ±{half:.3f}) over the heuristic's "
          f"in a hand its side pitches; the heuristic's pitch is the best found in {sum(b for _, b in results)} "
          f"of {len(results)} ({time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
