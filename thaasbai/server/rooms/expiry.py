"""Expiry: when a room's stored copy runs out, and the sweep that deletes expired rooms
and drops idle ones from memory (they stay in the store and load again when needed)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from ..config import ServerConfig
from ..hub import CLOSE_EXPIRED
from .room import Room

if TYPE_CHECKING:
    from .service import RoomService

log = logging.getLogger("thaasbai.server")


def expires_at(room: Room, config: ServerConfig) -> float:
    """Wall-clock expiry of a room saved now: soon after a finished match, else when idle."""
    ttl = config.finished_ttl_s if room.over else config.idle_ttl_s
    return time.time() + ttl


class Expiry:
    """The periodic sweep of one service's rooms."""

    def __init__(self, service: RoomService) -> None:
        self.service = service
        self._task: asyncio.Task[None] | None = None

    def start(self) -> bool:
        """Start sweeping unless it runs already; ``True`` when started now."""
        if self._task is not None and not self._task.done():
            return False
        self._task = asyncio.create_task(self._sweep_forever())
        return True

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.service.config.sweep_every_s)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping rooms failed")

    async def sweep(self) -> list[str]:
        """Delete expired rooms, and forget idle rooms nobody is connected to."""
        service = self.service
        gone = await service.store.expire(time.time())
        for code in gone:
            room = service.rooms.get(code)
            if room is not None:
                service.evict(room, CLOSE_EXPIRED, "room expired")
        now = service.clock()
        for room in list(service.rooms.values()):
            idle = now - room.last_change > max(service.config.grace_s * 2, 600.0)
            if idle and service.hub.count(room.code) == 0 and room.driver is None:
                service.forget(room)
        if gone:
            log.info("expired %d room(s)", len(gone))
        return gone
