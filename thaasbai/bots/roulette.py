"""Russian roulette on importance weights: spend rollouts on the worlds that matter.

A sampled world weighs how well it explains the other seats' plays, and most weigh next
to nothing, yet their rollouts cost as much as the rest.  Roulette keeps a world lighter
than a bar only with probability ``weight / bar`` and lets a kept one weigh ``bar``: the
expected weight of every world is unchanged, so the weighted averages stay unbiased,
while the rollouts go to worlds that can move them.
"""

from __future__ import annotations

import random
from collections.abc import Callable


class Roulette:
    """The bar follows the heaviest world seen: ``fraction`` of its weight."""

    __slots__ = ("fraction", "bar")

    def __init__(self, fraction: float) -> None:
        if not 0.0 < fraction <= 1.0:
            raise ValueError(f"fraction must be in (0, 1], not {fraction}")
        self.fraction = fraction
        self.bar = 0.0

    def floor(self, rng: random.Random) -> float:
        """Draw this world's threshold: it is kept if its weight reaches it (so a world
        lighter than the bar survives with probability ``weight / bar``).  The weight can
        be given up as soon as it is known to fall below."""
        return rng.random() * self.bar

    def weight(self, w: float, floor: float) -> float:
        """The weight a world keeps after the draw: 0.0 if dropped, ``bar`` if it was
        lighter than the bar and survived, else its own (which may raise the bar)."""
        if w < floor or w <= 0.0:
            return 0.0
        if w < self.bar:
            return self.bar
        self.bar = max(self.bar, self.fraction * w)
        return w

    def weigh(self, rng: random.Random, likelihood: Callable[..., float], *args: object) -> float:
        """Draw the floor, then weigh a world by ``likelihood(*args, floor)``, which may
        give up below the floor: the weight the world keeps (0.0 if dropped)."""
        floor = self.floor(rng)
        return self.weight(likelihood(*args, floor), floor)
