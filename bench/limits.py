"""A record of a million actions: how long `trickbook check` takes to refuse it, and its peak memory.

Usage: .venv/bin/python bench/limits.py [--actions N] [--src DIR]

Three records of N actions (default 10^6) of a Nap hand: the actions as one
multi-line string, as an array of strings, and as a one-line string with escaped
newlines. Each is checked once by `trickbook check` in a fresh process, which
prints the seconds and the peak resident memory (the child's ``ru_maxrss``).
``--src`` runs another checkout's ``src/`` (the same command, that engine): how
figures compare before and after a change. Prints the 1-minute load average,
since these are wall-clock times.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAD = 'format = 1\ngame = "nap"\nseats = ["A", "B", "C"]\ndealer = "C"\n'
DEAL = '[deal]\nseed = "' + "ab" * 32 + '"\n'


def records(n: int) -> dict[str, str]:
    return {
        "multi-line string": HEAD + 'actions = """\n' + "A pass\n" * n + '"""\n' + DEAL,
        "array of strings": HEAD + "actions = [" + ", ".join(['"A pass"'] * n) + "]\n" + DEAL,
        "one-line string": HEAD + 'actions = "' + "A pass\\n" * n + '"\n' + DEAL,
    }


def check_once(path: Path, src: Path) -> tuple[float, float, str]:
    """Seconds, peak MB and the first line printed, for one `trickbook check` in a new process."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    code = ("import resource, sys\nfrom trickbook_site.cli import main\n"
            "rc = main(['check', sys.argv[1]])\n"
            "print('peak', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\nsys.exit(rc)")
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - started
    peaks = [line.split()[1] for line in done.stderr.splitlines() if line.startswith("peak ")]
    said = (done.stdout or done.stderr).strip().splitlines()
    return seconds, int(peaks[-1]) / 1024 if peaks else float("nan"), (said[0] if said else "")[-110:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=10**6)
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the src/ folder whose engine checks")
    args = parser.parse_args()
    print(f"load average (1 min): {os.getloadavg()[0]:.2f}; engine from {args.src}")
    with tempfile.TemporaryDirectory() as folder:
        for kind, text in records(args.actions).items():
            path = Path(folder) / "huge.hand.toml"
            path.write_text(text, encoding="utf-8")
            seconds, peak, said = check_once(path, args.src)
            print(f"{kind:18} {len(text) / 1e6:6.1f} MB  {seconds:7.2f} s  peak {peak:7.1f} MB  {said}")
    print(f"load average (1 min): {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
