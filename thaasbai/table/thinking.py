"""How a bot's move is computed without stalling an event loop: the one way bots leave it.

A :class:`Thinker` turns ``(level, view, seed, budget)`` into an action.
:class:`LocalThinker` runs the bot's search through :func:`thaasbai.runtime.think` (a
thread natively, slices on the loop in the browser); the room server's
:class:`~thaasbai.table.workers.BotWorkers` sends search bots to worker processes.
"""

from __future__ import annotations

import random
from typing import Protocol

from .. import runtime
from ..bots import finish, get_bot
from ..engine.actions import Action
from ..engine.views import View


def choose_action(level: str, view: View, seed: int, budget_ms: int | None) -> Action:
    """One bot move from a view and a seed: a plain function, so a worker process can run it."""
    return finish(get_bot(level).steps(view, random.Random(seed), budget_ms))


class Thinker(Protocol):
    async def choose(self, level: str, view: View, seed: int, budget_ms: int | None) -> Action:
        """The bot's action for ``view`` (its seat), from a fresh ``Random(seed)``."""
        ...


class LocalThinker:
    """Bots think in this process: in a thread natively, in slices in the browser."""

    async def choose(self, level: str, view: View, seed: int, budget_ms: int | None) -> Action:
        return await runtime.think(get_bot(level).steps(view, random.Random(seed), budget_ms))
