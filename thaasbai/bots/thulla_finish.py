"""Thulla rollouts that end exactly: once only two players are left, the world is a game
of perfect information, and :class:`.ThullaSolver` settles it.

Ultra plays a two-player ending perfectly (:mod:`.ultra`), but its search's rollouts
played that ending as Normal does, for both players, so the moves that lead into it
were judged by Normal's mistakes there (every round that reaches two players ends in
it).  So its rollouts stop when the searching seat is out (it is safe) or when two
players are left at a lead; then the ending is valued with best play by both, when the
solve fits in a few thousand lead nodes, and rolled out as before when it does not.
The solver's table is keyed on the hands by relative rank, so it is shared by every
world of a move.
"""

from __future__ import annotations

import random

from ..engine.thulla import LEAD, ThullaDeal
from .rollout import thulla_rollout, thulla_value
from .thulla_solver import BHABHI, ThullaSolver, TooBig

FINISH_NODES = 4_000  # lead nodes one ending may search before it is rolled out instead
FINISH_CARDS = 26  # more cards in the two hands than this: rolled out, not tried


class ExactFinish:
    """Values a Thulla rollout for one seat, ending it with the exact two-player search."""

    def __init__(self, max_nodes: int = FINISH_NODES, max_cards: int = FINISH_CARDS) -> None:
        self.max_cards = max_cards
        self.solver = ThullaSolver(max_nodes)
        self.solved = 0
        self.too_big = 0

    def fresh(self) -> None:
        """Called once a move: the table starts empty, so whether an ending fits the node
        limit, and so the move chosen, depends only on the view and the random draws
        (tests/bots/test_no_peeking.py chooses twice from one view)."""
        self.solver.table.clear()

    def rollout_value(
        self, d: ThullaDeal, seat: int, rng: random.Random, epsilon: float, shown: list[int]
    ) -> float:
        """Play ``d`` on (in place) as :func:`.thulla_rollout` does and score it for
        ``seat`` as :func:`.thulla_value` does, the two-player ending with best play."""
        shown = thulla_rollout(d, rng, epsilon, shown, until=seat)
        in_round = d.in_round
        if d.over or not in_round[seat] or d.phase != LEAD or sum(in_round) != 2:
            return thulla_value(d, seat)
        other = next(s for s in range(d.seats) if in_round[s] and s != seat)
        mine, theirs = d.hands[seat], d.hands[other]
        if (mine | theirs).bit_count() <= self.max_cards:
            try:
                value = self.solver.position_value(mine, theirs, d.to_act == seat)
            except TooBig:
                self.too_big += 1
            else:
                self.solved += 1
                # As thulla_value scores a finished round: only the Bhabhi loses.
                return 0.0 if value == BHABHI else 1.0
        thulla_rollout(d, rng, epsilon, shown)
        return thulla_value(d, seat)
