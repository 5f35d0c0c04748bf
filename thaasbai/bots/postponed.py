"""PIMC that does not assume it will know the world at its own next card.

Plain PIMC scores a card by solving each sampled world double dummy, which assumes that
from then on the seat plays every later card knowing that world: it would always guess
right, so it values lines that leave a guess for later as highly as lines that avoid one
(strategy fusion).  Here each card ``a`` is followed, in every world, by the other seats'
double-dummy cards up to the seat's next turn, and there the seat must pick one card for
all the worlds it cannot tell apart (those in which the same cards were played in
between): a card is worth ``sum over those groups of max over b of the weight of the
worlds where (a, then b) wins``.  That is one step of postponed reasoning (EPIMC,
Arjonilla, Saffidine and Cazenave, 2024): never more than plain PIMC's value on the same
worlds.  With ``top`` a small card played in between is known only as small, so worlds
that differ only in such cards share a group (a sample of worlds seldom repeats the exact
cards, and a group of one is plain PIMC again).

Bridge play only (DDS through endplay, the ``fast`` extra): Thaas with the hukum known,
or ``none``.  The other seats' cards are DDS's best for their side, the cheapest of equal
ones (as pimc-dds breaks its ties).
"""

from __future__ import annotations

from collections import defaultdict

from ..engine.trick import TrickDeal
from . import fast


def best_card(d: TrickDeal) -> int:
    """The cheapest of the cards that take the most tricks for the side to act."""
    legal = d.legal_mask()
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    fut = fast.solve_optimal(d.hands, d.leader, d.trick, d.hukum)
    best = -1
    for i in range(fut.cards):
        c = fast.group_mask(fut, i).bit_length() - 1  # the group's lowest card
        if best < 0 or (c % 13, -c) > (best % 13, -best):
            best = c
    return best


def to_next_turn(world: TrickDeal, a: int, me: int) -> tuple[TrickDeal, list[int]]:
    """A copy of ``world`` after ``a`` and the other seats' best cards up to ``me``'s next
    turn (or the deal's end), and the cards they played in between."""
    st = world.copy()
    st.play_card(a)
    between = []
    while not st.over and st.to_act != me:
        c = best_card(st)
        st.play_card(c)
        between.append(c)
    return st, between


class PostponedScore:
    """Weighted worlds in, each candidate card's postponed value out."""

    def __init__(self, me: int, moves: list[int], outstanding: int = 0, top: int = 0) -> None:
        self.me = me
        # With ``top``, a card played in between is known only by its suit and, among the
        # ``outstanding`` cards (those the seat could not see before), its rank if it is one
        # of the ``top`` highest of its suit there, else as "small".
        self.outstanding = outstanding
        self.top = top
        self.team = me & 1
        self.moves = moves
        self.direct: dict[int, float] = dict.fromkeys(moves, 0.0)
        # (card, the cards played in between) -> the next card -> weight of worlds won
        self.groups: dict[tuple[int, tuple[int, ...]], dict[int, float]] = {}

    def add(self, world: TrickDeal, w: float) -> None:
        """Score one world of weight ``w`` for every candidate."""
        me, team = self.me, self.team
        for a in self.moves:
            st, between = to_next_turn(world, a, me)
            if st.over:
                if st.winner == team:
                    self.direct[a] += w
                continue
            key = (a, tuple(self._seen(c) for c in between))
            group = self.groups.get(key)
            if group is None:
                group = self.groups[key] = defaultdict(float)
            for b, won in fast.move_wins(st, team).items():
                group[b] += w if won else 0.0

    def _seen(self, c: int) -> int:
        if not self.top:
            return c
        suit = c // 13
        higher = self.outstanding & ((1 << c) - 1) & (0x1FFF << (suit * 13))
        rank = higher.bit_count()
        return suit * 16 + min(rank, self.top)

    def values(self) -> dict[int, float]:
        """Each candidate's value: worlds it won outright, plus for every set of worlds
        the seat cannot tell apart at its next card, the best single card's wins there."""
        out = dict(self.direct)
        for (a, _), group in self.groups.items():
            out[a] += max(group.values(), default=0.0)
        return out
