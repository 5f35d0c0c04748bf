"""Bit tricks on card masks shared by the policies, the sampler and the solver.

Cards are ``suit * 13 + rank`` with rank 0 the ace, so within one suit a *smaller* int
is a *higher* card: the highest card of a suit mask is its lowest set bit and the lowest
card is its highest set bit.
"""

from __future__ import annotations

from ..engine.cards import SUIT_MASKS, TEN, TENS, Card, Mask

# Honour points for judging a suit: A K Q J.
HONOURS = (4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0)


def top(m: Mask) -> Card:
    """The highest card of a non-empty mask (ties across suits go to spades)."""
    return (m & -m).bit_length() - 1


def bottom(m: Mask) -> Card:
    """The lowest card of a non-empty single-suit mask."""
    return m.bit_length() - 1


def lowest_card(m: Mask) -> Card:
    """The lowest-ranked card of a non-empty mask over any suits (ties: the later suit)."""
    best = -1
    best_rank = -1
    for s in range(4):
        part = m & SUIT_MASKS[s]
        if part:
            c = part.bit_length() - 1
            r = c % 13
            if r >= best_rank:
                best, best_rank = c, r
    return best


def highest_card(m: Mask) -> Card:
    """The highest-ranked card of a non-empty mask over any suits."""
    best = -1
    best_rank = 99
    for s in range(4):
        part = m & SUIT_MASKS[s]
        if part:
            c = (part & -part).bit_length() - 1
            r = c % 13
            if r < best_rank:
                best, best_rank = c, r
    return best


def is_master(c: Card, seen: Mask) -> bool:
    """True if no unseen card of its suit beats ``c`` (``seen``: played and own cards)."""
    return not (SUIT_MASKS[c // 13] & ((1 << c) - 1) & ~seen)


def winning_index(trick: list[Card], led: int, hukum: int) -> int:
    """Index of the card that is winning a (possibly partial) Thaas-family trick."""
    best = trick[0]
    bi = 0
    for i in range(1, len(trick)):
        c = trick[i]
        cs = c // 13
        bs = best // 13
        if (cs == bs and c < best) or (cs == hukum and bs != hukum):
            best, bi = c, i
    return bi


def suit_strength(hand: Mask, s: int) -> int:
    """How good ``s`` would be as the hukum for this hand: length counts most, then honours."""
    part = hand & SUIT_MASKS[s]
    score = 3 * part.bit_count()
    while part:
        low = part & -part
        score += HONOURS[(low.bit_length() - 1) % 13]
        part ^= low
    return score


def bottom_equivalent(c: Card, hand: Mask, live: Mask) -> Card:
    """The cheapest card of ``hand`` that is worth as much as ``c``: walk down from ``c``
    while the next live card of the suit is also ours."""
    suit_live = live & SUIT_MASKS[c // 13]
    while True:
        below = suit_live & ~((1 << (c + 1)) - 1)
        if not below:
            return c
        nxt = (below & -below).bit_length() - 1
        if not hand >> nxt & 1:
            return c
        c = nxt


def below_alike(c: Card, hand: Mask, live: Mask, dhihaeh: bool = False) -> bool:
    """Does ``hand`` hold a card worth as much as ``c`` below it (the next live card of the
    suit down)?  A seat that plays the bottom of equal cards denies that.  In Dhihaeh a
    ten is worth more than its rank, so it is never alike with its neighbours."""
    if dhihaeh:
        if c % 13 == TEN:
            return False
        hand &= ~TENS
    return bottom_equivalent(c, hand, live) != c


def alike(a: Card, b: Card, hand: Mask, live: Mask) -> bool:
    """Are ``a`` and ``b`` the same play from ``hand``: the same card, or neighbours in one
    suit once the cards out of play are gone (a card reader counts either as the other)."""
    return a == b or (
        a // 13 == b // 13 and bottom_equivalent(a, hand, live) == bottom_equivalent(b, hand, live)
    )
