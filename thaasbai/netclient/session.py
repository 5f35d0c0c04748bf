"""The WebSocket half: one seat's (or a spectator's) live connection to a room.

The socket comes from :func:`thaasbai.runtime.open_socket` (``websockets`` natively, the
browser's ``WebSocket`` in Pyodide); reconnection and backoff are the same on both."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator, Callable
from typing import Any
from urllib.parse import quote

from .. import runtime
from ..runtime import SocketClosed

# The server closed for good: reconnecting with the same token cannot help.
PERMANENT_CLOSE_CODES = frozenset({1008, 1009, 4401, 4404, 4410})


class Session:
    """A connection to ``/api/rooms/{code}/ws``.

    ``async for msg in session.messages():`` yields every server message (``state``,
    ``error``, ``seated``, ``left``, ``pong``) and, unless ``reconnect=False``, reconnects
    with the same token after a drop (the server then sends the full state again).
    ``session.state`` is the latest state message.  ``on_status`` (optional) is told
    ``"connected"``, ``"reconnecting"`` or ``"closed"`` so an app can show the link's health.
    """

    def __init__(
        self,
        base_url: str,
        code: str,
        token: str | None = None,
        *,
        reconnect: bool = True,
        max_backoff_s: float = 10.0,
    ) -> None:
        ws_base = base_url.rstrip("/").replace("https://", "wss://").replace("http://", "ws://")
        self.code = code.upper()
        self.token = token
        self.reconnect = reconnect
        self.max_backoff_s = max_backoff_s
        self._ws_base = ws_base
        self._ws: Any = None
        self._closed = False
        self.state: dict[str, Any] | None = None
        self.close_code: int | None = None
        self.on_status: Callable[[str], None] | None = None

    @property
    def url(self) -> str:
        url = f"{self._ws_base}/api/rooms/{quote(self.code, safe='')}/ws"
        return url + (f"?token={quote(self.token, safe='')}" if self.token else "")

    async def __aenter__(self) -> Session:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def connect(self) -> None:
        self._ws = await runtime.open_socket(self.url, timeout=10.0, max_size=2**21)

    async def close(self) -> None:
        self._closed = True
        if self._ws is not None:
            await self._ws.close()

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        backoff = 0.5
        while not self._closed:
            try:
                if self._ws is None:
                    await self.connect()
                self._status("connected")
                while True:
                    text = await self._ws.recv()
                    backoff = 0.5
                    msg = json.loads(text)
                    if msg.get("type") == "state":
                        self.state = msg
                    elif msg.get("type") == "seated":
                        self.token = msg["token"]  # keep it on the device to come back
                    yield msg
            except SocketClosed as exc:
                self.close_code = exc.code
            except (OSError, TimeoutError):
                # A refused or failed (re)connect is one more drop: back off and try again.
                self.close_code = None
                if self._ws is None and not self.reconnect:
                    self._status("closed")
                    raise
            self._ws = None
            if self._closed or not self.reconnect or self.close_code in PERMANENT_CLOSE_CODES:
                self._status("closed")
                return
            self._status("reconnecting")
            await asyncio.sleep(backoff * (1 + random.random() / 2))
            backoff = min(backoff * 2, self.max_backoff_s)

    def _status(self, status: str) -> None:
        if self.on_status is not None:
            self.on_status(status)

    async def send(self, message: dict[str, Any]) -> None:
        if self._ws is None:
            raise ConnectionError("not connected")
        await self._ws.send(json.dumps(message))

    def _version(self, version: int | None) -> int:
        if version is not None:
            return version
        if self.state is None:
            raise ValueError("no state received yet: pass the version")
        return int(self.state["version"])

    async def act(self, action: dict[str, Any], version: int | None = None) -> None:
        """Play ``action`` (e.g. ``{"play": "QH"}``) against ``version`` (default: latest)."""
        await self.send({"type": "act", "version": self._version(version), "action": action})

    async def start(self, version: int | None = None) -> None:
        await self.send({"type": "start", "version": self._version(version)})

    async def next_deal(self, version: int | None = None) -> None:
        await self.send({"type": "next_deal", "version": self._version(version)})

    async def rematch(self, version: int | None = None) -> None:
        await self.send({"type": "rematch", "version": self._version(version)})

    async def leave(self) -> None:
        await self.send({"type": "leave"})

    async def take_seat(self, seat: int | None = None, name: str = "") -> None:
        await self.send({"type": "take_seat", "seat": seat, "name": name})

    async def ping(self) -> None:
        await self.send({"type": "ping"})
