"""Native platforms: threads for long CPU work, ``websockets`` and ``urllib`` for the network."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Generator
from typing import Any, TypeVar

from . import params
from .transport import SocketClosed

T = TypeVar("T")

SEED_ENV = params.NAMES["seed"]
PACE_ENV = params.NAMES["pace"]


def _run(steps: Generator[None, None, T]) -> T:
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


async def think(steps: Generator[None, None, T], idle_s: float = 0.0) -> T:
    """Run ``steps`` to the end in a worker thread (``idle_s``, the browser's pause for
    background work, is not needed: the event loop keeps its own thread)."""
    return await asyncio.to_thread(_run, steps)


def launch_params() -> dict[str, str]:
    return params.from_environment()


def page_origin() -> str:
    return ""


class _WebSocket:
    def __init__(self, ws: Any) -> None:
        self._ws = ws

    async def recv(self) -> str:
        import websockets

        try:
            data = await self._ws.recv()
        except websockets.ConnectionClosed as exc:
            raise SocketClosed(exc.rcvd.code if exc.rcvd else None) from None
        return data if isinstance(data, str) else data.decode("utf-8", "replace")

    async def send(self, text: str) -> None:
        import websockets

        try:
            await self._ws.send(text)
        except websockets.ConnectionClosed as exc:
            raise SocketClosed(exc.rcvd.code if exc.rcvd else None) from None

    async def close(self) -> None:
        await self._ws.close()


async def open_socket(url: str, *, timeout: float = 10.0, max_size: int = 2**21) -> _WebSocket:
    """Connect; raises ``OSError`` (or ``TimeoutError``) when the server cannot be reached."""
    import websockets

    try:
        ws = await websockets.connect(url, max_size=max_size, open_timeout=timeout)
    except websockets.InvalidHandshake as exc:
        raise OSError(f"WebSocket handshake refused: {exc}") from None
    return _WebSocket(ws)


async def http_request(
    method: str, url: str, body: dict[str, Any] | None, *, timeout: float = 10.0
) -> tuple[int, bytes]:
    """``(status, body)`` of a JSON request; raises ``OSError`` if nothing answered."""
    return await asyncio.to_thread(_http_sync, method, url, body, timeout)


def _http_sync(
    method: str, url: str, body: dict[str, Any] | None, timeout: float
) -> tuple[int, bytes]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        url,
        data=data,
        method=method,
        headers={"Content-Type": "application/json", "Accept": "application/json"},
    )
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()
    except urllib.error.URLError as exc:
        raise OSError(str(exc.reason)) from None
