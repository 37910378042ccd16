"""The table server killed with SIGKILL mid-trick and started again: every table resumes where it was."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from trickbook_site.online.testing import value

PYTHON = Path(sys.executable)


class Process:
    """``trickbook tables`` in a subprocess on a free port (its store: the SQLite file ``db``, or the
    options ``store`` with the environment ``env``), its output read line by line."""

    def __init__(self, db: Path | None = None, store: list[str] | None = None,
                 env: dict[str, str] | None = None) -> None:
        where = store if store is not None else ["--db", str(db)]
        self.proc = subprocess.Popen([str(PYTHON), "-m", "trickbook_site.cli", "tables", "--port", "0", *where],
                                     env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lines: list[str] = []
        self.ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        assert self.ready.wait(60), self.lines
        line = next(x for x in self.lines if x.startswith("serving the tables at "))
        self.base = line.split()[4].rstrip("/")
        self.ws_url = self.base.replace("http://", "ws://") + "/ws"

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))
            if line.startswith("serving the tables at "):
                self.ready.set()
        self.ready.set()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=20)


def _until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=60))
        assert frame["type"] != "error", frame
        if frame["type"] == kind:
            return frame


def _send(ws: Any, **frame: Any) -> None:
    ws.send(json.dumps(frame))


def test_a_server_killed_mid_trick_resumes_every_table_at_the_same_position_with_no_acknowledged_move_lost(
        tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    server = Process(db)
    tables = []
    try:
        with ExitStack() as stack:
            for game in ("euchre", "nap"):
                terms = {"game": game, "timers": True, "level": "gentle", **({"players": 4} if game == "nap" else {})}
                request = urllib.request.Request(f"{server.base}/tables", data=json.dumps(terms).encode(),
                                                 headers={"content-type": "application/json"})
                with urllib.request.urlopen(request) as answer:
                    opened = json.loads(answer.read())
                ws = stack.enter_context(connect(server.ws_url))
                _send(ws, type="hello", code=opened["code"], token=opened["host"], lang="en")
                lobby = _until(ws, "lobby")
                seat = lobby["seats"][0]["seat"]
                _send(ws, type="sit", seat=seat, name="Ana")
                token = _until(ws, "seated")["token"]
                _send(ws, type="commit", hash=value(1)[1])
                _send(ws, type="start")
                while _until(ws, "lobby")["phase"] != "revealing":
                    pass
                _send(ws, type="reveal", value=value(1)[0])
                update = _until(ws, "update")
                # Play until the person's seat is to play a card in a trick already begun.
                for _ in range(200):
                    view = update["view"]
                    trick = view["trick"]
                    if view["phase"] == "play" and view["your_turn"] and trick and 0 < len(trick["plays"]) < 4:
                        break
                    if view["phase"] == "hand-over":
                        _send(ws, type="next", turn=update["turn"])
                    else:
                        _send(ws, type="act", action=view["legal"][0], turn=update["turn"])
                    update = _until(ws, "update")
                assert update["view"]["phase"] == "play" and update["view"]["trick"]["plays"]
                tables.append((opened["code"], token, update))
        server.kill()
        server = Process(db)
        assert "2 open table(s) restored" in "\n".join(server.lines)
        for code, token, acknowledged in tables:
            with connect(server.ws_url) as ws:
                _send(ws, type="hello", code=code, token=token, lang="fr")
                snapshot = _until(ws, "snapshot")
                assert snapshot["turn"] == acknowledged["turn"]
                before, after = dict(acknowledged["view"]), dict(snapshot["view"])
                assert 10_000 < after.pop("deadline_ms") <= 20_000  # the deadline restarted in full at the start
                before.pop("deadline_ms")
                assert after == before
                _send(ws, type="act", action=after["legal"][0], turn=snapshot["turn"])
                assert _until(ws, "update")["turn"] > snapshot["turn"]
    finally:
        server.kill()
