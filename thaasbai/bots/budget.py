"""Search budgets: wall-clock (the default, anytime) or a fixed iteration count (tests)."""

from __future__ import annotations

import time


class Budget:
    """Stops a search when its time is up, or after ``iterations`` when one is given.

    An iteration count makes a search reproducible whatever the machine's speed, which
    the no-peeking tests rely on.
    """

    __slots__ = ("deadline", "iterations", "done")

    def __init__(self, ms: float, iterations: int | None = None) -> None:
        self.deadline = time.perf_counter() + ms / 1000.0
        self.iterations = iterations
        self.done = 0

    def spent(self) -> bool:
        if self.iterations is not None:
            return self.done >= self.iterations
        return time.perf_counter() >= self.deadline

    def tick(self, n: int = 1) -> None:
        self.done += n

    def room_for(self, seconds: float) -> bool:
        """False if one more step of ``seconds`` would run past the wall-clock deadline
        (always True on an iteration count): long steps stop early rather than late."""
        if self.iterations is not None:
            return True
        return time.perf_counter() + seconds <= self.deadline
