"""The compare-and-set commit: the one way a room changes, and how our copy catches up.

A change is judged on our copy of the room (under its lock), saved only if the store is
still at the revision it was judged on, and otherwise judged again on the stored state: a
change is never saved on top of a state it was not judged against.  Nothing leaves (no
message, no presence update) before the save.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

from ...engine.errors import EngineError
from ...table import HUMAN, TableError
from ..codes import hint
from ..hub import CLOSE_RESTART
from ..messages import ProtocolError
from ..store import StoreConflict
from .expiry import expires_at
from .room import Room

if TYPE_CHECKING:
    from .service import RoomService

log = logging.getLogger("thaasbai.server")

MAX_RETRIES = 8  # lost compare-and-set races in a row before a change gives up

T = TypeVar("T")
# What a change does once it is saved (messages to connections, presence updates).
After = list[Callable[[], Awaitable[None] | None]]
# A change: validates against the room as it is, raises (changing nothing) if refused,
# else changes it and returns (a result, what to do once saved).
Change = Callable[[], tuple[T, After]]


class Commits:
    """Applies and saves changes to rooms; reloads our copy when another writer won."""

    def __init__(self, service: RoomService) -> None:
        self.service = service

    async def decide(self, room: Room, apply: Change[T]) -> T:
        """Apply and save a change for a client; a refusal may come from a stale copy.

        With a shared store, a refused message is judged once more if the room turns out
        to have changed elsewhere (the client may already have seen the newer state)."""
        try:
            return await self.change(room, apply)
        except (TableError, ProtocolError):
            if room.closed or not await self.service.cluster.changed_elsewhere(room):
                raise
        return await self.change(room, apply)

    async def change(self, room: Room, apply: Change[T]) -> T:
        """Apply a change to the room and save it; call with the room's lock held.

        When the save loses the compare-and-set (another process saved first), the room is
        reloaded and ``apply`` runs again on the fresh state."""
        for _ in range(MAX_RETRIES):
            result, after = apply()
            if await self._commit(room, after):
                return result
            if not await self.reload(room):
                raise ProtocolError("not_found", "no such room")
        raise ProtocolError("unavailable", "the room is too busy; try again")

    async def _commit(self, room: Room, after: After) -> bool:
        """Save the changed room, then tell every process (and so every connection).

        ``False`` when the save lost the compare-and-set: ``room`` must be reloaded."""
        service = self.service
        room.note_change(service.clock())
        room.updated = time.time()
        doc = room.to_doc()
        try:
            room.rev = await service.store.save(
                room.code, doc, room.rev, expires_at(room, service.config)
            )
        except StoreConflict:
            log.info("room %s changed elsewhere; reloading", hint(room.code))
            return False
        for step in after:
            pending = step()
            if pending is not None:
                await pending
        await service.events.publish(room.code, room.rev, doc)
        service.broadcast(room)  # events skip their sender: our connections are told here
        service.driver.kick(room)
        return True

    async def reload(self, room: Room) -> bool:
        """Replace our copy with the stored room; ``False`` (and evicted) if it is gone."""
        row = await self.service.store.load(room.code)
        if row is None:
            log.warning("room %s is gone from the store", hint(room.code))
            self.service.evict(room, CLOSE_RESTART, "reload")
            return False
        if row[0] != room.rev:
            try:
                await self.take(room, row[1], row[0])
            except (EngineError, KeyError, TypeError, ValueError):
                log.error("room %s could not be reloaded", hint(room.code))
                self.service.evict(room, CLOSE_RESTART, "reload")
                return False
        return True

    async def take(self, room: Room, doc: bytes, rev: int) -> None:
        """Adopt a state saved by another process and show it to our connections."""
        service = self.service
        old_tokens = list(room.tokens)
        room.reload(doc, rev, service.clock())
        for seat, (old, new) in enumerate(zip(old_tokens, room.tokens, strict=True)):
            if old is not None and old != new:  # the player left (at another process)
                await service.unseat(room, seat)
        self._mark_connected(room)
        service.broadcast(room)  # our connections must see every state we take

    async def fresh(self, room: Room) -> bool:
        """Make sure our copy is the stored revision (one cheap read); ``False`` if gone."""
        if room.closed:
            return False
        rev = await self.service.store.revision(room.code)
        if rev is None:
            self.service.evict(room, CLOSE_RESTART, "reload")
            return False
        return rev == room.rev or await self.reload(room)

    def _mark_connected(self, room: Room) -> None:
        """Seats' ``connected`` after a reload: a connection here, or (shared store) one at
        another process, as the lease holder last saw it or as the saver reported it."""
        hub, saved = self.service.hub, room.saved_connected
        for seat, info in enumerate(room.table.seats):
            if info.kind == HUMAN:
                here = hub.seat_connected(room.code, seat)
                elsewhere = seat in room.present or (seat < len(saved) and saved[seat])
                info.connected = here or elsewhere
