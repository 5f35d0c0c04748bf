"""Thaas and Dhihaeh rollouts that end exactly: the last few tricks played with best play.

Ultra plays its last tricks with the exact solver (:mod:`.ultra`, from
``ENDGAME_CARDS``), but its flat search's rollouts played those tricks as Normal does,
for all four seats, so the moves that lead into an ending were judged by Normal's
mistakes there.  So its rollouts stop at the start of a trick once hands are down to a
few cards, and the world is valued by the solver (double dummy: each world is one deal
of known cards), when the solve fits in a few thousand nodes, and rolled out as before
when it does not.  The solver's table is kept for the whole move: positions repeat
across the worlds and candidate moves of one search.
"""

from __future__ import annotations

import random

from ..engine.trick import TrickDeal
from .rollout import trick_rollout, trick_value, won_value
from .solver import SearchAborted, Solver, Unsolvable

FINISH_NODES = 2_000  # nodes one ending may search (a few ms) before it is rolled out


class TrickFinish:
    """Values a Thaas or Dhihaeh rollout for one team, ending it with the exact solver."""

    def __init__(self, cards: int, max_nodes: int = FINISH_NODES) -> None:
        self.cards = cards
        self.max_nodes = max_nodes
        self._solvers: dict[str, Solver] = {}
        self.solved = 0
        self.aborted = 0

    def fresh(self) -> None:
        """Called once a move: the tables start empty, so whether an ending fits the node
        limit, and so the move chosen, depends only on the view and the random draws
        (tests/bots/test_no_peeking.py chooses twice from one view)."""
        self._solvers.clear()

    def rollout_value(
        self,
        d: TrickDeal,
        team: int,
        rng: random.Random,
        epsilon: float,
        voids: list[int],
        rules_team: int = -1,
    ) -> float:
        """Play ``d`` on (in place) as :func:`.trick_rollout` does and score it for
        ``team`` as :func:`.trick_value` does, the last ``cards`` tricks with best play
        (the trick margin is the one reached when the solver took over).  ``rules_team``
        is :func:`.trick_rollout`'s: the side that plays the Normal bot's own rules."""
        voids = trick_rollout(d, rng, epsilon, voids, self.cards, rules_team)
        if not d.over:
            solver = self._solvers.get(d.game)
            if solver is None:
                solver = self._solvers[d.game] = Solver(d.game, self.max_nodes)
            try:
                win = solver.wins(d, team)
            except (SearchAborted, Unsolvable):
                self.aborted += 1
            else:
                self.solved += 1
                return won_value(d, team, win)
            trick_rollout(d, rng, epsilon, voids, rules_team=rules_team)
        return trick_value(d, team)
