"""Failures that are expected and recovered from still leave a log line (issue #15), at a
level that fits, and never with a full room code or a token."""

from __future__ import annotations

import asyncio
import logging

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError
from server_harness import thaasbai_logs

from thaasbai.server.hub import Connection
from thaasbai.server.redis_store import RedisCluster, RedisStore


class DeadRedis:
    """A Redis client whose every call fails as if the server had gone away."""

    def register_script(self, _source):
        async def run(**_kwargs):
            raise RedisConnectionError("Connection refused")

        return run

    async def zrem(self, *_args):
        raise RedisConnectionError("Connection refused")

    async def aclose(self):
        raise RedisConnectionError("Connection refused")


@pytest.fixture
def records():
    with thaasbai_logs() as seen:
        yield seen


def test_redis_failures_in_release_depart_and_close_are_warnings(records):
    async def go():
        cluster = RedisCluster(DeadRedis(), "p1")
        cluster._local[("K7M2QX", 1)] = 1
        await cluster.release("K7M2QX")
        await cluster.depart("K7M2QX", 1)
        await RedisStore(DeadRedis()).close()

    asyncio.run(go())
    warnings = [r.getMessage() for r in records if r.levelno == logging.WARNING]
    assert len(warnings) == 3, warnings
    assert all("Connection refused" in m and "K7M2QX" not in m for m in warnings), warnings


def test_a_writer_whose_peer_has_gone_says_so_at_debug(records):
    class GoneSocket:
        async def send_text(self, _text):
            raise ConnectionResetError

    async def go():
        conn = Connection(GoneSocket(), 0, rate=0, burst=0, outbox_limit=8)
        conn.start()
        conn.send(b'{"type": "pong"}')
        await conn.stop()
        return conn.closing

    assert asyncio.run(go())
    assert [(r.levelno, r.getMessage()) for r in records] == [
        (logging.DEBUG, "a connection's writer stopped: ConnectionResetError")
    ]
