"""Grace periods across processes: a player connected to one process is not taken for
gone by the process driving the room, and is once they really leave."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest
import redis
from redis_harness import RedisServer, needs_redis, start_processes
from server_harness import Client

pytestmark = [pytest.mark.redis, needs_redis, pytest.mark.timeout(120)]


def test_a_player_connected_elsewhere_is_not_marked_away_until_they_leave():
    server = RedisServer()
    p0, p1 = start_processes(server.url, 2, THAASBAI_GRACE="1", THAASBAI_LEASE="1")
    r = redis.Redis.from_url(server.url)
    try:
        body = httpx.post(
            f"{p0.base}/api/rooms", json={"name": "Host", "bots": "easy", "game": "thaas"}
        ).json()
        code = body["code"]

        async def go():
            async with Client(p0.ws, code) as watcher:  # a spectator on the other process
                async with Client(p1.ws, code, body["token"]) as host:
                    st = await host.state()
                    await host.send({"type": "start", "version": st["version"]})
                    await host.state(lambda m: m["view"] and m["view"]["to_act"] == 0, 15)
                    # The host thinks for three grace periods; no turn timer, so the room waits.
                    await asyncio.sleep(3.0)
                    owner = r.get(f"thaasbai:lease:{code}")
                    assert owner is not None and owner.decode() == p0.process_id
                    waiting = await watcher.until(
                        lambda m: m["view"] is not None and m["view"]["to_act"] == 0
                    )
                    await watcher.drain(0.3)
                    assert watcher.last_state["version"] == waiting["version"]
                    seat0 = watcher.last_state["room"]["seat_list"][0]
                    assert not seat0["away"]
                # The host is gone (from every process): after the grace, a bot plays for them.
                gone_at = time.monotonic()
                st = await watcher.state(lambda m: m["room"]["seat_list"][0]["away"], 10)
                assert time.monotonic() - gone_at >= 0.9
                await watcher.state(lambda m, v=st["version"]: m["version"] > v, 10)

        asyncio.run(go())
    finally:
        for p in (p0, p1):
            p.kill()
        server.stop()
