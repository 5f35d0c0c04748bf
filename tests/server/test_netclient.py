"""The app's protocol client against a real server."""

from __future__ import annotations

import pytest
from server_harness import LiveServer, run

from thaasbai.netclient import RoomsClient, ServerError, Session, code_from_invite


@pytest.fixture(scope="module")
def server():
    with LiveServer(grace_s=0.2) as s:
        yield s


def test_code_from_invite_reads_links_and_typed_codes():
    assert code_from_invite("https://x.example/join/k7m2qx") == "K7M2QX"
    assert code_from_invite(" K7M 2QX ") == "K7M2QX"
    assert code_from_invite("https://x.example/") is None


def test_the_client_creates_joins_reads_the_lobby_and_plays(server):
    async def go():
        rooms = RoomsClient(server.base)
        created = await rooms.create_room("thaas", name="Aisha", bots="easy")
        assert created.invite_url.endswith(f"/join/{created.code}")
        joined = await rooms.join(created.code, name="Ibrahim", seat=2)
        assert joined.seat == 2
        lobby = await rooms.lobby(created.code)
        assert [s["name"] for s in lobby["seat_list"]][::2] == ["Aisha", "Ibrahim"]
        with pytest.raises(ServerError) as info:
            await rooms.join(created.code, seat=2)
        assert (info.value.status, info.value.code) == (409, "seat_taken")
        with pytest.raises(ServerError) as info:
            await rooms.lobby("ZZZZZZ")
        assert (info.value.status, info.value.code) == (404, "not_found")

        async with Session(server.base, created.code, created.token, reconnect=False) as s:
            played = 0
            async for msg in s.messages():
                if msg["type"] != "state":
                    continue
                view = msg["view"]
                if view is None:
                    await s.start()
                elif view["status"] == "over":
                    break
                elif view["to_act"] == msg["seat"]:
                    await s.act(view["legal"][0])
                    played += 1
            assert played > 0 and s.state["view"]["status"] == "over"

    run(go())
