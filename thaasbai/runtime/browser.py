"""The browser (Pyodide): no threads, so long CPU work runs in slices on the event loop;
the network is the browser's own ``WebSocket`` and ``fetch``."""

from __future__ import annotations

import asyncio
import functools
import json
import time
from collections.abc import Generator
from typing import Any, TypeVar

from . import params
from .transport import SocketClosed

T = TypeVar("T")

# How long a slice of a search may hold the event loop before it yields a turn: short
# enough that a tap is handled at once, long enough that the pauses cost nothing.
SLICE_S = 0.025


async def think(
    steps: Generator[None, None, T], slice_s: float = SLICE_S, idle_s: float = 0.0
) -> T:
    """Run ``steps`` on the event loop, pausing every ``slice_s`` seconds: for a turn of
    the loop (``sleep(0)``), or for ``idle_s`` (work in the background, such as the
    review during play, that leaves the page that long to handle taps and updates)."""
    clock = time.perf_counter
    until = clock() + slice_s
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
        if clock() >= until:
            await asyncio.sleep(idle_s)
            until = clock() + slice_s


@functools.cache
def _document_query() -> str:
    """The query of the address the page was opened at, read once (the app's own
    navigation drops it).  The app's Python runs in a Web Worker, whose own location is
    the worker script's: Flet hands the worker the page's URL as ``documentUrl``."""
    from urllib.parse import urlsplit

    try:
        import flet_js

        url = str(flet_js.documentUrl)
    except (ImportError, AttributeError):
        import js

        url = str(getattr(js, "location", "") or "")
    return urlsplit(url).query


def launch_params() -> dict[str, str]:
    """``?seed=11&pace=0`` on the page's address, else the environment (node, tests)."""
    return params.from_query(_document_query()) or params.from_environment()


def page_origin() -> str:
    import js

    return str(js.location.origin)


class _BrowserSocket:
    """A JS ``WebSocket`` seen through an asyncio queue."""

    def __init__(self, url: str) -> None:
        import js
        from pyodide.ffi import create_proxy

        loop = asyncio.get_running_loop()
        self._queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self.opened: asyncio.Future[None] = loop.create_future()
        self._ws = js.WebSocket.new(url)
        self._proxies = [
            create_proxy(self._on_open),
            create_proxy(self._on_message),
            create_proxy(self._on_close),
        ]
        self._ws.onopen, self._ws.onmessage, self._ws.onclose = self._proxies

    def _on_open(self, _event: Any) -> None:
        if not self.opened.done():
            self.opened.set_result(None)

    def _on_message(self, event: Any) -> None:
        data = event.data
        self._queue.put_nowait(("text", data if isinstance(data, str) else str(data)))

    def _on_close(self, event: Any) -> None:
        code = int(event.code) if event.code else None
        if not self.opened.done():
            self.opened.set_exception(OSError(f"cannot connect (close code {code})"))
        self._queue.put_nowait(("closed", code))
        for proxy in self._proxies:
            proxy.destroy()
        self._proxies = []

    async def recv(self) -> str:
        kind, value = await self._queue.get()
        if kind == "closed":
            self._queue.put_nowait((kind, value))  # every later recv() sees it too
            raise SocketClosed(value)
        return value

    async def send(self, text: str) -> None:
        if int(self._ws.readyState) != 1:  # OPEN
            raise SocketClosed(None, "not open")
        self._ws.send(text)

    async def close(self) -> None:
        if int(self._ws.readyState) < 2:  # CONNECTING or OPEN
            self._ws.close(1000)


async def open_socket(url: str, *, timeout: float = 10.0, max_size: int = 2**21) -> _BrowserSocket:
    """Connect; raises ``OSError`` (or ``TimeoutError``) when the server cannot be reached."""
    sock = _BrowserSocket(url)
    try:
        await asyncio.wait_for(sock.opened, timeout)
    except TimeoutError:
        await sock.close()
        raise
    return sock


async def http_request(
    method: str, url: str, body: dict[str, Any] | None, *, timeout: float = 10.0
) -> tuple[int, bytes]:
    """``(status, body)`` of a JSON request through ``fetch``; ``OSError`` if unreachable."""
    from pyodide.http import pyfetch

    kwargs: dict[str, Any] = {
        "method": method,
        "headers": {"Content-Type": "application/json", "Accept": "application/json"},
        "cache": "no-store",
    }
    if body is not None:
        kwargs["body"] = json.dumps(body)
    try:
        response = await asyncio.wait_for(pyfetch(url, **kwargs), timeout)
        return int(response.status), await response.bytes()
    except TimeoutError:
        raise OSError("the server did not answer in time") from None
    except Exception as exc:  # fetch() rejects with a JS TypeError when offline
        raise OSError(str(exc)) from None
