"""What a position is worth to a team with every card seen: the exact solver, graded.

:class:`~thaasbai.bots.solver.Solver` answers one yes/no question (can the team still
win?).  A review needs *how much* a card cost, so this asks it for several targets: the
solver's target is what the team still needs (``7 - tricks`` in Thaas, ``35 - 14 * tens
- tricks`` in Dhihaeh), so setting the taken counts on a copy turns "can it win?" into
"can it still score ``s``?", and a binary search finds the most it can.  One solver's
transposition table holds bounds on the score to come, so it serves every target.

Thaas deals are replayed as :class:`OpenThaasDeal`, which plays all 13 tricks: the
7-trick lock never changes who wins (13 is odd), and without it the value of a
position just before the lock and just after it are measured alike (tricks a team could
take), which is the scale the review reports in.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..bots.solver import DHIHAEH_TARGET, TEN_SCORE, Solver, Unsolvable
from ..engine.cards import TENS
from ..engine.trick import DhihaehDeal, ThaasDeal, TrickDeal

__all__ = [
    "BoundedSolver",
    "Interrupted",
    "OpenThaasDeal",
    "Score",
    "Unsolvable",
    "best_score",
    "can_score",
    "open_deal",
]


class Interrupted(Exception):
    """A solve passed its deadline; what it had finished stays in the solver's table."""


class BoundedSolver(Solver):
    """The exact solver with a deadline, so a review can stop (and, in the browser, give
    the event loop a turn) in the middle of a long solve and take it up again later.

    It hooks the solver's one recursive method: a solve cut short leaves only finished
    positions in the transposition table (a position's bounds are stored when its search
    completes), so starting the same solve again goes quickly through what was done.
    """

    CHECK_EVERY = 1023  # nodes between looks at the clock (a mask)

    def __init__(self, game: str) -> None:
        super().__init__(game)
        self.deadline = float("inf")

    def _search(self, *args: int) -> bool:  # type: ignore[override]
        if not self.nodes & self.CHECK_EVERY and time.perf_counter() > self.deadline:
            raise Interrupted
        return super()._search(*args)


class OpenThaasDeal(ThaasDeal):
    """Thaas played to the 13th trick (no 7-trick lock): the review's yardstick."""

    __slots__ = ()

    def _deal_is_decided(self) -> bool:
        if self.tricks_played < 13:
            return False
        a, b = self.tricks
        self.winner = 0 if a > b else 1
        self.sweep = a == 13 or b == 13
        return True


def open_deal(deal: TrickDeal) -> TrickDeal:
    """A fresh copy of ``deal``'s start, as the review replays it (Thaas without the lock)."""
    cls = OpenThaasDeal if isinstance(deal, ThaasDeal) else type(deal)
    set_aside = deal.set_aside if deal.set_aside >= 0 else None
    return cls(list(deal.start_hands), deal.dealer, deal.mode, set_aside)


@dataclass(frozen=True)
class Score:
    """A team's whole-deal score on the review's scale: tricks, and in Dhihaeh tens."""

    game: str
    tricks: int
    tens: int = 0

    @classmethod
    def from_points(cls, game: str, points: int) -> Score:
        if game == "dhihaeh":
            return cls(game, points % TEN_SCORE, points // TEN_SCORE)
        return cls(game, points)

    @property
    def points(self) -> int:
        """One number that orders scores as the game does (a ten outweighs every trick)."""
        return self.tens * TEN_SCORE + self.tricks if self.game == "dhihaeh" else self.tricks

    @property
    def wins(self) -> bool:
        if self.game == "dhihaeh":
            return self.points >= DHIHAEH_TARGET
        return self.tricks >= 7


def _taken(d: TrickDeal, team: int) -> int:
    if isinstance(d, DhihaehDeal):
        return TEN_SCORE * d.tens[team] + d.tricks[team]
    return d.tricks[team]


def _most_to_come(d: TrickDeal) -> int:
    left = 13 - d.tricks_played
    if isinstance(d, DhihaehDeal):
        tens_left = (TENS & ~d.played | TENS & d.trick_mask).bit_count()
        return left + TEN_SCORE * tens_left
    return left


def can_score(solver: Solver, d: TrickDeal, team: int, points: int) -> bool:
    """Can ``team`` end the deal with at least ``points`` (its whole-deal score)?"""
    need = points - _taken(d, team)
    if need <= 0:
        return True
    if d.over or need > _most_to_come(d):
        return False
    probe = d.copy()
    if isinstance(d, DhihaehDeal):
        probe.tens = [0, 0]
        probe.tricks = [0, 0]
        probe.tricks[team] = DHIHAEH_TARGET - need
    else:
        probe.tricks = [0, 0]
        probe.tricks[team] = 7 - need
    return solver.wins(probe, team)


def best_score(solver: Solver, d: TrickDeal, team: int, hint: int | None = None) -> Score:
    """The most ``team`` can score in the whole deal from ``d`` against best defence.

    ``hint`` (a likely answer, e.g. a neighbouring position's) is tried first, which
    usually settles the search in two solves.  Raises :class:`Unsolvable` while the
    hidden hukum is face down or the hukum is still to be declared.
    """
    lo = _taken(d, team)  # surely reached
    hi = lo + _most_to_come(d)  # at most
    if hint is not None and lo < hint <= hi:
        if can_score(solver, d, team, hint):
            lo = hint
            if hint == hi or not can_score(solver, d, team, hint + 1):
                return Score.from_points(d.game, hint)
            lo = hint + 1
        else:
            hi = hint - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if can_score(solver, d, team, mid):
            lo = mid
        else:
            hi = mid - 1
    return Score.from_points(d.game, lo)
