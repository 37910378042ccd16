"""The online table server under load: K tables of four simulated people playing whole matches.

    .venv/bin/python bench/online.py --tables K [--url ws://HOST:PORT/online/] [--game euchre]
                                     [--hands N] [--level gentle] [--store redis --processes P]

Starts its own ``trickbook tables`` on a free port (a fresh store in a temporary folder) unless
``--url`` names one. Each person is a ``websockets`` client: it says hello, sits, commits, reveals
and then plays a legal card whenever its view says it is its turn (the host deals each next hand).
Prints the connections held, the time from a move being sent to each seat's update for it (p50,
p95, p99 over every seat of every move), the server's CPU time and memory per table, and the cost
of a bot's move (gentle and strong, measured in this process on the same engine). The goal on this
machine: 250 tables of four (1,000 connections) with p95 at most 50 ms. Last line:
``tables K connections N p50 A ms p95 B ms p99 C ms``.

With ``--store redis --processes P`` it starts its own ``redis-server`` (a free port, a temporary
folder, ``appendonly yes``, ``appendfsync always`` unless ``--appendfsync everysec``) and P ``trickbook
tables --store redis://…`` processes; table n is opened on process n mod P (a round-robin balancer's
choice), and ``--route`` says where its people connect: ``spread`` (the default), person i on process
(n + i) mod P, as a balancer that knows nothing of tables spreads them, so with P > 1 most frames are
routed through Redis to the table's owner; ``code``, every person on the process the table's code
hashes to, as a balancer routing by ``?table=CODE`` (nginx's ``hash $arg_table``) sends them, and the
table is handed to that process at the first hello, so nothing is routed; ``opener`` (or ``--affinity``),
every person on the process that opened it. The server CPU is summed over the P processes
(redis-server's apart), and the people's side (this process) is measured too: on a machine of few cores
it competes with the servers.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
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
        self.last: dict[str, str] = {}  # "code seat" → the last frame that person got (a stalled run says it)
        self.done: set[str] = set()


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
                stats.last[f"{code} {seat}"] = text[:300]
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
            stats.done.add(f"{code} {seat}")


async def table(servers: list[tuple[str, str]], game: str, level: str, hands: int | None, stats: Stats,
                n: int, route: str = "spread") -> None:
    http = servers[n % len(servers)][0]
    terms = {"game": game, "timers": True, "level": level}
    request = urllib.request.Request(f"{http}tables", data=json.dumps(terms).encode(),
                                     headers={"content-type": "application/json"})
    opened = await asyncio.to_thread(lambda: json.loads(urllib.request.urlopen(request).read()))
    seats = ["N", "E", "S", "W"]
    sent: dict[int, float] = {}
    started, everyone = asyncio.Event(), asyncio.Event()
    rng = random.Random(n)
    host = opened["host"]
    code = opened["code"]
    if route == "code":  # a balancer hashing ?table=CODE (nginx: hash $arg_table): the table goes there
        at = int(hashlib.sha256(code.encode()).hexdigest(), 16) % len(servers)
        where = [f"{servers[at][1]}?table={code}"] * len(seats)
    else:
        where = [servers[(n + (0 if route == "opener" else i)) % len(servers)][1] for i in range(len(seats))]
    await asyncio.gather(*(person(where[i], code, host if i == 0 else None, seat, i == 0, sent, stats,
                                  hands, rng, started, everyone) for i, seat in enumerate(seats)))
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


def start_redis(folder: Path, fsync: str = "always") -> tuple[subprocess.Popen[bytes], str]:
    """A redis-server of the bench's own, with the persistence PROTOCOL.md recommends (or ``everysec``)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    exe = shutil.which("redis-server") or "/usr/bin/redis-server"
    proc = subprocess.Popen([exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes",
                             "--appendfsync", fsync, "--dir", str(folder)], stdout=subprocess.DEVNULL)
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return proc, f"redis://127.0.0.1:{port}/0"
        except OSError:
            time.sleep(0.05)
    raise SystemExit("redis-server did not start")


NGINX = """daemon off; master_process off; worker_processes 1; pid {d}/nginx.pid; error_log {d}/nginx.log;
events {{ worker_connections 8192; }}
http {{
  access_log off; client_body_temp_path {d}/b; proxy_temp_path {d}/p; fastcgi_temp_path {d}/f;
  uwsgi_temp_path {d}/u; scgi_temp_path {d}/s;
  map $http_upgrade $connection_upgrade {{ default upgrade; "" close; }}
  map $arg_class $route {{ "" $arg_table; default $arg_class; }}
  upstream tables {{ hash $route consistent; {servers} }}
  server {{
    listen 127.0.0.1:{port};
    location /online/ {{
      proxy_pass http://tables; proxy_http_version 1.1; proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade; proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr; proxy_read_timeout 1h;
    }}
  }}
}}
"""


def start_nginx(folder: Path, https: list[str]) -> tuple[subprocess.Popen[bytes], str]:
    """Debian's nginx in front of the table processes, routing by the table's code (PROTOCOL.md)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    servers = " ".join(f"server {urllib.parse.urlsplit(h).netloc};" for h in https)
    conf = folder / "nginx.conf"
    conf.write_text(NGINX.format(d=folder, servers=servers, port=port))
    exe = shutil.which("nginx") or "/usr/sbin/nginx"
    proc = subprocess.Popen([exe, "-c", str(conf), "-p", str(folder)], stdout=subprocess.DEVNULL)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return proc, f"http://127.0.0.1:{port}/online/"
        except OSError:
            time.sleep(0.05)
    raise SystemExit("nginx did not start")


def cap_cpu(pid: int, cpus: float, name: str) -> Path:
    """Hold process ``pid`` (and its threads) to ``cpus`` of a core, as a machine or container of its own would
    (a CPU cgroup's quota: v2 ``cpu.max`` or v1 ``cpu.cfs_quota_us``). Needs a writable cgroup tree."""
    period = 100_000
    quota = int(cpus * period)
    v2 = Path("/sys/fs/cgroup/cgroup.controllers")
    group = (Path("/sys/fs/cgroup") if v2.exists() else Path("/sys/fs/cgroup/cpu")) / name
    try:
        group.mkdir(exist_ok=True)
        if v2.exists():
            (group / "cpu.max").write_text(f"{quota} {period}")
        else:
            (group / "cpu.cfs_period_us").write_text(str(period))
            (group / "cpu.cfs_quota_us").write_text(str(quota))
        (group / "cgroup.procs").write_text(str(pid))
    except OSError as e:
        raise SystemExit(f"--cpus-per-process needs a writable CPU cgroup ({group}): {e}") from None
    return group


def start_server(folder: Path, store: str | None = None) -> tuple[subprocess.Popen[str], str]:
    where = ["--store", store] if store else ["--db", str(folder / "tables.sqlite")]
    proc = subprocess.Popen([sys.executable, "-m", "trickbook_site.cli", "tables", "--port", "0", *where],
                            text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("serving the tables at "):
            return proc, line.split()[4]
    raise SystemExit("the table server did not start")


async def main_async(args: argparse.Namespace) -> None:
    procs: list[subprocess.Popen[str]] = []
    redis = None
    folder = tempfile.TemporaryDirectory()
    https = []
    if args.url:
        https.append(args.url.replace("ws://", "http://").replace("wss://", "https://").rstrip("/") + "/")
    elif args.store == "redis":
        redis, store = start_redis(Path(folder.name), args.appendfsync)
        for _ in range(args.processes):
            proc, http = start_server(Path(folder.name), store)
            procs.append(proc)
            https.append(http)
    else:
        proc, http = start_server(Path(folder.name))
        procs.append(proc)
        https.append(http)
    groups = [cap_cpu(p.pid, args.cpus_per_process, f"trickbook-bench-{os.getpid()}-{i}")
              for i, p in enumerate(procs)] if args.cpus_per_process else []
    nginx = None
    if args.nginx:
        nginx, front = start_nginx(Path(folder.name), https)
        https = [front]
        args.route = "code"
    servers = [(http, http.replace("http://", "ws://").replace("https://", "wss://") + "ws") for http in https]
    before = [proc_usage(p.pid) for p in procs]
    redis_before = proc_usage(redis.pid) if redis else None
    stats = Stats()
    own_before = time.process_time()
    started = time.perf_counter()
    route = "opener" if args.affinity else args.route
    try:
        await asyncio.wait_for(asyncio.gather(*(table(servers, args.game, args.level, args.hands, stats, n, route)
                                                for n in range(args.tables))), args.stall_seconds)
    except BaseException as e:
        for p in [*procs, *(x for x in (redis, nginx) if x is not None)]:
            p.kill()
        stalled = sorted(k for k in stats.last if k not in stats.done)
        print(f"the run stopped ({type(e).__name__}: {e}); people not done: {len(stalled)}", file=sys.stderr)
        for key in stalled[:12]:
            print(f"  {key}: {stats.last[key]}", file=sys.stderr)
        raise SystemExit(1) from None
    wall = time.perf_counter() - started
    own_cpu = time.process_time() - own_before
    after = [proc_usage(p.pid) for p in procs]
    redis_after = proc_usage(redis.pid) if redis else None
    for p in procs:
        p.terminate()
        p.wait()
    nginx_cpu = proc_usage(nginx.pid)[0] if nginx else None
    if nginx:
        nginx.terminate()
        nginx.wait()
    if redis:
        redis.terminate()
        redis.wait()
    for group in groups:
        group.rmdir()
    folder.cleanup()
    k = args.tables
    print(f"matches played {stats.matches} of {k}, moves {stats.moves}, wall {wall:.1f} s")
    print(f"connections held at once: {stats.peak}")
    if before and after:
        cpu = sum(a[0] - b[0] for a, b in zip(after, before, strict=True))
        rss = sum(a[1] for a in after)
        grown = sum(a[1] - b[1] for a, b in zip(after, before, strict=True))
        print(f"server CPU {cpu:.2f} s in all ({len(procs)} process(es)), {cpu / k * 1000:.0f} ms a table; "
              f"memory {rss / 2**20:.0f} MiB resident, {grown / k / 1024:.0f} KiB a table")
    print(f"the people's side (this bench's own process) CPU {own_cpu:.2f} s, {own_cpu / k * 1000:.0f} ms a table")
    if nginx_cpu is not None:
        print(f"nginx CPU {nginx_cpu:.2f} s (the whole run)")
    if redis_before and redis_after:
        print(f"redis-server CPU {redis_after[0] - redis_before[0]:.2f} s, "
              f"memory {redis_after[1] / 2**20:.0f} MiB resident")
    costs = bot_cost(args.game)
    print(f"a bot's move: gentle {costs['gentle']:.2f} ms, strong {costs['strong']:.1f} ms ({args.game})")
    p50, p95, p99 = (percentile(stats.latencies, q) for q in (0.50, 0.95, 0.99))
    share = k / GOAL_TABLES
    print(f"goal {GOAL_TABLES} tables / {4 * GOAL_TABLES} connections at p95 <= {GOAL_P95_MS:.0f} ms: "
          f"this run is {share:.0%} of the tables at p95 {p95:.1f} ms "
          f"({'within' if p95 <= GOAL_P95_MS else 'over'} the bound)")
    where = f"redis, {args.processes} process(es)" if args.store == "redis" and not args.url else "embedded"
    where += {"spread": "", "opener": ", by opener", "code": ", by code"}[route] if len(procs) > 1 else ""
    where += " through nginx" if nginx else ""
    where += f", {args.cpus_per_process:g} core a process" if args.cpus_per_process else ""
    where += f", appendfsync {args.appendfsync}" if args.store == "redis" and not args.url else ""
    print(f"tables {k} connections {stats.peak} p50 {p50:.1f} ms p95 {p95:.1f} ms p99 {p99:.1f} ms ({where})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--url", default=None, help="a running server's base, e.g. ws://127.0.0.1:8765/online/")
    parser.add_argument("--game", default="euchre")
    parser.add_argument("--level", default="gentle")
    parser.add_argument("--hands", type=int, default=None, help="stop each match after this many hands")
    parser.add_argument("--store", choices=("sqlite", "redis"), default="sqlite",
                        help="the embedded SQLite store (one process), or a Redis of the bench's own")
    parser.add_argument("--processes", type=int, default=1, help="with --store redis: table processes to start")
    parser.add_argument("--appendfsync", choices=("always", "everysec"), default="always",
                        help="with --store redis: Redis' fsync of its append-only file (PROTOCOL.md)")
    parser.add_argument("--route", choices=("spread", "opener", "code"), default="spread",
                        help="with --processes: person i of table n on process (n + i) mod P (spread), every person"
                             " of table n on the process that opened it (opener), or on the process its code hashes"
                             " to, which the table is handed to at the first hello (code)")
    parser.add_argument("--affinity", action="store_true", help="the same as --route opener")
    parser.add_argument("--cpus-per-process", type=float, default=None,
                        help="hold each table process to this share of a core (a CPU cgroup's quota), as if each"
                             " ran on a machine of its own: the people's side and Redis then do not compete")
    parser.add_argument("--stall-seconds", type=float, default=300.0,
                        help="give up (saying which people had not finished, and their last frame) after this long")
    parser.add_argument("--nginx", action="store_true",
                        help="with --processes: everything goes through Debian's nginx routing by ?table=CODE")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
