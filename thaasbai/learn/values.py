"""What a position is worth to a team with every card seen: the exact solver, graded.

:class:`~thaasbai.bots.solver.Solver` answers one yes/no question (can the team still
win?).  A review needs *how much* a card cost, so this asks it for several targets: the
solver's target is what the team still needs (``7 - tricks`` in Thaas, ``35 - 14 * tens
- tricks`` in Dhihaeh), so setting the taken counts on a copy turns "can it win?" into
"can it still score ``s``?", and a search from a hint (then a binary search) finds the
most it can.  One solver's transposition table holds bounds on the score to come, so it
serves every target.  :func:`value_cards` values one decision: the played card exactly,
then whether another card does better, one probe per class of equivalent cards.

Reviews use :mod:`~thaasbai.bots.open_hukum`'s solvers (:func:`review_solver`), exact as
well: they value the first discard of an open implicit hukum suit by suit, and in Thaas
natively with endplay the C double-dummy solver values every position after it.

Thaas deals are replayed as :class:`OpenThaasDeal`, which plays all 13 tricks: the
7-trick lock never changes who wins (13 is odd), and without it the value of a
position just before the lock and just after it are measured alike (tricks a team could
take), which is the yardstick the review measures with.

A review tells apart only what the game scores (:data:`LEVELS`): in Thaas being swept,
losing, winning and sweeping; in Dhihaeh also the Bangs.  A card that takes a tenth
trick instead of a ninth changes nothing in Thaas (the lock throws those tricks in), so
it is not a better card, and proving how many tricks past the deal's result a card
takes was almost all of a review's work (seed 5's: 99.8% of its 1.56M nodes).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..bots import fast
from ..bots.open_hukum import HybridSolver, OpenHukumSolver
from ..bots.solver import DHIHAEH_TARGET, TEN_SCORE, Solver, Unsolvable, card_classes
from ..engine.cards import TENS, Card
from ..engine.trick import DhihaehDeal, ThaasDeal, TrickDeal

__all__ = [
    "BoundedHybridSolver",
    "BoundedOpenHukumSolver",
    "BoundedSolver",
    "CardValues",
    "Interrupted",
    "OpenThaasDeal",
    "Score",
    "Unsolvable",
    "best_score",
    "can_score",
    "dds_card_values",
    "open_deal",
    "review_solver",
    "value_cards",
    "win_points",
]

NEAR_HINT = 2  # scores tried one by one next to a hint before a binary search
# The whole-deal scores (:attr:`Score.points`) at which the game's result changes, the
# only ones a review tells apart (docs/UI.md, "What a Review's verdict measures"):
# Thaas: swept, lost (1-6 tricks), won (7-12), a sweep (13).
# Dhihaeh (points: 14 a ten, 1 a trick): the other team's Big Bang, its Bang, lost,
# won (three tens, or two and seven tricks), a Bang, a Big Bang.
LEVELS: dict[str, tuple[int, ...]] = {
    "thaas": (0, 1, 7, 13),
    "dhihaeh": (0, 1, TEN_SCORE, DHIHAEH_TARGET, 4 * TEN_SCORE, 4 * TEN_SCORE + 13),
}


class Interrupted(Exception):
    """A solve passed its deadline; what it had finished stays in the solver's table."""


class BoundedSolver(Solver):
    """The exact solver with a deadline, so a review can stop (and, in the browser, give
    the event loop a turn) in the middle of a long solve and take it up again later.

    It looks at the clock every :attr:`CHECK_EVERY` nodes, through the solver's node
    limit check (no extra call per node).  A solve cut short leaves only finished
    positions in the transposition table (a position's bounds are stored when its search
    completes), so starting the same solve again goes quickly through what was done.
    """

    CHECK_EVERY = 1024  # nodes between looks at the clock

    def __init__(self, game: str) -> None:
        super().__init__(game)
        self.deadline = float("inf")
        self._check_at = 0  # the solver calls _stopped() when its node count gets here

    def _stopped(self) -> None:
        if self.nodes >= self._check_at:
            self._check_at = self.nodes + self.CHECK_EVERY
            if time.perf_counter() > self.deadline:
                raise Interrupted
        super()._stopped()


class BoundedOpenHukumSolver(BoundedSolver, OpenHukumSolver):
    """The solver that values the first discard of an open hukum suit by suit
    (:mod:`~thaasbai.bots.open_hukum`), with the same deadline."""


class BoundedHybridSolver(BoundedSolver, HybridSolver):
    """The hybrid solver (DDS after the first discard: natively with endplay only) with
    the same deadline; a DDS call counts as
    :data:`~thaasbai.bots.open_hukum.DDS_CALL_NODES` nodes towards the next look at the
    clock."""


def review_solver(game: str, dds: bool) -> BoundedSolver:
    """The solver a review uses: the one built around the first discard of an open
    hukum, for Thaas with DDS after it natively when endplay is there."""
    if dds and game == "thaas" and fast.AVAILABLE:
        return BoundedHybridSolver(game)
    return BoundedOpenHukumSolver(game)


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
    """A team's whole-deal score on the review's scale: tricks, and in Dhihaeh tens.

    A review's scores are :data:`LEVELS`: the least score that makes the result (7
    tricks is "won" in Thaas, 13 "a sweep")."""

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
        return self.points >= win_points(self.game)


def win_points(game: str) -> int:
    """The whole-deal score (:attr:`Score.points`) at which a team wins the deal."""
    return DHIHAEH_TARGET if game == "dhihaeh" else 7


def level_of(game: str, points: int) -> int:
    """The game's result a whole-deal score makes: the highest level it reaches."""
    return max(x for x in LEVELS[game] if x <= points)


def _as_level(game: str, hint: int | None) -> int | None:
    return None if hint is None else level_of(game, max(0, hint))


def _next_level(game: str, points: int) -> int:
    return min(x for x in LEVELS[game] if x > points)


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
    """The best result (:data:`LEVELS`) ``team`` can reach in the whole deal from ``d``
    against best defence.

    ``hint`` (a likely answer, e.g. a neighbouring position's) is tried first, then the
    levels next to it, one at a time (a neighbour's result is rarely far off, and each
    probe near the answer is a full solve), then a binary search.
    Raises :class:`Unsolvable` while the hidden hukum is face down or the hukum is still
    to be declared.
    """
    hint = _as_level(d.game, hint)
    lo = level_of(d.game, _taken(d, team))  # surely reached
    hi = level_of(d.game, _taken(d, team) + _most_to_come(d))  # at most
    levels = [x for x in LEVELS[d.game] if lo <= x <= hi]
    i, j = 0, len(levels) - 1  # the answer is levels[i..j]
    if hint in levels[1:]:
        k = levels.index(hint)
        if can_score(solver, d, team, hint):
            i = k
            for _ in range(NEAR_HINT):
                if i == j:
                    break
                if not can_score(solver, d, team, levels[i + 1]):
                    j = i
                    break
                i += 1
        else:
            j = k - 1
            for _ in range(NEAR_HINT):
                if i == j:
                    break
                if can_score(solver, d, team, levels[j]):
                    i = j
                    break
                j -= 1
    while i < j:
        mid = (i + j + 1) // 2
        if can_score(solver, d, team, levels[mid]):
            i = mid
        else:
            j = mid - 1
    lo = levels[i]
    return Score.from_points(d.game, lo)


@dataclass(frozen=True)
class CardValues:
    """What the cards of one decision are worth: the played one, the best, and the
    lowest card (in card order) that reaches the best when the played one does not.

    With ``exact`` False the scores are bounds, which is all the verdict needs (see
    :func:`value_cards`): either the played card is the best (``better`` None) and both
    are what it is known to reach, not proven the most (no other card reaches more); or
    the played card loses the deal and ``better`` wins it, the played one's score at
    most and the better one's at least the winning score (the deal itself is the
    verdict)."""

    played: Score
    best: Score
    better: Card | None
    exact: bool = True


def value_cards(
    solver: Solver, d: TrickDeal, team: int, played: Card, hint: int | None = None
) -> CardValues:
    """Values the seat to act's cards at ``d`` (its side is ``team``) on the whole-deal
    scale, in the game's results (:data:`LEVELS`): the played card, then, card class by
    class, whether another does better (one probe each at the level above the best so
    far, climbing while it does).

    The classes are cards equivalent once the played cards are gone (adjacent in rank in
    one suit; a ten is its own class in Dhihaeh), tried from the lowest card up, so the
    card named is the lowest that reaches the best, as a card-by-card search would name.

    The played card is first only shown to reach ``hint`` (a neighbouring decision's
    value), not proven to reach no more: that proof, a search that must refute every
    line, is the dearest probe of a decision.  It is made only once another card does
    better than ``hint``, when how much better depends on it; when none does, the played
    card is the best and its value stays "at least" (``exact`` False).  Seed 5's review
    (bench/learn.py) took 22% fewer nodes, the ten seeds' 8.5% fewer.

    A card that wins a deal the played card loses is the verdict by the deal itself:
    the game is won at 7 tricks (35 points in Dhihaeh), and tricks past that are never
    played (the lock).  So the card named then is the lowest that wins the deal, and
    neither how many tricks it would take nor the played card's exact score is sought
    (``exact`` False: both are bounds).  When the played card falls short of a hint
    equal to the winning score, the other cards are asked that first.  Seeds 0-59's
    pure-Python reviews (bench/learn.py): 37.3M nodes before, 33.3M after; seed 31's
    2.30M before, 0.83M after (docs/PERFORMANCE.md).
    """
    hint = _as_level(d.game, hint)
    after = d.copy()
    after.play_card(played)
    taken = _taken(after, team)
    # The other cards, one per class (its lowest), each with the position after it.
    alts = []
    for cls in _card_classes(d):
        if played not in cls:
            alt = d.copy()
            alt.play_card(cls[0])
            alts.append((cls[0], alt))
    win = win_points(d.game)
    if (
        hint is not None
        and taken < hint <= taken + _most_to_come(after)
        and can_score(solver, after, team, hint)
    ):
        vp, exact = hint, False
    else:
        if hint == win and taken < win:
            # The played card falls short of the winning score (the hint, a later
            # decision's value): it loses the deal, so a card that wins it is the
            # verdict (by the deal itself), asked before the played card's exact value.
            for card, alt in alts:
                if can_score(solver, alt, team, win):
                    return CardValues(
                        Score.from_points(d.game, level_of(d.game, hint - 1)),
                        Score.from_points(d.game, win),
                        card,
                        exact=False,
                    )
        vp, exact = best_score(solver, after, team, hint).points, True
    best = vp
    better = None
    top = level_of(d.game, _taken(d, team) + _most_to_come(d))
    for card, alt in alts:
        while best < top and can_score(solver, alt, team, _next_level(d.game, best)):
            if not exact:
                # Another card does better than the played one is known to: its exact
                # value now decides the verdict.
                vp, exact = best_score(solver, after, team, vp).points, True
                if vp > best:
                    best = vp
                    continue
            best = _next_level(d.game, best)
            better = card
            if vp < win <= best:
                # The played card loses the deal and this one wins it: that is the
                # verdict (by the deal itself), how many more tricks it takes is not.
                return CardValues(
                    Score.from_points(d.game, vp),
                    Score.from_points(d.game, best),
                    better,
                    exact=False,
                )
    if vp >= best:
        better = None
    return CardValues(Score.from_points(d.game, vp), Score.from_points(d.game, best), better, exact)


def dds_card_values(d: TrickDeal, team: int, played: Card) -> CardValues:
    """:func:`value_cards`'s answer from DDS, which values every card at once: Thaas with
    the hukum known (or none), natively with the ``fast`` extra.  The card named is the
    one :func:`value_cards` names: the lowest that reaches the best, or, when the played
    card loses the deal and another wins it, the lowest that wins it."""
    taken = d.tricks[team]
    values = {c: level_of(d.game, taken + t) for c, t in fast.card_tricks(d).items()}
    vp = values[played]
    best = max(values.values())
    win = win_points(d.game)
    reach = win if vp < win <= best else best
    better = min(c for c, v in values.items() if v >= reach) if vp < best else None
    return CardValues(Score(d.game, vp), Score(d.game, best), better)


def _card_classes(d: TrickDeal) -> list[list[Card]]:
    """The legal cards of the seat to act in classes of equal worth, lowest card first."""
    seat = d.to_act
    others = d.trick_mask
    for s in range(4):
        if s != seat:
            others |= d.hands[s]
    tens = TENS if isinstance(d, DhihaehDeal) else 0
    return card_classes(d.legal_mask(), others, tens)
