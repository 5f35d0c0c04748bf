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
from .cards import SUIT_PATTERN_CARDS, TEN
from .thulla import ANSWER, ThullaDeal
from .trick import HIDDEN, IMPLICIT, DhihaehDeal, ThaasDeal, TrickDeal

_SUIT = 0x1FFF
# How many cards each 13-bit suit pattern holds (a tuple look-up beats int.bit_count()).
_COUNT = tuple(len(cards) for cards in SUIT_PATTERN_CARDS[0])
_S, _H, _D, _C = SUIT_PATTERN_CARDS
# The ranks of each pattern (the cards of the first suit), and the rank of its highest card.
_RANKS = SUIT_PATTERN_CARDS[0]
_LOWEST = (0, *((p & -p).bit_length() - 1 for p in range(1, 1 << 13)))


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
    """Thaas and Dhihaeh: the state lives in locals until the deal ends.

    Hands (and the trick, and the cards played) are held as one 13-bit pattern per suit,
    not as 52-bit masks: every operation is then on a one-digit int, which CPython
    handles on its fast path, and a 52-bit int is not (the more so in Pyodide, where
    such big-int operations run at a quarter of native speed against a third for small
    ones).  A hand's card count is kept beside it instead of calling ``bit_count()``, and
    a fifth, always empty, suit stands for "no suit led yet" (``led`` is 4 then), so one
    look-up tells whether the player must follow."""
    if d.over:
        return
    random_ = rng.random
    if d.declaring:
        d.apply(d.to_act, DECLARE + int(random_() * 4))
    lock = type(d) is ThaasDeal
    hands = [[h & _SUIT, h >> 13 & _SUIT, h >> 26 & _SUIT, h >> 39, 0] for h in d.hands]
    sizes = [h.bit_count() for h in d.hands]
    trick = d.trick[:]
    m = d.trick_mask
    tm = [m & _SUIT, m >> 13 & _SUIT, m >> 26 & _SUIT, m >> 39]
    m = d.played
    played = [m & _SUIT, m >> 13 & _SUIT, m >> 26 & _SUIT, m >> 39]
    seat = d.to_act
    leader = d.leader
    led = d.led if d.led >= 0 else 4
    hukum = d.hukum
    hukum_how = d.hukum_how
    t0, t1 = d.tricks
    n0, n1 = d.tens
    tricks_played = d.tricks_played
    history = d.history
    implicit = d.mode == IMPLICIT and hukum < 0
    pending = d.set_aside >= 0 and not d.revealed
    set_aside = d.set_aside
    owner = d.set_aside_owner
    ranks = _RANKS
    count = _COUNT
    low = _LOWEST
    while True:
        hand = hands[seat]
        p = hand[led]
        if p:
            suit = led
            r = ranks[p][int(random_() * count[p])]
        else:
            # The k-th card of the hand in display order: suit by suit, then by rank.
            k = int(random_() * sizes[seat])
            p = hand[0]
            n = count[p]
            if k < n:
                suit = 0
            else:
                k -= n
                p = hand[1]
                n = count[p]
                if k < n:
                    suit = 1
                else:
                    k -= n
                    p = hand[2]
                    n = count[p]
                    if k < n:
                        suit = 2
                    else:
                        k -= n
                        p = hand[3]
                        suit = 3
            r = ranks[p][k]
        bit = 1 << r
        hand[suit] = p ^ bit
        sizes[seat] -= 1
        if led == 4:
            led = suit
        elif implicit and suit != led:
            # The first card of a player who cannot follow sets the hukum (implicit mode)
            # and already counts as a hukum card in this trick.
            hukum = suit
            hukum_how = IMPLICIT
            implicit = False
        trick.append(suit * 13 + r)
        tm[suit] |= bit
        if len(trick) < 4:
            seat = (seat + 1) & 3
            if pending and not (sizes[seat] and hands[seat][led]):
                pending = False
                hukum = set_aside // 13
                hukum_how = HIDDEN
                hands[owner][hukum] |= 1 << set_aside % 13
                sizes[owner] += 1
            continue
        # The trick is complete: the highest hukum card wins it, else the highest card of
        # the suit led (the highest card of a pattern is its lowest bit).
        w = tm[hukum] if hukum >= 0 else 0
        card = hukum * 13 + low[w] if w else led * 13 + low[tm[led]]
        winner = (leader + trick.index(card)) & 3
        tens = (tm[0] >> TEN & 1) + (tm[1] >> TEN & 1) + (tm[2] >> TEN & 1) + (tm[3] >> TEN & 1)
        if winner & 1:
            t1 += 1
            n1 += tens
        else:
            t0 += 1
            n0 += tens
        tricks_played += 1
        history.append((leader, tuple(trick), winner))
        played[0] |= tm[0]
        played[1] |= tm[1]
        played[2] |= tm[2]
        played[3] |= tm[3]
        trick = []
        tm = [0, 0, 0, 0]
        led = 4
        if tricks_played == 13 or (lock and ((t0 >= 7 and t1 >= 1) or (t1 >= 7 and t0 >= 1))):
            break
        leader = seat = winner
        if pending and not sizes[seat]:
            pending = False
            hukum = set_aside // 13
            hukum_how = HIDDEN
            hands[owner][hukum] |= 1 << set_aside % 13
            sizes[owner] += 1
    d.hands = [h[0] | h[1] << 13 | h[2] << 26 | h[3] << 39 for h in hands]  # h[4] is 0
    d.trick = []
    d.trick_mask = 0
    d.led = -1
    d.leader = leader
    d.hukum = hukum
    d.hukum_how = hukum_how
    d.revealed = d.revealed or (set_aside >= 0 and not pending)
    d.played = played[0] | played[1] << 13 | played[2] << 26 | played[3] << 39
    d.tricks = [t0, t1]
    d.tens = [n0, n1]
    d.tricks_played = tricks_played
    d._deal_is_decided()  # sets winner, sweep and bang from the counts
    d.over = True
    d.to_act = -1
