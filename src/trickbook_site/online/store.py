"""The online tables' store: one SQLite file, the table's terms and lobby as JSON, and its journal.

The engine is deterministic from the seed and the moves, so a table is stored as
its terms, its seats, the seed's parts and the journal of accepted moves; every
write is committed before the server sends any frame about it
(``PROTOCOL.md``). A restarted server reads every open table back with
``open_tables`` and replays its journal.

``TableStore`` is what the hub asks of a store; this SQLite ``Store`` is the
embedded one, ``redis_store.RedisStore`` the one several processes share.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any, Iterator, Protocol, Sequence

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    phase TEXT NOT NULL,
    updated_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS journal (
    code TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat TEXT NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
"""
OPEN_PHASES = ("seating", "revealing", "playing")
Loaded = tuple[dict[str, Any], str, list[list[str]]]  # a table's data, phase and journal ([seat, move] each)


class TableStore(Protocol):
    """What the hub asks of a store: both the embedded SQLite ``Store`` and ``RedisStore`` give it."""

    def save(self, code: str, data: dict[str, Any], phase: str, now_ms: int,
             moves: Sequence[tuple[int, str, str]] = ()) -> None:
        """Write the table's data and phase and append ``moves`` (number, seat, move) at once, durably,
        before returning (the hub sends nothing about a move before this returns)."""

    def load(self, code: str) -> Loaded | None:
        """A table's data, phase and journal; None for a code the store does not hold."""

    def open_tables(self) -> Iterator[tuple[str, dict[str, Any], str, list[list[str]]]]:
        """Every table not over and not closed, with its journal."""

    def close(self) -> None:
        """Let the store's file or connection go."""


class Store:
    """The tables and their journals in the SQLite file ``path`` (``:memory:`` for a store that is not kept)."""

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        # In WAL mode a committed transaction survives the process being killed (SIGKILL); FULL would
        # also survive the machine losing power, at an fsync a move.
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def save(self, code: str, data: dict[str, Any], phase: str, now_ms: int,
             moves: Sequence[tuple[int, str, str]] = ()) -> None:
        """Write the table's lobby and terms and append ``moves`` (number, seat, move), in one transaction."""
        with self._transaction():
            self.db.execute("INSERT INTO tables (code, data, phase, updated_ms) VALUES (?, ?, ?, ?) "
                            "ON CONFLICT(code) DO UPDATE SET data=excluded.data, phase=excluded.phase, "
                            "updated_ms=excluded.updated_ms",
                            (code, json.dumps(data, sort_keys=True), phase, now_ms))
            self.db.executemany("INSERT INTO journal (code, n, seat, move) VALUES (?, ?, ?, ?)",
                                [(code, n, seat, move) for n, seat, move in moves])

    def _transaction(self) -> "_Tx":
        return _Tx(self.db)

    def load(self, code: str) -> tuple[dict[str, Any], str, list[list[str]]] | None:
        """A table's data, phase and journal; None for a code the store does not hold."""
        row = self.db.execute("SELECT data, phase FROM tables WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        journal = [[seat, move] for seat, move in
                   self.db.execute("SELECT seat, move FROM journal WHERE code = ? ORDER BY n", (code,))]
        return json.loads(row[0]), row[1], journal

    def open_tables(self) -> Iterator[tuple[str, dict[str, Any], str, list[list[str]]]]:
        """Every table not over and not closed, with its journal."""
        codes = [r[0] for r in self.db.execute(
            f"SELECT code FROM tables WHERE phase IN ({','.join('?' * len(OPEN_PHASES))})", OPEN_PHASES)]
        for code in codes:
            loaded = self.load(code)
            if loaded is not None:
                yield (code, *loaded)

    def close(self) -> None:
        self.db.close()


class _Tx:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, *_: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
