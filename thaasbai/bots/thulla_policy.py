"""The Normal heuristic for Thulla, on plain ints.

Thulla is lost by being left with cards, and cards come back only by being the highest
card of the led suit when someone throws a thulla.  So: shed high cards when the trick is
safe, duck under the current high card when a later player may be void, throw the
highest card as a thulla, and lead suits everyone still holds.
"""

from __future__ import annotations

from ..engine.cards import SUIT_MASKS, Card, Mask, Seat
from .common import bottom, highest_card, top


def seats_to_come(seat: Seat, leader: Seat, in_round: list[bool] | tuple[bool, ...]) -> list[Seat]:
    """The seats still in the round that play after ``seat`` in the trick ``leader`` led."""
    n = len(in_round)
    out = []
    s = (seat + 1) % n
    while s != leader and s != seat:
        if in_round[s]:
            out.append(s)
        s = (s + 1) % n
    return out


def thulla_card(
    hand: Mask,
    legal: Mask,
    trick: list[tuple[Seat, Card]],
    led: int,
    to_come: list[Seat],
    void: list[int],
    outstanding: list[int],
) -> Card:
    """The card Normal plays.

    ``to_come``: seats still to play in this trick after us.  ``void[s]``: 4-bit mask of
    suits seat ``s`` is known (or, in a rollout, actually) void in.  ``outstanding[s]``:
    how many cards of suit ``s`` the other players hold between them.
    """
    if not trick:
        return _lead(hand, legal, to_come, void, outstanding)
    follow = hand & SUIT_MASKS[led]
    if not follow:
        return _thulla_throw(hand)
    risky = any(void[s] >> led & 1 for s in to_come)
    if not risky and to_come:
        # Unknown voids: the fewer cards of the suit are out, the likelier one appears.
        risky = outstanding[led] < 2 * len(to_come) + 1
    if not to_come or not risky:
        return top(follow)  # the trick will be clean: shed our highest card
    high = min(c for _, c in trick if c // 13 == led)
    under = follow & ~((1 << high) - 1)
    if under:
        return top(under)  # the highest card that still ducks
    return top(follow)  # we will be highest anyway: a pick-up takes it back regardless


def _thulla_throw(hand: Mask) -> Card:
    """Throw the highest card, from the shortest suit on a tie (to make a void)."""
    best = highest_card(hand)
    rank = best % 13
    for s in range(4):
        part = hand & SUIT_MASKS[s]
        shorter = (part.bit_count(), s) < ((hand & SUIT_MASKS[best // 13]).bit_count(), best // 13)
        if part and top(part) % 13 == rank and shorter:
            best = top(part)
    return best


def _lead(
    hand: Mask, legal: Mask, to_come: list[Seat], void: list[int], outstanding: list[int]
) -> Card:
    if legal.bit_count() == 1:
        return top(legal)
    n = max(1, len(to_come))
    best = -1
    best_key = None
    for s in range(4):
        part = legal & SUIT_MASKS[s]
        if not part:
            continue
        voids = sum(1 for x in to_come if void[x] >> s & 1)
        out = outstanding[s]
        safe = voids == 0 and out >= 2 * n + 2
        c = top(part) if safe else bottom(part)
        # Prefer suits nobody is void in, with many cards out; shed high when safe.
        key = (voids, not safe, -out if safe else -(out - part.bit_count()), c % 13 if safe else 0)
        if best_key is None or key < best_key:
            best, best_key = c, key
    return best
