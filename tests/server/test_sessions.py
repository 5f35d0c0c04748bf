"""Sessions over time: reconnection, grace-period bots, turn timers, spectators, taking a
bot's seat between deals, leaving and rematches."""

from __future__ import annotations

import asyncio
import random

import pytest
import websockets
from server_harness import Client, LiveServer, create, join, run

from thaasbai.server.hub import CLOSE_BAD_TOKEN


@pytest.fixture(scope="module")
def server():
    with LiveServer(grace_s=0.4) as s:
        yield s


def my_turn(m):
    return (
        m["view"] is not None
        and m["view"]["status"] == "in_progress"
        and (m["view"]["to_act"] == m["seat"])
    )


async def started(server, client: Client) -> dict:
    st = await client.state()
    await client.send({"type": "start", "version": st["version"]})
    return await client.state(lambda m: m["view"] is not None)


async def play_deal(client: Client, rng: random.Random) -> dict:
    """Play random legal actions until the deal is over; returns the final state."""
    st = await client.until(lambda m: m["view"] is not None)
    while True:
        if st["view"]["status"] == "over":
            return st
        if my_turn(st):
            action = rng.choice(st["view"]["legal"])
            await client.send({"type": "act", "version": st["version"], "action": action})
        st = await client.state(timeout=10)


def test_reconnecting_mid_trick_gives_the_same_seat_and_full_state(server):
    async def go():
        body = create(server.base, game="thaas")
        async with Client(server.ws_base, body["code"], body["token"]) as c:
            await started(server, c)
            st = await c.until(my_turn)
            await c.send(
                {"type": "act", "version": st["version"], "action": st["view"]["legal"][0]}
            )
            await c.state(lambda m: m["version"] > st["version"])
            await c.drain(0.1)
            before = c.last_state
        async with Client(server.ws_base, body["code"], body["token"]) as again:
            st2 = await again.state()
            assert st2["seat"] == 0
            assert st2["version"] >= before["version"]
            assert st2["view"]["hand"] == before["view"]["hand"]
            assert (
                st2["view"]["history"][: len(before["view"]["history"])]
                == before["view"]["history"]
            )
            assert st2["room"]["seat_list"][0]["connected"] is True

    run(go())


def test_a_drop_during_a_bots_turn_loses_nothing():
    with LiveServer(bot_pace_s=0.15, grace_s=30) as s:

        async def go():
            body = create(s.base, game="thulla", seats=5)
            c = await Client(s.ws_base, body["code"], body["token"]).__aenter__()
            await started(s, c)
            st = await c.until(my_turn)
            while st["view"]["to_act"] == 0:  # play until it is a bot's turn
                await c.send(
                    {"type": "act", "version": st["version"], "action": st["view"]["legal"][0]}
                )
                version = st["version"]
                st = await c.state(lambda m, v=version: m["version"] > v)
            assert st["view"]["to_act"] is not None
            await c.__aexit__()  # a bot is now to play, with nobody connected
            await asyncio.sleep(0.5)
            async with Client(s.ws_base, body["code"], body["token"]) as again:
                # the bots played on (waiting, not a fixed sleep: CI machines are slow)
                st2 = await again.until(lambda m: m["version"] > st["version"], timeout=15)
                assert not st2["room"]["seat_list"][0]["away"]
                await again.until(my_turn, timeout=5)  # and it comes back to us

        run(go())


def test_after_the_grace_period_a_bot_plays_for_an_absent_player_until_they_return():
    # Bots are paced so that the all-bot table does not finish the deal in a blink.
    with LiveServer(grace_s=0.4, bot_pace_s=0.05) as server:
        run(grace_then_return(server))


async def grace_then_return(server: LiveServer) -> None:
    body = create(server.base, game="thaas")
    code = body["code"]
    async with Client(server.ws_base, code) as watcher:
        c = await Client(server.ws_base, code, body["token"]).__aenter__()
        await started(server, c)
        st = await c.until(my_turn)
        await c.__aexit__()
        away = await watcher.state(lambda m: m["room"]["seat_list"][0]["away"], timeout=3)
        assert away["room"]["seat_list"][0]["connected"] is False
        # The bot plays seat 0's turn: seat 0's hand shrinks without them.
        await watcher.state(
            lambda m: m["view"]["hand_sizes"][0] < st["view"]["hand_sizes"][0], timeout=3
        )
        async with Client(server.ws_base, code, body["token"]) as back:
            st2 = await back.state()
            assert st2["room"]["seat_list"][0]["away"] is False
            assert st2["room"]["seat_list"][0]["connected"] is True
            await back.until(my_turn, timeout=5)


def test_the_turn_timer_plays_for_a_player_who_does_not_act_in_time(server):
    async def go():
        body = create(server.base, game="thaas", turn_timer=0.3)
        async with Client(server.ws_base, body["code"], body["token"]) as c:
            await started(server, c)
            st = await c.until(my_turn)
            assert st["timer"]["seat"] == 0 and 0 < st["timer"]["seconds"] <= 0.3
            after = await c.state(
                lambda m: m["view"]["hand_sizes"][0] < st["view"]["hand_sizes"][0], timeout=3
            )
            assert after["room"]["seat_list"][0]["away"] is False  # still the player's seat

    run(go())


def test_without_a_timer_nobody_plays_for_a_connected_player(server):
    async def go():
        body = create(server.base, game="thaas")
        async with Client(server.ws_base, body["code"], body["token"]) as c:
            await started(server, c)
            st = await c.until(my_turn)
            assert st["timer"] is None
            await c.drain(0.6)
            assert c.last_state["version"] == st["version"]

    run(go())


def test_spectators_get_the_public_view_only(server):
    async def go():
        body = create(server.base, game="thaas")
        async with (
            Client(server.ws_base, body["code"], body["token"]) as c,
            Client(server.ws_base, body["code"]) as spectator,
        ):
            await started(server, c)
            st = await spectator.state(lambda m: m["view"] is not None)
            assert st["seat"] is None and st["view"]["seat"] is None
            assert st["view"]["hand"] == [] and st["view"]["legal"] == []
            assert sum(st["view"]["hand_sizes"]) > 40

    run(go())


def test_a_waiting_human_takes_a_bots_seat_between_deals(server):
    async def go():
        body = create(server.base, game="thaas", options={"best_of": 3})
        code = body["code"]
        rng = random.Random(1)
        async with (
            Client(server.ws_base, code, body["token"]) as host,
            Client(server.ws_base, code) as waiting,
        ):
            await started(server, host)
            # Every seat is taken while a deal is on: HTTP join and take_seat say so.
            assert join(server.base, code).status_code == 409
            await waiting.send({"type": "take_seat", "seat": 1, "name": "Ibrahim"})
            assert (await waiting.error())["code"] == "seat_taken"
            final = await play_deal(host, rng)
            if final["view"]["match"]["over"]:  # a sweep ends the match at once
                return
            await waiting.send({"type": "take_seat", "seat": 1, "name": "Ibrahim"})
            seated = await waiting.wait_for(lambda m: m["type"] == "seated")
            assert seated["seat"] == 1 and len(seated["token"]) >= 32
            st = await waiting.state(lambda m: m["seat"] == 1)
            assert st["room"]["seat_list"][1] == {
                "kind": "human",
                "name": "Ibrahim",
                "bot_level": None,
                "connected": True,
                "away": False,
            }
            await host.send({"type": "next_deal", "version": st["version"]})
            st = await waiting.state(lambda m: m["view"]["status"] == "in_progress")
            assert len(st["view"]["hand"]) == 13
        # The new player's token works from another device.
        async with Client(server.ws_base, code, seated["token"]) as again:
            assert (await again.state())["seat"] == 1

    run(go())


def test_rematch_starts_a_new_match_with_the_same_seats(server):
    async def go():
        body = create(server.base, game="thaas")
        rng = random.Random(2)
        async with Client(server.ws_base, body["code"], body["token"]) as c:
            await started(server, c)
            final = await play_deal(c, rng)
            assert final["view"]["match"]["over"]
            await c.send({"type": "next_deal", "version": final["version"]})
            assert (await c.error())["code"] == "game_over"
            await c.send({"type": "rematch", "version": final["version"]})
            st = await c.state(lambda m: m["view"]["status"] == "in_progress")
            assert st["view"]["match"]["deal_number"] == 1
            assert st["room"]["over"] is False

    run(go())


def test_leaving_before_the_start_frees_the_seat_and_passes_on_the_host(server):
    async def go():
        body = create(server.base, game="thaas")
        code = body["code"]
        other = join(server.base, code, name="Ibrahim").json()
        async with (
            Client(server.ws_base, code, body["token"]) as host,
            Client(server.ws_base, code, other["token"]) as guest,
        ):
            await host.state()
            await host.send({"type": "leave"})
            left = await host.wait_for(lambda m: m["type"] == "left")
            assert left["seat"] == 0
            st = await guest.state(lambda m: m["room"]["seat_list"][0]["kind"] == "free")
            assert st["room"]["host"] == 1
            await guest.send({"type": "start", "version": st["version"]})
            await guest.state(lambda m: m["view"] is not None)
        async with Client(server.ws_base, code, body["token"]) as stale:
            assert (await stale.error())["code"] == "bad_token"
            with pytest.raises(websockets.ConnectionClosed) as info:
                await stale.recv()
            assert info.value.rcvd.code == CLOSE_BAD_TOKEN

    run(go())


def test_leaving_during_play_hands_the_seat_to_a_bot(server):
    async def go():
        body = create(server.base, game="thaas")
        code = body["code"]
        other = join(server.base, code, seat=2).json()
        async with (
            Client(server.ws_base, code, body["token"]) as host,
            Client(server.ws_base, code, other["token"]) as guest,
        ):
            await started(server, host)
            await guest.send({"type": "leave"})
            st = await host.state(lambda m: m["room"]["seat_list"][2]["kind"] == "bot")
            assert st["view"]["status"] == "in_progress"
            await host.until(my_turn)  # the game goes on

    run(go())
