"""Every state-changing message carries the version it was made against: ``start``,
``next_deal`` and ``rematch`` made against any other version are refused with
``stale_version`` and change nothing, just as a stale ``act`` is; an ``act`` before the
start or after the deal's end is refused with its own code."""

from __future__ import annotations

import random

import pytest
from server_harness import Client, LiveServer, create, run


@pytest.fixture(scope="module")
def server():
    with LiveServer() as s:
        yield s


def saved(server, code) -> dict:
    """The room's saved state, which a refused message must leave exactly as it was."""
    return server.service.rooms[code].table.to_json()


async def refused_as_stale(server, code: str, client: Client, message: dict) -> None:
    before = saved(server, code)
    await client.send(message)
    err = await client.error()
    assert err["code"] == "stale_version", (message, err)
    assert isinstance(err["message"], str) and err["message"]
    assert saved(server, code) == before


async def play_to_the_end(client: Client, rng: random.Random) -> dict:
    """Play random legal actions for this seat until the deal is over."""
    st = await client.until(lambda m: m["view"] is not None)
    while st["view"]["status"] != "over":
        view = st["view"]
        if view["to_act"] == st["seat"] and view["legal"]:
            action = rng.choice(view["legal"])
            await client.send({"type": "act", "version": st["version"], "action": action})
        st = await client.state(timeout=20)
    return st


def test_start_against_an_old_or_future_version_is_refused(server):
    async def go():
        body = create(server.base, game="thaas")
        code = body["code"]
        async with Client(server.ws_base, code, body["token"]) as host:
            v = (await host.state())["version"]
            for stale in (v - 1, v + 1):
                await refused_as_stale(server, code, host, {"type": "start", "version": stale})
            assert not server.service.rooms[code].table.started
            await host.send({"type": "start", "version": v})
            st = await host.state(lambda m: m["view"] is not None)
            assert st["room"]["started"] and st["version"] > v

    run(go())


def test_next_deal_against_an_old_version_is_refused(server):
    async def go():
        body = create(server.base, game="thulla", seats=3)
        code = body["code"]
        async with Client(server.ws_base, code, body["token"]) as host:
            v = (await host.state())["version"]
            await host.send({"type": "start", "version": v})
            over = await play_to_the_end(host, random.Random(4))
            v = over["version"]
            for stale in (v - 1, v + 1):
                await refused_as_stale(server, code, host, {"type": "next_deal", "version": stale})
            assert over["view"]["match"]["rounds_played"] == 1
            await host.send({"type": "next_deal", "version": v})
            st = await host.state(lambda m: m["view"]["status"] == "in_progress")
            assert st["view"]["match"]["rounds_played"] == 2

    run(go())


def test_rematch_against_an_old_version_is_refused(server):
    async def go():
        body = create(server.base, game="thaas")  # best of 1: one deal ends the match
        code = body["code"]
        async with Client(server.ws_base, code, body["token"]) as host:
            v = (await host.state())["version"]
            await host.send({"type": "start", "version": v})
            over = await play_to_the_end(host, random.Random(5))
            assert over["view"]["match"]["over"]
            v = over["version"]
            for stale in (v - 1, v + 1):
                await refused_as_stale(server, code, host, {"type": "rematch", "version": stale})
            await host.send({"type": "rematch", "version": v})
            st = await host.state(lambda m: m["view"]["status"] == "in_progress")
            assert st["version"] > v and not st["view"]["match"]["over"]

    run(go())


def test_acting_before_the_start_or_after_the_end_is_refused_with_its_code(server):
    async def go():
        body = create(server.base, game="thaas")
        code = body["code"]
        async with Client(server.ws_base, code, body["token"]) as host:
            v = (await host.state())["version"]
            before = saved(server, code)
            await host.send({"type": "act", "version": v, "action": {"play": "AS"}})
            assert (await host.error())["code"] == "not_started"
            assert saved(server, code) == before
            await host.send({"type": "start", "version": v})
            over = await play_to_the_end(host, random.Random(6))
            before = saved(server, code)
            await host.send({"type": "act", "version": over["version"], "action": {"play": "AS"}})
            assert (await host.error())["code"] == "game_over"
            assert saved(server, code) == before

    run(go())
