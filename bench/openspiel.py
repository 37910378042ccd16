"""The engine's Euchre loop against OpenSpiel's: random full hands per second from a Python loop.

Run ``python bench/openspiel.py [--seconds S] [--rounds N]`` from the repository root. The first
run creates ``build/openspiel-venv`` and installs ``open-spiel==2.0.2`` into it: OpenSpiel is a
figure's anchor, never a dependency of the project. Both loops deal a hand (OpenSpiel through its
chance nodes, trickbook through its published shuffle), then pick uniformly among the legal actions
until the hand ends. The two sides alternate N times (default 5) for S seconds each (default 2);
medians are printed, with the ratio trickbook / OpenSpiel (the target is at least 0.5).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import venv
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import random_hands_per_second  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
VENV = REPO / "build" / "openspiel-venv"
OPENSPIEL = "open-spiel==2.0.2"

OPENSPIEL_LOOP = r"""
import json, random, sys, time
import pyspiel
seconds = float(sys.argv[1])
game = pyspiel.load_game("euchre")
rng = random.Random(1)
hands = actions = 0
start = time.perf_counter()
while time.perf_counter() - start < seconds:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    hands += 1
elapsed = time.perf_counter() - start
print(json.dumps({"hands_per_second": hands / elapsed, "actions_per_hand": actions / hands,
                  "version": pyspiel.__version__ if hasattr(pyspiel, "__version__") else "2.0.2"}))
"""


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_openspiel() -> Path:
    """The benchmark's own environment with OpenSpiel, created on first use."""
    python = venv_python()
    probe = [str(python), "-c", "import pyspiel"]
    if python.exists() and subprocess.run(probe, capture_output=True).returncode == 0:
        return python
    print(f"creating {VENV.relative_to(REPO)} with {OPENSPIEL} (once)…", file=sys.stderr, flush=True)
    venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    done = subprocess.run([str(python), "-m", "pip", "install", "--quiet", OPENSPIEL], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"installing {OPENSPIEL} failed:\n{done.stderr[-2000:]}")
    return python


def openspiel_hands_per_second(python: Path, seconds: float) -> dict[str, float]:
    done = subprocess.run([str(python), "-c", OPENSPIEL_LOOP, str(seconds)], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONHASHSEED="0"))
    if done.returncode != 0:
        sys.exit(f"the OpenSpiel loop failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per loop per round (default 2)")
    parser.add_argument("--rounds", type=int, default=5, help="alternated rounds (default 5)")
    args = parser.parse_args(argv)
    python = ensure_openspiel()
    ours: list[float] = []
    theirs: list[float] = []
    per_hand = {"trickbook": 0.0, "OpenSpiel": 0.0}
    load = os.getloadavg()[0]
    for n in range(args.rounds):
        sides = ["trickbook", "OpenSpiel"] if n % 2 == 0 else ["OpenSpiel", "trickbook"]
        for side in sides:
            if side == "trickbook":
                rate, actions = random_hands_per_second("euchre", args.seconds)
                ours.append(rate)
                per_hand["trickbook"] = actions
            else:
                result = openspiel_hands_per_second(python, args.seconds)
                theirs.append(result["hands_per_second"])
                per_hand["OpenSpiel"] = result["actions_per_hand"]
    mine, anchor = statistics.median(ours), statistics.median(theirs)
    print(f"Euchre, random full hands per second from a Python loop; median of {args.rounds} alternated rounds "
          f"of {args.seconds:g} s; {sys.implementation.name} {sys.version.split()[0]}; "
          f"1-minute load average {load:.1f} at start, {os.getloadavg()[0]:.1f} at end")
    print(f"{'loop':<34} {'hands/s':>9} {'range':>17} {'actions/hand':>13}")
    print(f"{'trickbook (legal_actions + apply)':<34} {mine:>9.0f} {min(ours):>8.0f}–{max(ours):<8.0f} "
          f"{per_hand['trickbook']:>13.1f}")
    print(f"{'OpenSpiel 2.0.2 (C++ via pyspiel)':<34} {anchor:>9.0f} {min(theirs):>8.0f}–{max(theirs):<8.0f} "
          f"{per_hand['OpenSpiel']:>13.1f}")
    print(f"ratio trickbook / OpenSpiel: {mine / anchor:.2f} (target at least 0.50)")


if __name__ == "__main__":
    main()
