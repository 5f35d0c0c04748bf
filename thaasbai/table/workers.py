"""Where bots think.

Search bots (Hard, Ultra) spend hundreds of milliseconds of pure-Python CPU per move.  In a
thread they would hold the GIL in turns with the event loop and slow every room on the
server, so a server gives them worker processes; cheap bots (Easy, Normal) answer in well
under a millisecond and stay in a thread, where a process hop would cost more than the move.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor

from ..engine.actions import Action
from ..engine.views import View
from .thinking import LocalThinker, choose_action

SEARCH_LEVELS = frozenset({"hard", "ultra"})
log = logging.getLogger("thaasbai.bots")


class BotWorkers:
    """A :class:`~.thinking.Thinker` for the server: search bots in ``processes`` worker
    processes (started on first use), the rest as a :class:`~.thinking.LocalThinker` does.
    ``processes=0`` keeps everything in this process."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._local = LocalThinker()
        self.process_moves = 0
        self._pool: ProcessPoolExecutor | None = None

    def _ensure_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a clean interpreter, never a fork of a process with a running loop
            ctx = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=self.processes, mp_context=ctx)
        return self._pool

    async def choose(self, level: str, view: View, seed: int, budget_ms: int | None) -> Action:
        if level in SEARCH_LEVELS and self.processes > 0:
            loop = asyncio.get_running_loop()
            try:
                action = await loop.run_in_executor(
                    self._ensure_pool(), choose_action, level, view, seed, budget_ms
                )
            except BrokenExecutor:
                # A worker died (killed, out of memory): start afresh next time and play
                # this move in a thread rather than leave the seat stuck.
                log.warning("bot worker pool broke; restarting it")
                self._pool = None
            else:
                self.process_moves += 1
                return action
        return await self._local.choose(level, view, seed, budget_ms)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
