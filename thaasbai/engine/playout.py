"""Random playouts: finish a deal with uniformly random legal actions, fast.

The rule for every decision is the same everywhere in this module and in its tests: take
the legal actions in :meth:`legal_actions` order (for Thulla, the legal *cards*; see
below) and pick index ``int(rng.random() * len(legal))``.  :func:`random_playout` is
therefore exactly the loop ``apply(to_act, legal[int(rng.random() * len(legal))])`` --
the tests hold it to that -- only several times faster, because the Thaas and Dhihaeh
kernel keeps the whole state in local variables and draws a card from a precomputed
table instead of building the legal list.

In Thulla a playout plays cards only: no Hand Calls and no giving up (a random give-up
would end most playouts at once); a Hand Call already pending is answered at random
(accept, refuse).
"""

from __future__ import annotations

import random

from .actions import ACCEPT, DECLARE, REFUSE
from .cards import SUIT_MASKS, SUIT_PATTERN_CARDS, TENS
from .thulla import ANSWER, ThullaDeal
from .trick import HIDDEN, IMPLICIT, DhihaehDeal, ThaasDeal, TrickDeal

_SUIT = 0x1FFF
# How many cards each 13-bit suit pattern holds (a tuple look-up beats int.bit_count()).
_COUNT = tuple(len(cards) for cards in SUIT_PATTERN_CARDS[0])
_S, _H, _D, _C = SUIT_PATTERN_CARDS


def random_playout(deal: TrickDeal | ThullaDeal, rng: random.Random) -> TrickDeal | ThullaDeal:
    """Play ``deal`` to its end in place with random legal actions drawn from ``rng``
    (see the module docstring for the exact rule) and return it."""
    if type(deal) is ThaasDeal or type(deal) is DhihaehDeal:
        _trick_playout(deal, rng)
    elif isinstance(deal, ThullaDeal):
        _thulla_playout(deal, rng)
    else:
        _generic_playout(deal, rng)
    return deal


def _generic_playout(deal: TrickDeal, rng: random.Random) -> None:
    random_ = rng.random
    while not deal.over:
        legal = deal.legal_actions()
        deal.apply(deal.to_act, legal[int(random_() * len(legal))])


def _thulla_playout(deal: ThullaDeal, rng: random.Random) -> None:
    random_ = rng.random
    play = deal.play_card
    legal_mask = deal.legal_mask
    any_card = _any_card
    while not deal.over:
        if deal.phase == ANSWER:
            deal.apply(deal.to_act, (ACCEPT, REFUSE)[int(random_() * 2)])
            continue
        legal = legal_mask()
        play(any_card(legal, int(random_() * legal.bit_count())))


def _any_card(hand: int, k: int) -> int:
    """The ``k``-th card (from 0, in display order) of ``hand``."""
    p = hand & _SUIT
    n = _COUNT[p]
    if k < n:
        return _S[p][k]
    k -= n
    p = hand >> 13 & _SUIT
    n = _COUNT[p]
    if k < n:
        return _H[p][k]
    k -= n
    p = hand >> 26 & _SUIT
    n = _COUNT[p]
    if k < n:
        return _D[p][k]
    return _C[hand >> 39][k - n]


def _trick_playout(d: TrickDeal, rng: random.Random) -> None:
    """Thaas and Dhihaeh: the state lives in locals until the deal ends."""
    if d.over:
        return
    random_ = rng.random
    if d.declaring:
        d.apply(d.to_act, DECLARE + int(random_() * 4))
    lock = type(d) is ThaasDeal
    hands = d.hands
    trick = d.trick[:]
    seat = d.to_act
    leader = d.leader
    led = d.led
    hukum = d.hukum
    hukum_how = d.hukum_how
    tmask = d.trick_mask
    played = d.played
    t0, t1 = d.tricks
    n0, n1 = d.tens
    tricks_played = d.tricks_played
    history = d.history
    implicit = d.mode == IMPLICIT and hukum < 0
    pending = d.set_aside >= 0 and not d.revealed
    set_aside = d.set_aside
    owner = d.set_aside_owner
    tables = SUIT_PATTERN_CARDS
    any_card = _any_card
    count = _COUNT
    while True:
        hand = hands[seat]
        if trick:
            follow = hand >> 13 * led & _SUIT
            if follow:
                c = tables[led][follow][int(random_() * count[follow])]
            else:
                c = any_card(hand, int(random_() * hand.bit_count()))
        else:
            c = any_card(hand, int(random_() * hand.bit_count()))
        bit = 1 << c
        hands[seat] = hand ^ bit
        suit = c // 13
        if not trick:
            led = suit
        elif implicit and suit != led:
            # The first card of a player who cannot follow sets the hukum (implicit mode)
            # and already counts as a hukum card in this trick.
            hukum = suit
            hukum_how = IMPLICIT
            implicit = False
        trick.append(c)
        tmask |= bit
        if len(trick) < 4:
            seat = (seat + 1) & 3
            if pending:
                h = hands[seat]
                if not h or not h & SUIT_MASKS[led]:
                    pending = False
                    hukum = set_aside // 13
                    hukum_how = HIDDEN
                    hands[owner] |= 1 << set_aside
            continue
        # The trick is complete.
        win = tmask & SUIT_MASKS[hukum] if hukum >= 0 else 0
        if not win:
            win = tmask & SUIT_MASKS[led]
        winner = (leader + trick.index((win & -win).bit_length() - 1)) & 3
        if winner & 1:
            t1 += 1
            n1 += (tmask & TENS).bit_count()
        else:
            t0 += 1
            n0 += (tmask & TENS).bit_count()
        tricks_played += 1
        history.append((leader, tuple(trick), winner))
        played |= tmask
        trick = []
        tmask = 0
        led = -1
        if tricks_played == 13 or (lock and ((t0 >= 7 and t1 >= 1) or (t1 >= 7 and t0 >= 1))):
            break
        leader = seat = winner
        if pending and not hands[seat]:
            pending = False
            hukum = set_aside // 13
            hukum_how = HIDDEN
            hands[owner] |= 1 << set_aside
    d.trick = []
    d.trick_mask = 0
    d.led = -1
    d.leader = leader
    d.hukum = hukum
    d.hukum_how = hukum_how
    d.revealed = d.revealed or (set_aside >= 0 and not pending)
    d.played = played
    d.tricks = [t0, t1]
    d.tens = [n0, n1]
    d.tricks_played = tricks_played
    d._deal_is_decided()  # sets winner, sweep and bang from the counts
    d.over = True
    d.to_act = -1
