"""What both platforms' WebSockets look like to the protocol client."""

from __future__ import annotations

from typing import Protocol


class SocketClosed(ConnectionError):
    """The connection closed (``code`` is the WebSocket close code, if one was received)."""

    def __init__(self, code: int | None = None, reason: str = "") -> None:
        super().__init__(f"connection closed ({code}) {reason}".strip())
        self.code = code


class Socket(Protocol):
    """An open WebSocket carrying text frames."""

    async def recv(self) -> str:
        """The next text frame; raises :class:`SocketClosed` once the connection is closed."""
        ...

    async def send(self, text: str) -> None: ...

    async def close(self) -> None: ...
