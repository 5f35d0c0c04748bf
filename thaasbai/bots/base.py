"""The one bot interface: a bot sees only its seat's view and returns a legal action.

A search is written as a generator (:data:`Steps`) that yields between units of work (a
sampled world, an iteration) and returns its action: natively it runs to the end in one
go (:func:`finish`, in a thread or a worker process); in the browser, where Python has no
threads, the caller resumes it in slices and gives the event loop a turn between them
(:mod:`thaasbai.runtime`), so the app stays responsive while a bot thinks.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Protocol

from ..engine.actions import Action
from ..engine.views import View

Steps = Generator[None, None, Action]


class Bot(Protocol):
    """``steps`` must depend only on the view, the rng and the budget: never on hidden state."""

    level: str
    default_budget_ms: int

    def steps(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Steps:
        """A legal action for ``view.seat`` (the seat to act), yielding while it thinks."""
        ...

    def choose(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Action:
        """``steps`` run to the end."""
        ...


def finish(steps: Steps) -> Action:
    """Run a search to its end without pausing."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def at_once(action: Action) -> Steps:
    """A search that is over before it starts (Easy and Normal answer in microseconds)."""
    return action
    yield  # a generator function, for the one interface
