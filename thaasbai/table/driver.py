"""Bot turns for a table, run off the event loop so no page or connection stalls."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from .errors import TableError
from .table import Table
from .thinking import LocalThinker, Thinker


async def play_bot_turns(
    table: Table,
    on_change: Callable[[], Awaitable[None]],
    *,
    pace_s: float = 0.0,
    budget_ms: int | None = None,
    lock: asyncio.Lock | None = None,
    thinker: Thinker | None = None,
) -> int:
    """Play every bot turn that is due, one at a time; returns the number played.

    The bot thinks through ``thinker`` (default: :class:`~.thinking.LocalThinker`, a thread
    natively and slices in the browser) on a snapshot view; its action then goes through the
    same submit pipeline as a human's, against the version it was computed for, so a human
    who acted meanwhile (or a reconnection) simply makes the bot's stale move be refused.
    ``pace_s`` is the least time a move takes, so people can follow the play.
    """
    thinker = thinker or LocalThinker()
    played = 0
    while (seat := table.bot_seat_to_act()) is not None:
        version = table.version
        view = table.view(seat)
        started = time.perf_counter()
        level, seed = table.bot_request(seat)
        action = await thinker.choose(level, view, seed, budget_ms)
        wait = pace_s - (time.perf_counter() - started)
        if wait > 0:
            await asyncio.sleep(wait)
        try:
            if lock is not None:
                async with lock:
                    table.submit(seat, action, version)
            else:
                table.submit(seat, action, version)
        except TableError:
            continue  # the table moved on while the bot thought; look again
        played += 1
        await on_change()
    return played
