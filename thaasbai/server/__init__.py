"""The room server: rooms, seats, tokens and the WebSocket protocol.  Imports table and
engine, never ui."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..settings import ServeSettings


def install(app: Any, settings: ServeSettings) -> None:
    """Add the room server's routes (and ``/healthz``) to the ASGI app."""
    from fastapi.responses import JSONResponse

    @app.get("/healthz")
    async def healthz() -> JSONResponse:
        return JSONResponse({"ok": True})
