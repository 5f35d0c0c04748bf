"""Hint: the action a strong bot would take from the player's own view, with a reason.

The hint is the Ultra bot's search on a short budget, run as a generator like every
bot (:class:`~thaasbai.bots.base.Bot`), so the table can run it in slices in the browser
and drop it the moment the player acts.  It is given the view only: the same view a bot
gets, never the state, so it cannot reveal a hidden card.  Online, that view is parsed
from the JSON the seat was sent (:func:`hint_steps_from_json`).
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from ..bots.base import Bot, finish
from ..bots.ultra import UltraBot
from ..engine.actions import Action, format_action
from ..engine.cards import card_name
from ..engine.views import View, view_from_json
from .reasons import reason_for

HINT_BUDGET_MS = 600  # under the 1 s goal with the app's own work around it


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: str | None

    @property
    def label(self) -> str:
        """The action in words: ``queen of hearts``, ``hand call``."""
        return card_name(self.action) if self.action < 52 else format_action(self.action)


HintSteps = Generator[None, None, Hint]


def hint_steps(
    view: View,
    rng: random.Random,
    budget_ms: int = HINT_BUDGET_MS,
    bot: Bot | None = None,
) -> HintSteps:
    """The hint for ``view.seat``, yielding while the search runs.  ``bot`` (tests: one
    on an iteration count) replaces the default Ultra bot."""
    if view.seat is None or view.to_act != view.seat or not view.legal:
        # Off turn, only giving up can be open (Thulla): never worth a hint.
        raise ValueError("a hint is given only to the seat whose turn it is")
    searcher = bot if bot is not None else UltraBot()
    action = yield from searcher.steps(view, rng, budget_ms)
    return Hint(action, reason_for(view, action))


def hint_steps_from_json(
    view: dict[str, Any],
    rng: random.Random,
    budget_ms: int = HINT_BUDGET_MS,
    bot: Bot | None = None,
) -> HintSteps:
    """The hint for the seat whose view JSON this is (``View.to_json()``: what a room's
    server sends the seat as ``"view"``), from that JSON and nothing else.  A view that
    does not parse raises :class:`~thaasbai.engine.views.ViewParseError`."""
    return hint_steps(view_from_json(view), rng, budget_ms, bot)


def hint(view: View, rng: random.Random, budget_ms: int = HINT_BUDGET_MS) -> Hint:
    """``hint_steps`` run to the end (natively, in a thread or a test)."""
    return finish(hint_steps(view, rng, budget_ms))
