"""The Redis store, events and cluster against a real ``redis-server``: compare-and-set,
expiry by TTL, pub/sub, leases and presence."""

from __future__ import annotations

import asyncio
import contextlib
import time

import pytest
from redis_harness import RedisServer, needs_redis

from thaasbai.server.redis_store import PREFIX, RedisCluster, RedisEvents, RedisStore, connect
from thaasbai.server.store import StoreConflict

pytestmark = [pytest.mark.redis, needs_redis]


async def when(probe, wanted, timeout: float = 10.0) -> float:
    """Poll ``probe()`` until it returns ``wanted`` (or satisfies it, if callable); the
    wall-clock time when it first did.  Waits on the state, not on a guessed delay."""
    deadline = time.monotonic() + timeout
    while True:
        got = await probe()
        if wanted(got) if callable(wanted) else got == wanted:
            return time.time()
        assert time.monotonic() < deadline, f"still {got!r}"
        await asyncio.sleep(0.01)


async def deadlines(cluster: RedisCluster, code: str) -> list[float]:
    """When each presence entry of the room runs out (wall-clock seconds)."""
    rows = await cluster.r.zrange(f"{PREFIX}here:{code}", 0, -1, withscores=True)
    return [score / 1000 for _, score in rows]


@pytest.fixture(scope="module")
def redis_url():
    server = RedisServer()
    yield server.url
    server.stop()


def test_saves_are_compare_and_set_and_exactly_one_concurrent_save_wins(redis_url):
    async def go():
        a, b = RedisStore(connect(redis_url)), RedisStore(connect(redis_url))
        assert await a.create("CASCAS", b"one", time.time() + 60)
        assert not await b.create("CASCAS", b"other", time.time() + 60)
        assert await b.load("CASCAS") == (1, b"one")
        assert await b.revision("CASCAS") == 1
        for rev in range(1, 21):  # two clients (two processes' pools) race at each revision
            results = await asyncio.gather(
                a.save("CASCAS", b"a%d" % rev, rev, time.time() + 60),
                b.save("CASCAS", b"b%d" % rev, rev, time.time() + 60),
                return_exceptions=True,
            )
            wins = [r for r in results if r == rev + 1]
            lost = [r for r in results if isinstance(r, StoreConflict)]
            assert len(wins) == 1 and len(lost) == 1, results
            row = await a.load("CASCAS")
            assert row is not None and row[0] == rev + 1 and row[1].endswith(b"%d" % rev)
        with pytest.raises(StoreConflict):
            await a.save("NOSUCH", b"x", 1, time.time() + 60)
        assert await a.load("NOSUCH") is None and await a.revision("NOSUCH") is None
        await a.close()
        await b.close()

    asyncio.run(go())


def test_rooms_expire_by_ttl_and_expire_reports_known_codes(redis_url):
    async def go():
        store = RedisStore(connect(redis_url))
        expires = time.time() + 0.2
        assert await store.create("SHORTT", b"x", expires)
        assert await store.create("LONGGG", b"y", time.time() + 60)
        assert await store.save("LONGGG", b"z", 1, time.time() + 60) == 2
        gone = await when(lambda: store.load("SHORTT"), None)
        assert gone >= expires - 0.002  # Redis keeps time in milliseconds
        assert await store.expire(time.time()) == ["SHORTT"]
        assert await store.expire(time.time()) == []
        assert await store.load("LONGGG") == (2, b"z")
        await store.close()

    asyncio.run(go())


def test_events_reach_other_processes_but_not_the_sender(redis_url):
    async def go():
        one, two = RedisEvents(connect(redis_url), "p1"), RedisEvents(connect(redis_url), "p2")
        got1: list[tuple[str, int, bytes]] = []
        got2: list[tuple[str, int, bytes]] = []
        one.subscribe(lambda c, r, d: got1.append((c, r, d)))
        two.subscribe(lambda c, r, d: got2.append((c, r, d)))
        one.start()
        two.start()
        await asyncio.wait_for(one.ready.wait(), 5)
        await asyncio.wait_for(two.ready.wait(), 5)
        await one.publish("ABCDEF", 7, b'{"a doc": "with spaces"}')
        await when(lambda: asyncio.sleep(0, bool(got2)), True)
        assert got2 == [("ABCDEF", 7, b'{"a doc": "with spaces"}')] and got1 == []
        # The store can announce its saves itself, in the same script as the save.
        got2.clear()
        store = RedisStore(connect(redis_url), announce_as="p1")
        assert await store.create("GHJKLM", b"doc 1", time.time() + 60)
        assert await store.save("GHJKLM", b"doc 2", 1, time.time() + 60) == 2
        with pytest.raises(StoreConflict):
            await store.save("GHJKLM", b"lost", 1, time.time() + 60)
        await when(lambda: asyncio.sleep(0, bool(got2)), True)
        assert got2 == [("GHJKLM", 2, b"doc 2")] and got1 == []
        await one.close()
        await two.close()

    asyncio.run(go())


def test_one_lease_holder_at_a_time_and_takeover_when_it_stops_renewing(redis_url):
    async def go():
        a = RedisCluster(connect(redis_url), "pa", lease_s=0.3)
        b = RedisCluster(connect(redis_url), "pb", lease_s=0.3)
        held = await asyncio.gather(a.lease("LEASED"), b.lease("LEASED"))
        assert sorted(held) == [False, True]
        holder, other = (a, b) if held[0] else (b, a)
        renewed = time.time()
        assert await holder.lease("LEASED")  # renewing
        assert not await other.lease("LEASED")
        # The holder "died": no renewal.  The other takes over once the lease runs out.
        taken = await when(lambda: other.lease("LEASED"), True)
        assert taken >= renewed + 0.3 - 0.002
        assert not await holder.lease("LEASED")
        await other.release("LEASED")
        assert await holder.lease("LEASED")

    asyncio.run(go())


def test_presence_is_shared_and_runs_out_without_heartbeats(redis_url):
    async def go():
        a = RedisCluster(connect(redis_url), "pa", lease_s=0.4)
        b = RedisCluster(connect(redis_url), "pb", lease_s=0.4)
        await a.arrive("HEREEE", 1)
        await a.arrive("HEREEE", 1)
        await b.arrive("HEREEE", 2)
        assert await a.present("HEREEE") == {1, 2}
        await a.depart("HEREEE", 1)  # one of two connections: still here
        first = await deadlines(a, "HEREEE")
        # Wait past the first heartbeat's deadline until both have been renewed since.
        await when(lambda: deadlines(a, "HEREEE"), lambda d: min(d) > max(first), timeout=5)
        assert time.time() < min(await deadlines(a, "HEREEE"))
        assert await b.present("HEREEE") == {1, 2}
        await b.depart("HEREEE", 2)
        assert await a.present("HEREEE") == {1}
        assert a._heart is not None
        a._heart.cancel()  # process a "dies": its presence runs out, and not before
        with contextlib.suppress(asyncio.CancelledError):
            await a._heart
        (last,) = await deadlines(a, "HEREEE")
        gone = await when(lambda: b.present("HEREEE"), set())
        assert gone >= last - 0.002
        await b.close()

    asyncio.run(go())
