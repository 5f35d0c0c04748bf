"""Connections and fan-out: who is connected to which room, and a writer per connection.

Each connection has its own outgoing queue and writer task, so one slow phone never holds
up a room: the room's update only enqueues bytes.  A connection whose queue overflows is
closed (it reconnects and gets the full state).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from typing import Any

from .ratelimit import TokenBucket

log = logging.getLogger("thaasbai.server")

# WebSocket close codes (RFC 6455 and the 4000-4999 private range); see docs/PROTOCOL.md.
CLOSE_NORMAL = 1000
CLOSE_POLICY = 1008  # flooding
CLOSE_TOO_BIG = 1009  # oversized frame
CLOSE_RESTART = 1012  # the room must be reloaded: reconnect
CLOSE_TRY_LATER = 1013  # the room has too many connections, or the client stopped reading
CLOSE_BAD_TOKEN = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_EXPIRED = 4410


class Connection:
    """One WebSocket of one room: a seat (``None`` for a spectator) and its outbox."""

    def __init__(
        self, ws: Any, seat: int | None, *, rate: float, burst: float, outbox_limit: int
    ) -> None:
        self.ws = ws
        self.seat = seat
        self.bucket = TokenBucket(rate, burst)
        self.floods = 0
        self._outbox: asyncio.Queue[bytes | tuple[int, str]] = asyncio.Queue()
        self._limit = outbox_limit
        self._closing = False
        self._writer: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._writer = asyncio.create_task(self._write())

    @property
    def closing(self) -> bool:
        return self._closing

    def send(self, data: bytes) -> None:
        """Queue one message; a client that stopped reading is closed."""
        if self._closing:
            return
        if self._outbox.qsize() >= self._limit:
            self.close(CLOSE_TRY_LATER, "not reading")
            return
        self._outbox.put_nowait(data)

    def close(self, code: int, reason: str = "") -> None:
        """Close after the messages already queued (an error explaining why goes first)."""
        if not self._closing:
            self._closing = True
            self._outbox.put_nowait((code, reason))

    async def _write(self) -> None:
        ws = self.ws
        try:
            while True:
                item = await self._outbox.get()
                if isinstance(item, tuple):
                    await ws.close(item[0], item[1])
                    return
                await ws.send_text(item.decode())
        except Exception as exc:  # the peer went away mid-send: the reader's finally cleans up
            log.debug("a connection's writer stopped: %s", type(exc).__name__)
            self._closing = True

    async def stop(self) -> None:
        """Stop the writer once the connection has ended."""
        self._closing = True
        if self._writer is not None and not self._writer.done():
            # Let an already queued close frame go out before giving up.
            self._outbox.put_nowait((CLOSE_NORMAL, ""))
            try:
                await asyncio.wait_for(asyncio.shield(self._writer), 1.0)
            except (TimeoutError, asyncio.CancelledError):
                self._writer.cancel()
                with contextlib.suppress(BaseException):
                    await self._writer


class Hub:
    """The live connections of every room served by this process."""

    def __init__(self) -> None:
        self._rooms: dict[str, set[Connection]] = {}

    def add(self, code: str, conn: Connection) -> None:
        self._rooms.setdefault(code, set()).add(conn)

    def remove(self, code: str, conn: Connection) -> None:
        conns = self._rooms.get(code)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self._rooms[code]

    def connections(self, code: str) -> Iterable[Connection]:
        return tuple(self._rooms.get(code, ()))

    def count(self, code: str) -> int:
        return len(self._rooms.get(code, ()))

    def spectators(self, code: str) -> int:
        return sum(1 for c in self._rooms.get(code, ()) if c.seat is None)

    def seat_connected(self, code: str, seat: int) -> bool:
        return any(c.seat == seat for c in self._rooms.get(code, ()))

    def fan_out(self, code: str, render: Callable[[int | None], bytes]) -> None:
        """Send each connection ``render(its seat)``, rendering each seat once."""
        cache: dict[int | None, bytes] = {}
        for conn in self._rooms.get(code, ()):
            data = cache.get(conn.seat)
            if data is None:
                data = cache[conn.seat] = render(conn.seat)
            conn.send(data)

    def close_room(self, code: str, close_code: int, reason: str) -> None:
        for conn in self._rooms.get(code, ()):
            conn.close(close_code, reason)
