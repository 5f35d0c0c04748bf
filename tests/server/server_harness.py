"""A real room server on a free port (uvicorn in a thread) and real WebSocket clients."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import socket
import threading
import time
from dataclasses import replace
from typing import Any

import httpx
import uvicorn
import websockets
from fastapi import FastAPI

from thaasbai.server import RoomService, ServerConfig, install
from thaasbai.server.headers import SecurityHeaders
from thaasbai.server.transport import uvicorn_options

FAST = ServerConfig(
    store="memory",
    grace_s=30.0,
    bot_pace_s=0.0,
    min_turn_timer_s=0.05,
    http_rate=0.0,
    ws_rate=0.0,
)

CARD = re.compile(r'"([AKQJT98765432][SHDC])"')


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


class LiveServer:
    """``install()`` on a bare FastAPI app (or any ASGI app), served by uvicorn in a thread."""

    def __init__(self, config: ServerConfig = FAST, app: Any = None, **changes: Any) -> None:
        self.sock = free_socket()
        self.port = self.sock.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.config = replace(config, base_url=self.base, **changes)
        if app is None:
            app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
            self.service: RoomService | None = install(app, config=self.config)
            self.slots = app.state.socket_slots
            app = SecurityHeaders(app)  # as ``thaasbai serve`` wraps the whole app
        else:
            self.service = getattr(app.state, "rooms", None)
            self.slots = getattr(app.state, "socket_slots", None)
        self.app = app
        # The transport options of ``thaasbai serve``: what is tested is what is deployed.
        options = uvicorn_options(self.config)
        self.server = uvicorn.Server(
            uvicorn.Config(app, log_level="warning", lifespan="auto", **options)
        )
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]})

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()

    @property
    def ws_base(self) -> str:
        return self.base.replace("http://", "ws://")


def create(server_base: str, **body: Any) -> dict:
    body.setdefault("name", "Host")
    body.setdefault("bots", "easy")
    r = httpx.post(f"{server_base}/api/rooms", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def join(server_base: str, code: str, **body: Any) -> httpx.Response:
    return httpx.post(f"{server_base}/api/rooms/{code}/join", json=body)


class Client:
    """A WebSocket client that keeps every message it has seen."""

    def __init__(self, ws_base: str, code: str, token: str | None = None) -> None:
        url = f"{ws_base}/api/rooms/{code}/ws"
        if token is not None:
            url += f"?token={token}"
        self.url = url
        self.token = token
        self.ws: Any = None
        self.messages: list[dict] = []
        self.raw: list[str] = []
        self.last_state: dict | None = None

    async def __aenter__(self) -> Client:
        self.ws = await websockets.connect(self.url, max_size=2**22, open_timeout=5)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()

    async def recv(self, timeout: float = 5.0) -> dict:
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        self.raw.append(text)
        msg = json.loads(text)
        self.messages.append(msg)
        if msg.get("type") == "state":
            self.last_state = msg
        return msg

    async def wait_for(self, pred: Any, timeout: float = 5.0) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching message")
            msg = await self.recv(left)
            if pred(msg):
                return msg

    async def state(self, pred: Any = None, timeout: float = 5.0) -> dict:
        return await self.wait_for(
            lambda m: m.get("type") == "state" and (pred is None or pred(m)), timeout
        )

    async def until(self, pred: Any, timeout: float = 5.0) -> dict:
        """The latest state if it matches ``pred``, else the next state that does."""
        if self.last_state is not None and pred(self.last_state):
            return self.last_state
        return await self.state(pred, timeout)

    async def error(self, timeout: float = 5.0) -> dict:
        return await self.wait_for(lambda m: m.get("type") == "error", timeout)

    async def send(self, obj: Any) -> None:
        await self.ws.send(obj if isinstance(obj, str | bytes) else json.dumps(obj))

    async def drain(self, quiet: float = 0.15) -> None:
        """Read until nothing arrives for ``quiet`` seconds."""
        while True:
            try:
                await self.recv(quiet)
            except TimeoutError:
                return

    async def act_when_my_turn(self, pick: Any = None) -> dict:
        """Wait for a state where this seat must act, then act; returns that state."""
        st = await self.state(lambda m: m["view"] and m["view"]["to_act"] == m["seat"])
        legal = st["view"]["legal"]
        action = pick(legal) if pick else legal[0]
        await self.send({"type": "act", "version": st["version"], "action": action})
        return st


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def snapshot(server, code):
    """The room's saved state (who is connected right now is not part of it)."""
    room = server.service.rooms[code]
    doc = room.table.to_json()
    for seat in doc["seats"]:
        seat.pop("connected")
    return json.dumps([doc, room.tokens, room.host, room.rev], sort_keys=True)


@contextlib.contextmanager
def thaasbai_logs():
    """Every record the ``thaasbai`` loggers emit meanwhile, DEBUG included (from the
    server's thread too), and nothing from other libraries."""
    seen: list[logging.LogRecord] = []
    handler = logging.Handler(logging.DEBUG)
    handler.emit = seen.append  # type: ignore[method-assign]
    log = logging.getLogger("thaasbai")
    old = log.level
    log.setLevel(logging.DEBUG)
    log.addHandler(handler)
    try:
        yield seen
    finally:
        log.removeHandler(handler)
        log.setLevel(old)
