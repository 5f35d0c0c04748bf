"""The turn timer's countdown: seconds left in the status pill, ticking to the deadline.

The room server owns the deadline (it acts when it passes, and its next state sets a new
one); this only shows it, and stops at the deadline or when its table is dropped, so no
task outlives the table.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import flet as ft

from .palette import INK

log = logging.getLogger(__name__)


class TurnTimer:
    """One countdown text, following the protocol's ``{"seat", "seconds"}`` timer."""

    def __init__(self) -> None:
        self.text = ft.Text("", size=13, weight=ft.FontWeight.BOLD, color=INK)
        self.deadline: float | None = None  # the monotonic time the turn runs out
        self.task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self.deadline is not None

    def follow(self, timer: dict[str, Any] | None) -> None:
        """Count down from a state's ``timer`` (none: no countdown)."""
        if not timer or timer.get("seconds") is None:
            self.deadline = None
            return
        self.deadline = time.monotonic() + float(timer["seconds"])
        self.text.value = f"{int(timer['seconds'])} s"
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._tick())

    def stop(self) -> None:
        """The table is dropped or left: end the countdown now."""
        self.deadline = None
        if self.task is not None and not self.task.done():
            self.task.cancel()

    async def _tick(self) -> None:
        while self.deadline is not None:
            left = max(0, int(self.deadline - time.monotonic() + 0.5))
            if self.text.value != f"{left} s":
                self.text.value = f"{left} s"
                try:
                    self.text.update()
                except Exception as exc:  # not on the page between renders: the next
                    # render shows the count anyway
                    log.debug("turn timer not on the page: %s", exc)
            if left == 0:
                return
            await asyncio.sleep(0.5)
