"""Playouts: finish a sampled world with the Normal heuristics and score it.

Rollouts act on engine states directly (``play_card`` skips validation) and let each
seat see its own true hand, which is all the heuristics use; in Thulla they also use the
world's true voids, a cheap stand-in for the card reading Normal does from the record.
"""

from __future__ import annotations

import random

from ..engine.actions import ACCEPT
from ..engine.cards import SUIT_MASKS, cards_of, suits_present
from ..engine.thulla import ANSWER, ThullaDeal
from ..engine.trick import TrickDeal
from .thulla_policy import thulla_card
from .trick_policy import declare_suit, heuristic_card

THULLA_MAX_PLAYS = 400


def trick_rollout(d: TrickDeal, rng: random.Random, epsilon: float = 0.0) -> None:
    """Play ``d`` to its end (in place)."""
    dh = d.game == "dhihaeh"
    implicit = d.mode == "implicit"
    rand = rng.random
    while not d.over:
        if d.declaring:
            d.apply(d.to_act, declare_suit(d.hands[d.to_act]))
            continue
        if epsilon and rand() < epsilon:
            legal = cards_of(d.legal_mask())
            d.play_card(legal[int(rand() * len(legal))])
            continue
        seat = d.to_act
        c = heuristic_card(
            d.hands[seat],
            seat,
            d.trick,
            d.leader,
            d.led,
            d.hukum,
            implicit and d.hukum < 0,
            d.played,
            dh,
        )
        d.play_card(c)


def trick_value(d: TrickDeal, team: int) -> float:
    """1 for a win of ``team``, 0 for a loss, with a sliver for trick margin."""
    if not d.over:
        return 0.5
    win = 1.0 if d.winner == team else 0.0
    return 0.98 * win + 0.02 * d.tricks[team] / max(1, d.tricks_played)


def thulla_rollout(d: ThullaDeal, rng: random.Random, epsilon: float = 0.0) -> None:
    """Play a Thulla round to its end, or for at most ``THULLA_MAX_PLAYS`` plays."""
    n = d.seats
    rand = rng.random
    for _ in range(THULLA_MAX_PLAYS):
        if d.over:
            return
        seat = d.to_act
        if d.phase == ANSWER:
            d.apply(seat, ACCEPT)
            continue
        legal = d.legal_mask()
        if epsilon and rand() < epsilon:
            cs = cards_of(legal)
            d.play_card(cs[int(rand() * len(cs))])
            continue
        if legal & (legal - 1) == 0:
            d.play_card(legal.bit_length() - 1)
            continue
        hands = d.hands
        voids = [15 & ~suits_present(h) for h in hands]
        to_come = []
        s = (seat + 1) % n
        while s != d.leader and s != seat:
            if d.in_round[s]:
                to_come.append(s)
            s = (s + 1) % n
        others = 0
        for i in range(n):
            if i != seat:
                others |= hands[i]
        outstanding = [(others & SUIT_MASKS[x]).bit_count() for x in range(4)]
        d.play_card(thulla_card(hands[seat], legal, d.trick, d.led, to_come, voids, outstanding))


def thulla_value(d: ThullaDeal, seat: int) -> float:
    """1 for getting out safe, 0 for the Bhabhi; an unfinished round scores by hand size."""
    if d.over:
        return 0.0 if d.bhabhi == seat else 1.0
    if not d.in_round[seat]:
        return 1.0
    mine = d.hands[seat].bit_count()
    worse = sum(1 for s in range(d.seats) if d.in_round[s] and d.hands[s].bit_count() > mine)
    return 0.5 * worse / max(1, sum(d.in_round) - 1)


def rollout_value(world, seat: int, rng: random.Random, epsilon: float = 0.0) -> float:
    """Finish ``world`` (in place) and score it for ``seat``."""
    if isinstance(world, ThullaDeal):
        thulla_rollout(world, rng, epsilon)
        return thulla_value(world, seat)
    trick_rollout(world, rng, epsilon)
    return trick_value(world, seat & 1)
