"""The online table server under load: K tables of four simulated people playing whole matches.

    .venv/bin/python bench/online.py --tables K [--url ws://HOST:PORT/online/] [--game euchre]
                                     [--hands N] [--level gentle]

Starts its own ``trickbook tables`` on a free port (a fresh store in a temporary folder) unless
``--url`` names one. Each person is a ``websockets`` client: it says hello, sits, commits, reveals
and then plays a legal card whenever its view says it is its turn (the host deals each next hand).
Prints the connections held, the time from a move being sent to each seat's update for it (p50,
p95, p99 over every seat of every move), the server's CPU time and memory per table, and the cost
of a bot's move (gentle and strong, measured in this process on the same engine). The goal on this
machine: 250 tables of four (1,000 connections) with p95 at most 50 ms. Last line:
``tables K connections N p50 A ms p95 B ms p99 C ms``.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import secrets
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
GOAL_TABLES, GOAL_P95_MS = 250, 50.0


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.connections = 0
        self.peak = 0
        self.moves = 0
        self.matches = 0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def person(url: str, code: str, token: str | None, seat: str, host: bool, sent: dict[int, float],
                 stats: Stats, hands: int | None, rng: random.Random, started: asyncio.Event,
                 everyone: asyncio.Event) -> None:
    value = secrets.token_hex(32)
    revealed = False
    async with connect(url, max_size=None) as ws:
        stats.connections += 1
        stats.peak = max(stats.peak, stats.connections)
        try:
            await ws.send(json.dumps({"type": "hello", "code": code, "token": token, "lang": "en"}))
            await ws.send(json.dumps({"type": "sit", "seat": seat, "name": seat}))
            await ws.send(json.dumps({"type": "commit", "hash": hashlib.sha256(bytes.fromhex(value)).hexdigest()}))
            async for text in ws:
                frame = json.loads(text)
                kind = frame["type"]
                if kind == "lobby":
                    people = [s for s in frame["seats"] if s["kind"] == "person"]
                    if (host and frame["phase"] == "seating" and len(people) == len(frame["seats"])
                            and all(s["committed"] for s in people) and not started.is_set()):
                        started.set()
                        await ws.send(json.dumps({"type": "start"}))
                    elif frame["phase"] == "revealing" and not revealed:
                        revealed = True
                        await ws.send(json.dumps({"type": "reveal", "value": value}))
                    if frame["phase"] in ("over", "closed"):
                        break
                elif kind == "error":
                    raise RuntimeError(frame)
                elif kind == "update":
                    everyone.set()
                    turn = frame["turn"]
                    if turn in sent:
                        stats.latencies.append((time.perf_counter() - sent[turn]) * 1000)
                    view = frame["view"]
                    if view["over"] or (hands is not None and view["hand_number"] > hands):
                        break
                    if view["phase"] == "hand-over" and host:
                        sent[turn + 1] = time.perf_counter()
                        await ws.send(json.dumps({"type": "next", "turn": turn}))
                    elif view["your_turn"] and view["phase"] != "hand-over":
                        sent[turn + 1] = time.perf_counter()
                        stats.moves += 1
                        await ws.send(json.dumps({"type": "act", "action": rng.choice(view["legal"]),
                                                  "turn": turn}))
        finally:
            stats.connections -= 1


async def table(http: str, url: str, game: str, level: str, hands: int | None, stats: Stats, n: int) -> None:
    terms = {"game": game, "timers": True, "level": level}
    request = urllib.request.Request(f"{http}tables", data=json.dumps(terms).encode(),
                                     headers={"content-type": "application/json"})
    opened = await asyncio.to_thread(lambda: json.loads(urllib.request.urlopen(request).read()))
    seats = ["N", "E", "S", "W"]
    sent: dict[int, float] = {}
    started, everyone = asyncio.Event(), asyncio.Event()
    rng = random.Random(n)
    await asyncio.gather(*(person(url, opened["code"], opened["host"] if i == 0 else None, seat, i == 0, sent,
                                  stats, hands, rng, started, everyone) for i, seat in enumerate(seats)))
    stats.matches += 1


def proc_usage(pid: int) -> tuple[float, int]:
    """CPU seconds (user + system) and resident memory in bytes of a process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    rss = next(int(line.split()[1]) * 1024 for line in Path(f"/proc/{pid}/status").read_text().splitlines()
               if line.startswith("VmRSS:"))
    return cpu, rss


def bot_cost(game: str) -> dict[str, float]:
    """Milliseconds a bot's move takes at each level, over the bots' moves of a few seeded hands."""
    from trickbook.table.shared import SharedTable

    out = {}
    for level in ("gentle", "strong"):
        moves, spent = 0, 0.0
        for n in range(2 if level == "strong" else 10):
            started = time.perf_counter()
            table = SharedTable(f"{n:02x}" * 32, game=game, people=[], level=level)  # bots play the first hand
            spent += time.perf_counter() - started
            moves += sum(1 for t in table.state.history)
        out[level] = spent * 1000 / max(1, moves)
    return out


def start_server(folder: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, "-m", "trickbook_site.cli", "tables", "--port", "0", "--db",
                             str(folder / "tables.sqlite")], text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("serving the tables at "):
            return proc, line.split()[4]
    raise SystemExit("the table server did not start")


async def main_async(args: argparse.Namespace) -> None:
    proc = None
    folder = tempfile.TemporaryDirectory()
    if args.url:
        http = args.url.replace("ws://", "http://").replace("wss://", "https://").rstrip("/") + "/"
    else:
        proc, http = start_server(Path(folder.name))
    url = http.replace("http://", "ws://").replace("https://", "wss://") + "ws"
    before = proc_usage(proc.pid) if proc else None
    stats = Stats()
    started = time.perf_counter()
    await asyncio.gather(*(table(http, url, args.game, args.level, args.hands, stats, n)
                           for n in range(args.tables)))
    wall = time.perf_counter() - started
    after = proc_usage(proc.pid) if proc else None
    if proc:
        proc.terminate()
        proc.wait()
    folder.cleanup()
    k = args.tables
    print(f"matches played {stats.matches} of {k}, moves {stats.moves}, wall {wall:.1f} s")
    print(f"connections held at once: {stats.peak}")
    if before and after:
        print(f"server CPU {after[0] - before[0]:.2f} s in all, {(after[0] - before[0]) / k * 1000:.0f} ms a table; "
              f"memory {after[1] / 2**20:.0f} MiB resident, {(after[1] - before[1]) / k / 1024:.0f} KiB a table")
    costs = bot_cost(args.game)
    print(f"a bot's move: gentle {costs['gentle']:.2f} ms, strong {costs['strong']:.1f} ms ({args.game})")
    p50, p95, p99 = (percentile(stats.latencies, q) for q in (0.50, 0.95, 0.99))
    share = k / GOAL_TABLES
    print(f"goal {GOAL_TABLES} tables / {4 * GOAL_TABLES} connections at p95 <= {GOAL_P95_MS:.0f} ms: "
          f"this run is {share:.0%} of the tables at p95 {p95:.1f} ms "
          f"({'within' if p95 <= GOAL_P95_MS else 'over'} the bound)")
    print(f"tables {k} connections {stats.peak} p50 {p50:.1f} ms p95 {p95:.1f} ms p99 {p99:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--url", default=None, help="a running server's base, e.g. ws://127.0.0.1:8765/online/")
    parser.add_argument("--game", default="euchre")
    parser.add_argument("--level", default="gentle")
    parser.add_argument("--hands", type=int, default=None, help="stop each match after this many hands")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
