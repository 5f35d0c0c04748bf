"""The driver of a room's bots, grace periods and turn timers: one task per room, alive
only while something is due (or, with a shared store, while a player elsewhere must be
watched), and acting only while this process holds the room's lease.

Every move it makes goes through the same pipeline and commit as a human's, against the
version the bot decided on, so a human who acts or comes back meanwhile makes it stale.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from ...table import HUMAN, TableError
from ...table.workers import BotWorkers
from ..codes import hint
from ..messages import ProtocolError
from .commit import After
from .room import Room

if TYPE_CHECKING:
    from .service import RoomService

log = logging.getLogger("thaasbai.server")

# The next thing due in a room: (when, what, seat); what is "away", "bot", "timer", "watch".
Due = tuple[float, str, int]


class Driver:
    """Plays bots, marks absent players away, and auto-plays on timeout."""

    def __init__(self, service: RoomService, bot_workers: BotWorkers) -> None:
        self.service = service
        self.bot_workers = bot_workers

    def kick(self, room: Room) -> None:
        """Make sure the room's driver looks at the room again."""
        if room.closed:
            return
        if room.driver is None or room.driver.done():
            now = self.service.clock()
            if self.due(room, now) is not None or self.service.cluster.watching(room):
                room.driver = asyncio.create_task(self._drive(room))
        else:
            room.wake.set()

    def due(self, room: Room, now: float) -> Due | None:
        """The next thing the server must do for this room."""
        config = self.service.config
        table = room.table
        deal = table.match.current if table.match is not None else None
        if deal is None or deal.over:
            return None
        best: Due | None = None
        for seat, info in enumerate(table.seats):
            since = room.disconnected_since[seat] if seat < len(room.disconnected_since) else None
            if info.kind == HUMAN and not info.away and since is not None:
                cand = (since + config.grace_s, "away", seat)
                best = cand if best is None or cand < best else best
        seat = table.to_act
        if seat is not None:
            if table.seats[seat].played_by_bot:
                cand = (room.last_change + config.bot_pace_s, "bot", seat)
                best = cand if best is None or cand < best else best
            elif room.turn_timer is not None:
                cand = (room.turn_started + room.turn_timer, "timer", seat)
                best = cand if best is None or cand < best else best
        return best

    async def _drive(self, room: Room) -> None:
        """Act on whatever is due, until nothing is.

        With a shared store only the lease holder acts; the others look again every
        ``renew_s`` and take over when the holder's lease runs out (it died)."""
        service = self.service
        cluster = service.cluster
        leading = False
        try:
            while not room.closed:
                leading = await cluster.lead(room)
                now = service.clock()
                due = self.due(room, now)
                if due is None and cluster.watching(room):
                    due = (now + cluster.renew_s, "watch", -1)
                if due is None:
                    break
                at, kind, seat = due
                wait = min(at - now, cluster.renew_s) if leading else cluster.renew_s
                if wait > 0:
                    room.wake.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(room.wake.wait(), wait)
                    continue
                if kind == "watch":
                    continue
                if kind == "away":
                    async with room.lock:
                        if self.due(room, service.clock()) == due:
                            with contextlib.suppress(TableError, ProtocolError):
                                await service.commits.change(
                                    room, lambda s=seat: self._set_away(room, s)
                                )
                    continue
                await self._autoplay(room, seat)
        except asyncio.CancelledError:
            raise
        except Exception:  # never log a view or a hand: only where it failed
            log.exception("room %s: the bot driver failed", hint(room.code))
        finally:
            if room.driver is asyncio.current_task():
                room.driver = None
            if leading:
                await cluster.release(room)

    def _set_away(self, room: Room, seat: int) -> tuple[None, After]:
        info = room.table.seats[seat]
        if info.kind != HUMAN or info.away or room.disconnected_since[seat] is None:
            raise TableError("stale", "the seat came back meanwhile")
        room.table.set_away(seat, True)
        return None, []

    async def _autoplay(self, room: Room, seat: int) -> None:
        """One bot move (for a bot, an away human, or a human out of time)."""
        table = room.table
        version = table.version
        view = table.view(seat)
        if view is None:
            return
        level, seed = table.bot_request(seat)
        config = self.service.config
        action = await self.bot_workers.choose(level, view, seed, config.bot_budget_ms)

        def play() -> tuple[None, After]:
            room.table.submit(seat, action, version)  # refused if the table moved on
            return None, []

        async with room.lock:
            if room.closed:
                return
            # A human acted, came back, or another process moved meanwhile: look again.
            with contextlib.suppress(TableError, ProtocolError):
                await self.service.commits.change(room, play)
