"""Where rooms live, behind two small interfaces so other back ends can be added.

``RoomStore`` keeps each room as an opaque document with a revision number; a save is a
compare-and-set on that revision, so two writers can never both win (a Redis store does
the same with a Lua script or WATCH/MULTI).  ``RoomEvents`` tells every process serving a
room that it changed, so each can send its own connections their views (Redis: pub/sub).
The room logic (``rooms.RoomService``) sees only these interfaces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class StoreConflict(RuntimeError):
    """A save lost a compare-and-set race: someone else saved the room first."""


class RoomStore(Protocol):
    """Rooms by code: ``(rev, document)`` with revision-checked saves."""

    async def create(self, code: str, doc: bytes, expires_at: float) -> bool:
        """Store a new room at revision 1; ``False`` when the code is already in use."""
        ...

    async def load(self, code: str) -> tuple[int, bytes] | None:
        """The room's revision and document, or ``None``."""
        ...

    async def revision(self, code: str) -> int | None:
        """Only the room's revision (cheap): is a cached copy still the latest?"""
        ...

    async def save(self, code: str, doc: bytes, expected_rev: int, expires_at: float) -> int:
        """Replace the room if it is still at ``expected_rev``; returns the new revision.

        Raises :class:`StoreConflict` otherwise (or when the room is gone)."""
        ...

    async def expire(self, now: float) -> list[str]:
        """Delete every room whose expiry time has passed; returns their codes."""
        ...

    async def close(self) -> None: ...


EventHandler = Callable[[str, int, bytes], None]


class RoomEvents(Protocol):
    """Fan-out of "room ``code`` is now at revision ``rev``" to every serving process.

    ``doc`` (may be empty) is the saved document, so a listener can show every state in
    order without reading the store back."""

    async def publish(self, code: str, rev: int, doc: bytes = b"") -> None: ...

    def subscribe(self, handler: EventHandler) -> None: ...


class RoomCluster(Protocol):
    """What a process must know about the other processes serving the same rooms.

    ``None`` in a single process (the rooms then use ``rooms.cluster.LocalCluster``, a
    no-op).  With a shared store: a per-room *lease* so that one process at a time drives a
    room's bots, grace periods and turn timers (and another takes over when it dies), and
    *presence* so a player connected elsewhere is not taken for gone.
    """

    @property
    def renew_s(self) -> float:
        """How often leases and presence are renewed (a fraction of their lifetime)."""
        ...

    async def lease(self, code: str) -> bool: ...

    async def release(self, code: str) -> None: ...

    async def arrive(self, code: str, seat: int) -> None: ...

    async def depart(self, code: str, seat: int) -> None: ...

    async def present(self, code: str) -> set[int]: ...

    async def close(self) -> None: ...


class LocalEvents:
    """Fan-out within one process: handlers are called at once."""

    def __init__(self) -> None:
        self._handlers: list[EventHandler] = []

    async def publish(self, code: str, rev: int, doc: bytes = b"") -> None:
        for handler in self._handlers:
            handler(code, rev, doc)

    def subscribe(self, handler: EventHandler) -> None:
        self._handlers.append(handler)


class MemoryStore:
    """A store that forgets everything when the process ends (tests, ``--store memory``)."""

    def __init__(self) -> None:
        self._rooms: dict[str, tuple[int, bytes, float]] = {}

    async def create(self, code: str, doc: bytes, expires_at: float) -> bool:
        if code in self._rooms:
            return False
        self._rooms[code] = (1, doc, expires_at)
        return True

    async def load(self, code: str) -> tuple[int, bytes] | None:
        row = self._rooms.get(code)
        return None if row is None else (row[0], row[1])

    async def revision(self, code: str) -> int | None:
        row = self._rooms.get(code)
        return None if row is None else row[0]

    async def save(self, code: str, doc: bytes, expected_rev: int, expires_at: float) -> int:
        row = self._rooms.get(code)
        if row is None or row[0] != expected_rev:
            raise StoreConflict(code)
        self._rooms[code] = (expected_rev + 1, doc, expires_at)
        return expected_rev + 1

    async def expire(self, now: float) -> list[str]:
        gone = [code for code, row in self._rooms.items() if row[2] <= now]
        for code in gone:
            del self._rooms[code]
        return gone

    async def close(self) -> None:
        self._rooms.clear()
