"""Hard: flat Monte Carlo over sampled deals, weighted by inference, with Normal rollouts.

Each iteration samples one world consistent with the view, weights it by how well it
explains the other seats' plays (:func:`.inference.play_likelihood`), and plays every
candidate move in it to the end with the Normal policy.  The move with the best weighted
mean wins; Normal's own choice breaks ties.  Runs until its wall-clock budget is spent.
"""

from __future__ import annotations

import random

from ..engine.actions import Action
from ..engine.views import TrickView, View
from .budget import Budget
from .inference import knowledge, play_likelihood, sample_world
from .rollout import rollout_value
from .search_common import apply_action, candidates, forced_action, heuristic_choice

MARGIN = 0.02


class HardBot:
    level = "hard"
    default_budget_ms = 200

    def __init__(
        self, iterations: int | None = None, epsilon: float = 0.05, margin: float = MARGIN
    ) -> None:
        self.iterations = iterations
        self.margin = margin
        self.epsilon = epsilon
        self.last_iterations = 0

    def choose(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Action:
        forced = forced_action(view)
        if forced is not None:
            return forced
        moves = candidates(view)
        default = heuristic_choice(view)
        if len(moves) == 1:
            return moves[0]
        budget = Budget(self.default_budget_ms if budget_ms is None else budget_ms, self.iterations)
        seat = view.seat
        k = knowledge(view)
        totals = dict.fromkeys(moves, 0.0)
        weight_sum = 0.0
        weighted = isinstance(view, TrickView) and bool(view.history or view.trick)
        while True:
            world = sample_world(view, rng, k)
            w = play_likelihood(view, world) if weighted else 1.0
            for a in moves:
                st = world.copy()
                apply_action(st, seat, a)
                totals[a] += w * rollout_value(st, seat, rng, self.epsilon)
            weight_sum += w
            budget.tick()
            if budget.spent():
                break
        self.last_iterations = budget.done
        best = max(totals.values())
        # Keep Normal's move unless another is clearly better: small gaps are rollout noise.
        if totals.get(default, -1.0) >= best - self.margin * weight_sum:
            return default
        return max(moves, key=lambda a: totals[a])
