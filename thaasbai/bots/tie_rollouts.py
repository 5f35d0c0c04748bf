"""Breaking the exact endgame's ties by how each card fares against Normal's play.

Double dummy, a card either wins a world or not, whatever the defenders know: in a
position lost in every world every card scores nothing, and Normal's card is played.
Real defenders go wrong, and some cards give them more chances to.  This plays each card
on to the end in the endgame's own worlds with Normal's play by all four seats (the flat
search's deterministic rollouts, so two cards compare on the same continuations) and
keeps the paired statistics the flat search's bar needs.
"""

from __future__ import annotations

import random

from ..engine.actions import Action
from ..engine.trick import TrickDeal
from ..engine.views import TrickView
from .hard import MIN_WORLDS, clears_bar, voids_after
from .inference import trick_voids
from .rollout import trick_rollout, trick_value


class TieRollouts:
    """Per candidate card: weighted rollout values, paired against Normal's card."""

    def __init__(self, view: TrickView, moves: list[Action], default: Action) -> None:
        self.seat = view.seat
        self.team = view.seat & 1
        self.moves = moves
        self.default = default
        self.voids = voids_after(trick_voids(view), view.led, view.seat, moves)
        n = len(moves)
        self.sums = [0.0] * n
        self.dsum = [0.0] * n
        self.dsq = [0.0] * n
        self.w_sum = 0.0
        self.w_sq = 0.0
        self.worlds = 0
        self.di = moves.index(default) if default in moves else -1

    def add(self, world: TrickDeal, w: float, rng: random.Random) -> None:
        """Play every card on to the end in ``world`` (unchanged) and add what each scores."""
        self.record(self.values(world, rng), w)

    def values(self, world: TrickDeal, rng: random.Random) -> list[float]:
        """Per card, the team's score when Normal's play finishes ``world`` after it."""
        vals = []
        for a in self.moves:
            st = world.copy()
            st.play_card(a)
            trick_rollout(st, rng, 0.0, self.voids[a])
            vals.append(trick_value(st, self.team))
        return vals

    def record(self, vals: list[float], w: float) -> None:
        """Add one world's scores (one per card, in ``moves`` order) at weight ``w``."""
        vd = vals[self.di] if self.di >= 0 else 0.0
        for i, v in enumerate(vals):
            self.sums[i] += w * v
            d = v - vd
            self.dsum[i] += w * d
            self.dsq[i] += w * d * d
        self.w_sum += w
        self.w_sq += w * w
        self.worlds += 1

    def choose(self, tied: list[Action], z: float) -> Action:
        """Among ``tied``: Normal's card unless another beats it by ``z`` standard errors of
        the paired difference (and on at least ``MIN_WORLDS`` worlds, as the flat search);
        without Normal's card, the one that scores most."""
        index = {a: i for i, a in enumerate(self.moves)}
        best = max(tied, key=lambda a: self.sums[index[a]])
        if self.default not in tied:
            return best
        if best == self.default or self.worlds < MIN_WORLDS or self.w_sum <= 0.0:
            return self.default
        i = index[best]
        if clears_bar(self.dsum[i], self.dsq[i], self.w_sum, self.w_sq, z):
            return best
        return self.default
