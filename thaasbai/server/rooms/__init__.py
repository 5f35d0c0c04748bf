"""Rooms: the stored room and everything that changes it, one job per module.

- :mod:`.room`: the stored room (table, token hashes, host) and its runtime bookkeeping;
- :mod:`.handlers`: what each client message does (a dispatch table by message type);
- :mod:`.commit`: the compare-and-set commit, and catching up with the store;
- :mod:`.driver`: bots, grace periods and turn timers;
- :mod:`.cluster`: other processes sharing the store (a no-op object in one process);
- :mod:`.render`: each connection's ``state`` message;
- :mod:`.expiry`: when rooms expire, and the sweep;
- :mod:`.service`: :class:`RoomService`, the routes' one entry point, composing them.

Every change (a human's message, a bot's move, a grace period or turn timer running out)
happens under the room's ``asyncio.Lock``, goes through the Table's one submit pipeline,
is saved with a compare-and-set on the room's revision, and only then is every connection
sent its own view.  With a shared store several processes cache the same room; the lock
orders only this process's changes, the compare-and-set orders all of them, and one
process at a time (the lease holder) drives a room's bots and timers.
"""

from .room import Room
from .service import RoomService

__all__ = ["Room", "RoomService"]
