"""How uvicorn carries the room server: its own knobs, set so that hostile input is refused
at the edge, before it costs memory or holds a connection open.

``thaasbai serve`` passes :func:`uvicorn_options` to ``uvicorn.run``; the tests' live server
does the same, so what is tested is what is deployed.  Each choice was checked against the
installed uvicorn (0.54) with a hostile client:

* ``http``: uvicorn's h11 protocol with a 16 KiB head limit (h11 answers ``400`` to a
  request line plus headers above it; httptools, uvicorn's "auto" when installed, has no
  limit: it accepted a 1 MB header), plus the one thing no option gives: a deadline for each
  request head (:class:`HeadDeadlineH11`).
* ``ws="wsproto"``: the handshake is parsed by h11 and always answered.  With
  "websockets-sansio" (the "auto" choice) a request line over 8 KiB or more than 128
  headers fails inside the ``websockets`` parser and uvicorn never answers nor closes:
  the connection was held until shutdown.  The legacy "websockets" implementation answers,
  but uvicorn deprecates it.
* ``ws_max_size``: a frame (or a message of several frames) above it is closed with 1009
  once that much has arrived, instead of after uvicorn's default 16 MiB.
* ``ws_per_message_deflate=False``: wsproto inflates each chunk without a bound, so a small
  compressed frame could expand to megabytes before the size check; our messages are small.
* ``proxy_headers`` only with configured proxies: uvicorn's default trusts
  ``X-Forwarded-For`` from 127.0.0.1, so any local client could pick its own rate-limit key.
* ``limit_concurrency``: past this many connections and tasks uvicorn answers HTTP with
  ``503`` (WebSocket upgrades skip uvicorn's check; the room server caps them itself).
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

from uvicorn.protocols.http.h11_impl import H11Protocol

from .config import ServerConfig

HTTP_MAX_HEAD_BYTES = 16 * 1024  # request line plus headers
KEEP_ALIVE_S = 5  # an idle HTTP connection is closed after this
PING_S = 20.0  # WebSocket pings, and how long a pong may take before the peer counts as gone


def uvicorn_options(settings: Any) -> dict[str, Any]:
    """Keyword arguments for ``uvicorn.run`` / ``uvicorn.Config`` (not the app, host or port).

    ``settings`` is a ``ServeSettings`` or a :class:`ServerConfig` (its limits, with the
    ``THAASBAI_*`` environment overrides, come from the latter)."""
    config = (
        settings if isinstance(settings, ServerConfig) else ServerConfig.from_settings(settings)
    )
    proxies = list(config.trusted_proxies)
    http = type("H11", (HeadDeadlineH11,), {"head_timeout_s": config.http_head_timeout_s})
    return {
        "http": http,
        "h11_max_incomplete_event_size": HTTP_MAX_HEAD_BYTES,
        "ws": "wsproto",
        "ws_max_size": config.max_frame_bytes,
        "ws_per_message_deflate": False,
        "ws_ping_interval": PING_S,
        "ws_ping_timeout": PING_S,
        "timeout_keep_alive": KEEP_ALIVE_S,
        "limit_concurrency": config.max_sockets + 256,
        "proxy_headers": bool(proxies),
        "forwarded_allow_ips": ",".join(proxies) if proxies else "",
        "server_header": False,
    }


class HeadDeadlineH11(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request head.

    uvicorn arms its keep-alive timeout only once a response is complete and disarms it on
    any data, so a client that connects and sends nothing, or trickles a request line a
    byte at a time, holds a connection (and a file descriptor) for ever.  Here a connection
    that has not completed a request head ``head_timeout_s`` after it opened, or after its
    last response, is closed.  An upgraded connection (a WebSocket) is no longer ours and is
    left alone."""

    head_timeout_s: ClassVar[float] = 10.0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        self._arm_head_deadline()

    def handle_events(self) -> None:
        super().handle_events()
        if self._head_deadline is not None and self.cycle is not self._awaiting:
            self._head_deadline.cancel()  # a head arrived: the request is under way
            self._head_deadline = None

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm_head_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        if getattr(self, "_head_deadline", None) is not None:
            self._head_deadline.cancel()
            self._head_deadline = None
        super().connection_lost(exc)

    def _arm_head_deadline(self) -> None:
        if getattr(self, "_head_deadline", None) is not None:
            self._head_deadline.cancel()
        self._awaiting = self.cycle
        self._head_deadline: asyncio.TimerHandle | None = self.loop.call_later(
            self.head_timeout_s, self._head_too_late
        )

    def _head_too_late(self) -> None:
        self._head_deadline = None
        transport, cycle = self.transport, self.cycle
        idle = cycle is None or cycle.response_complete  # no request of ours under way
        if cycle is self._awaiting and idle and transport.get_protocol() is self:
            transport.close()  # closing twice is harmless
