"""Hostile input from issue #12, one test per finding: each is refused with its typed error
(or answered and closed), holds nothing open, and changes no room."""

from __future__ import annotations

import asyncio
import base64
import logging
import os
import socket
import sqlite3
import struct
import threading
import time

import httpx
import pytest
import websockets
from fastapi import FastAPI
from server_harness import FAST, Client, LiveServer, create, join, run, snapshot, thaasbai_logs

from thaasbai.server import install
from thaasbai.server.hub import CLOSE_TOO_BIG, CLOSE_TRY_LATER

CLOSE_BAD_TOKEN = 4401


@pytest.fixture(scope="module")
def server():
    with LiveServer() as s:
        yield s


async def closed_with(client: Client, timeout: float = 5.0) -> tuple[list[dict], int]:
    """Every message until the server closes, and its close code."""
    seen = []
    with pytest.raises(websockets.ConnectionClosed) as info:
        while True:
            seen.append(await client.recv(timeout))
    assert info.value.rcvd is not None, "closed without a close frame"
    return seen, info.value.rcvd.code


# -- raw sockets: what a browser or a library would never send --------------------------


def upgrade_request(path: str, extra_headers: str = "") -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    return (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        f"{extra_headers}\r\n"
    ).encode()


def read_until_closed(sock: socket.socket, data: bytes = b"", timeout: float = 5.0) -> bytes:
    """What the server sends until it closes the connection or sends a WebSocket close
    frame (it then waits for ours); ``TimeoutError`` if it holds on."""
    sock.settimeout(timeout)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            break
        except ConnectionResetError:  # closed with our bytes unread: a reset, not a FIN
            return data
        if not chunk:
            return data
        data += chunk
        head, _, frames = data.partition(b"\r\n\r\n")
        if not head.startswith(b"HTTP/"):  # frames only: we read the head already
            frames = data
        elif not head.startswith(b"HTTP/1.1 101"):
            continue  # a refusal: the server closes after it
        if close_code_of(frames) is not None:
            return data
    raise TimeoutError(f"the server held the connection open; it sent {data[:80]!r}")


def raw_websocket(port: int, path: str) -> tuple[socket.socket, bytes]:
    """A socket past the handshake, and the bytes read past the response head."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(upgrade_request(path))
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        assert chunk, head
        head += chunk
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock, head.partition(b"\r\n\r\n")[2]


def close_code_of(data: bytes) -> int | None:
    """The code of the first close frame in ``data`` (server frames are unmasked)."""
    i = 0
    while i + 2 <= len(data):
        opcode, length = data[i] & 0x0F, data[i + 1] & 0x7F
        i += 2
        if length == 126:
            length, i = struct.unpack(">H", data[i : i + 2])[0], i + 2
        elif length == 127:
            length, i = struct.unpack(">Q", data[i : i + 8])[0], i + 8
        if opcode == 8:
            return struct.unpack(">H", data[i : i + 2])[0] if length >= 2 else 1005
        i += length
    return None


# -- the parser: deep nesting -----------------------------------------------------------

DEEP = "[" * 1900 + "]" * 1900


@pytest.mark.parametrize(
    "frame",
    [
        '{"type": "act", "version": 5, "action": ' + DEEP + "}",
        '{"type": "ping", "extra": ' + DEEP + "}",
        '{"type": ' + DEEP + "}",
    ],
    ids=["as-action", "as-unknown-field", "as-type"],
)
def test_a_deeply_nested_frame_is_malformed_and_the_connection_stays_open(server, frame):
    async def go():
        body = create(server.base)
        code = body["code"]
        async with Client(server.ws_base, code, body["token"]) as c:
            await c.state()
            before = snapshot(server, code)
            await c.send(frame)
            assert (await c.error())["code"] == "malformed"
            await c.send({"type": "ping"})
            assert (await c.wait_for(lambda m: m["type"] in ("pong", "state")))["type"] == "pong"
            assert snapshot(server, code) == before

    run(go())


def test_a_deeply_nested_body_answers_400_malformed(server):
    before = len(server.service.rooms)
    r = httpx.post(
        f"{server.base}/api/rooms",
        content=('{"name": "x", "extra": ' + DEEP + "}").encode(),
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "malformed"
    assert len(server.service.rooms) == before


# -- the transport: request heads and frames are bounded before they are read --------------


@pytest.mark.parametrize(
    "token, headers",
    [("A" * 10_000, ""), ("B" * 100_000, ""), ("x", "".join(f"x-{i}: y\r\n" for i in range(200)))],
    ids=["10kB-token", "100kB-token", "200-headers"],
)
def test_an_oversized_upgrade_request_is_answered_and_closed_at_once(server, token, headers):
    code = create(server.base)["code"]
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(upgrade_request(f"/api/rooms/{code}/ws?token={token}", headers))
        data = read_until_closed(sock)
    assert data.startswith(b"HTTP/1.1 "), data[:80]
    if data.startswith(b"HTTP/1.1 101"):  # let through to the app: a wrong token
        assert close_code_of(data.split(b"\r\n\r\n", 1)[1]) == CLOSE_BAD_TOKEN


def test_a_frame_over_the_transport_limit_is_closed_before_it_is_read(server):
    body = create(server.base)
    code = body["code"]
    sock, frames = raw_websocket(server.port, f"/api/rooms/{code}/ws?token={body['token']}")
    with sock:
        # A text frame that announces 15 MB; send only a little more than the limit.
        header = bytes([0x81, 0x80 | 127]) + struct.pack(">Q", 15_000_000) + os.urandom(4)
        sock.sendall(header + b"x" * (server.config.max_frame_bytes + 1024))
        data = read_until_closed(sock, frames)
    # Closed at once (1009, or a reset that may overtake the close frame), not after 15 MB.
    assert close_code_of(data) in (CLOSE_TOO_BIG, None)
    assert wait_for(lambda: server.service.hub.count(code) == 0)


def wait_for(pred, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_one_address_holds_at_most_its_share_of_websockets():
    with LiveServer(max_sockets_per_address=4) as s:

        async def go():
            code = create(s.base)["code"]
            held = [await Client(s.ws_base, code).__aenter__() for _ in range(4)]
            for c in held:
                await c.state()
            async with Client(s.ws_base, code) as extra:
                seen, close = await closed_with(extra)
                assert [m.get("code") for m in seen] == ["too_many_connections"]
                assert close == CLOSE_TRY_LATER
            await held.pop().__aexit__()
            assert wait_for(lambda: s.service.hub.count(code) == 3)
            # The hub forgets a socket a moment before its slot is given back.
            assert wait_for(lambda: s.slots.held("127.0.0.1") == 3)
            async with Client(s.ws_base, code) as again:  # a slot given back is free again
                assert (await again.state())["seat"] is None
            for c in held:
                await c.__aexit__()

        run(go())


# -- HTTP bodies: JSON only ---------------------------------------------------------------


@pytest.mark.parametrize(
    "content_type",
    [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; b=x"],
)
def test_a_body_that_is_not_declared_json_answers_415_and_changes_nothing(server, content_type):
    code = create(server.base)["code"]
    lobby = httpx.get(f"{server.base}/api/rooms/{code}").json()
    rooms = len(server.service.rooms)
    headers = {} if content_type is None else {"content-type": content_type}
    made = httpx.post(f"{server.base}/api/rooms", content=b'{"name": "x"}', headers=headers)
    sat = httpx.post(f"{server.base}/api/rooms/{code}/join", content=b"{}", headers=headers)
    for r in (made, sat):
        assert r.status_code == 415 and r.json()["error"]["code"] == "unsupported", r.text
    assert len(server.service.rooms) == rooms
    assert httpx.get(f"{server.base}/api/rooms/{code}").json() == lobby


def test_json_with_a_charset_is_accepted(server):
    r = httpx.post(
        f"{server.base}/api/rooms",
        content=b'{"name": "x"}',
        headers={"content-type": "Application/JSON; charset=utf-8"},
    )
    assert r.status_code == 201


# -- limits per address and per room ---------------------------------------------------------


async def outcome(ws_base: str, code: str) -> tuple[str, int | None]:
    """The first message's type (an error's code), and the close code if it then closed."""
    async with Client(ws_base, code) as c:
        first = await c.recv()
        if first["type"] != "error":
            return first["type"], None
        return first["code"], (await closed_with(c))[1]


# A token every 100 s: no request is let through again during a test, however slow the
# machine (the refill itself: tests/server/test_ratelimit.py, on a given clock).
SLOW_REFILL = 0.01


def test_websocket_connections_share_the_per_address_rate_limit():
    with LiveServer(http_rate=SLOW_REFILL, http_burst=5.0) as s:
        code = httpx.post(f"{s.base}/api/rooms", json={"bots": "easy"}).json()["code"]

        async def go():
            return [await outcome(s.ws_base, g) for g in ("ZZZZZZ", "YYYYYY", "XXXXXX", code)]

        guesses = run(go())
        # The create and three guesses took the burst of 5; a sixth lookup is refused even
        # for a live code, so guessing over WebSockets is no faster than over HTTP.
        assert guesses == [("not_found", 4404)] * 3 + [("state", None)]
        assert run(outcome(s.ws_base, code)) == ("rate_limited", CLOSE_TRY_LATER)
        assert httpx.get(f"{s.base}/api/rooms/{code}").status_code == 429


def test_spectators_cannot_lock_a_seated_player_out(server):
    async def go():
        body = create(server.base)
        code = body["code"]
        cap = server.config.max_spectators_per_room
        watchers = [await Client(server.ws_base, code).__aenter__() for _ in range(cap)]
        for w in watchers:
            await w.state()
        async with Client(server.ws_base, code) as one_more:
            seen, close = await closed_with(one_more)
            assert [m.get("code") for m in seen] == ["room_full"] and close == CLOSE_TRY_LATER
        async with Client(server.ws_base, code, body["token"]) as player:
            assert (await player.state())["seat"] == 0
        for w in watchers:
            await w.__aexit__()

    run(go())


# -- proxies -------------------------------------------------------------------------------


def test_x_forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy():
    with LiveServer(http_rate=SLOW_REFILL, http_burst=3.0) as s:
        statuses = [
            httpx.get(
                f"{s.base}/api/rooms/ZZZZZZ", headers={"x-forwarded-for": f"10.0.0.{i}"}
            ).status_code
            for i in range(6)
        ]
    assert statuses[:3] == [404] * 3 and statuses[3:] == [429] * 3


def test_a_trusted_proxy_names_the_client():
    with LiveServer(http_rate=SLOW_REFILL, http_burst=3.0, trusted_proxies=("127.0.0.1",)) as s:

        def status(client: str) -> int:
            url = f"{s.base}/api/rooms/ZZZZZZ"
            return httpx.get(url, headers={"x-forwarded-for": client}).status_code

        assert [status(f"10.0.0.{i}") for i in range(6)] == [404] * 6
        assert [status("10.9.9.9") for _ in range(5)] == [404] * 3 + [429] * 2


# -- clients that hang up --------------------------------------------------------------------


class Watch:
    """ASGI middleware that records every request the app finished, and what escaped it."""

    def __init__(self, app) -> None:
        self.app = app
        self.state = app.state
        self.escaped: list[BaseException] = []
        self.done = threading.Event()

    async def __call__(self, scope, receive, send):
        try:
            await self.app(scope, receive, send)
        except BaseException as exc:
            self.escaped.append(exc)
            raise
        finally:
            if scope["type"] == "http":
                self.done.set()


def test_a_client_that_hangs_up_mid_body_is_no_error():
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    install(app, config=FAST)
    watch = Watch(app)
    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = records.append  # type: ignore[method-assign]
    logging.getLogger("thaasbai").addHandler(handler)
    try:
        with LiveServer(app=watch) as s:
            rooms = len(s.service.rooms)
            with socket.create_connection(("127.0.0.1", s.port)) as sock:
                sock.sendall(
                    b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b'Content-Length: 100\r\n\r\n{"name": '
                )
            assert watch.done.wait(5)
            assert len(s.service.rooms) == rooms
    finally:
        logging.getLogger("thaasbai").removeHandler(handler)
    assert watch.escaped == []
    assert records == []


# -- logs and the store ----------------------------------------------------------------------


def test_logs_never_hold_a_full_room_code():
    with thaasbai_logs() as records, LiveServer() as s:
        body = create(s.base, game="thaas")
        join(s.base, body["code"])

        async def go():
            async with Client(s.ws_base, body["code"], body["token"]) as c:
                st = await c.state()
                await c.send({"type": "start", "version": st["version"]})
                await c.state(lambda m: m["view"] is not None)

        run(go())
        s.service.rooms.clear()  # the next use loads it from the store (and logs that)
        httpx.get(f"{s.base}/api/rooms/{body['code']}")
    messages = [r.getMessage() for r in records]
    assert any("created" in m for m in messages) and any("started" in m for m in messages)
    assert all(body["code"] not in m and body["token"] not in m for m in messages), messages


def test_sqlite_writes_leave_the_event_loop_free(tmp_path):
    from thaasbai.server.sqlite_store import SQLiteStore

    async def go():
        store = SQLiteStore(tmp_path / "rooms.sqlite3")
        assert await store.create("ABCDEF", b"one", time.time() + 60)
        blocker = sqlite3.connect(tmp_path / "rooms.sqlite3", isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # another writer holds the lock
        save = asyncio.ensure_future(store.save("ABCDEF", b"two", 1, time.time() + 60))
        start = time.monotonic()
        await asyncio.sleep(0.05)
        stalled = time.monotonic() - start
        assert not save.done()
        blocker.execute("COMMIT")
        assert await save == 2
        blocker.close()
        await store.close()
        return stalled

    assert run(go()) < 1.0  # inline, the loop would be stuck for sqlite's 5 s busy timeout


# -- slow heads: nothing held open ------------------------------------------------------------


def test_a_connection_that_never_completes_a_request_head_is_closed():
    with LiveServer(http_head_timeout_s=0.5) as s:
        code = create(s.base)["code"]
        silent = socket.create_connection(("127.0.0.1", s.port))
        trickle = socket.create_connection(("127.0.0.1", s.port))
        start = time.monotonic()
        with silent, trickle:
            trickle.sendall(b"GET /healthz HTT")
            assert read_until_closed(silent, timeout=5) == b""
            assert read_until_closed(trickle, timeout=5) == b""
        assert time.monotonic() - start < 4
        # Whole requests, kept-alive connections and WebSockets are not cut short.
        with httpx.Client(base_url=s.base) as http:
            assert http.get("/healthz").status_code == 200
            time.sleep(0.3)
            assert http.get("/healthz").status_code == 200

        async def go():
            async with Client(s.ws_base, code) as c:
                await c.state()
                await asyncio.sleep(1.0)  # twice the head deadline
                await c.send({"type": "ping"})
                return (await c.wait_for(lambda m: m["type"] == "pong"))["type"]

        assert run(go()) == "pong"
