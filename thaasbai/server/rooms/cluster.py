"""Other processes serving the same rooms: a no-op when there are none.

:class:`LocalCluster` is one process (SQLite, memory): our copy of a room is the only one,
its bots and timers are always ours to drive, and nobody else needs to hear where players
are.  :class:`SharedCluster` wraps a :class:`~..store.RoomCluster` (Redis): it follows the
saves of other processes in revision order, holds the room's lease before driving it,
learns who is connected elsewhere, and checks our copy before trusting it.  The rest of
the service calls the same methods either way, with no ``if shared`` of its own.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING, Protocol

from ...table import HUMAN
from ..codes import hint
from ..store import RoomCluster
from .room import Room

if TYPE_CHECKING:
    from .service import RoomService

log = logging.getLogger("thaasbai.server")

RESYNC = "*"  # an event code meaning "anything may have changed": refresh every room


class Cluster(Protocol):
    """What the service asks of the other processes (or of nobody, in one process)."""

    @property
    def process_id(self) -> str | None:
        """This process among those sharing the store (``None``: the only one)."""
        ...

    @property
    def renew_s(self) -> float:
        """How often a lease and presence are renewed (``inf``: never needed)."""
        ...

    async def current(self, room: Room) -> bool:
        """Bring our copy up to the stored one; ``False`` when the room is gone."""
        ...

    async def changed_elsewhere(self, room: Room) -> bool:
        """Another process saved the room since we judged a refused message (now reloaded)."""
        ...

    async def arrive(self, code: str, seat: int) -> None: ...

    async def depart(self, code: str, seat: int) -> None: ...

    async def lead(self, room: Room) -> bool:
        """Hold the right to drive the room's bots and timers now."""
        ...

    async def release(self, room: Room) -> None:
        """Give that right up (the driver stopped)."""
        ...

    def watching(self, room: Room) -> bool:
        """Must the driver keep looking although nothing is due (presence elsewhere)?"""
        ...

    def heard(self, code: str, rev: int, doc: bytes = b"") -> None:
        """Another process saved room ``code`` at ``rev`` (an event)."""
        ...

    async def close(self) -> None: ...


class LocalCluster:
    """One process: nothing to lease, follow or announce.  Every method is a no-op."""

    process_id: str | None = None
    renew_s = math.inf

    async def current(self, room: Room) -> bool:
        return True

    async def changed_elsewhere(self, room: Room) -> bool:
        return False

    async def arrive(self, code: str, seat: int) -> None:
        return None

    async def depart(self, code: str, seat: int) -> None:
        return None

    async def lead(self, room: Room) -> bool:
        return True

    async def release(self, room: Room) -> None:
        return None

    def watching(self, room: Room) -> bool:
        return False

    def heard(self, code: str, rev: int, doc: bytes = b"") -> None:
        return None  # only our own saves, already shown to our connections

    async def close(self) -> None:
        return None


class SharedCluster:
    """Several processes share the store: follow their saves, lease rooms, share presence."""

    def __init__(self, cluster: RoomCluster, service: RoomService) -> None:
        self.cluster = cluster
        self.service = service
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def process_id(self) -> str | None:
        return getattr(self.cluster, "process_id", None)

    @property
    def renew_s(self) -> float:
        return self.cluster.renew_s

    async def current(self, room: Room) -> bool:
        return await self.service.commits.fresh(room)

    async def changed_elsewhere(self, room: Room) -> bool:
        rev = room.rev
        return await self.service.commits.fresh(room) and room.rev != rev

    async def arrive(self, code: str, seat: int) -> None:
        await self.cluster.arrive(code, seat)

    async def depart(self, code: str, seat: int) -> None:
        await self.cluster.depart(code, seat)

    async def close(self) -> None:
        await self.cluster.close()

    # -- the lease: one process at a time drives a room ---------------------------------------

    async def lead(self, room: Room) -> bool:
        """Hold (take or renew) the room's lease; as holder, learn who is connected anywhere
        and make sure our copy is the latest before acting on it."""
        service = self.service
        now = service.clock()
        if now - room.lead_checked < self.cluster.renew_s:
            return room.leading  # woken by a change: the lease and presence are recent
        room.lead_checked, room.leading = now, False
        try:
            if not await self.cluster.lease(room.code):
                return False
            room.leading = True
            present = await self.cluster.present(room.code)
            async with room.lock:
                if not await service.commits.fresh(room):
                    return True
                room.present = present
                now = service.clock()
                for seat, info in enumerate(room.table.seats):
                    if info.kind != HUMAN or room.tokens[seat] is None:
                        continue
                    if seat in present or service.hub.seat_connected(room.code, seat):
                        room.disconnected_since[seat] = None
                        info.connected = True
                    elif room.disconnected_since[seat] is None:
                        room.disconnected_since[seat] = now  # gone from every process
                        info.connected = False
            return True
        except Exception as exc:  # Redis unreachable: do nothing rather than guess
            log.warning("room %s: lease or presence failed: %s", hint(room.code), exc)
            return False

    async def release(self, room: Room) -> None:
        room.leading, room.lead_checked = False, float("-inf")
        try:
            await self.cluster.release(room.code)
        except Exception as exc:  # it runs out by itself within one lease period
            log.warning(
                "room %s: releasing the lease failed: %s: %s",
                hint(room.code),
                type(exc).__name__,
                exc,
            )

    def watching(self, room: Room) -> bool:
        """Deal in progress, a human connected only elsewhere: keep checking their presence
        (their process may die) even though nothing else is due."""
        table = room.table
        deal = table.match.current if table.match is not None else None
        if deal is None or deal.over:
            return False
        hub = self.service.hub
        return any(
            info.kind == HUMAN
            and not info.away
            and room.tokens[seat] is not None
            and room.disconnected_since[seat] is None
            and not hub.seat_connected(room.code, seat)
            for seat, info in enumerate(table.seats)
        )

    # -- following other processes' saves ----------------------------------------------------

    def heard(self, code: str, rev: int, doc: bytes = b"") -> None:
        service = self.service
        if code == RESYNC:
            for room in list(service.rooms.values()):
                self.heard(room.code, room.rev + 1)
            return
        room = service.rooms.get(code)
        if room is None or rev <= room.rev:
            return
        if service.hub.count(code) == 0 and not room.leading and not room.lock.locked():
            # Nobody here to show it to and we do not drive it: following would only cost
            # a reload per change.  Forget our copy; it loads again on next use.  (Not while
            # locked: a client may be connecting; one that got the room before is revived.)
            service.forget(room)
            return
        room.heard.append((rev, doc))
        if not room.following:
            room.following = True
            task = asyncio.create_task(self._follow(room))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _follow(self, room: Room) -> None:
        """Take each saved state in order (from the event, or from the store when one is
        missing) and send our connections their views."""
        commits = self.service.commits
        try:
            while room.heard and not room.closed:
                async with room.lock:
                    heard, room.heard = sorted(room.heard), []
                    for rev, doc in heard:
                        if rev <= room.rev:
                            continue
                        if rev == room.rev + 1 and doc:
                            await commits.take(room, doc, rev)
                        elif not await commits.reload(room):
                            return
                    self.service.driver.kick(room)
        except Exception:
            log.exception("room %s: following another process failed", hint(room.code))
        finally:
            room.following = False
