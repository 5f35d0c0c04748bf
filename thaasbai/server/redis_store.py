"""Rooms shared by several ``thaasbai serve`` processes through Redis (or Valkey).

Three pieces, all on one ``redis.asyncio`` client:

* :class:`RedisStore` (``RoomStore``): a room is a hash ``{rev, doc}`` with a key TTL as
  its expiry; ``create`` and ``save`` are Lua scripts, so the revision check and the write
  are one atomic step on the server: of two processes saving at the same revision exactly
  one wins, the other gets :class:`~.store.StoreConflict`, reloads and re-validates.
* :class:`RedisEvents` (``RoomEvents``): "room CODE is at revision REV" plus the saved
  document on one pub/sub channel; every process hears every change and shows it to its
  own connections, in order, without reading the store back.
* :class:`RedisCluster`: what one process must know about the others.  A *lease* per room
  (``SET NX PX``, renewed while held) so one process at a time drives its bots, grace
  periods and turn timers, and a survivor takes over within a lease when a process dies;
  *presence* per room (a sorted set of ``seat|process`` scored by a heartbeat deadline) so a
  player connected to another process is not taken for gone.  The lease is only a
  scheduling hint: a stale driver still cannot save, because every save is a CAS.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from .store import EventHandler, StoreConflict

log = logging.getLogger("thaasbai.server")

PREFIX = "thaasbai:"
CHANNEL = PREFIX + "rooms"
RESYNC = "*"  # the code handlers get after the subscription was lost: refresh everything

# KEYS[1] room; ARGV: doc, expires_at (ms).  1 = created, 0 = code in use.
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'rev', 1, 'doc', ARGV[1])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return 1
"""

# KEYS[1] room; ARGV: doc, expected rev, expires_at (ms), and to announce the save on the
# events channel (saves a round trip): channel, code, process ("" = do not announce).
# New rev, or -1 on a lost race.
_SAVE = """
local rev = redis.call('HGET', KEYS[1], 'rev')
if not rev or tonumber(rev) ~= tonumber(ARGV[2]) then return -1 end
local new = tonumber(rev) + 1
redis.call('HSET', KEYS[1], 'rev', new, 'doc', ARGV[1])
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
if ARGV[6] ~= '' then
  redis.call('PUBLISH', ARGV[4], ARGV[5] .. ' ' .. new .. ' ' .. ARGV[6] .. ' ' .. ARGV[1])
end
return new
"""

# KEYS[1] lease; ARGV: owner, ttl (ms).  1 when the caller holds the lease afterwards.
_LEASE = """
local owner = redis.call('GET', KEYS[1])
if not owner then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
if owner == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
"""

_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def connect(url: str, max_connections: int = 64) -> Any:
    """One client for the store, the events and the cluster.

    A *blocking* pool: under a burst, a change waits for a free connection instead of
    failing (the default pool raises "Too many connections")."""
    pool = aioredis.BlockingConnectionPool.from_url(
        url,
        max_connections=max_connections,
        timeout=10,
        socket_connect_timeout=5,
        health_check_interval=10,
    )
    return aioredis.Redis(connection_pool=pool)


def _room_key(code: str) -> str:
    return f"{PREFIX}room:{code}"


def _ms(wall: float) -> int:
    return max(1, math.ceil(wall * 1000))


class RedisStore:
    """Rooms in Redis: ``thaasbai:room:CODE`` = hash ``{rev, doc}``, expiring by key TTL.

    With ``announce_as`` (a process id) every successful save also publishes the event
    :class:`RedisEvents` would, inside the same script: one round trip per change, and no
    window where a room is saved but not yet announced."""

    def __init__(self, client: Any, announce_as: str = "") -> None:
        self.r = client
        self.announce_as = announce_as
        self._create = client.register_script(_CREATE)
        self._save = client.register_script(_SAVE)
        self._seen: set[str] = set()  # codes this process touched: checked by expire()

    async def create(self, code: str, doc: bytes, expires_at: float) -> bool:
        ok = await self._create(keys=[_room_key(code)], args=[doc, _ms(expires_at)])
        if ok:
            self._seen.add(code)
        return bool(ok)

    async def load(self, code: str) -> tuple[int, bytes] | None:
        rev, doc = await self.r.hmget(_room_key(code), "rev", "doc")
        if rev is None or doc is None:
            return None
        self._seen.add(code)
        return int(rev), bytes(doc)

    async def revision(self, code: str) -> int | None:
        rev = await self.r.hget(_room_key(code), "rev")
        return None if rev is None else int(rev)

    async def save(self, code: str, doc: bytes, expected_rev: int, expires_at: float) -> int:
        args = [doc, expected_rev, _ms(expires_at), CHANNEL, code, self.announce_as]
        rev = int(await self._save(keys=[_room_key(code)], args=args))
        if rev < 0:
            raise StoreConflict(code)
        return rev

    async def expire(self, now: float) -> list[str]:
        """Redis deletes expired rooms itself; report the ones this process knew of."""
        codes = sorted(self._seen)
        if not codes:
            return []
        async with self.r.pipeline(transaction=False) as pipe:
            for code in codes:
                pipe.exists(_room_key(code))
            found = await pipe.execute()
        gone = [code for code, n in zip(codes, found, strict=True) if not n]
        self._seen.difference_update(gone)
        return gone

    def forget(self, code: str) -> None:
        """This process no longer caches the room: stop checking it in ``expire``."""
        self._seen.discard(code)

    async def close(self) -> None:
        try:
            await self.r.aclose()
        except (RedisError, RuntimeError) as exc:
            log.warning("closing the Redis client failed: %s: %s", type(exc).__name__, exc)


class RedisEvents:
    """Room changes over pub/sub.  A process skips its own messages: it has sent its views.

    ``announced_by_store``: the store's save script already published the change, so
    :meth:`publish` only makes sure we are listening."""

    def __init__(self, client: Any, process_id: str, announced_by_store: bool = False) -> None:
        self.r = client
        self.process_id = process_id
        self.announced_by_store = announced_by_store
        self._handlers: list[EventHandler] = []
        self._listener: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    async def publish(self, code: str, rev: int, doc: bytes = b"") -> None:
        self.start()
        if self.announced_by_store:
            return
        await self.r.publish(CHANNEL, f"{code} {rev} {self.process_id} ".encode() + doc)

    def subscribe(self, handler: EventHandler) -> None:
        self._handlers.append(handler)

    def start(self) -> None:
        """Listen from now on (lazily: the service is built before the event loop runs)."""
        if self._listener is None or self._listener.done():
            self._listener = asyncio.create_task(self._listen())

    async def _listen(self) -> None:
        first = True
        while True:
            pubsub = self.r.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                self.ready.set()
                if not first:  # changes may have been missed while we were away
                    self._dispatch(RESYNC, 0, b"")
                first = False
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    code, rev, origin, doc = bytes(message["data"]).split(b" ", 3)
                    if origin.decode() != self.process_id:
                        self._dispatch(code.decode(), int(rev), doc)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis restarted or the network blinked: resubscribe
                log.warning("room events: %s; resubscribing", exc)
                self.ready.clear()
                await asyncio.sleep(0.5)
            finally:
                try:
                    await pubsub.aclose()
                except Exception as exc:  # the connection is already broken: nothing to free
                    log.debug(
                        "closing the room events subscription failed: %s: %s",
                        type(exc).__name__,
                        exc,
                    )

    def _dispatch(self, code: str, rev: int, doc: bytes) -> None:
        for handler in self._handlers:
            try:
                handler(code, rev, doc)
            except Exception:
                log.exception("room event handler failed")

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                await self._listener


class RedisCluster:
    """Leases (who drives a room's bots and timers) and presence (who is connected where)."""

    def __init__(self, client: Any, process_id: str, lease_s: float = 5.0) -> None:
        self.r = client
        self.process_id = process_id
        self.lease_s = lease_s
        self._lease = client.register_script(_LEASE)
        self._release = client.register_script(_RELEASE)
        self._local: dict[tuple[str, int], int] = {}  # (code, seat) -> connections here
        self._heart: asyncio.Task[None] | None = None

    @property
    def renew_s(self) -> float:
        """How often a driver renews its lease and a process its presence."""
        return max(0.05, self.lease_s / 4)

    async def lease(self, code: str) -> bool:
        """Take or renew the room's driving lease; ``False`` while another process holds it."""
        ms = _ms(self.lease_s)
        return bool(await self._lease(keys=[f"{PREFIX}lease:{code}"], args=[self.process_id, ms]))

    async def release(self, code: str) -> None:
        try:
            await self._release(keys=[f"{PREFIX}lease:{code}"], args=[self.process_id])
        except RedisError as exc:  # the lease runs out by itself within lease_s
            log.warning("releasing a room's lease failed: %s: %s", type(exc).__name__, exc)

    def _member(self, seat: int) -> str:
        return f"{seat}|{self.process_id}"

    async def arrive(self, code: str, seat: int) -> None:
        """A connection for ``seat`` opened here."""
        self._start()
        key = (code, seat)
        self._local[key] = self._local.get(key, 0) + 1
        await self._beat([key])

    async def depart(self, code: str, seat: int) -> None:
        """A connection for ``seat`` closed here."""
        key = (code, seat)
        left = self._local.get(key, 0) - 1
        if left > 0:
            self._local[key] = left
            return
        self._local.pop(key, None)
        try:
            await self.r.zrem(f"{PREFIX}here:{code}", self._member(seat))
        except RedisError as exc:  # the heartbeat's deadline runs out by itself
            log.warning("recording a departure failed: %s: %s", type(exc).__name__, exc)

    async def present(self, code: str) -> set[int]:
        """Seats with a live connection to some process (heartbeats not yet run out)."""
        now = _ms(time.time())
        members = await self.r.zrangebyscore(f"{PREFIX}here:{code}", now, "+inf")
        return {int(m.decode().split("|", 1)[0]) for m in members}

    def _start(self) -> None:
        if self._heart is None or self._heart.done():
            self._heart = asyncio.create_task(self._heartbeat())

    async def _beat(self, keys: list[tuple[str, int]]) -> None:
        deadline = _ms(time.time() + self.lease_s)
        async with self.r.pipeline(transaction=False) as pipe:
            for code, seat in keys:
                zkey = f"{PREFIX}here:{code}"
                pipe.zadd(zkey, {self._member(seat): deadline})
                pipe.zremrangebyscore(zkey, "-inf", _ms(time.time()) - 1)
                pipe.pexpire(zkey, _ms(self.lease_s * 4))
            await pipe.execute()

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.renew_s)
            if not self._local:
                continue
            try:
                await self._beat(list(self._local))
            except RedisError as exc:
                log.warning("presence heartbeat failed: %s", exc)

    async def close(self) -> None:
        if self._heart is not None:
            self._heart.cancel()
            with contextlib.suppress(BaseException):
                await self._heart
        if self._local:
            try:
                async with self.r.pipeline(transaction=False) as pipe:
                    for code, seat in self._local:
                        pipe.zrem(f"{PREFIX}here:{code}", self._member(seat))
                    await pipe.execute()
            except RedisError as exc:  # our presence runs out by itself within lease_s
                log.warning(
                    "clearing this process's presence failed: %s: %s", type(exc).__name__, exc
                )
            self._local.clear()


def open_redis(url: str, lease_s: float) -> tuple[RedisStore, RedisEvents, RedisCluster]:
    """The three pieces for ``--store redis://...``, sharing one connection pool."""
    client = connect(url)
    process_id = secrets.token_hex(6)
    return (
        RedisStore(client, announce_as=process_id),
        RedisEvents(client, process_id, announced_by_store=True),
        RedisCluster(client, process_id, lease_s),
    )
