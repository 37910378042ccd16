"""The tables in Redis, for several table processes sharing one Redis (``trickbook tables --store redis://…``).

The same ``TableStore`` as the embedded SQLite one (``store.py``), and the
ownership the processes agree through:

- ``tb:t:CODE``: a hash of the table's ``data`` (JSON), ``phase`` and ``updated_ms``;
- ``tb:j:CODE``: the table's journal, a stream with one entry a move (``seat``, ``move``), entry ``n``
  (0-based) at id ``n+1-0``, so an entry can only be appended in order and never twice;
- ``tb:open``: the set of the codes of open tables (the table list);
- ``tb:o:CODE``: which process owns the table (runs its room), a lease of ``lease_ms``
  taken with ``SET NX PX`` and renewed by its owner on its tick;
- ``tb:p:ID``: a process that is alive (a lease renewed with its tables').

A write is one Lua script, so it is atomic: it is refused unless this process
owns the table (a brand-new table is taken with the write), and unless the
journal holds exactly the moves this process has read or written, so a process
that lost its table (its lease ran out and another process took it over) can
never add a move behind the new owner's back. A refused or failed write leaves
the table ``poisoned`` here: every later write of it is refused until the
process drops the room and reads the table again (``forget``). Redis is imported
only by this module and ``cluster.py``, and only when a ``redis://`` store is named.
"""

from __future__ import annotations

import json
import os
import secrets
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Sequence

from .store import OPEN_PHASES, Loaded

if TYPE_CHECKING:
    from redis import Redis

LEASE_MS = int(os.environ.get("TRICKBOOK_LEASE_MS", "5000"))  # a dead owner's tables wait this long at most

SAVE = """
local owner = redis.call('GET', KEYS[4])
if ARGV[9] == '1' then
  if redis.call('EXISTS', KEYS[1]) == 1 then return redis.error_reply('taken: the code is another table') end
  if owner and owner ~= ARGV[1] then return redis.error_reply('lost: owned by ' .. owner) end
elseif owner ~= ARGV[1] then
  return redis.error_reply('lost: owned by ' .. tostring(owner))
end
local held = redis.call('XLEN', KEYS[2])
if held ~= tonumber(ARGV[6]) then
  return redis.error_reply('gap: the journal holds ' .. held .. ' moves, not ' .. ARGV[6])
end
if held > 0 and redis.call('EXISTS', KEYS[1]) == 0 then return redis.error_reply('gone: the table is not kept') end
redis.call('SET', KEYS[4], ARGV[1], 'PX', ARGV[2])
redis.call('HSET', KEYS[1], 'data', ARGV[3], 'phase', ARGV[4], 'updated_ms', ARGV[5])
local n = tonumber(ARGV[6])
for i = 10, #ARGV, 2 do
  n = n + 1
  redis.call('XADD', KEYS[2], n .. '-0', 'seat', ARGV[i], 'move', ARGV[i + 1])
end
if ARGV[7] == '1' then redis.call('SADD', KEYS[3], ARGV[8]) else redis.call('SREM', KEYS[3], ARGV[8]) end
return n
"""

RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if i > 1 then
    if redis.call('GET', key) == ARGV[1] then redis.call('PEXPIRE', key, ARGV[2]) else lost[#lost + 1] = i - 2 end
  end
end
redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[2])
return lost
"""

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

HAND = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return false
"""


class StoreFailure(Exception):
    """A write Redis refused (the table is another process's now, or its journal is not what this one read)."""


def table_key(code: str) -> str:
    return f"tb:t:{code}"


def journal_key(code: str) -> str:
    return f"tb:j:{code}"


def owner_key(code: str) -> str:
    return f"tb:o:{code}"


def process_key(me: str) -> str:
    return f"tb:p:{me}"


def channel(me: str) -> str:
    """The pub/sub channel a process reads the frames routed to it on."""
    return f"tb:c:{me}"


OPEN_KEY = "tb:open"


def connect(url: str) -> "Redis":
    """A client for ``redis://HOST:PORT/N`` that gives up quickly (the event loop waits on it) and tries once more
    on a new connection (a pooled one is dead after Redis restarted)."""
    from redis import Redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    return Redis.from_url(url, socket_timeout=2, socket_connect_timeout=1, retry=Retry(NoBackoff(), 1),
                          health_check_interval=0, decode_responses=True)


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class RedisStore:
    """The tables of every process in the Redis at ``url``; ``me`` names this process (its leases)."""

    def __init__(self, url: str, me: str | None = None, lease_ms: int = LEASE_MS) -> None:
        self.url = url
        self.me = me or secrets.token_hex(6)
        self.lease_ms = lease_ms
        self.redis = connect(url)
        self._save = self.redis.register_script(SAVE)
        self._renew = self.redis.register_script(RENEW)
        self._release = self.redis.register_script(RELEASE)
        self._hand = self.redis.register_script(HAND)
        self.known: dict[str, int] = {}   # moves of each table's journal this process read or wrote
        self.poisoned: set[str] = set()   # tables whose write failed: none is written again before forget()
        self.down = False                 # a write could not reach Redis

    # ----- TableStore ------------------------------------------------------------------
    def save(self, code: str, data: dict[str, Any], phase: str, now_ms: int,
             moves: Sequence[tuple[int, str, str]] = ()) -> None:
        from redis.exceptions import RedisError, ResponseError

        if code in self.poisoned:
            raise StoreFailure(f"table {code} is not written again before it is read again")
        held = self.known.get(code, 0)
        if [n for n, _, _ in moves] != list(range(held, held + len(moves))):
            self.poisoned.add(code)
            raise StoreFailure(f"table {code}: moves {[n for n, _, _ in moves]} do not follow move {held}")
        args: list[str | int] = [self.me, self.lease_ms, json.dumps(data, sort_keys=True), phase, now_ms, held,
                                 int(phase in OPEN_PHASES), code, int(code not in self.known)]
        for _, seat, move in moves:
            args += [seat, move]
        try:
            self._save(keys=[table_key(code), journal_key(code), OPEN_KEY, owner_key(code)], args=args)
        except ResponseError as e:
            self.poisoned.add(code)
            raise StoreFailure(f"table {code}: {e}") from None
        except RedisError:
            self.poisoned.add(code)
            self.down = True
            raise
        self.known[code] = held + len(moves)

    def load(self, code: str) -> Loaded | None:
        pipe = self.redis.pipeline(transaction=True)
        pipe.hmget(table_key(code), ["data", "phase"])
        pipe.xrange(journal_key(code))
        (data, phase), entries = pipe.execute()
        if data is None:
            return None
        journal = [[_text(fields["seat"]), _text(fields["move"])] for _, fields in entries]
        self.known[code] = len(journal)
        return json.loads(data), _text(phase), journal

    def open_tables(self) -> Iterator[tuple[str, dict[str, Any], str, list[list[str]]]]:
        for code in sorted(_text(c) for c in self.redis.smembers(OPEN_KEY)):
            loaded = self.load(code)
            if loaded is not None and loaded[1] in OPEN_PHASES:
                yield (code, *loaded)

    def close(self) -> None:
        self.redis.close()

    # ----- ownership -----------------------------------------------------------------------
    def claim(self, code: str) -> bool:
        """Take the table if no process owns it (``SET NX PX``); the caller then reads it with ``load``."""
        return bool(self.redis.set(owner_key(code), self.me, nx=True, px=self.lease_ms))

    def owner(self, code: str) -> str | None:
        found = self.redis.get(owner_key(code))
        return _text(found) if found is not None else None

    def owners(self, codes: Sequence[str]) -> dict[str, str | None]:
        if not codes:
            return {}
        found = self.redis.mget([owner_key(c) for c in codes])
        return {c: (_text(o) if o is not None else None) for c, o in zip(codes, found, strict=True)}

    def exists(self, code: str) -> bool:
        return bool(self.redis.exists(table_key(code)))

    def renew(self, codes: Sequence[str], presence: dict[str, Any]) -> set[str]:
        """Renew this process's leases (its own and its tables'); the codes it no longer owns."""
        lost = self._renew(keys=[process_key(self.me), *(owner_key(c) for c in codes)],
                           args=[self.me, self.lease_ms, json.dumps(presence, sort_keys=True)])
        return {codes[int(i)] for i in lost}

    def release(self, code: str) -> None:
        """Give a table up (its room is no longer run here), so another process may take it at once."""
        self._release(keys=[owner_key(code)], args=[self.me])
        self.forget(code)

    def hand(self, code: str, to: str) -> bool:
        """Give a table this process owns to process ``to`` in one step (its lease, for a lease's time), so that
        no third process can take it between; ``to`` then reads it with ``load``. False: it was not ours."""
        handed = bool(self._hand(keys=[owner_key(code)], args=[self.me, to, self.lease_ms]))
        self.forget(code)
        return handed

    def forget(self, code: str) -> None:
        """The room is dropped here: the table is read again before it is written again."""
        self.known.pop(code, None)
        self.poisoned.discard(code)

    def alive(self, processes: Iterable[str]) -> dict[str, bool]:
        wanted = sorted(set(processes))
        if not wanted:
            return {}
        pipe = self.redis.pipeline(transaction=False)
        for p in wanted:
            pipe.exists(process_key(p))
        return {p: bool(n) for p, n in zip(wanted, pipe.execute(), strict=True)}

    def unowned_open(self, limit: int) -> list[str]:
        """Open tables that no process owns (their owner died or shut down), at most ``limit``."""
        codes = sorted(_text(c) for c in self.redis.smembers(OPEN_KEY))
        owners = self.owners(codes)
        return [c for c in codes if owners[c] is None][:limit]

    def leave_processes(self) -> None:
        """This process stops: its presence goes at once."""
        self.redis.delete(process_key(self.me))
