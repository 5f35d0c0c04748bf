"""Thulla with two players left: who becomes the Bhabhi, with every card seen.

Once only two players hold cards the round is a two-player zero-sum game (one of them is
the Bhabhi, or neither on a draw), small enough near the end to search outright.  With
three or more still in, the other players' aims differ and no single answer exists, so
the review leaves those decisions unjudged.  Hand Calls need three players, and giving
up is never better than playing on, so the search plays cards only.
"""

from __future__ import annotations

from ..engine.actions import GIVE_UP, Action
from ..engine.cards import Seat
from ..engine.thulla import ThullaDeal

SAFE, DRAW, BHABHI = 1, 0, -1
NODE_LIMIT = 50_000


class TooBig(Exception):
    """The search would pass its node limit: the position is left unjudged."""


def players_left(d: ThullaDeal) -> int:
    return sum(d.in_round)


def outcome(d: ThullaDeal, seat: Seat) -> int:
    """SAFE, DRAW or BHABHI for ``seat`` in a finished round."""
    if d.draw:
        return DRAW
    return BHABHI if d.bhabhi == seat else SAFE


class Endgame:
    """Searches two-player Thulla positions for one seat; keeps a table between calls."""

    def __init__(self, seat: Seat, node_limit: int = NODE_LIMIT) -> None:
        self.seat = seat
        self.node_limit = node_limit
        self.nodes = 0
        self.table: dict[tuple, int] = {}

    def value(self, d: ThullaDeal) -> int:
        """SAFE, DRAW or BHABHI for the seat under best play by both; raises
        :class:`TooBig` past the node limit and ``ValueError`` with three or more left."""
        if d.over:
            return outcome(d, self.seat)
        if players_left(d) != 2 or not d.in_round[self.seat]:
            raise ValueError("only a round with the seat and one other player left is solved")
        self.nodes = 0
        return self._value(d)

    def after(self, d: ThullaDeal, seat: Seat, action: Action) -> int:
        """The value once ``seat`` has taken ``action`` in ``d``."""
        if action == GIVE_UP:
            return BHABHI if seat == self.seat else SAFE
        nd = d.copy()
        nd.apply(seat, action)
        return self.value(nd)

    def _key(self, d: ThullaDeal) -> tuple:
        return (
            tuple(d.hands),
            tuple(d.in_round),
            d.to_act,
            d.leader,
            d.phase,
            tuple(d.trick),
            d.tricks_done == 0,
        )

    def _value(self, d: ThullaDeal) -> int:
        if d.over:
            return outcome(d, self.seat)
        key = self._key(d)
        hit = self.table.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise TooBig
        mine = d.to_act == self.seat
        best = BHABHI if mine else SAFE
        m = d.legal_mask()
        while m:
            low = m & -m
            m ^= low
            nd = d.copy()
            nd.play_card(low.bit_length() - 1)
            v = self._value(nd)
            if (v > best) if mine else (v < best):
                best = v
            if best == (SAFE if mine else BHABHI):
                break
        self.table[key] = best
        return best
