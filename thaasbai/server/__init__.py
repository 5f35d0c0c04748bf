"""The room server: rooms, seats, tokens and the WebSocket protocol (docs/PROTOCOL.md).

Imports table and engine, never ui.  :func:`install` adds its routes to the one ASGI app
of ``thaasbai serve``.
"""

from __future__ import annotations

from typing import Any

from .config import ServerConfig
from .rooms import RoomService
from .store import LocalEvents, MemoryStore, RoomCluster, RoomEvents, RoomStore

SHARED_SCHEMES = ("redis://", "rediss://", "unix://")


def open_backend(config: ServerConfig) -> tuple[RoomStore, RoomEvents, RoomCluster | None]:
    """Store, events and (for a shared store) the cluster named by ``config.store``.

    ``""`` is SQLite in the data directory (one process), ``memory`` forgets on exit, and
    ``redis://HOST:PORT/DB`` shares rooms with every process pointed at the same Redis."""
    if config.store in ("", "sqlite"):
        from .sqlite_store import SQLiteStore

        return SQLiteStore(config.sqlite_path), LocalEvents(), None
    if config.store == "memory":
        return MemoryStore(), LocalEvents(), None
    if config.store.startswith(SHARED_SCHEMES):
        try:
            from .redis_store import open_redis
        except ModuleNotFoundError as exc:  # redis is an extra: only this store needs it
            if (exc.name or "").partition(".")[0] != "redis":
                raise
            raise SystemExit(
                f"--store {config.store.partition('://')[0]}://... needs the redis client: "
                "pip install 'thaasbai[redis]'"
            ) from None

        return open_redis(config.store, config.lease_s)
    raise SystemExit(f"unknown --store {config.store!r}")


def install(app: Any, settings: Any = None, *, config: ServerConfig | None = None) -> RoomService:
    """Add ``/healthz`` and the rooms API to ``app``; returns the room service.

    ``settings`` is ``thaasbai.serve.ServeSettings`` (not imported: serve depends on us)."""
    from .routes import add_routes

    if config is None:
        if settings is None:
            raise TypeError("install() needs settings or a config")
        config = ServerConfig.from_settings(settings)
    store, events, cluster = open_backend(config)
    service = RoomService(config, store, events, cluster=cluster)
    add_routes(app, service, config)
    app.state.rooms = service
    return service


__all__ = ["RoomService", "ServerConfig", "install", "open_backend"]
