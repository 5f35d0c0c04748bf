"""Bot turns for a table, run off the event loop so no page or connection stalls."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from .errors import TableError
from .table import Table
from .thinking import LocalThinker, Thinker

Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]


async def play_bot_turns(
    table: Table,
    on_change: Callable[[], Awaitable[None]],
    *,
    pace_s: float = 0.0,
    budget_ms: int | None = None,
    lock: asyncio.Lock | None = None,
    thinker: Thinker | None = None,
    clock: Clock = time.perf_counter,
    sleep: Sleep = asyncio.sleep,
) -> int:
    """Play every bot turn that is due, one at a time; returns the number played.

    The bot thinks through ``thinker`` (default: :class:`~.thinking.LocalThinker`, a thread
    natively and slices in the browser) on a snapshot view; its action then goes through the
    same submit pipeline as a human's, against the version it was computed for, so a human
    who acted meanwhile (or a reconnection) simply makes the bot's stale move be refused.

    ``pace_s`` is the least time from one move to the next, so people can follow the play:
    the time ``on_change`` spends showing the last move (its animation) and the bot's
    thinking both count towards it, so a bot's card lands every ``max(pace_s, showing +
    thinking)``, as the room server paces its bots from the last change.
    """
    thinker = thinker or LocalThinker()
    played = 0
    last_move = clock()
    while (seat := table.bot_seat_to_act()) is not None:
        version = table.version
        view = table.view(seat)
        level, seed = table.bot_request(seat)
        action = await thinker.choose(level, view, seed, budget_ms)
        wait = pace_s - (clock() - last_move)
        if wait > 0:
            await sleep(wait)
        try:
            if lock is not None:
                async with lock:
                    table.submit(seat, action, version)
            else:
                table.submit(seat, action, version)
        except TableError:
            continue  # the table moved on while the bot thought; look again
        played += 1
        last_move = clock()
        await on_change()
    return played
