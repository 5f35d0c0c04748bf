"""Easy: plays legal cards with little foresight, but not nonsense.

Follows with the cheapest card that wins the trick so far, else the cheapest card; leads
its longest suit's lowest card.  Fun for beginners: it never plans ahead.
"""

from __future__ import annotations

import random

from ..engine.actions import ACCEPT, DECLARE, GIVE_UP, HAND_CALL, REFUSE, Action
from ..engine.cards import SUIT_MASKS, cards_of
from ..engine.views import ThullaView, TrickView, View
from .base import Steps, at_once


def _lowest(cards: list[int]) -> int:
    """The lowest-ranked card (the largest rank index), ties broken by suit."""
    return max(cards, key=lambda c: (c % 13, c))


class EasyBot:
    level = "easy"
    default_budget_ms = 0

    def steps(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Steps:
        return at_once(self.choose(view, rng, budget_ms))

    def choose(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Action:
        legal = list(view.legal)
        if not legal:
            raise ValueError("the bot's seat has no legal action")
        if isinstance(view, TrickView):
            return _trick_choice(view, legal, rng)
        return _thulla_choice(view, legal, rng)


def _trick_choice(view: TrickView, legal: list[Action], rng: random.Random) -> Action:
    if legal[0] >= DECLARE:  # naming the hukum: the suit it holds most of
        counts = [(view.hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
        return DECLARE + max(range(4), key=lambda s: (counts[s], -s))
    cards = [a for a in legal if a < 52]
    if not view.trick:
        counts = [(view.hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
        longest = max(range(4), key=lambda s: (counts[s], rng.random()))
        return _lowest(cards_of(view.hand & SUIT_MASKS[longest]))
    winners = [c for c in cards if _beats(view, c)]
    return _lowest(winners) if winners and rng.random() < 0.8 else _lowest(cards)


def _beats(view: TrickView, c: int) -> bool:
    """Would ``c`` beat every card on the table (by what is public)?"""
    led = view.led
    hukum = view.hukum
    for _, t in view.trick:
        if hukum is not None and t // 13 == hukum:
            if c // 13 != hukum or c > t:
                return False
        elif t // 13 == led and c // 13 == led and c > t:
            return False
    return c // 13 == led or (hukum is not None and c // 13 == hukum)


def _thulla_choice(view: ThullaView, legal: list[Action], rng: random.Random) -> Action:
    if ACCEPT in legal:
        return ACCEPT if view.hand.bit_count() > 8 else REFUSE
    cards = [a for a in legal if a < 52]
    if not cards:  # only non-card actions are open (cannot happen on its own turn)
        return next(a for a in legal if a not in (GIVE_UP, HAND_CALL))
    if view.trick and cards[0] // 13 != view.led:  # a thulla: throw the highest card
        return min(cards, key=lambda c: (c % 13, c))
    return _lowest(cards)
