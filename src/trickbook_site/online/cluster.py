"""Several table processes sharing one Redis: each table's room runs in one process, and frames find it.

``ClusterHub`` is the ``Hub`` of one process among several (``trickbook tables
--store redis://…``). Its logic stays the hub's: the process that owns a table
runs its ``Room``. What this adds is the routing around it, as Colyseus routes
to a room's process and boardgame.io and Lichess carry frames over Redis pub/sub:

- A page's ``hello`` names a table. When this process owns it, or can take it
  (nobody owns it: ``SET NX PX``; the room is rebuilt from the journal in Redis),
  the frame goes to the hub here. When another process owns it, the connection
  is *linked* to that owner: every frame of it is published on the owner's
  channel, and the owner stands for the page with a ``Conn`` whose ``send``
  publishes the frame back on this process's channel. Seats, views and every
  refusal are thus decided by the owner's hub, from ``SharedTable.view(seat)``.
- A table goes to where its people are. When the first page of a table that
  has nobody connected reaches its owner from another process (a table opened
  on one process and joined through a balancer that routes by the table's code,
  ``?table=CODE``: nginx's ``hash $arg_table consistent``), the owner hands its
  lease straight to that process (one Lua step: no third process can take it
  between), and that process runs the table from the journal and the page's
  frames so far, with no reconnect. Nothing is routed from then on. A class's
  tables stay with the class's process.
- Each process renews its leases (its tables' and its own presence) on its tick.
  A process that finds a linked page's owner gone (no reader on its channel, or
  its lease run out) closes the page's link; the page reconnects by itself
  (``widgets/online/socket.js``), says hello again and is sent a snapshot by the
  table's new owner. An owner that finds a linked page's process gone lets the
  seat go as a dropped link (the 30 s grace, then a bot).
- When Redis cannot be reached, no move can be kept, so no move is taken: every
  room here is dropped and every page's link closed; pages say "reconnecting"
  and, once Redis is back, their hello takes the table over from what was kept.
- Open tables nobody owns (their owner was killed) are taken over by a sweep on
  the tick, so their clocks run even while nobody is connected.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Callable

from .app import CLOSE
from .hub import Hub
from .redis_store import RedisStore, StoreFailure, channel
from .room import Conn, Refusal, Room, normal_code

WAITING_FRAMES = 16      # frames a page may send while its table waits for a new owner
SWEEP_LIMIT = 50         # unowned open tables one sweep takes over


def housekeeping_ms(lease_ms: int) -> int:
    """How often leases are renewed and links checked: four times a lease, at most once a second."""
    return max(100, min(1000, lease_ms // 4))


@dataclass
class Link:
    """A page connected here whose table is run by another process (``owner``; None while it waits for one)."""

    conn: Conn
    cid: int
    code: str
    owner: str | None
    sent: int = 0
    waiting: list[str] = field(default_factory=list)
    log: list[str] | None = field(default_factory=list)  # frames forwarded while the owner may still hand over


class ClusterHub(Hub):
    """The hub of one process among several that share the Redis of ``store``."""

    def __init__(self, store: RedisStore, clock: Any = None) -> None:
        self.redis_store = store
        self.me = store.me
        self.links: dict[int, Link] = {}                   # id(local conn) → its link
        self.by_cid: dict[int, Link] = {}
        self.remotes: dict[tuple[str, int], Conn] = {}     # (process, cid) → the conn standing for that page
        self.remote_of: dict[int, tuple[str, int]] = {}    # id(stand-in conn) → (process, cid)
        self.outbox: list[tuple[str, dict[str, Any]]] = []  # messages to other processes, sent after each turn
        self.cids = itertools.count(1)
        self.next_housekeeping = 0
        self.next_sweep = 0
        self.owned: set[str] = set()
        self.handed: dict[tuple[str, int], int] = {}      # (process, cid) of pages whose table went to their process
        self.listening = True  # this process reads its channel (False while Redis is out of reach)
        super().__init__(store, clock)

    def restore(self) -> None:
        """Nothing at start: a table is taken over when a frame or the sweep asks for it (``tick``)."""

    # ----- the hub's entry points, routed ----------------------------------------------------
    def receive(self, conn: Conn, text: Any) -> None:
        try:
            link = self.links.get(id(conn))
            if link is None and conn.room is None and id(conn) not in self.remote_of:
                if not self.listening:  # frames routed here would be lost: the page tries again shortly
                    self._close(conn)
                    return
                code = hello_code(text)
                if code is not None and code not in self.rooms:
                    link = self._route(conn, code)
            if link is not None:
                self._forward(link, text)
            else:
                super().receive(conn, text)
        except Exception as e:  # noqa: BLE001 - Redis out of reach: every link closes and pages reconnect
            self._failed(e)
            self._close(conn)  # this page too: it tries again (socket.js), and is answered once Redis is back
        self._after()

    def leave(self, conn: Conn) -> None:
        link = self.links.pop(id(conn), None)
        if link is None:
            super().leave(conn)
            self._after()
            return
        self.by_cid.pop(link.cid, None)
        if link.owner is not None and link.sent:
            self.outbox.append((link.owner, {"k": "leave", "o": self.me, "c": link.cid}))
        self._after()

    def open_table(self, body: Any) -> tuple[str, str]:
        try:
            code, host = super().open_table(body)
        except Refusal:
            raise
        except Exception as e:  # noqa: BLE001 - Redis out of reach
            self._failed(e)
            raise Refusal("unreachable", "the tables' store cannot be reached; try again in a moment") from None
        self.owned.add(code)
        self._after()
        return code, host

    def open_class(self, body: Any) -> tuple[Any, str, str]:
        """A class lives in the process that opened it, with its tables (their leases renewed here)."""
        try:
            opened = super().open_class(body)
        except Refusal:
            raise
        except Exception as e:  # noqa: BLE001 - Redis out of reach
            self._failed(e)
            raise Refusal("unreachable", "the tables' store cannot be reached; try again in a moment") from None
        self.owned.update(room.code for room in opened[0].rooms)
        self._after()
        return opened

    def record(self, code: str) -> dict[str, Any] | None:
        try:
            return super().record(code)
        except Exception as e:  # noqa: BLE001 - Redis out of reach: no record now
            self._failed(e)
            return None

    def room_for(self, code: str) -> Room | None:
        """The room here, or read from Redis (for its terms: the QR code) when another process runs it."""
        room = self.rooms.get(code)
        if room is not None:
            return room
        try:
            loaded = self.store.load(code)
        except Exception as e:  # noqa: BLE001
            self._failed(e)
            return None
        if loaded is None or loaded[1] == "closed":
            return None
        return Room(code, loaded[0]["terms"], tuple(loaded[0]["seat_names"]), "", "", self.now())

    def tick(self) -> None:
        try:
            super().tick()
        except Exception as e:  # noqa: BLE001 - a write failed on the tick: that room is dropped below
            self._failed(e)
        now = self.now()
        if now >= self.next_housekeeping:
            self.next_housekeeping = now + housekeeping_ms(self.redis_store.lease_ms)
            try:
                self._housekeep(now)
            except Exception as e:  # noqa: BLE001
                self._failed(e)
        self._after()

    # ----- taking a table, routing a page ----------------------------------------------------
    def _take(self, code: str) -> bool:
        """Run the table here if nobody else does: claimed with ``SET NX PX`` and rebuilt from its journal."""
        if code in self.rooms:
            return True
        store = self.redis_store
        if store.owner(code) != self.me and not store.claim(code):
            return False
        loaded = store.load(code)
        if loaded is None:
            store.release(code)
            return False
        self.rooms[code] = Room.from_data(code, loaded[0], loaded[1], loaded[2], self.now())
        self.owned.add(code)
        return True

    def _route(self, conn: Conn, code: str) -> Link | None:
        """A hello for ``code``, not run here: take the table (None: the hub here answers) or link to its owner."""
        store = self.redis_store
        owner = store.owner(code)
        if owner is None and not store.exists(code):
            return None  # no such table: the hub here refuses it, counting the failed look-up
        if owner in (None, self.me) and self._take(code):
            return None
        owner = store.owner(code)
        if owner is not None and not store.alive([owner])[owner]:
            owner = None  # its owner is dead: the page waits until the lease runs out
        link = Link(conn, next(self.cids), code, owner)
        self.links[id(conn)] = link
        self.by_cid[link.cid] = link
        return link

    def _forward(self, link: Link, text: Any) -> None:
        if not isinstance(text, str):
            text = "" if text is None else bytes(text).decode("utf-8", "replace")
        if link.owner is None:
            if len(link.waiting) >= WAITING_FRAMES:
                self._close(link.conn)
                return
            link.waiting.append(text)
            return
        message = {"k": "in", "o": self.me, "c": link.cid, "a": link.conn.address, "t": text}
        readers = self.redis_store.redis.publish(channel(link.owner), json.dumps(message))
        if readers:
            link.sent += 1
            if link.log is not None:
                link.log.append(text)
                if len(link.log) > WAITING_FRAMES:
                    link.log = None  # too many to run again here: a hand-over now closes the page's link
        elif link.sent == 0:
            link.owner = None  # nobody reads the owner's channel: wait for its lease to run out
            link.waiting.append(text)
        else:
            self._close(link.conn)  # the owner is gone with the seat's state on it: the page says hello again

    def _close(self, conn: Conn) -> None:
        """End a page's link here; it reconnects, says hello and gets a snapshot (socket.js)."""
        link = self.links.pop(id(conn), None)
        if link is not None:
            self.by_cid.pop(link.cid, None)
        conn.send(CLOSE)

    # ----- frames from other processes --------------------------------------------------------
    def deliver(self, raw: bytes | str) -> None:
        """One message on this process's channel: a page's frame for a table here, or a frame for a page here."""
        try:
            message = json.loads(raw)
            kind = message["k"]
            if kind == "in":
                self._remote_frame(message["o"], int(message["c"]), str(message["a"]), message["t"])
            elif kind == "leave":
                conn = self.remotes.pop((message["o"], int(message["c"])), None)
                if conn is not None:
                    self.remote_of.pop(id(conn), None)
                    super().leave(conn)
            elif kind == "out":
                link = self.by_cid.get(int(message["c"]))
                if link is not None:
                    link.log = None  # the owner runs the table for this page: no hand-over comes
                    link.conn.send(message["f"])
            elif kind == "take":
                self._taken(int(message["c"]))
            elif kind == "drop":
                link = self.by_cid.get(int(message["c"]))
                if link is not None:
                    self._close(link.conn)
        except Exception as e:  # noqa: BLE001
            self._failed(e)
        self._after()

    def _remote_frame(self, origin: str, cid: int, address: str, text: str) -> None:
        key = (origin, cid)
        if key in self.handed:
            return  # the page's process runs its table now, and this frame there (_taken)
        conn = self.remotes.get(key)
        if conn is None:
            code = hello_code(text)
            if code is not None and self._hand_to(origin, code):
                self.handed[key] = self.now()
                self.outbox.append((origin, {"k": "take", "c": cid}))
                return
            if code is None or not self._take(code):
                self.outbox.append((origin, {"k": "drop", "c": cid}))  # not ours (any more): the page asks again
                return
            conn = Conn(send=self._sender(origin, cid), address=address)
            self.remotes[key] = conn
            self.remote_of[id(conn)] = key
        super().receive(conn, text)

    def _hand_to(self, origin: str, code: str) -> bool:
        """Whether the table ``code`` goes to process ``origin``, whose page says hello to it: when it runs here
        with nobody connected and outside a class (handed now), or when ``origin`` was handed it already."""
        store = self.redis_store
        room = self.rooms.get(code)
        if room is None:
            return store.owner(code) == origin
        if room.conns or room.klass is not None or not store.alive([origin])[origin]:
            return False
        if not store.hand(code, origin):
            return False
        del self.rooms[code]
        self.owned.discard(code)
        return True

    def _taken(self, cid: int) -> None:
        """The owner handed this page's table to this process: run it here, with the page's frames so far."""
        link = self.by_cid.pop(cid, None)
        if link is None:
            return  # taken already (the housekeeping found it ours), or the page left: the lease runs out
        self.links.pop(id(link.conn), None)
        if link.log is None or not self._take(link.code):
            self.redis_store.release(link.code)
            self.owned.discard(link.code)
            link.conn.send(CLOSE)  # the page says hello again and finds the table's owner
            return
        for text in link.log:
            super().receive(link.conn, text)

    def _sender(self, origin: str, cid: int) -> Callable[[dict[str, Any]], None]:
        def send(frame: dict[str, Any]) -> None:
            if frame is CLOSE:
                self.outbox.append((origin, {"k": "drop", "c": cid}))
            else:
                self.outbox.append((origin, {"k": "out", "c": cid, "f": frame}))
        return send

    # ----- after each turn: dropped rooms, messages out ---------------------------------------
    def _after(self) -> None:
        store = self.redis_store
        for code in sorted(store.poisoned):
            self._drop_room(code)
            store.forget(code)
        if store.down:
            self._outage()
        self._flush()

    def _flush(self) -> None:
        if not self.outbox:
            return
        out, self.outbox = self.outbox, []
        try:
            pipe = self.redis_store.redis.pipeline(transaction=False)
            for process, message in out:
                pipe.publish(channel(process), json.dumps(message, ensure_ascii=False))
            readers = pipe.execute()
        except Exception as e:  # noqa: BLE001
            self._failed(e)
            self._outage()
            return
        gone = {process for (process, _), n in zip(out, readers, strict=True) if not n}
        for key in [k for k in self.remotes if k[0] in gone]:
            self._remote_gone(key)

    def _remote_gone(self, key: tuple[str, int]) -> None:
        conn = self.remotes.pop(key, None)
        if conn is not None:
            self.remote_of.pop(id(conn), None)
            super().leave(conn)

    def _drop_room(self, code: str) -> None:
        """This process no longer runs the table (its write failed, or another process took it): every link
        to it closes, and the pages' next hello finds its owner."""
        room = self.rooms.pop(code, None)
        self.owned.discard(code)
        if room is None:
            return
        print(f"table {code}: no longer run by this process", flush=True)
        for conn in list(room.conns):
            conn.room = None
            key = self.remote_of.pop(id(conn), None)
            if key is not None:
                self.remotes.pop(key, None)
            conn.send(CLOSE)
        room.conns.clear()

    def _failed(self, error: BaseException) -> None:
        from redis.exceptions import RedisError

        if isinstance(error, RedisError) or isinstance(error, OSError):
            self.redis_store.down = True
        elif not isinstance(error, StoreFailure):
            print(f"table server: {type(error).__name__}: {error}", flush=True)

    def _outage(self) -> None:
        """Redis is out of reach: nothing can be kept, so every room here is dropped and every link closed."""
        self.redis_store.down = False
        for code in list(self.rooms):
            self._drop_room(code)
            self.redis_store.forget(code)
        for link in list(self.links.values()):
            self._close(link.conn)
        self.remotes.clear()
        self.remote_of.clear()
        self.outbox.clear()

    # ----- the clock: leases, links, the sweep ------------------------------------------------
    def _housekeep(self, now: int) -> None:
        store = self.redis_store
        for key in [k for k, at in self.handed.items() if now - at > store.lease_ms]:
            del self.handed[key]  # its page's later frames went to its own process
        for code in sorted(self.owned - set(self.rooms)):  # rooms the hub let go (over or closed, nobody left)
            store.release(code)
            self.owned.discard(code)
        codes = sorted(self.rooms)
        presence = {"tables": len(codes), "pages": sum(len(r.conns) for r in self.rooms.values()),
                    "linked": len(self.links)}
        for code in sorted(store.renew(codes, presence)):
            self._drop_room(code)
            store.forget(code)
        # Pages linked to another process: that process must still own their table and be alive.
        linked = [link for link in self.links.values() if link.owner is not None]
        owners = store.owners(sorted({link.code for link in linked}))
        alive = store.alive(o for o in owners.values() if o is not None)
        for link in linked:
            owner = owners.get(link.code)
            if owner == self.me and link.log is not None:
                self._taken(link.cid)  # handed to this process: its owner's "take" is still on its way
            elif owner is None or owner != link.owner or not alive.get(owner, False):
                self._close(link.conn)
        # Pages waiting for a table whose owner died: take it when its lease has run out.
        for link in [x for x in self.links.values() if x.owner is None]:
            self._retry(link)
        # Pages on other processes that stand here: their process must be alive.
        alive = store.alive(p for p, _ in self.remotes)
        for key in [k for k in self.remotes if not alive.get(k[0], False)]:
            self._remote_gone(key)
        if now >= self.next_sweep:
            self.next_sweep = now + store.lease_ms
            for code in store.unowned_open(SWEEP_LIMIT):
                if code not in self.rooms:
                    self._take(code)

    def _retry(self, link: Link) -> None:
        store = self.redis_store
        owner = store.owner(link.code)
        if owner is None or owner == self.me:
            if not self._take(link.code):
                return
            self.links.pop(id(link.conn), None)
            self.by_cid.pop(link.cid, None)
            for text in link.waiting:
                super().receive(link.conn, text)
            return
        if store.alive([owner])[owner]:
            link.owner = owner
            waiting, link.waiting = link.waiting, []
            for text in waiting:
                self._forward(link, text)

    # ----- running with the app ----------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def joined(self) -> AsyncIterator[None]:
        """While the app runs: read this process's channel (subscribed before the app serves anyone), and on
        the way out give every table up so that another process takes it over at once."""
        ready = asyncio.Event()
        task = asyncio.create_task(self._listen(ready))
        await asyncio.wait_for(ready.wait(), 10)
        try:
            self.tick()
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            with contextlib.suppress(Exception):
                for code in sorted(self.owned):
                    self.redis_store.release(code)
                self.redis_store.leave_processes()

    async def _listen(self, ready: asyncio.Event) -> None:
        from redis.asyncio import Redis

        reading = True
        while True:
            client = Redis.from_url(self.redis_store.url, socket_connect_timeout=1)
            try:
                async with client.pubsub() as pubsub:
                    await pubsub.subscribe(channel(self.me))
                    ready.set()
                    self.listening = True
                    if not reading:
                        print("table server: Redis is back; this process's channel is read again", flush=True)
                    reading = True
                    while True:
                        message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                        if message is not None and message["type"] == "message":
                            self.deliver(message["data"])
            except Exception as e:  # noqa: BLE001 - Redis out of reach (or its own error): read the channel again
                self.listening = False
                self._lost_channel(e, reading)
                reading = False
            finally:
                with contextlib.suppress(Exception):
                    await client.aclose()
            ready.set()  # a process that cannot read its channel yet still serves its own tables
            await asyncio.sleep(0.5)

    def _lost_channel(self, error: BaseException, say: bool = True) -> None:
        """Frames published to this process while it could not read them are lost: every link is stale."""
        if say:
            print(f"table server: Redis channel lost ({type(error).__name__}); every link is closed", flush=True)
        self._outage()


def hello_code(text: Any) -> str | None:
    """The table's code of a ``hello`` frame; None for any other frame (the hub reads and refuses those)."""
    if not isinstance(text, str) or len(text) > 4096 or '"hello"' not in text:
        return None
    try:
        frame = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(frame, dict) or frame.get("type") != "hello":
        return None
    return normal_code(frame.get("code"))


def cluster_hub(url: str, clock: Any = None) -> ClusterHub:
    """The hub of one process among several sharing the Redis at ``url`` (``redis://HOST:PORT/N``)."""
    return ClusterHub(RedisStore(url), clock)
