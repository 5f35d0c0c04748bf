"""Bad input over the WebSocket: each gets its typed error (or a close, for abuse) and the
room is left exactly as it was."""

from __future__ import annotations

import pytest
import websockets
from server_harness import Client, LiveServer, create, join, run, snapshot

from thaasbai.server.hub import (
    CLOSE_BAD_TOKEN,
    CLOSE_NOT_FOUND,
    CLOSE_POLICY,
    CLOSE_TOO_BIG,
)


@pytest.fixture(scope="module")
def server():
    with LiveServer() as s:
        yield s


async def two_humans_waiting_for_seat0(server):
    """A started Thaas room, humans at 0 and 2 (bots at 1 and 3), seat 0 to act."""
    while True:
        body = create(server.base, game="thaas")
        code = body["code"]
        other = join(server.base, code, seat=2).json()
        host = await Client(server.ws_base, code, body["token"]).__aenter__()
        partner = await Client(server.ws_base, code, other["token"]).__aenter__()
        st = await host.state()
        await host.send({"type": "start", "version": st["version"]})
        st = await host.state(lambda m: m["view"] is not None and m["view"]["to_act"] in (0, 2))
        if st["view"]["to_act"] == 0:
            await partner.drain()
            await host.drain()
            return code, host, partner
        await host.__aexit__()
        await partner.__aexit__()


async def refused(server, code, client, message, expected):
    before = snapshot(server, code)
    seen = len(client.messages)
    await client.send(message)
    err = await client.error()
    assert err["code"] == expected, (message, err)
    assert set(err) == {"type", "code", "message"}
    assert isinstance(err["message"], str) and err["message"]  # a sentence for people
    await client.drain(0.1)
    assert [m["type"] for m in client.messages[seen:]] == ["error"]
    assert snapshot(server, code) == before
    return err


def test_each_bad_message_gets_its_typed_error_and_changes_nothing(server):
    async def go():
        code, host, partner = await two_humans_waiting_for_seat0(server)
        st = host.last_state
        v = st["version"]
        hand = st["view"]["hand"]
        legal = [a["play"] for a in st["view"]["legal"] if "play" in a]
        not_legal = [c for c in hand if c not in legal]
        not_mine = next(
            c for c in ("AS", "KS", "QS", "AH", "KH", "AD", "AC", "2C") if c not in hand
        )
        cases = [
            (host, "{not json", "malformed"),
            (host, "[1, 2, 3]", "malformed"),
            (host, '"just a string"', "malformed"),
            (host, {"version": v}, "malformed"),
            (host, {"type": 7}, "malformed"),
            (host, {"type": "dance"}, "unknown_type"),
            (host, {"type": "act", "action": {"play": legal[0]}}, "malformed"),
            (host, {"type": "act", "version": v}, "malformed"),
            (host, {"type": "act", "version": "12", "action": {"play": legal[0]}}, "malformed"),
            (host, {"type": "act", "version": v, "action": {"play": "ZZ"}}, "malformed"),
            (
                host,
                {"type": "act", "version": v, "action": {"play": legal[0], "seat": 1}},
                "malformed",
            ),
            (
                host,
                {"type": "act", "version": v, "action": {"play": legal[0]}, "x": 1},
                "malformed",
            ),
            (
                host,
                {"type": "act", "version": v - 1, "action": {"play": legal[0]}},
                "stale_version",
            ),
            (host, {"type": "act", "version": v, "action": {"play": not_mine}}, "illegal"),
            (host, {"type": "act", "version": v, "action": {"hand_call": True}}, "illegal"),
            (partner, {"type": "act", "version": v, "action": {"play": legal[0]}}, "not_your_turn"),
            # Whose turn it is is judged before the version.
            (
                partner,
                {"type": "act", "version": v - 1, "action": {"play": legal[0]}},
                "not_your_turn",
            ),
            (partner, {"type": "start", "version": v}, "not_host"),
            (host, {"type": "start", "version": v}, "already_started"),
            (host, {"type": "next_deal"}, "deal_in_progress"),
            (host, {"type": "rematch"}, "game_in_progress"),
            (host, {"type": "take_seat", "seat": 1}, "already_seated"),
        ]
        if not_legal:
            cases.append(
                (host, {"type": "act", "version": v, "action": {"play": not_legal[0]}}, "illegal")
            )
        for client, message, expected in cases:
            await refused(server, code, client, message, expected)
        # ... and the connection is still open and usable.
        await host.send({"type": "act", "version": v, "action": {"play": legal[0]}})
        st = await host.state()
        assert st["version"] > v
        await host.__aexit__()
        await partner.__aexit__()

    run(go())


def test_ping_answers_pong(server):
    async def go():
        body = create(server.base)
        async with Client(server.ws_base, body["code"], body["token"]) as c:
            await c.state()
            await c.send({"type": "ping"})
            assert (await c.wait_for(lambda m: m["type"] == "pong"))["type"] == "pong"

    run(go())


def test_unknown_room_is_refused_and_closed(server):
    async def go():
        async with Client(server.ws_base, "ZZZZZZ") as c:
            err = await c.error()
            assert err["code"] == "not_found"
            with pytest.raises(websockets.ConnectionClosed) as info:
                await c.recv()
            assert info.value.rcvd.code == CLOSE_NOT_FOUND

    run(go())


def test_wrong_or_stolen_tokens_are_refused_and_closed(server):
    async def go():
        mine = create(server.base)
        theirs = create(server.base)
        for token in ("nonsense", "", theirs["token"], mine["token"][:-1] + "A"):
            if token == mine["token"]:
                continue
            async with Client(server.ws_base, mine["code"], token) as c:
                err = await c.error()
                assert err["code"] == "bad_token"
                with pytest.raises(websockets.ConnectionClosed) as info:
                    await c.recv()
                assert info.value.rcvd.code == CLOSE_BAD_TOKEN

    run(go())


def test_a_spectator_cannot_act_or_start(server):
    async def go():
        body = create(server.base)
        code = body["code"]
        async with Client(server.ws_base, code) as spectator:
            st = await spectator.state()
            assert st["seat"] is None
            before = snapshot(server, code)
            await spectator.send({"type": "start", "version": st["version"]})
            assert (await spectator.error())["code"] == "not_seated"
            await spectator.send({"type": "act", "version": 1, "action": {"play": "AS"}})
            assert (await spectator.error())["code"] == "not_seated"
            assert snapshot(server, code) == before

    run(go())


def test_an_oversized_frame_closes_the_connection_and_changes_nothing(server):
    async def go():
        body = create(server.base)
        code = body["code"]
        async with Client(server.ws_base, code, body["token"]) as c:
            st = await c.state()
            before = snapshot(server, code)
            await c.send({"type": "start", "version": st["version"], "pad": "x" * 10_000})
            err = await c.error()
            assert err["code"] == "too_large"
            with pytest.raises(websockets.ConnectionClosed) as info:
                await c.recv()
            assert info.value.rcvd.code == CLOSE_TOO_BIG
            assert snapshot(server, code) == before

    run(go())


def test_a_flood_is_rate_limited_then_closed():
    with LiveServer(ws_rate=5.0, ws_burst=10.0, ws_flood_limit=20) as s:

        async def go():
            body = create(s.base)
            code = body["code"]
            async with Client(s.ws_base, code, body["token"]) as c:
                await c.state()
                before = snapshot(s, code)
                for _ in range(100):
                    try:
                        await c.send({"type": "ping"})
                    except websockets.ConnectionClosed:
                        break
                codes = []
                with pytest.raises(websockets.ConnectionClosed) as info:
                    while True:
                        m = await c.recv()
                        codes.append(m.get("code"))
                assert info.value.rcvd.code == CLOSE_POLICY
                assert "rate_limited" in codes
                assert snapshot(s, code) == before

        run(go())
