"""RemoteSession against a real room server: the table gets the same states as offline."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from server_harness import LiveServer

from thaasbai.netclient import RoomsClient
from thaasbai.ui import table_model
from thaasbai.ui.lobby_model import build_lobby
from thaasbai.ui.remote import RemoteSession
from thaasbai.ui.session import SessionError


@pytest.fixture(scope="module")
def server():
    with LiveServer(grace_s=5.0) as s:
        yield s


async def _until(pred, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not pred():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition never held")
        await asyncio.sleep(0.01)


def test_two_players_see_the_lobby_fill_then_play_a_whole_deal(server):
    async def scenario() -> None:
        rooms = RoomsClient(server.base)
        created = await rooms.create_room(
            "thaas", name="Aisha", bots="easy", options={"hukum": "implicit", "best_of": 1}
        )
        joined = await rooms.join(created.code, name="Ibrahim")
        a = RemoteSession(server.base, created.code, created.token)
        b = RemoteSession(server.base, created.code, joined.token)
        renders = {"a": 0, "b": 0}
        notices: list[str] = []

        async def ra() -> None:
            renders["a"] += 1

        async def rb() -> None:
            renders["b"] += 1

        async def note(text: str) -> None:
            notices.append(text)

        a.on_change, b.on_change, b.on_notice = ra, rb, note
        await a.open()
        await b.open()
        try:
            await _until(lambda: build_lobby(a.room, a.seat).seats[1].presence == "online")
            assert build_lobby(a.room, a.seat).can_start
            assert not build_lobby(b.room, b.seat).can_start
            await b.begin()  # not the host: refused, shown as a notice, nothing changes
            await _until(lambda: notices)
            assert notices == ["Only the host can do that."]
            await a.begin()
            await _until(lambda: a.started and b.started)
            # Both humans play their first legal card until the deal is over.
            for _ in range(2000):
                done = True
                for s in (a, b):
                    view = s.state().view
                    if view["status"] != "over":
                        done = False
                        if view["to_act"] == s.seat and view["legal"]:
                            await s.act(view["legal"][0], s.state().version)
                if done:
                    break
                await asyncio.sleep(0.01)
            st = b.state()
            assert st.view["status"] == "over" and st.online and st.connection == "online"
            model = table_model.build(st.view, st.lobby, "Ibrahim", online=True)
            assert model.result is not None
            assert {s.presence for s in model.seats} == {"online", "bot"}
            assert renders["a"] > 5 and renders["b"] > 5
        finally:
            await a.close()
            await b.close()

    asyncio.run(scenario())


def test_an_unknown_room_fails_to_open_with_a_reason(server):
    async def scenario() -> None:
        s = RemoteSession(server.base, "ZZZZZZ", "nope")
        with pytest.raises(SessionError) as err:
            await s.open(timeout=5)
        assert "does not exist" in str(err.value)

    asyncio.run(scenario())


def test_a_dropped_connection_reconnects_and_says_so(server):
    async def scenario() -> None:
        created = await RoomsClient(server.base).create_room("thulla", seats=3, name="Aisha")
        s = RemoteSession(server.base, created.code, created.token)
        seen: list[str] = []

        async def changed() -> None:
            seen.append(s.connection)

        s.on_change = changed
        await s.open()
        await s.ws._ws.close()  # the network drops
        await _until(lambda: "reconnecting" in seen)
        await _until(lambda: s.connection == "online" and seen[-1] == "online")
        assert s.state().lobby["seat_list"][0]["name"] == "Aisha"
        await s.close()

    asyncio.run(scenario())
