"""Review of a finished deal: at each of a player's decisions, was there a better one?

With every hand known (the deal's record), the exact solver values the card played and
then asks whether another does better (:func:`.values.value_cards`); when one does, the
lowest card that does best is named (the lowest that wins the deal, when the played one
loses it), with what the played one cost in what the game scores (:data:`.values.LEVELS`):
the deal, a sweep, in Dhihaeh a Bang; the Bhabhi outcome in Thulla once two players are
left (see :mod:`.thulla_endgame`).  Early positions can take the pure-Python solver far longer
than a device allows, so :class:`Reviewer` works from the last trick back, on a budget,
and can be resumed: its :meth:`Reviewer.result` says which tricks are analysed so far.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from ..bots import fast
from ..bots.budget import Budget
from ..engine.actions import Action, format_action
from ..engine.cards import Seat, card_name
from ..engine.errors import RecordError
from ..engine.match import Match
from ..engine.record import replay
from ..engine.thulla import ThullaDeal
from ..engine.trick import TrickDeal
from . import thulla_endgame as tg
from .values import (
    LEVELS,
    BoundedSolver,
    Interrupted,
    Score,
    Unsolvable,
    dds_card_values,
    open_deal,
    review_solver,
    value_cards,
)

# Statuses of one decision.
BEST, BETTER, UNJUDGED, PENDING = "best", "better", "unjudged", "pending"
REVIEW_BUDGET_MS = 10_000
# The longest the solver runs before the review yields (the browser's event loop gets a
# turn); a solve cut short is taken up again next time, its finished work kept.
SLICE_MS = 50

ReviewSteps = Generator[None, None, "Review"]


@dataclass(frozen=True)
class Verdict:
    """One decision of the reviewed seat and what the solver makes of it."""

    index: int  # the action's index in the deal's record
    trick: int  # the trick it was made in, from 1
    played: Action
    status: str = PENDING
    better: Action | None = None
    played_value: Score | int | None = None  # Score, or a Thulla outcome (SAFE/DRAW/BHABHI)
    best_value: Score | int | None = None
    words: str = ""
    # False: the values are bounds (see values.CardValues): a best play's what it is
    # known to reach, not proven the most (no other card reaches more); or, when the
    # played card loses the deal and the better one wins it, the played one's at most
    # and the better one's at least the winning score
    exact: bool = True


@dataclass(frozen=True)
class Review:
    """The verdicts on one seat's decisions in one deal, in play order."""

    game: str
    deal: int
    seat: Seat
    verdicts: tuple[Verdict, ...]
    analysed_tricks: tuple[int, ...]  # every decision in these tricks is judged or unjudged
    complete: bool

    @property
    def mistakes(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if v.status == BETTER)


@dataclass
class _Position:
    index: int
    before: TrickDeal | ThullaDeal
    played: Action
    verdict: Verdict | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def load(record: dict | Match) -> Match:
    """The replayed match of a record; a malformed one raises :class:`RecordError`."""
    return record if isinstance(record, Match) else replay(record)


class Reviewer:
    """Reviews one seat's decisions in one deal of a record, last trick first, resumable.

    ``steps(budget_ms)`` yields between decisions (a pause point for the browser's
    event loop) and returns the review so far; call it again to go on analysing.
    """

    def __init__(
        self, record: dict | Match, seat: Seat, deal_index: int = -1, dds: bool = True
    ) -> None:
        match = load(record)
        if not match.logs:
            raise RecordError("the record has no deal to review")
        try:
            log = match.logs[deal_index]
            final = match.deals[deal_index]
        except IndexError:
            raise RecordError(f"the record has no deal {deal_index}") from None
        if not 0 <= seat < match.seats:
            raise RecordError(f"no seat {seat} at this table")
        self.game = match.game
        self.seat = seat
        self.deal_index = deal_index % len(match.logs)
        self.thulla = isinstance(final, ThullaDeal)
        self._start = (tuple(log.hands), log.dealer, match.seats)
        self._actions = list(log.actions)
        self.positions = self._positions(final, self._actions)
        self._todo = list(reversed(self.positions))
        # Natively, with the ``fast`` extra, Thaas with a known hukum goes to the C
        # double-dummy solver (all cards at once, in milliseconds), and so does every
        # position after the first discard while the implicit hukum is still open (the
        # hybrid solver); never in the browser.
        self.dds = dds and fast.AVAILABLE
        self._solver = None if self.thulla else review_solver(self.game, self.dds)
        self._endgame = tg.Endgame(seat) if self.thulla else None

    def _positions(self, final: TrickDeal | ThullaDeal, actions: list) -> list[_Position]:
        """The reviewed seat's decisions among ``actions``, each with the deal before it."""
        hands, dealer, seats = self._start
        if self.thulla:
            deal: TrickDeal | ThullaDeal = final.__class__(list(hands), dealer, seats)
        else:
            deal = open_deal(final)
        out = []
        for j, (s, a) in enumerate(actions):
            if s == self.seat:
                out.append(_Position(j, deal.copy(), a))
            deal.apply(s, a)
        return out

    def follow(self, record: dict | Match, deal_index: int = -1) -> bool:
        """Take in the decisions made since, when ``record``'s deal ``deal_index`` is this
        deal played on (a review begun while it was played: the solo table's, while the
        player thinks); the newest are judged first, and the verdicts so far are kept.
        False, and nothing changed, when it is another deal.  A malformed record raises
        :class:`RecordError`."""
        match = load(record)
        try:
            log = match.logs[deal_index]
            final = match.deals[deal_index]
        except IndexError:
            return False
        actions = list(log.actions)
        old = self._actions
        if (
            (tuple(log.hands), log.dealer, match.seats) != self._start
            or match.game != self.game
            or actions[: len(old)] != old
        ):
            return False
        if len(actions) == len(old):
            return True
        fresh = self._positions(final, actions)[len(self.positions) :]
        self._actions = actions
        self.positions.extend(fresh)
        self._todo = list(reversed(fresh)) + self._todo
        return True

    def focus(self, tricks: set[int]) -> None:
        """Judge only the decisions in ``tricks`` (say, the one the player is looking at),
        last first; the others stay pending."""
        self._todo = [p for p in self._todo if _trick_of(p.before) in tricks]

    @property
    def todo(self) -> int:
        """How many decisions are still to be judged."""
        return len(self._todo)

    @property
    def solver(self) -> BoundedSolver | None:
        """The exact solver the review uses (None in Thulla, which has its own endgame)."""
        return self._solver

    # -- results ----------------------------------------------------------------------

    def result(self) -> Review:
        verdicts = tuple(
            p.verdict or Verdict(p.index, _trick_of(p.before), p.played) for p in self.positions
        )
        tricks: dict[int, bool] = {}
        for v in verdicts:
            tricks[v.trick] = tricks.get(v.trick, True) and v.status != PENDING
        return Review(
            game=self.game,
            deal=self.deal_index,
            seat=self.seat,
            verdicts=verdicts,
            analysed_tricks=tuple(sorted(t for t, done in tricks.items() if done)),
            complete=not self._todo,
        )

    # -- the work ---------------------------------------------------------------------

    def steps(self, budget_ms: float = REVIEW_BUDGET_MS, slice_ms: float = SLICE_MS) -> ReviewSteps:
        """Judge decisions, last first, until all are done or ``budget_ms`` is spent;
        yields at least every ``slice_ms`` and returns :meth:`result`."""
        budget = Budget(budget_ms)
        while self._todo and not budget.spent():
            p = self._todo[0]
            if self._solver is not None:
                self._solver.deadline = min(
                    budget.deadline, time.perf_counter() + slice_ms / 1000.0
                )
            try:
                p.verdict = self._judge_thulla(p) if self.thulla else self._judge_trick(p)
            except Interrupted:
                yield  # the slice is up: the same decision is taken up again
                continue
            self._todo.pop(0)
            yield
        return self.result()

    def _judge_trick(self, p: _Position) -> Verdict:
        d = p.before
        assert isinstance(d, TrickDeal) and self._solver is not None
        trick = _trick_of(d)
        if d.declaring:
            words = "The hukum call is not judged."
            return Verdict(p.index, trick, p.played, UNJUDGED, words=words)
        team = self.seat & 1
        try:
            if self.dds and fast.maps_to_bridge(d):
                values = dds_card_values(d, team, p.played)  # every card at once
            else:
                values = value_cards(self._solver, d, team, p.played, self._hint())
        except Unsolvable:
            return Verdict(
                p.index,
                trick,
                p.played,
                UNJUDGED,
                words="The hukum was still face down: no exact answer.",
            )
        played, best = values.played, values.best
        p.extra["points"] = best.points
        if played.points >= best.points:
            return Verdict(
                p.index, trick, p.played, BEST, None, played, best, "Best play.", values.exact
            )
        words = _trick_words(p, values.better, played, best)
        return Verdict(
            p.index, trick, p.played, BETTER, values.better, played, best, words, values.exact
        )

    def _hint(self) -> int | None:
        for q in self.positions:
            if "points" in q.extra:
                return q.extra["points"]
        return None

    def _judge_thulla(self, p: _Position) -> Verdict:
        d = p.before
        assert isinstance(d, ThullaDeal) and self._endgame is not None
        trick = _trick_of(d)
        if tg.players_left(d) != 2 or not d.in_round[self.seat]:
            return Verdict(
                p.index,
                trick,
                p.played,
                UNJUDGED,
                words="Three or more players were still in the round: no exact answer.",
            )
        eg = self._endgame
        try:
            best = eg.value(d)
            played = eg.after(d, self.seat, p.played)
            if played >= best:
                return Verdict(p.index, trick, p.played, BEST, None, played, best, "Best play.")
            better = None
            for a in d.legal_actions(self.seat):
                if a != p.played and eg.after(d, self.seat, a) >= best:
                    better = a
                    break
        except tg.TooBig:
            return Verdict(
                p.index, trick, p.played, UNJUDGED, words="Too long to work out on this device."
            )
        words = _thulla_words(p, better, played, best)
        return Verdict(p.index, trick, p.played, BETTER, better, played, best, words)


def review_steps(
    record: dict | Match, seat: Seat, deal_index: int = -1, budget_ms: float = REVIEW_BUDGET_MS
) -> ReviewSteps:
    """A review of ``seat``'s decisions in one deal, as a generator (see :class:`Reviewer`)."""
    return Reviewer(record, seat, deal_index).steps(budget_ms)


def _trick_of(d: TrickDeal | ThullaDeal) -> int:
    return (d.tricks_done if isinstance(d, ThullaDeal) else d.tricks_played) + 1


def _name(a: Action | None) -> str:
    if a is None:
        return "another card"
    return card_name(a) if 0 <= a < 52 else format_action(a)


# What a card reaching each result above the lowest (values.LEVELS, in order) would have
# done, in the game's words.
_RESULT_WORDS = {
    "thaas": ("kept the other team from a sweep", "won the deal", "made a sweep"),
    "dhihaeh": (
        "kept the other team from a Big Bang",
        "kept the other team from a Bang",
        "won the deal",
        "made a Bang",
        "made a Big Bang",
    ),
}


def _trick_words(p: _Position, better: Action | None, played: Score, best: Score) -> str:
    """What the played card cost, in what the game scores: the deal, a sweep, a Bang.

    When the played card loses the deal, the card named is the lowest that wins it,
    which may not reach the best result (DDS values every card), so the words say only
    that it wins."""
    lead = f"{_name(better)} instead of {_name(p.played)}"
    if best.wins and not played.wins:
        return f"{lead} would have won the deal."
    words = dict(zip(LEVELS[best.game][1:], _RESULT_WORDS[best.game], strict=True))
    return f"{lead} would have {words[best.points]}."


def _thulla_words(p: _Position, better: Action | None, played: int, best: int) -> str:
    lead = f"{_name(better)} instead of {_name(p.played)}"
    if played == tg.BHABHI:
        return f"{lead} would have saved you from being the Bhabhi."
    return f"{lead} would have got you out safe."
