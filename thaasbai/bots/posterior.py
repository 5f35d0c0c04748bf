"""Card reading by Markov chain: worlds drawn in proportion to how well they explain play.

Independent samples of the unseen cards (:func:`.inference.sample_world`) mostly contradict
what the other seats did: a few tricks into a deal only a handful of a few hundred would
have led a Normal player to the cards actually played, so weighting them by
:func:`.inference.play_likelihood` leaves a few effective worlds.  This sampler walks
instead: from a world, swap one unseen card of one holder with one of another (when both
may hold the other's card: voids and known cards stay respected) and keep the swap with
the Metropolis probability ``min(1, new weight / old weight)``.  The proposal is symmetric,
so the walk's worlds follow the posterior (uniform over the worlds the view allows, times
the likelihood of the play), and every world it hands out weighs the same.

Several short chains rather than one long one: each starts from an independent sample,
walks ``burn_in`` steps, then hands out ``per_chain`` worlds ``thin`` steps apart.
Where the play pins the cards down, a chain started from a uniform deal mixes slowly
(its swaps are mostly refused), so with ``starts`` > 1 a chain starts instead from one of
that many independent samples, drawn in proportion to its weight (sampling-importance
resampling): the start is already near the posterior, and a shorter burn-in follows.  The
weight test gives up a replay as soon as it is lost (``play_likelihood``'s floor), which
makes a refused step cheap.

With ``factors`` (Thulla's :class:`.thulla_reading.ThullaReading`) the weight is a
product of one factor per seat, each read from that seat's hand alone, so a swap
weighs only the two hands it changes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Protocol

from ..engine.cards import Mask, cards_of
from ..engine.views import View
from .inference import Knowledge, World, deal_unknown, play_likelihood, world_of

# (view, world, p_match, floor) -> the world's weight; 0.0 once below the floor
Likelihood = Callable[[View, World, float, float], float]


class SeatFactors(Protocol):
    """A likelihood that is a product of per-seat factors (``floor`` as ``Likelihood``)."""

    def seat_weight(self, seat: int, hand: Mask, floor: float = 0.0) -> float: ...


BURN_IN = 30
THIN = 4
PER_CHAIN = 8
# Resampled starts (``starts``) and the burn-in after them.  Against the exact posterior
# of 19 late Thaas positions (session 26, docs/STRENGTH.md): the default chains' card
# marginals were off by 0.046 on average, chains each started from one of 30 independent
# samples drawn by weight, with 10 steps of burn-in by 0.031, for 15% more likelihood replays.
SIR_STARTS = 30
SIR_BURN_IN = 10


class PosteriorSampler:
    """Draws worlds from short Metropolis chains over card swaps, weighed by ``likelihood``
    (:func:`.inference.play_likelihood` in Thaas and Dhihaeh, and in Thulla
    :func:`.thulla_reading.thulla_play_likelihood`)."""

    def __init__(
        self,
        view: View,
        rng: random.Random,
        k: Knowledge,
        p_match: float,
        burn_in: int | None = None,
        thin: int = THIN,
        per_chain: int = PER_CHAIN,
        likelihood: Likelihood = play_likelihood,
        factors: SeatFactors | None = None,
        starts: int = 1,
    ) -> None:
        if starts < 1:
            raise ValueError(f"starts must be 1 or more, not {starts}")
        self.starts = starts
        self.view = view
        self.likelihood = likelihood
        self.factors = factors
        self.rng = rng
        self.k = k
        self.p_match = p_match
        # A resampled start is near the posterior already: a shorter burn-in follows it.
        self.burn_in = (BURN_IN if starts == 1 else SIR_BURN_IN) if burn_in is None else burn_in
        self.thin = thin
        self.per_chain = per_chain
        # Holders with unseen cards (seats, and the face-down card at index 4).
        self.holders = [i for i, n in enumerate(k.need) if n > 0]
        self.dealt: list[Mask] = []
        self.weight = 0.0
        self.seat_weights: dict[int, float] = {}  # with ``factors``: each holder's factor
        self.left = 0  # worlds still to hand out from the current chain
        self.steps = 0
        self.accepted = 0

    def draw(self) -> World:
        """The next world: ``thin`` steps on from the last, or the start of a new chain."""
        if self.left == 0:
            self._start()
            self.left = self.per_chain
            self._walk(self.burn_in)
        else:
            self._walk(self.thin)
        self.left -= 1
        return world_of(self.view, self.dealt)

    def _start(self) -> None:
        """A new chain's first deal: an independent sample, or with ``starts`` > 1 one of
        that many, drawn by weight."""
        rng = self.rng
        tried = []
        for _ in range(self.starts):
            dealt = deal_unknown(self.k, rng)
            if self.factors is None:
                world = world_of(self.view, dealt)
                tried.append((dealt, self.likelihood(self.view, world, self.p_match, 0.0), {}))
            else:
                weigh = self.factors.seat_weight
                seat_weights = {i: weigh(i, dealt[i]) for i in self.holders}
                tried.append((dealt, math.prod(seat_weights.values()), seat_weights))
        weights = [w for _, w, _ in tried]
        if len(tried) == 1 or sum(weights) <= 0.0:
            pick = tried[0]
        else:
            pick = rng.choices(tried, weights)[0]
        self.dealt, self.weight, self.seat_weights = pick

    def _walk(self, steps: int) -> None:
        holders = self.holders
        if len(holders) < 2:
            return  # every unseen card has one possible place: nothing to swap
        rng = self.rng
        k = self.k
        fixed = k.fixed
        allowed = k.allowed
        view = self.view
        likelihood = self.likelihood
        for _ in range(steps):
            self.steps += 1
            i, j = rng.sample(holders, 2)
            a = rng.choice(cards_of(self.dealt[i] & ~fixed[i]))
            b = rng.choice(cards_of(self.dealt[j] & ~fixed[j]))
            if not (allowed[j] >> a & 1 and allowed[i] >> b & 1):
                continue  # a void (or a known card) forbids this swap: stay
            dealt = self.dealt[:]
            swap = (1 << a) | (1 << b)
            dealt[i] ^= swap
            dealt[j] ^= swap
            if self.factors is not None:
                self._step_factored(i, j, dealt)
                continue
            # Metropolis: keep the swap if new / old >= u, i.e. new >= u * old.
            floor = rng.random() * self.weight
            w = likelihood(view, world_of(view, dealt), self.p_match, floor)
            if w > 0.0:
                self.dealt = dealt
                self.weight = w
                self.accepted += 1

    def _step_factored(self, i: int, j: int, dealt: list[Mask]) -> None:
        """The Metropolis test of a swap between holders ``i`` and ``j`` on their two
        factors alone: keep it if new_i * new_j >= u * old_i * old_j."""
        weigh = self.factors.seat_weight  # type: ignore[union-attr]
        old = self.seat_weights
        bar = self.rng.random() * old[i] * old[j]
        wi = weigh(i, dealt[i], bar)  # the other factor is at most 1
        if wi <= 0.0:
            return
        wj = weigh(j, dealt[j], bar / wi)
        if wj <= 0.0:
            return
        self.dealt = dealt
        old[i] = wi
        old[j] = wj
        self.accepted += 1
