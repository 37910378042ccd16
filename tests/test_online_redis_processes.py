"""Three ``trickbook tables --store redis://…`` processes on one Redis of the test's own, with real sockets.

People at one table are connected to different processes and play a whole Euchre match; one process is
killed with SIGKILL mid-hand and its tables go on from the journal on another; Redis itself is killed and
started again mid-match. A page here is ``redis_cluster.Page``: it reconnects by itself, as socket.js does.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Iterator

import pytest
from redis import Redis
from redis_cluster import Page, RedisServer, TableProcess, wait_for

from trickbook_site.online.redis_store import journal_key, owner_key
from trickbook_site.online.testing import value

pytestmark = pytest.mark.slow


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path / "redis")
    yield server
    server.kill()


@pytest.fixture
def processes(redis_server: RedisServer) -> Iterator[list[TableProcess]]:
    started: list[TableProcess] = []
    try:
        for _ in range(3):
            started.append(TableProcess(redis_server.url))
        yield started
    finally:
        for p in started:
            p.kill()
            print("\n".join(p.lines))  # shown when a test fails


def _journal(url: str, code: str) -> list[list[str]]:
    with Redis.from_url(url, decode_responses=True) as r:
        return [[f["seat"], f["move"]] for _, f in r.xrange(journal_key(code))]


def _seat_people(opener: TableProcess, urls: list[list[str]], seats: list[str]) -> tuple[str, list[Page]]:
    """Open a Euchre table (no timers, gentle bots) on ``opener``; a person sits at each of ``seats`` from a
    page on ``urls[i]``'s first process; the host starts; everyone reveals and reads the first update."""
    opened = opener.open_table(game="euchre", timers=False, level="gentle")
    code = opened["code"]
    pages = []
    for i, seat in enumerate(seats):
        page = Page(urls[i], code, opened["host"] if i == 0 else None)
        page.until(lambda f: f["type"] == "lobby")
        page.send(type="sit", seat=seat, name=f"P{i}")
        seated = page.until(lambda f: f["type"] == "seated")
        page.seat, page.token = seated["seat"], seated["token"]
        page.send(type="commit", hash=value(i + 1)[1])
        pages.append(page)
    pages[0].until(lambda f: f["type"] == "lobby" and sum(s["committed"] for s in f["seats"]) == len(seats))
    pages[0].send(type="start")
    for i, page in enumerate(pages):
        page.until(lambda f: f["type"] == "lobby" and f["phase"] == "revealing")
        page.send(type="reveal", value=value(i + 1)[0])
    for page in pages:
        page.until(lambda f: f["type"] == "update")
    return code, pages


def _play(pages: list[Page], stop: Any, limit: int = 2000) -> list[dict[str, Any]]:
    """Play: whoever's turn it is (by the latest frame) plays its first legal action; the first person deals
    the next hand. Stops when ``stop(view)`` holds; returns every update a move of ours was acknowledged by."""
    acknowledged: list[dict[str, Any]] = []
    for _ in range(limit):
        views = [p.last["view"] for p in pages if p.last is not None]
        turn = max(p.last["turn"] for p in pages if p.last is not None)
        current = [p for p in pages if p.last is not None and p.last["turn"] == turn]
        view = current[0].last["view"] if current[0].last else views[0]
        if stop(view):
            return acknowledged
        mover = next((p for p in current if p.last and p.last["view"]["your_turn"]
                      and p.last["view"]["phase"] != "hand-over"), None)
        if mover is None and view["phase"] == "hand-over":
            mover = current[0]
            mover.send(type="next", turn=turn)
        elif mover is not None:
            mover.send(type="act", action=mover.last["view"]["legal"][0], turn=turn)  # type: ignore[index]
        else:
            raise AssertionError(f"nobody can move at turn {turn}: {view['phase']}")
        # The mover reads the answer: an update, or a snapshot after its link was closed (then the move may
        # not have been taken, and is decided again from the snapshot, as a page does).
        frame = mover.until(lambda f, before=turn: f["type"] == "snapshot" or f.get("turn", -1) > before)
        if frame["turn"] <= turn:
            continue
        if frame["type"] == "update":
            acknowledged.append(frame)
        for p in pages:  # every other page reads the update of that move (or a snapshot after a reconnect)
            if p is not mover:
                p.until(lambda f, before=turn: f["type"] in ("update", "snapshot") and f["turn"] > before)
    raise AssertionError("the match did not end")


def test_people_on_three_processes_play_a_whole_match_at_one_table(redis_server: RedisServer,
                                                                    processes: list[TableProcess]) -> None:
    a, b, c = processes
    with ExitStack() as stack:
        code, pages = _seat_people(a, [[b.ws_url], [c.ws_url]], ["N", "E"])
        for p in pages:
            stack.callback(p.close)
        with Redis.from_url(redis_server.url, decode_responses=True) as r:
            owner = r.get(owner_key(code))
        # Nobody was connected to a, which opened it: the first person's hello handed it to b (PROTOCOL.md,
        # "a table goes where its people are"), with no reconnect; the person on c is routed to b.
        assert owner is not None and owner in b.lines[0]
        _play(pages, lambda view: view["over"])
        for p in pages:
            p.until(lambda f: f["type"] == "revealed")
            assert p.last is not None and p.last["view"]["over"] and not p.closes
        journal = _journal(redis_server.url, code)
        assert len(journal) == pages[0].last["turn"]  # type: ignore[index]
        # The record is read from Redis by any process.
        import urllib.request

        with urllib.request.urlopen(f"{c.base}/tables/{code}/record") as answer:
            record = json.loads(answer.read())
        assert record["journal"] == journal and record["phase"] == "over"


def test_a_process_killed_mid_hand_its_table_goes_on_from_the_journal_on_another(
        redis_server: RedisServer, processes: list[TableProcess]) -> None:
    a, b, c = processes
    urls = [[p.ws_url for p in (b, c, a)], [p.ws_url for p in (a, b, c)]]
    with ExitStack() as stack:
        code, pages = _seat_people(b, urls, ["N", "S"])  # b runs it; one person is on b, the other on a
        for p in pages:
            stack.callback(p.close)
        acknowledged = _play(pages, lambda view: view["phase"] == "play" and view["trick"]
                             and 0 < len(view["trick"]["plays"]) < 3 and view["last_trick"])
        before = _journal(redis_server.url, code)
        assert len(before) == pages[0].last["turn"]  # type: ignore[index]
        b.kill()
        # The page on a is told to reconnect once a sees b gone; the page on b reconnects to c.
        for p in pages:
            snapshot = p.until(lambda f: f["type"] == "snapshot", timeout=30)
            assert snapshot["turn"] == len(before)
        # a closed the link it held to b (1012: reconnect); the page on b found b gone and went to c.
        assert (1012, "reconnect") in pages[1].closes and pages[1].at == 0
        assert pages[0].closes and pages[0].at == 1
        owner = wait_for(lambda: Redis.from_url(redis_server.url, decode_responses=True).get(owner_key(code)),
                         10, "a new owner")
        assert owner not in b.lines[0]
        # No acknowledged move was lost: every acknowledged turn is in the journal, as it was before the kill.
        assert all(frame["turn"] <= len(before) for frame in acknowledged)
        assert _journal(redis_server.url, code) == before
        _play(pages, lambda view: view["hand_number"] >= 3)
        after = _journal(redis_server.url, code)
        assert after[:len(before)] == before and len(after) > len(before)


def test_redis_restarted_mid_match_pages_reconnect_and_the_match_goes_on_from_what_was_kept(
        redis_server: RedisServer, processes: list[TableProcess]) -> None:
    a, b, c = processes
    with ExitStack() as stack:
        code, pages = _seat_people(a, [[b.ws_url, c.ws_url], [a.ws_url, c.ws_url]], ["N", "E"])
        for p in pages:
            stack.callback(p.close)
        acknowledged = _play(pages, lambda view: view["phase"] == "play" and view["last_trick"])
        kept = _journal(redis_server.url, code)
        redis_server.kill()
        # Every page's link is closed (1012: reconnect); while Redis is down, hellos are closed again.
        for p in pages:
            p.read_closed = len(p.closes)
        mover = next(p for p in pages if p.last and p.last["view"]["your_turn"])
        assert mover.last is not None
        mover.send(type="act", action=mover.last["view"]["legal"][0], turn=mover.last["turn"])
        wait_for(lambda: all([_closed_once(p) for p in pages]), 20, "every page's link to close")
        # A table cannot be opened meanwhile: said with the code pages have a sentence for.
        import urllib.error

        with pytest.raises(urllib.error.HTTPError) as refused:
            c.open_table(game="euchre", timers=False)
        assert json.loads(refused.value.read())["error"]["code"] == "unreachable"
        redis_server.start()
        for p in pages:
            snapshot = p.until(lambda f: f["type"] == "snapshot", timeout=40)
            assert snapshot["turn"] >= len(kept)
        # Nothing was taken without being kept: the pages' snapshot is the journal that Redis kept.
        kept_after = _journal(redis_server.url, code)
        assert kept_after[:len(kept)] == kept and pages[0].last is not None
        assert pages[0].last["turn"] == len(kept_after)
        assert all(frame["turn"] <= len(kept_after) for frame in acknowledged)
        assert all(code_ == 1012 for p in pages for code_, _ in p.closes if code_ is not None)
        _play(pages, lambda view: view["hand_number"] >= 2)


def _closed_once(page: Page) -> bool:
    """Read what reaches the page until its link has been closed: never an update (no move is taken while
    Redis is down), at most a lobby or an error (the move the server could not keep)."""
    try:
        while len(page.closes) <= getattr(page, "read_closed", 0):
            frame = page.read(timeout=0.2)
            assert frame["type"] in ("lobby", "error"), frame
    except AssertionError as e:
        if "no frame within" not in str(e):
            raise
    return len(page.closes) > getattr(page, "read_closed", 0)
