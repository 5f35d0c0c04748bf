"""Normal: a solid heuristic player with no search (well under 20 ms a move).

It counts cards and voids from the view and plays by the rules of thumb in
:mod:`.trick_policy` and :mod:`.thulla_policy`.  In Thulla it always accepts a Hand Call
(accepting takes it out safe) and never asks for one or gives up.
"""

from __future__ import annotations

import random

from ..engine.actions import ACCEPT, DECLARE, GIVE_UP, HAND_CALL, Action
from ..engine.cards import SUIT_MASKS, Seat
from ..engine.views import ThullaView, TrickView, View
from .base import Steps, at_once
from .inference import thulla_knowledge, trick_voids
from .thulla_policy import seats_to_come, thulla_card
from .trick_policy import declare_suit, heuristic_card, last_leads


class NormalBot:
    level = "normal"
    default_budget_ms = 0

    def steps(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Steps:
        return at_once(self.choose(view, rng, budget_ms))

    def choose(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Action:
        if not view.legal:
            raise ValueError("the bot's seat has no legal action")
        if isinstance(view, TrickView):
            return trick_action(view, bot_rules=True)
        return thulla_action(view)


def trick_action(view: TrickView, bot_rules: bool = False) -> Action:
    """Normal's action in Thaas or Dhihaeh.  ``bot_rules``: the Normal bot's own rules,
    which the search bots' default move leaves out (:mod:`.trick_policy`)."""
    if view.declaring:
        return declare_suit(view.hand)
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    hukum = view.hukum if view.hukum is not None else -1
    c = heuristic_card(
        view.hand,
        view.seat,
        [c for _, c in view.trick],
        view.leader,
        view.led if view.led is not None else -1,
        hukum,
        view.hukum_mode == "implicit" and hukum < 0,
        view.played,
        view.game == "dhihaeh",
        trick_voids(view),
        view.hukum_mode == "none",
        last_leads(view.history),
        bot_rules,
    )
    return c if c in legal else legal[0]


def to_come(view: ThullaView) -> list[Seat]:
    """Seats still in the round that play after us in this trick."""
    assert view.seat is not None
    return seats_to_come(view.seat, view.leader, view.in_round)


def thulla_action(view: ThullaView) -> Action:
    """Normal's action in Thulla."""
    legal = view.legal
    if ACCEPT in legal:
        return ACCEPT
    cards = [a for a in legal if a < 52]
    if not cards:
        return next(a for a in legal if a not in (GIVE_UP, HAND_CALL, DECLARE))
    if len(cards) == 1:
        return cards[0]
    k = thulla_knowledge(view)
    on_table = sum(1 << c for _, c in view.trick)
    others = ~view.discarded & ~view.hand & ~on_table
    outstanding = [(others & SUIT_MASKS[s]).bit_count() for s in range(4)]
    legal_mask = sum(1 << c for c in cards)
    c = thulla_card(
        view.hand,
        legal_mask,
        list(view.trick),
        view.led if view.led is not None else -1,
        to_come(view),
        list(k.voids),
        outstanding,
    )
    return c if c in cards else cards[0]
