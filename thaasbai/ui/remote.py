"""Online play: a :class:`GameSession` backed by the room server's WebSocket protocol.

The table screen cannot tell this from :class:`~thaasbai.ui.session.LocalSession`: the
server's ``state`` messages carry the same view JSON and lobby.  Messages are read as fast
as they come (the server closes a connection that stops reading) and renders are
coalesced: while one render animates, newer states simply replace the pending one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from ..netclient import Session
from .session import OnChange, SessionError, SessionState

log = logging.getLogger(__name__)

OnNotice = Callable[[str], Awaitable[None]]

# The server's error codes, in words a player understands.
ERROR_TEXT = {
    "not_your_turn": "It is not your turn.",
    "stale_version": "The table moved on: try again.",
    "illegal": "That move is not allowed now.",
    "not_host": "Only the host can do that.",
    "not_seated": "You are watching: take a seat to play.",
    "seat_taken": "That seat has just been taken.",
    "deal_in_progress": "Wait for the deal to end.",
    "game_in_progress": "The match is still going.",
    "already_started": "The game has already started.",
    "rate_limited": "Slow down a little.",
    "not_found": "This room no longer exists.",
    "bad_token": "Your seat in this room has been given up.",
}
CLOSE_TEXT = {
    4401: "Your seat in this room has been given up.",
    4404: "This room does not exist.",
    4410: "This room has expired.",
}


def error_text(code: str, message: str = "") -> str:
    return ERROR_TEXT.get(code) or message or code.replace("_", " ").capitalize()


class RemoteSession:
    """One seat (or a spectator) of a room on a server, over ``/api/rooms/{code}/ws``.

    ``on_change`` renders the latest state; ``on_notice`` shows a short message (refusals,
    a lost room); ``on_token`` keeps a token the server handed out (``take_seat``).
    ``connection`` is ``connecting``, ``online``, ``reconnecting`` or ``closed``.
    """

    online = True

    def __init__(
        self,
        server_url: str,
        code: str,
        token: str | None = None,
        *,
        session: Session | None = None,
    ) -> None:
        self.code = code.upper()
        self.ws = session or Session(server_url, self.code, token)
        self.ws.on_status = self._on_status
        self.on_change: OnChange | None = None
        self.on_notice: OnNotice | None = None
        self.on_token: Callable[[int, str], Awaitable[None]] | None = None
        self.connection = "connecting"
        self.closed_reason: str | None = None
        self._msg: dict[str, Any] | None = None
        self._dirty = asyncio.Event()
        self._first = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._closed = False

    # -- lifecycle ---------------------------------------------------------------------------

    async def open(self, timeout: float = 15.0) -> None:
        """Connect and wait for the first state; raise :class:`SessionError` if none comes."""
        self._tasks = [
            asyncio.create_task(self._read()),
            asyncio.create_task(self._render()),
        ]
        waiter = asyncio.create_task(self._first.wait())
        done, _ = await asyncio.wait(
            {waiter, self._tasks[0]}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
        )
        if waiter not in done or self._msg is None:
            waiter.cancel()
            reason = self.closed_reason or "Could not reach the server."
            await self.close()
            raise SessionError("unreachable", reason)

    async def close(self) -> None:
        self._closed = True
        for t in self._tasks:
            t.cancel()
        try:
            await self.ws.close()
        except Exception:  # already gone
            log.debug("close failed", exc_info=True)

    # -- GameSession -------------------------------------------------------------------------

    @property
    def seat(self) -> int | None:
        return self._msg.get("seat") if self._msg else None

    @property
    def room(self) -> dict[str, Any]:
        return (self._msg or {}).get("room") or {}

    @property
    def started(self) -> bool:
        return bool(self._msg and self._msg.get("view") is not None)

    def state(self) -> SessionState:
        msg = self._msg or {}
        seat = msg.get("seat")
        return SessionState(
            seat=seat if seat is not None else 0,
            view=msg.get("view"),
            lobby=msg.get("room") or {},
            version=int(msg.get("version", 0)),
            online=True,
            timer=msg.get("timer"),
            connection=self.connection,
        )

    async def start(self) -> None:
        """The table opened: render what we have (the server deals, not us)."""
        self._dirty.set()

    async def begin(self) -> None:
        """The host starts the game (the server fills free seats with bots)."""
        await self._send(lambda: self.ws.start())

    async def act(self, action: dict[str, Any], version: int | None = None) -> None:
        await self._send(lambda: self.ws.act(action, version))

    async def next_deal(self) -> None:
        await self._send(lambda: self.ws.next_deal())

    async def rematch(self) -> None:
        await self._send(lambda: self.ws.rematch())

    async def leave(self) -> None:
        """Give the seat up (a bot takes it during play) and disconnect."""
        with contextlib.suppress(ConnectionError, OSError):
            await self.ws.leave()
        await self.close()

    async def take_seat(self, name: str, seat: int | None = None) -> None:
        await self._send(lambda: self.ws.take_seat(seat, name))

    async def _send(self, step: Callable[[], Awaitable[None]]) -> None:
        try:
            await step()
        except (ConnectionError, OSError, ValueError) as exc:
            raise SessionError("offline", "Not connected: reconnecting…") from exc

    # -- the reader and the renderer ---------------------------------------------------------

    async def _read(self) -> None:
        try:
            async for msg in self.ws.messages():
                kind = msg.get("type")
                if kind == "state":
                    self._msg = msg
                    self._first.set()
                    self._dirty.set()
                elif kind == "error":
                    await self._notice(error_text(msg.get("code", ""), msg.get("message", "")))
                    self._dirty.set()  # a refused tap: re-render what is true
                elif kind == "seated" and self.on_token is not None:
                    await self.on_token(int(msg["seat"]), str(msg["token"]))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.info("room connection failed", exc_info=True)
        if not self._closed:
            self.closed_reason = CLOSE_TEXT.get(self.ws.close_code or 0)
            self.connection = "closed"
            if self._first.is_set() and self.closed_reason:
                await self._notice(self.closed_reason)
            self._dirty.set()

    async def _render(self) -> None:
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            if self.on_change is None or self._msg is None:
                continue
            try:
                await self.on_change()
            except asyncio.CancelledError:
                raise
            except Exception:  # one bad render must not stop the next
                log.exception("render failed")

    def _on_status(self, status: str) -> None:
        new = {"connected": "online", "reconnecting": "reconnecting"}.get(status, "closed")
        if new != self.connection:
            self.connection = new
            self._dirty.set()

    async def _notice(self, text: str) -> None:
        if self.on_notice is not None:
            try:
                await self.on_notice(text)
            except Exception:
                log.debug("notice failed", exc_info=True)
