"""The one bot interface: a bot sees only its seat's view and returns a legal action."""

from __future__ import annotations

import random
from typing import Protocol

from ..engine.actions import Action
from ..engine.views import View


class Bot(Protocol):
    """``choose`` must depend only on the view, the rng and the budget: never on hidden state."""

    level: str
    default_budget_ms: int

    def choose(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Action:
        """A legal action for ``view.seat``, which must be the seat to act."""
        ...


async def choose_off_loop(
    bot: Bot, view: View, rng: random.Random, budget_ms: int | None = None
) -> Action:
    """Run ``bot.choose`` in a worker thread so a search never blocks the event loop."""
    import asyncio

    return await asyncio.to_thread(bot.choose, view, rng, budget_ms)
