"""How many tables one, two and three table processes hold at the same p95: issue's goal, two processes at
least 1.6× the tables of one.

    .venv/bin/python bench/online_scaling.py [--cpus-per-process 0.4] [--route code] [--nginx] [--runs 3]
                                             [--bound-ms 250] [--step 4] [--hands 2] [--processes 1,2,3]

Runs ``bench/online.py --store redis --processes P`` (a Redis of its own, ``appendfsync always``) at a
growing number of tables K (``--step``, 2 × step, …), each figure the median p95 of ``--runs`` runs; for
each P it prints the largest K whose p95 is within ``--bound-ms``, and the ratio to one process's. Each
process is held to ``--cpus-per-process`` of a core (a CPU cgroup's quota, as if it ran on a machine of
its own) unless that is 0: on a machine of two cores the simulated people (a third of the CPU here) and
Redis would otherwise compete with the processes they load.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
P95 = re.compile(r"^tables (\d+) connections \d+ p50 [\d.]+ ms p95 ([\d.]+) ms", re.M)


def p95(args: argparse.Namespace, processes: int, tables: int) -> float:
    figures = []
    for _ in range(args.runs):
        command = [sys.executable, str(ROOT / "bench" / "online.py"), "--store", "redis", "--processes",
                   str(processes), "--tables", str(tables), "--hands", str(args.hands), "--route", args.route]
        command += ["--cpus-per-process", str(args.cpus_per_process)] if args.cpus_per_process else []
        command += ["--nginx"] if args.nginx and processes > 1 else []
        out = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=True).stdout
        found = P95.search(out)
        if found is None:
            raise SystemExit(f"bench/online.py said no p95:\n{out}")
        figures.append(float(found.group(2)))
    return statistics.median(figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cpus-per-process", type=float, default=0.4)
    parser.add_argument("--route", choices=("spread", "opener", "code"), default="code")
    parser.add_argument("--nginx", action="store_true")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--bound-ms", type=float, default=250.0)
    parser.add_argument("--step", type=int, default=4)
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--processes", default="1,2,3")
    args = parser.parse_args()
    held: dict[int, int] = {}
    for processes in (int(p) for p in args.processes.split(",")):
        tables, best = args.step, 0
        while True:
            figure = p95(args, processes, tables)
            print(f"  {processes} process(es), {tables} tables: p95 {figure:.1f} ms", flush=True)
            if figure > args.bound_ms:
                break
            best, tables = tables, tables + args.step
        held[processes] = best
        ratio = f", {best / held[1]:.2f}× one process's" if processes > 1 and held.get(1) else ""
        print(f"{processes} process(es) hold {best} tables at p95 <= {args.bound_ms:g} ms{ratio}", flush=True)


if __name__ == "__main__":
    main()
