"""RedisStore against a redis-server of the test's own: the same answers as the embedded SQLite store, and
the ownership that keeps two processes from writing one table (a lease, a fenced append-only journal)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest
from redis_cluster import RedisServer, wait_for

from trickbook_site.online.redis_store import RedisStore, StoreFailure
from trickbook_site.online.store import Store, TableStore

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    yield server
    server.stop()


def _data(n: int) -> dict[str, Any]:
    return {"terms": {"game": "euchre", "timers": False}, "seat_names": ["N", "E", "S", "W"], "host": f"h{n}",
            "host_seat": None, "secret": "ab" * 32, "seen_ms": 5,
            "seats": {"N": {"name": "Ana", "token": "t", "commitment": None, "value": None}}}


def _story(store: TableStore) -> list[Any]:
    """The same writes to either store, and everything read back along the way."""
    seen: list[Any] = [store.load("aaaaaaaaaa")]
    store.save("aaaaaaaaaa", _data(1), "seating", 10)
    store.save("bbbbbbbbbb", _data(2), "seating", 11)
    seen.append(store.load("aaaaaaaaaa"))
    store.save("aaaaaaaaaa", _data(3), "playing", 12, [(0, "N", "order"), (1, "E", "9H")])
    store.save("aaaaaaaaaa", _data(4), "playing", 13, [(2, "S", "ten-é ♥")])
    store.save("aaaaaaaaaa", _data(5), "playing", 14)
    seen.append(store.load("aaaaaaaaaa"))
    seen.append(sorted(store.open_tables()))
    store.save("bbbbbbbbbb", _data(6), "over", 15)
    seen.append(sorted(store.open_tables()))
    seen.append(store.load("bbbbbbbbbb"))
    return seen


def test_the_redis_store_reads_back_what_the_sqlite_store_reads_back(redis_server: RedisServer,
                                                                      tmp_path: Path) -> None:
    redis_store = RedisStore(redis_server.url)
    redis_store.redis.flushdb()
    sqlite = Store(tmp_path / "t.sqlite")
    try:
        expected = _story(sqlite)
        assert _story(redis_store) == expected
        assert expected[2][2] == [["N", "order"], ["E", "9H"], ["S", "ten-é ♥"]]
        assert [code for code, *_ in expected[3]] == ["aaaaaaaaaa", "bbbbbbbbbb"]
        assert [code for code, *_ in expected[4]] == ["aaaaaaaaaa"]
        # Read by another process, it is the same table.
        assert RedisStore(redis_server.url).load("aaaaaaaaaa") == sqlite.load("aaaaaaaaaa")
    finally:
        sqlite.close()
        redis_store.close()


def test_only_the_owner_writes_a_table_and_another_process_takes_it_once_its_lease_runs_out(
        redis_server: RedisServer) -> None:
    a = RedisStore(redis_server.url, me="a", lease_ms=400)
    b = RedisStore(redis_server.url, me="b", lease_ms=400)
    a.redis.flushdb()
    a.save("cccccccccc", _data(1), "playing", 1, [(0, "N", "pass")])
    assert a.owner("cccccccccc") == "a" and not b.claim("cccccccccc")
    # b may read it, but not write it while a owns it: refused, and b writes it no more until it reads again.
    assert b.load("cccccccccc") is not None
    with pytest.raises(StoreFailure, match="lost: owned by a"):
        b.save("cccccccccc", _data(2), "playing", 2, [(1, "E", "pass")])
    with pytest.raises(StoreFailure):
        b.save("cccccccccc", _data(2), "playing", 2)
    assert "cccccccccc" in b.poisoned
    # a's lease runs out unrenewed (a was killed): b takes the table, reads its journal and goes on.
    assert wait_for(lambda: b.claim("cccccccccc"), 5, "a's lease to run out")
    b.forget("cccccccccc")
    assert b.load("cccccccccc") == (_data(1), "playing", [["N", "pass"]])
    b.save("cccccccccc", _data(2), "playing", 2, [(1, "E", "pass")])
    # a, back from a pause, still thinks it owns the table: its write is refused, nothing of it is kept.
    with pytest.raises(StoreFailure):
        a.save("cccccccccc", _data(9), "playing", 3, [(1, "E", "9S")])
    assert a.renew(["cccccccccc"], {}) == {"cccccccccc"}
    assert b.load("cccccccccc") == (_data(2), "playing", [["N", "pass"], ["E", "pass"]])
    # The owner itself cannot leave a gap in the journal or write a move twice.
    with pytest.raises(StoreFailure):
        b.save("cccccccccc", _data(3), "playing", 4, [(3, "S", "pass")])
    b.forget("cccccccccc")
    b.load("cccccccccc")
    b.known["cccccccccc"] = 1  # as if b had read the journal before the last move
    with pytest.raises(StoreFailure, match="gap"):
        b.save("cccccccccc", _data(3), "playing", 4, [(1, "E", "9S")])
    # A new table cannot take a code that is already another table.
    with pytest.raises(StoreFailure, match="taken"):
        RedisStore(redis_server.url, me="c").save("cccccccccc", _data(9), "seating", 5)
    assert b.renew(["cccccccccc"], {"tables": 1}) == set() and b.alive(["a", "b"]) == {"a": True, "b": True}
    b.release("cccccccccc")
    assert b.owner("cccccccccc") is None and b.unowned_open(10) == ["cccccccccc"]


def test_without_a_redis_store_nothing_imports_redis(tmp_path: Path) -> None:
    """The embedded store needs no Redis: the app, the hub and ``trickbook tables`` without ``--store``
    never import the redis package (a site's server needs none installed)."""
    import subprocess
    import sys

    program = ("import sys, os; os.chdir(sys.argv[1])\n"
               "from trickbook_site.online.server import make_hub\n"
               "from trickbook_site.online.app import tables_app\n"
               "from trickbook_site.serve import site_app\n"
               "hub, where = make_hub(None)\n"
               "tables_app(hub)\n"
               "print(type(hub).__name__, sorted(m for m in sys.modules if m.split('.')[0] == 'redis'))\n")
    out = subprocess.run([sys.executable, "-c", program, str(tmp_path)], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["Hub", "[]"]
    with pytest.raises(ValueError, match="redis://"):
        from trickbook_site.online.server import make_hub

        make_hub("http://127.0.0.1:6379/0")
