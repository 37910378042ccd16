"""Test helpers for several table processes sharing one Redis: a ``redis-server`` of the test's own (a free
port, a temporary folder, append-only file on, never the system's service), ``trickbook tables --store``
subprocesses, and a page's connection that reconnects by itself as ``widgets/online/socket.js`` does."""

from __future__ import annotations

import json
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Callable

from helpers import Said
from test_online_restart import Process
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

PYTHON = Path(sys.executable)
LEASE_MS = 1500  # the table processes' lease in these tests: a killed owner's tables wait this long at most


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(test: Callable[[], Any], seconds: float = 20.0, what: str = "a state") -> Any:
    """Poll ``test`` until it gives a true value (a readiness poll, never a fixed sleep standing for an event)."""
    deadline = time.monotonic() + seconds
    while True:
        got = test()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


class RedisServer:
    """``redis-server`` on a free port with its data in ``folder`` (append-only, fsync at every write)."""

    def __init__(self, folder: Path) -> None:
        exe = shutil.which("redis-server") or "/usr/bin/redis-server"
        assert Path(exe).exists(), "redis-server is missing: run scripts/setup --test"
        self.exe, self.folder, self.port = exe, folder, free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[str] | None = None
        self.start()

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen([self.exe, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "yes", "--appendfsync", "always", "--dir", str(self.folder),
                                      "--daemonize", "no", "--logfile", ""],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        # Its log (on standard output here) says so once it listens.
        Said(self.proc.stdout, self.proc).wait_for("Ready to accept connections", timeout=20)

    def ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class TableProcess(Process):
    """``trickbook tables --store REDIS`` in a subprocess on a free port, its output read line by line."""

    def __init__(self, store: str, lease_ms: int = LEASE_MS) -> None:
        super().__init__(store=["--store", store], env={"TRICKBOOK_LEASE_MS": str(lease_ms)})

    def open_table(self, **terms: Any) -> dict[str, Any]:
        request = urllib.request.Request(f"{self.base}/tables", data=json.dumps(terms).encode(),
                                         headers={"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=20) as answer:
            opened: dict[str, Any] = json.loads(answer.read())
        assert opened["ok"], opened
        return opened

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(20)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


class Page:
    """One person's page: a WebSocket to one of ``urls`` that, like socket.js, opens again when it closes
    (on the next process in turn when the current one cannot be reached) and says hello again."""

    def __init__(self, urls: list[str], code: str, token: str | None, first: int = 0) -> None:
        self.urls, self.code, self.token, self.at = urls, code, token, first
        self.ws: ClientConnection | None = None
        self.seat: str | None = None
        self.last: dict[str, Any] | None = None      # the last update or snapshot
        self.frames: list[dict[str, Any]] = []       # every frame received, in order
        self.closes: list[tuple[int | None, str]] = []  # (code, reason) of each link the server closed
        self.delay = 0.05
        self.sent_at = 0.0
        self.open()

    def open(self) -> None:
        for attempt in range(200):
            url = self.urls[self.at % len(self.urls)]
            try:
                self.ws = connect(url, open_timeout=5, legacy=True)  # a connection now (closed by close())
                break
            except OSError:
                self.at += 1  # that process is gone: the next one (a load balancer's job)
                time.sleep(min(0.5, 0.05 * (attempt + 1)))
        else:
            raise AssertionError("no table process could be reached")
        self.send(type="hello", code=self.code, token=self.token, lang="en")

    def send(self, **frame: Any) -> None:
        """Send a frame, at a person's pace: at most one every 60 ms (the server takes 20 a second)."""
        assert self.ws is not None
        wait = self.sent_at + 0.06 - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self.sent_at = time.monotonic()
        try:
            self.ws.send(json.dumps(frame))
        except ConnectionClosed:
            pass  # read() sees the close and reconnects

    def read(self, timeout: float = 30.0) -> dict[str, Any]:
        """The next frame, reconnecting (and saying hello again) as often as the link closes."""
        deadline = time.monotonic() + timeout
        while True:
            assert self.ws is not None
            try:
                frame: dict[str, Any] = json.loads(self.ws.recv(timeout=max(0.05, deadline - time.monotonic())))
            except ConnectionClosed as e:
                self.closes.append((e.rcvd.code if e.rcvd else None, e.rcvd.reason if e.rcvd else ""))
                self.ws.close()
                time.sleep(self.delay)  # socket.js waits before trying again, longer each time
                self.delay = min(1.0, self.delay * 2)
                self.open()
                if time.monotonic() > deadline:
                    raise AssertionError(f"no frame within {timeout:.1f} s; closed {len(self.closes)} times") from None
                continue
            except TimeoutError:
                last = [(f["type"], f.get("turn"), f.get("error")) for f in self.frames[-5:]]
                raise AssertionError(f"no frame within {timeout:.1f} s; the last: {last}; closes {self.closes}") \
                    from None
            self.frames.append(frame)
            self.delay = 0.05
            if frame["type"] in ("update", "snapshot"):
                self.last = frame
            return frame

    def until(self, test: Callable[[dict[str, Any]], bool], timeout: float = 30.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            frame = self.read(max(0.1, deadline - time.monotonic()))
            assert frame["type"] != "error", frame
            if test(frame):
                return frame

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()


class Cluster:
    """Several ``ClusterHub``s in this process on one fake clock, sharing one Redis: what each process's
    channel carries is read here and handed to its hub (``pump``), as its listener would."""

    def __init__(self, url: str, names: list[str], lease_ms: int = 600_000) -> None:
        from redis import Redis

        from trickbook_site.online.cluster import ClusterHub
        from trickbook_site.online.hub import FakeClock
        from trickbook_site.online.redis_store import RedisStore, channel

        self.clock = FakeClock()
        self.redis = Redis.from_url(url)
        self.hubs = {n: ClusterHub(RedisStore(url, me=n, lease_ms=lease_ms), self.clock) for n in names}
        self.subs = {}
        self.rounds = 0
        for name in names:
            sub = self.redis.pubsub(ignore_subscribe_messages=True)
            sub.subscribe(channel(name))
            self.subs[name] = sub
        for hub in self.hubs.values():
            hub.tick()  # each process's presence, as its first tick does

    def pump(self) -> int:
        """Hand every message on the processes' channels to their hubs, until none is left. A marker published
        after the hubs' own messages (Redis keeps the order in which it took them) says where a round ends;
        a round in which a hub was handed a message (and may have published more) is followed by another."""
        import json

        from trickbook_site.online.redis_store import channel

        handed = 0
        while True:
            self.rounds += 1
            marker = json.dumps({"k": "marker", "n": self.rounds})
            for name in self.subs:
                self.redis.publish(channel(name), marker)
            this_round = 0
            for name, sub in self.subs.items():
                deadline = time.monotonic() + 10
                while True:
                    message = sub.get_message(timeout=1)  # None also for a subscription's confirmation
                    assert time.monotonic() < deadline, "a channel went quiet before its marker"
                    if message is None or message["type"] != "message":
                        continue
                    if message["data"] == marker.encode():
                        break
                    self.hubs[name].deliver(message["data"])
                    this_round += 1
            handed += this_round
            if not this_round:
                return handed

    def pump_one(self, name: str) -> int:
        """Hand what process ``name``'s channel holds now to its hub, once (what it publishes stays unread)."""
        import json

        from trickbook_site.online.redis_store import channel

        self.rounds += 1
        marker = json.dumps({"k": "marker", "n": self.rounds})
        self.redis.publish(channel(name), marker)
        handed, deadline = 0, time.monotonic() + 10
        while True:
            message = self.subs[name].get_message(timeout=1)
            assert time.monotonic() < deadline, "a channel went quiet before its marker"
            if message is None or message["type"] != "message":
                continue
            if message["data"] == marker.encode():
                return handed
            self.hubs[name].deliver(message["data"])
            handed += 1

    def close(self) -> None:
        for sub in self.subs.values():
            sub.close()
        for hub in self.hubs.values():
            hub.redis_store.close()
        self.redis.close()
