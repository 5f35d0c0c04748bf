"""Playouts: finish a sampled world with the Normal heuristics and score it.

Rollouts act on engine states directly (``play_card`` skips validation) and let each
seat see its own true hand, which is all the heuristics use; in Thulla they also use the
world's true voids, a cheap stand-in for the card reading Normal does from the record.
"""

from __future__ import annotations

import random

from ..engine.actions import ACCEPT
from ..engine.cards import SUIT_MASKS, cards_of, suits_present
from ..engine.thulla import ANSWER, LEAD, ThullaDeal
from ..engine.trick import TrickDeal
from .thulla_policy import seats_to_come, thulla_card
from .trick_policy import declare_suit, heuristic_card, last_leads

THULLA_MAX_PLAYS = 400


def history_voids(d: TrickDeal) -> list[int]:
    """Per seat, the suits it has shown void in so far (what Normal reads from the record)."""
    voids = [0, 0, 0, 0]
    for leader, cards, _ in d.history:
        led = cards[0] // 13
        for i in (1, 2, 3):
            if cards[i] // 13 != led:
                voids[(leader + i) & 3] |= 1 << led
    trick = d.trick
    for i in range(1, len(trick)):
        if trick[i] // 13 != d.led:
            voids[(d.leader + i) & 3] |= 1 << d.led
    return voids


def trick_rollout(
    d: TrickDeal,
    rng: random.Random,
    epsilon: float = 0.0,
    voids: list[int] | None = None,
    until_cards: int = 0,
    rules_team: int = -1,
) -> list[int] | None:
    """Play ``d`` to its end (in place) with Normal's card play.

    With ``voids`` (the seats' shown voids, :func:`history_voids`; copied, not changed) each
    seat reads the voids as Normal does from its view, so with ``epsilon`` 0 the rollout
    plays exactly as the search bots' default move would (Normal's rules without the
    Normal bot's own while the implicit hukum is open, :mod:`.trick_policy`):
    deterministic, which makes the comparison of two moves on the same world a paired
    one.  With ``until_cards`` it stops early, at the start of a trick once hands hold
    that many cards (:mod:`.trick_finish` takes over).  With ``rules_team`` (0 or 1) that
    team's seats play the Normal bot's own rules too (``bot_rules``), the other team's
    without: a searcher's model of its own side, stronger than its model of the other.
    Returns the voids shown by then (the copy), to go on with.
    """
    dh = d.game == "dhihaeh"
    implicit = d.mode == "implicit"
    no_hukum = d.mode == "none"
    last_led = None
    if no_hukum:
        last_led = last_leads(d.history)
        if d.trick:
            last_led[d.leader] = d.trick[0] // 13
    rand = rng.random
    if voids is not None:
        voids = voids[:]
    while not d.over:
        if d.declaring:
            d.apply(d.to_act, declare_suit(d.hands[d.to_act]))
            continue
        seat = d.to_act
        if until_cards and not d.trick and d.hands[seat].bit_count() <= until_cards:
            return voids
        led = d.led
        if epsilon and rand() < epsilon:
            legal = cards_of(d.legal_mask())
            c = legal[int(rand() * len(legal))]
        else:
            c = heuristic_card(
                d.hands[seat],
                seat,
                d.trick,
                d.leader,
                led,
                d.hukum,
                implicit and d.hukum < 0,
                d.played,
                dh,
                voids,
                no_hukum,
                last_led,
                (seat & 1) == rules_team,
            )
        if voids is not None and led >= 0 and c // 13 != led:
            voids[seat] |= 1 << led
        if last_led is not None and not d.trick:
            last_led[seat] = c // 13
        d.play_card(c)
    return voids


def trick_value(d: TrickDeal, team: int) -> float:
    """1 for a win of ``team``, 0 for a loss, with a sliver for trick margin."""
    if not d.over:
        return 0.5
    return won_value(d, team, d.winner == team)


def won_value(d: TrickDeal, team: int, win: bool) -> float:
    """:func:`trick_value` of a deal ``team`` wins (or not), its trick margin as of now."""
    return 0.98 * win + 0.02 * d.tricks[team] / max(1, d.tricks_played)


def thulla_rollout(
    d: ThullaDeal,
    rng: random.Random,
    epsilon: float = 0.0,
    shown: list[int] | None = None,
    until: int | None = None,
) -> list[int] | None:
    """Play a Thulla round to its end, or for at most ``THULLA_MAX_PLAYS`` plays.

    With ``shown`` (per seat, the suits it has shown void in, as
    :func:`.inference.thulla_knowledge` reads them; copied, not changed) every seat reads
    the voids as the Normal bot does, so the rollout plays as Normal bots would; without
    it each seat sees the world's true voids.  With ``until`` (a seat) it stops early, at
    a lead once that seat is out or only two players are left (:mod:`.thulla_finish`
    takes over there).  Returns the voids shown by then (the copy), to go on with.
    """
    n = d.seats
    rand = rng.random
    if shown is not None:
        shown = shown[:]
    in_round = d.in_round
    for _ in range(THULLA_MAX_PLAYS):
        if d.over:
            return shown
        seat = d.to_act
        if until is not None and d.phase == LEAD and (not in_round[until] or sum(in_round) == 2):
            return shown
        if d.phase == ANSWER:
            d.apply(seat, ACCEPT)
            continue
        legal = d.legal_mask()
        if epsilon and rand() < epsilon:
            cs = cards_of(legal)
            c = cs[int(rand() * len(cs))]
        elif legal & (legal - 1) == 0:
            c = legal.bit_length() - 1
        else:
            hands = d.hands
            voids = shown if shown is not None else [15 & ~suits_present(h) for h in hands]
            to_come = seats_to_come(seat, d.leader, d.in_round)
            others = 0
            for i in range(n):
                if i != seat:
                    others |= hands[i]
            outstanding = [(others & SUIT_MASKS[x]).bit_count() for x in range(4)]
            c = thulla_card(hands[seat], legal, d.trick, d.led, to_come, voids, outstanding)
        if shown is not None and d.trick and c // 13 != d.led:
            shown[seat] |= 1 << d.led
        d.play_card(c)
    return shown


def thulla_value(d: ThullaDeal, seat: int) -> float:
    """1 for getting out safe, 0 for the Bhabhi; an unfinished round scores by hand size."""
    if d.over:
        return 0.0 if d.bhabhi == seat else 1.0
    if not d.in_round[seat]:
        return 1.0
    mine = d.hands[seat].bit_count()
    worse = sum(1 for s in range(d.seats) if d.in_round[s] and d.hands[s].bit_count() > mine)
    return 0.5 * worse / max(1, sum(d.in_round) - 1)
