"""Reading large hand records: check, replay and fmt on a generated 1 MB record, against reading it as bare TOML.

Usage: .venv/bin/python bench/records.py [--megabytes N] [--runs R]

The record is a Nap hand whose actions are written as an array of strings, one
per line, as a careless or hostile author might write far more actions than a
hand has: the engine refuses the first action after the hand is over, so the
time is almost all reading. Each figure is the median of R runs, printed with
its ratio to ``tomllib.loads`` of the same text (the floor for any reader).
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from trickbook.tools import check_main, fmt_main, replay_main  # noqa: E402

HEAD = 'format = 1\ngame = "nap"\ndealer = "D"\nactions = [\n'
DEAL = ']\n[deal]\nA = "AH KH QH AS 2C"\nB = "JH TH KS AC KD"\nC = "9H 8H QS QC QD"\nD = "7H 6H JS JC JD"\n'
ROWS = ['  "A pass",', '  "B pass",', '  "C pass",', '  "D bid three",']


def large_record(size: int) -> str:
    """A record of about ``size`` bytes with its actions as an array of strings."""
    rows: list[str] = []
    total = len(HEAD) + len(DEAL)
    while total < size:
        row = ROWS[len(rows) % len(ROWS)]
        rows.append(row)
        total += len(row) + 1
    return HEAD + "\n".join(rows) + "\n" + DEAL


def timed(run, runs: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds (the CPU time is what other work on the machine leaves alone)."""
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        run()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall), statistics.median(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    text = large_record(int(args.megabytes * 1_000_000))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "large.hand.toml"
        path.write_text(text, encoding="utf-8")
        print(f"record: {len(text.encode()):,} bytes, {text.count(chr(10)):,} lines, "
              f"{text.count('pass') + text.count('bid'):,} actions as an array; median of {args.runs} runs")
        print(f"  {'':<24}{'wall':>8}{'cpu':>8}  cpu ratio to tomllib")
        floor, floor_cpu = timed(lambda: tomllib.loads(text), args.runs)
        print(f"  {'tomllib.loads':<24}{floor:7.2f}s{floor_cpu:7.2f}s  1.00")
        for name, main_ in (("check", check_main), ("replay --json", replay_main), ("fmt", fmt_main)):
            argv = [str(path), "--json"] if name == "replay --json" else [str(path)]
            status: list[int] = []
            wall, cpu = timed(lambda: status.append(main_(argv, out=io.StringIO())), args.runs)
            print(f"  {'trickbook ' + name:<24}{wall:7.2f}s{cpu:7.2f}s  {cpu / floor_cpu:.2f}   (exit {status[-1]})")


if __name__ == "__main__":
    main()
