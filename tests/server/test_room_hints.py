"""The host's hints setting *(addition)*: chosen at creation, off by default, refused
when it is not a boolean, shown in the lobby and every state message, and stored with the
room (SQLite, and Redis for several processes) so a restart keeps it."""

from __future__ import annotations

import httpx
import msgspec
import pytest
from redis_harness import RedisServer, needs_redis
from server_harness import FAST, Client, LiveServer, create, run

from thaasbai.server.messages import ProtocolError, parse_create
from thaasbai.server.rooms.room import Room


def test_hints_are_off_unless_the_host_allows_them():
    assert parse_create(b'{"game": "thaas"}').hints is False
    assert parse_create(b'{"game": "thaas", "hints": true}').hints is True
    for bad in (b'{"hints": "true"}', b'{"hints": 1}', b'{"hints": null}', b'{"hints": []}'):
        with pytest.raises(ProtocolError) as err:
            parse_create(bad)
        assert err.value.code == "malformed"


def _lobby_and_state(base: str, ws_base: str, code: str, token: str) -> tuple[dict, dict]:
    lobby = httpx.get(f"{base}/api/rooms/{code}").json()

    async def go() -> dict:
        async with Client(ws_base, code, token) as c:
            return await c.state()

    return lobby, run(go())


def test_the_lobby_and_the_state_say_whether_hints_are_allowed():
    with LiveServer(FAST) as s:
        on = create(s.base, game="thulla", seats=3, hints=True)
        off = create(s.base, game="thaas")
        lobby, state = _lobby_and_state(s.base, s.ws_base, on["code"], on["token"])
        assert lobby["hints"] is True and state["room"]["hints"] is True
        lobby, state = _lobby_and_state(s.base, s.ws_base, off["code"], off["token"])
        assert lobby["hints"] is False and state["room"]["hints"] is False


def test_a_document_saved_before_hints_existed_loads_with_hints_off():
    with LiveServer(FAST) as s:
        body = create(s.base, hints=True)
        room = s.service.rooms[body["code"]]
        doc = msgspec.json.decode(room.to_doc())
        assert doc["hints"] is True
        del doc["hints"]
        assert Room.from_doc(msgspec.json.encode(doc), 1, 0.0).hints is False


REDIS = pytest.param("redis", marks=[pytest.mark.redis, needs_redis])


@pytest.mark.parametrize("store", ["sqlite", REDIS])
def test_the_hints_setting_survives_a_restart(store, tmp_path):
    redis = RedisServer() if store == "redis" else None
    where = {"store": redis.url} if redis else {"store": "", "data_dir": str(tmp_path)}
    try:
        with LiveServer(FAST, **where) as s:
            on = create(s.base, hints=True)
            off = create(s.base)
        with LiveServer(FAST, **where) as s2:  # a fresh process: rooms load from the store
            lobby, state = _lobby_and_state(s2.base, s2.ws_base, on["code"], on["token"])
            assert lobby["hints"] is True and state["room"]["hints"] is True
            assert httpx.get(f"{s2.base}/api/rooms/{off['code']}").json()["hints"] is False
    finally:
        if redis is not None:
            redis.stop()


def test_the_apps_protocol_client_creates_a_room_with_hints():
    from thaasbai.netclient import RoomsClient

    with LiveServer(FAST) as s:

        async def go():
            client = RoomsClient(s.base)
            created = await client.create_room("dhihaeh", name="Aisha", hints=True)
            plain = await client.create_room("dhihaeh", name="Aisha")
            return await client.lobby(created.code), await client.lobby(plain.code)

        on, off = run(go())
    assert on["hints"] is True and off["hints"] is False
