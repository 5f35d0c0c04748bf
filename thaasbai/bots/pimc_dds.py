"""The outside yardstick: a GIB-style double-dummy player (arena only, needs ``fast``).

Bridge programs such as GIB play a card by perfect-information Monte Carlo: deal the
unseen cards some 40 times uniformly among the deals consistent with what the seat has
seen, solve each deal exactly with a double-dummy solver (here Bo Haglund's DDS, bundled
in ``endplay``) and play the card that takes the most tricks on average.  That is the
reference Ultra is measured against, so it is kept plain: uniform worlds (no card
reading), trick-maximising like GIB (in Thaas seven tricks win, and more tricks never
hurt), one fixed number of worlds rather than a clock.

DDS knows bridge, so the reference plays where a deal is bridge play: Thaas once the
hukum is known (``none``, ``declared``, and ``implicit``/``hidden`` after it is set or
shown).  Before that, and in Dhihaeh (whose tens DDS does not count) and Thulla, it plays
Normal's card.  In ``declared`` it names its longest suit, the strongest of equal length.
"""

from __future__ import annotations

import random

from ..engine.actions import DECLARE, Action
from ..engine.cards import SUIT_MASKS, Mask
from ..engine.views import TrickView, View
from . import fast
from .base import Steps, finish
from .common import suit_strength
from .inference import knowledge, sample_world
from .search_common import bridge_view, forced_action, heuristic_choice

WORLDS = 40


def longest_suit(hand: Mask) -> Action:
    """Declare the longest suit; among equally long ones the one with the better honours."""
    return DECLARE + max(
        range(4), key=lambda s: ((hand & SUIT_MASKS[s]).bit_count(), suit_strength(hand, s), -s)
    )


class PimcDdsBot:
    """PIMC over uniformly sampled worlds, each solved by DDS; the most tricks on average."""

    level = "pimc-dds"
    default_budget_ms = 0  # a fixed number of worlds, not a clock

    def __init__(self, worlds: int = WORLDS) -> None:
        if not fast.AVAILABLE:
            raise RuntimeError("pimc-dds needs endplay: pip install 'thaasbai[fast]'")
        self.worlds = worlds
        self.last_mode = ""

    def choose(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Action:
        return finish(self.steps(view, rng, budget_ms))

    def steps(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Steps:
        """``budget_ms`` is ignored: the reference always solves ``worlds`` deals."""
        self.last_mode = ""
        if isinstance(view, TrickView) and view.declaring and view.seat == view.to_act:
            return longest_suit(view.hand)
        forced = forced_action(view)
        if forced is not None:
            return forced
        if not bridge_view(view):
            self.last_mode = "normal"
            return heuristic_choice(view)
        self.last_mode = "dds"
        k = knowledge(view)
        total: dict[int, int] = {}
        for _ in range(self.worlds):
            world = sample_world(view, rng, k)
            for card, tricks in fast.card_tricks(world).items():
                total[card] = total.get(card, 0) + tricks
            yield
        legal = [a for a in view.legal if a in total]
        # The most tricks summed over the worlds; ties go to the cheapest card.
        return max(legal, key=lambda c: (total[c], c % 13, -c))
