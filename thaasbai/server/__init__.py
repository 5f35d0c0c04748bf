"""The room server: rooms, seats, tokens and the WebSocket protocol (docs/PROTOCOL.md).

Imports table and engine, never ui.  :func:`install` adds its routes to the one ASGI app
of ``thaasbai serve``.
"""

from __future__ import annotations

from typing import Any

from .config import ServerConfig
from .rooms import RoomService
from .store import LocalEvents, MemoryStore, RoomStore


def open_store(config: ServerConfig) -> RoomStore:
    """The store named by ``config.store``: SQLite by default, ``memory`` for tests."""
    if config.store in ("", "sqlite"):
        from .sqlite_store import SQLiteStore

        return SQLiteStore(config.sqlite_path)
    if config.store == "memory":
        return MemoryStore()
    if config.store.startswith("redis://"):
        raise SystemExit("the Redis store is not available yet; leave --store empty for SQLite")
    raise SystemExit(f"unknown --store {config.store!r}")


def install(app: Any, settings: Any = None, *, config: ServerConfig | None = None) -> RoomService:
    """Add ``/healthz`` and the rooms API to ``app``; returns the room service.

    ``settings`` is ``thaasbai.serve.ServeSettings`` (not imported: serve depends on us)."""
    from .routes import add_routes

    if config is None:
        if settings is None:
            raise TypeError("install() needs settings or a config")
        config = ServerConfig.from_settings(settings)
    service = RoomService(config, open_store(config), LocalEvents())
    add_routes(app, service, config)
    app.state.rooms = service
    return service


__all__ = ["RoomService", "ServerConfig", "install", "open_store"]
