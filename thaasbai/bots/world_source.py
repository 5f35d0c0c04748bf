"""Where a search's worlds come from, and what each one weighs.

Hard's and Ultra's flat search and Ultra's exact endgame draw worlds the same ways:
independent samples every one of which counts alike (no card reading), independent
samples weighed by the card reading (:func:`.inference.play_likelihood`, or a
:class:`.trick_reading.TrickReading` of it), the light ones through Russian roulette
(:mod:`.roulette`), or Metropolis chains (:mod:`.posterior`), whose worlds come in
proportion to their weight and so count alike.  A world the roulette drops costs only
its deal and its weighing; the search skips it.
"""

from __future__ import annotations

import random

from ..engine.views import View
from .inference import Knowledge, World, deal_unknown, sample_world, world_of
from .posterior import Likelihood, PosteriorSampler
from .roulette import Roulette
from .trick_reading import TrickReading


class WorldSource:
    """Draws worlds of ``view``: weighed by ``likelihood`` at ``p_match`` (None: every
    world weighs 1.0), through a roulette at the fraction ``roulette`` (0.0: none), or
    from ``chains`` when given."""

    def __init__(
        self,
        view: View,
        rng: random.Random,
        k: Knowledge,
        likelihood: Likelihood | None = None,
        p_match: float = 0.0,
        roulette: float = 0.0,
        chains: PosteriorSampler | None = None,
    ) -> None:
        self.view = view
        self.rng = rng
        self.k = k
        self.likelihood = likelihood
        self.p_match = p_match
        self.chains = chains
        weighted = likelihood is not None and chains is None
        self.wheel = Roulette(roulette) if weighted and roulette > 0.0 else None
        # A reading weighs a world from its hands alone: no world is built for the
        # many the roulette drops.
        self.reading = likelihood if isinstance(likelihood, TrickReading) else None

    def draw(self) -> tuple[World | None, float]:
        """The next world and its weight; ``(None, 0.0)`` for one the roulette dropped."""
        if self.chains is not None:
            return self.chains.draw(), 1.0
        view, rng, k = self.view, self.rng, self.k
        likelihood = self.likelihood
        if likelihood is None:
            return sample_world(view, rng, k), 1.0
        wheel = self.wheel
        if wheel is None:
            world = sample_world(view, rng, k)
            return world, likelihood(view, world, self.p_match, 0.0)
        reading = self.reading
        if reading is not None:
            dealt = deal_unknown(k, rng)
            hands = dealt[:4]
            hands[view.seat] = view.hand
            floor = wheel.floor(rng)
            w = wheel.weight(reading.weight(hands, floor), floor)
            return (world_of(view, dealt), w) if w > 0.0 else (None, 0.0)
        world = sample_world(view, rng, k)
        w = wheel.weigh(rng, likelihood, view, world, self.p_match)
        return (world, w) if w > 0.0 else (None, 0.0)
