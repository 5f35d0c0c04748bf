"""Ultra: Hard's paired flat search with sharper card reading, and an exact endgame.

Early in a deal it scores every candidate move on the same sampled worlds with
deterministic Normal rollouts (:func:`.hard.flat_search_steps`).  What sets it above Hard is
how it reads the cards: it weighs each world by how well it explains the other seats'
plays under a sharper model of them (``P_MATCH``), and since such weights leave only a
few worlds that count, it spends its rollouts on those (Russian roulette on the light
ones, :mod:`.roulette`), so it judges its moves on several times Hard's effective worlds
and leaves Normal's move on a lower bar (``Z``).  Once hands are small and every card is
in a known place in each world (no face-down hukum), it switches to perfect-information
Monte Carlo with the exact solver: each sampled world is solved for every candidate move,
and the move that wins in the most (weighted) worlds is played.

``trick_search="ismcts"`` runs single-observer ISMCTS instead before the endgame in Thaas
and Dhihaeh: every iteration draws a world from a pool of sampled deals resampled by
inference weight, walks one shared tree of the seat's information set (UCB with
availability counts, since a move is legal only in some worlds), expands one node and
finishes with a Normal rollout.  Anytime: it returns its best move when the wall-clock
budget runs out.
"""

from __future__ import annotations

import math
import random
import time
from bisect import bisect_left
from itertools import accumulate

from ..engine.actions import ACCEPT, Action
from ..engine.cards import FULL_DECK, cards_of
from ..engine.thulla import ANSWER
from ..engine.trick import TrickDeal
from ..engine.views import ThullaView, TrickView, View
from . import fast as _fast
from .base import Steps, finish
from .budget import Budget
from .dd_outcomes import TARGET, team_outcomes
from .hard import Z as HARD_Z
from .hard import flat_search_steps, move_to_beat
from .inference import Knowledge, knowledge, play_likelihood, sample_world
from .posterior import PosteriorSampler
from .postponed import PostponedScore
from .rollout import history_voids, thulla_rollout, thulla_value, trick_rollout, trick_value
from .search_common import (
    apply_action,
    bridge_view,
    candidates,
    forced_action,
)
from .solver import SearchAborted, Solver
from .thulla_finish import ExactFinish
from .thulla_solver import BHABHI, ThullaSolver, TooBig, two_player_hands
from .tie_rollouts import TieRollouts
from .trick_finish import TrickFinish
from .trick_reading import trick_likelihood
from .world_source import WorldSource

ENDGAME_CARDS = {"thaas": 7, "dhihaeh": 5}  # the faster solver: Thaas from 7 cards (was 6)
# (``UltraBot(endgame_cards=n)`` moves it in every game, for comparison.)  Judged double
# dummy on single Thaas implicit decisions (bench/endgame_regret.py, docs/STRENGTH.md,
# session 8), 7 is about where the two searches cross: the solver is clearly better at 6
# cards, no better at 7, and worse at 8, where it manages a few dozen worlds a move.
# With no hukum the solver is cheap enough to lean better from 9 cards on single
# decisions, but in deals against pimc-dds it came out level (-1.3 points a deal over
# 120 deals, session 20), so every mode keeps the same start.  From 8 cards with the
# endgame roulette it led on five screens (105 deals given up against 139 of 750) and then
# lost 6 points to the default against Hard in the arena (session 24): the screens' double
# dummy judge flatters the solver.
# One exact solve may search this many nodes (about 0.2 s here) before its world is
# skipped: the rare slow world would otherwise overrun the move's budget.
WORLD_NODES = 60_000
# Thulla with two players left is solved exactly (:mod:`.thulla_solver`) when it fits:
# this many lead nodes a move (about half a second here), and never past
# ``THULLA_SHARE`` of the move's budget, so the flat search keeps the rest when it does
# not fit, or when the position is lost against best play (the other player may still
# go wrong, which the rollouts model and the exact search does not).  The search yields
# every ``THULLA_SLICE_S`` (the browser's event loop), its finished nodes kept.
THULLA_NODES = 150_000
THULLA_CARDS = 30  # more cards in the two hands than this: not tried (at 28, 20k nodes)
THULLA_SHARE = 0.7
THULLA_SLICE_S = 0.05
THULLA_TABLE_MAX = 1_000_000  # lead nodes kept between moves before the table is cleared
# With ``thulla_throws`` Thulla's flat search tries every card a seat can throw on a
# thulla (the thrown card goes to the seat that picks up, so neighbours in rank are not
# alike there: search_common.candidates).  Measured against Hard it gained nothing (15%
# Bhabhi against 13% on the same 100 rounds, session 16): Normal's card, the highest, is
# always tried, and the extra candidates thin out each one's worlds.  Kept as an option.
THULLA_THROWS = False
# Thulla's card reading (:mod:`.thulla_reading`, at ``P_MATCH``): "none" (every sampled
# world counts alike, as Hard's), "roulette" (worlds weighed as in Thaas, light ones
# through the roulette) or "chain" (worlds from Metropolis chains, :mod:`.posterior`).
# Against three Hard bots (session 16, docs/STRENGTH.md) "chain" gave 11% and 20% Bhabhi
# against "none"'s 13% and 22% on two sets of 100 rounds: the same lean on both, too
# small to be sure of; "roulette" 16-18% on the first set (few effective worlds).
THULLA_READER = "chain"
# Thulla rollouts that end with the exact two-player search (:mod:`.thulla_finish`) once
# two players are left, rather than with Normal's play of that ending.  Against three
# Hard bots (session 22, docs/STRENGTH.md) the Bhabhi rate was 12.75% of 400 rounds, on
# the rounds where it was 18.0% and 17.5% before.
THULLA_EXACT = True
THULLA_READERS = ("none", "roulette", "chain")
# Where a Metropolis chain (either game's "chain" reader) starts: 1, an independent
# sample; n > 1, one of n samples drawn by weight, then a shorter burn-in
# (:data:`.posterior.SIR_STARTS`).  Such chains read the cards closer to the exact
# posterior, but in the arena (session 27, docs/STRENGTH.md) 30 starts gave Thulla 14
# Bhabhi rounds of 110 against the default's 13 on the same rounds, and Thaas's chain
# reader 58.1% of 160 plays against Hard where the default roulette had 61.9%.
CHAIN_STARTS = 1
# Thaas and Dhihaeh rollouts of the flat search that end with the exact solver once hands
# hold this many cards (:mod:`.trick_finish`; 0: Normal plays them to the end).  As
# Thulla's exact endings gained (``THULLA_EXACT``), this was tried from 5 cards in Thaas
# `implicit` against Hard (session 25, docs/STRENGTH.md): it costs half the worlds of a
# move at 12 cards a hand and a third at 10, and won 57.5% of 480 plays against the
# default's 59.0% on the same deals (-1.5 points, paired -5.9 to +3.0).  Kept as an option.
TRICK_FINISH_CARDS = 0
POOL_SIZE = 200
# Thaas and Dhihaeh before the endgame: "flat" (Hard's paired search on Ultra's budget)
# or "ismcts".  Against Hard both measured about the same (54% and 53% of 100 plays).
TRICK_SEARCH = "flat"
UCB_C = 0.7
# Card reading.  Ultra's worlds weigh how well they explain the other seats' plays if they
# played like Normal: ``P_MATCH`` for Normal's card (Hard uses 0.6).  The sharper model
# leaves few worlds that count, so before their rollouts light worlds go through Russian
# roulette (``ROULETTE`` of the heaviest seen is the bar: :mod:`.roulette`); "chain" draws
# worlds from Metropolis chains instead (:mod:`.posterior`), and "weights" weighs every
# sampled world as Hard does.
P_MATCH = 0.85
READER = "roulette"
READERS = ("roulette", "chain", "weights")
ROULETTE = 0.3
# Ultra leaves its move to beat when another beats it by this many standard errors of the
# paired difference (Hard: 1.5) in Thaas and Dhihaeh; its larger sample makes the smaller
# bar safe.  0.75 until session 37: with ``TEAM_RULES`` the move to beat is stronger, and
# the pair beat either part alone (docs/STRENGTH.md, sessions 36-37).  Thulla keeps
# Hard's bar, with which Ultra's Bhabhi rate was measured.
Z = 1.15
# The endplay (whole Thaas deals to the C double-dummy solver).  ``END_SCORE`` "wins"
# counts the worlds each card wins; "tricks" solves every card exactly once hands have at
# most ``EXACT_CARDS`` cards (earlier, an exact solve costs 5-20 times DDS's target mode)
# and breaks the many ties of a win count (every card wins, or none does) by the tricks
# the team takes.  ``END_P_MATCH`` is the card reading there (0: every world weighs the
# same; None: as ``p_match``).  Against pimc-dds, "tricks" on uniform worlds gave up
# fewer double-dummy wins move by move (bench/endplay_regret.py: 63 against 68 of 455
# positions) but no more deals in the arena (43.3% against 46.7% of the same 30 deals,
# docs/STRENGTH.md), so the default stays the win count on Normal-weighted worlds.
END_SCORE = "wins"
# "margin" counts a world by how far the team's tricks land from the 7 it needs, on a
# logistic of ``MARGIN_SCALE`` tricks (from ``EXACT_CARDS`` down): a card that wins by two
# tricks double dummy should be safer against the slips still to come than one that wins
# by one, and one that loses by one closer to being saved.  Against pimc-dds in `none`
# (session 33, docs/STRENGTH.md) it won 54.2% of 120 plays where the default had 55.0% on
# the same deals (7 deals better, 9 worse).  Kept as an option.
END_SCORES = ("wins", "tricks", "margin")
MARGIN_SCALE = 0.5
EXACT_CARDS = 11
TRICK_WEIGHT = 0.01  # a trick counts for this much of a world won
END_P_MATCH: float | None = None
# Roulette before an endgame's solves too (a fraction, as ``ROULETTE``; 0: every sampled
# world is solved, weighing what it weighs).  With the 0.85 reading the weights are so
# uneven that 215 worlds solved at 7 cards a hand were worth about 5 (p50); dropping light
# worlds before their solves, which cost far more than their weights, gives about 30.  On
# single decisions at 7 cards it lost 37 deals of 400 where every world solved lost 61
# (docs/STRENGTH.md, session 23).
END_ROULETTE = ROULETTE
# The partner's cards are read on a ``p_match`` of their own (None: ``P_MATCH``, as the
# opponents').  An Ultra partner leaves Normal's card far more often than a Hard opponent
# (about 30% of its cards before the endgame against 11%), so 0.85 read too much into its
# play.  Against Hard (session 28, docs/STRENGTH.md) 0.7 won 61.7% of 480 plays where
# the reading at 0.85 had 59.6% on the same deals (+2.1 points, paired -1.6 to +5.8; no
# set of 80 deals worse).
PARTNER_P: float | None = 0.7
# The endplay's PIMC assumes the seat will know the world at its every later card, so it
# never fears a guess it leaves for later (strategy fusion).  From ``END_POSTPONE`` cards a
# hand down (0: never) it scores a card by one step of postponed reasoning instead
# (:mod:`.postponed`): the other seats' double-dummy cards up to the seat's next turn, and
# there one card for all the worlds it cannot tell apart, a small card in between known
# only as small (``POSTPONE_TOP``: the ranks told apart, from the top of each suit).
# Against pimc-dds in `none` (session 31, docs/STRENGTH.md) from 9 cards, and from 6, it
# won 54.2% of 120 plays where the default had 55.8% on the same deals: what it takes from
# PIMC's optimism it loses in worlds (several DDS solves each).  Kept as an option.
END_POSTPONE = 0
POSTPONE_TOP = 2
# How the endgame draws its weighted worlds: "roulette" (independent samples weighed by
# the reading, light ones through the roulette) or "chain" (Metropolis chains over card
# swaps, :mod:`.posterior`, each world counting as one).  Independent samples mostly
# contradict the play by mid-deal: against pimc-dds at 7-10 cards a hand the endplay drew
# some 1,500-2,000 of them a move to solve 26-87, worth 4-20 worlds.  Chains solve 87-281
# a move, but won 50.0% of 120 plays against pimc-dds in `none` where the roulette had
# 55.8% on the same deals (session 32, docs/STRENGTH.md).  Kept as an option.
END_READER = "roulette"
END_READERS = ("roulette", "chain")
# How the exact endgame chooses among cards that win the same (weighted) worlds double
# dummy, as every card does in a position lost in every world: "normal" keeps Normal's
# card (the first in card order when Normal's is not among them); "rollouts" plays each
# card on to the end in the same worlds with Normal's play by all four seats, as the flat
# search does, and plays the tied card that does best against such play, leaving
# Normal's on the flat search's bar (``Z``).  Double dummy, the defenders never go
# wrong; Hard's defenders, who mostly play Normal's card, do.  It changed the card in 23
# of 150 endgame positions, and against Hard (session 35, docs/STRENGTH.md) won 57.5% of
# 320 plays where the default had 58.1% on the same deals (34 deals better, 33 worse).
# Kept as an option.
END_TIES = "normal"
END_TIES_CHOICES = ("normal", "rollouts")
# Whether Ultra's own side plays the Normal bot's own rules (the open-hukum race: second
# hand low, the short suit led from its master) in its move to beat, its rollouts and
# its reading of the partner, the other side modelled without them, as Hard plays
# (``hard.flat_search_steps``'s ``team_rules``).  The rules win 53.3% of Normal-bot deals
# (session 26); as everyone's model they cost Ultra its margin over Hard, whose default
# gained them too.  Against Hard in `implicit` (session 36, docs/STRENGTH.md), paired
# with the default on the same deals: alone +1.25 points of 320 plays; with ``z`` 1.15
# (a bar that keeps the stronger move to beat more often) +4.7 of 320, then +2.7 of 480
# (61.0% against 58.3%, paired -1.4 to +6.8); on fresh deals (session 37)
# +3.75 of 320 plays (63.75%); 62.1% of all 800, +3.1 paired.
TEAM_RULES = True
# A card another seat followed with, where the world gives that seat a card worth as much
# just below it, weighs this much more (1: not read).  Every bot here, and Normal's rules,
# follow with the bottom of equal cards, so such a card denies the one below it; Normal's
# leads from touching honours do not, so leads are not read so.  The reading placed the
# unseen cards better on deals of pimc-dds and of Normal (bench/reading_score.py), and
# against pimc-dds in `none` with endplay it won 56.7% of 120 plays where Ultra without it
# had 52.5% on the same deals, and against Hard in `implicit` 61.9% of 160 plays, as without
# it (session 38, docs/STRENGTH.md).  0.3 rather than sharper:
# people follow from the top of equal cards more often than the bots do.
BOTTOM = 0.3


class _Node:
    __slots__ = ("children", "visits", "value", "avail")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 1


class _WorldPool:
    """Sampled worlds drawn again in proportion to their inference weight."""

    def __init__(self, view: View, rng: random.Random, k: Knowledge, size: int) -> None:
        self.view = view
        self.k = k
        self.worlds = [sample_world(view, rng, k) for _ in range(size)]
        weighted = isinstance(view, TrickView) and bool(view.history or view.trick)
        weights = [play_likelihood(view, w) if weighted else 1.0 for w in self.worlds]
        self.cum = list(accumulate(weights))

    def draw(self, rng: random.Random):
        x = rng.random() * self.cum[-1]
        return self.worlds[min(len(self.worlds) - 1, bisect_left(self.cum, x))]


class UltraBot:
    level = "ultra"
    default_budget_ms = 700

    def __init__(
        self,
        iterations: int | None = None,
        pool_size: int = POOL_SIZE,
        fast: bool = False,
        trick_search: str = TRICK_SEARCH,
        reader: str = READER,
        p_match: float = P_MATCH,
        z: float = Z,
        end_score: str = END_SCORE,
        end_p_match: float | None = END_P_MATCH,
        endgame_cards: int | None = None,
        end_roulette: float = END_ROULETTE,
        thulla_throws: bool = THULLA_THROWS,
        thulla_z: float = HARD_Z,
        thulla_reader: str = THULLA_READER,
        thulla_exact: bool = THULLA_EXACT,
        trick_finish_cards: int = TRICK_FINISH_CARDS,
        chain_starts: int = CHAIN_STARTS,
        partner_p: float | None = PARTNER_P,
        end_postpone: int = END_POSTPONE,
        end_reader: str = END_READER,
        end_ties: str = END_TIES,
        team_rules: bool = TEAM_RULES,
        bottom: float = BOTTOM,
    ) -> None:
        if trick_search not in ("flat", "ismcts"):
            raise ValueError(f"trick_search must be 'flat' or 'ismcts', not {trick_search!r}")
        if reader not in READERS:
            raise ValueError(f"reader must be one of {', '.join(READERS)}, not {reader!r}")
        if end_score not in END_SCORES:
            raise ValueError(f"end_score must be one of {', '.join(END_SCORES)}, not {end_score!r}")
        self.iterations = iterations
        self.thulla_throws = thulla_throws
        self.thulla_z = thulla_z
        if thulla_reader not in THULLA_READERS:
            raise ValueError(
                f"thulla_reader must be one of {', '.join(THULLA_READERS)}, not {thulla_reader!r}"
            )
        self.thulla_reader = thulla_reader
        self.endgame_cards = endgame_cards
        if not 0.0 <= end_roulette <= 1.0:
            raise ValueError(f"end_roulette must be in [0, 1], not {end_roulette}")
        self.end_roulette = end_roulette
        self.end_score = end_score
        self.end_p_match = p_match if end_p_match is None else end_p_match
        self.trick_search = trick_search
        self.reader = reader
        self.p_match = p_match
        self.z = z
        self.fast = fast and _fast.AVAILABLE
        self.pool_size = pool_size
        self._thulla_solver = ThullaSolver(THULLA_NODES)
        self.thulla_finish = ExactFinish() if thulla_exact else None
        if trick_finish_cards < 0:
            raise ValueError(f"trick_finish_cards must be 0 or more, not {trick_finish_cards}")
        self.trick_finish = TrickFinish(trick_finish_cards) if trick_finish_cards else None
        if chain_starts < 1:
            raise ValueError(f"chain_starts must be 1 or more, not {chain_starts}")
        self.chain_starts = chain_starts
        if partner_p is not None and not 0.0 < partner_p < 1.0:
            raise ValueError(f"partner_p must be in (0, 1), not {partner_p}")
        self.partner_p = partner_p
        if end_postpone < 0:
            raise ValueError(f"end_postpone must be 0 or more, not {end_postpone}")
        self.end_postpone = end_postpone
        if end_reader not in END_READERS:
            raise ValueError(
                f"end_reader must be one of {', '.join(END_READERS)}, not {end_reader!r}"
            )
        self.end_reader = end_reader
        if end_ties not in END_TIES_CHOICES:
            raise ValueError(
                f"end_ties must be one of {', '.join(END_TIES_CHOICES)}, not {end_ties!r}"
            )
        self.end_ties = end_ties
        self.team_rules = team_rules
        if not 0.0 < bottom <= 1.0:
            raise ValueError(f"bottom must be in (0, 1], not {bottom}")
        self.bottom = bottom
        self.last_iterations = 0
        self.last_mode = ""
        self.last_stats: dict[str, float] = {}
        # With ``end_ties="rollouts"``: the cards the last exact endgame found tied at
        # the top, among which its rollouts chose.
        self.last_tied: tuple[Action, ...] = ()

    def choose(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Action:
        return finish(self.steps(view, rng, budget_ms))

    def steps(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Steps:
        self.last_iterations = 0
        self.last_mode = ""
        self.last_stats = {}
        self.last_tied = ()
        forced = forced_action(view)
        if forced is not None:
            return forced
        moves = candidates(view, self.thulla_throws)
        default = move_to_beat(view, self.team_rules)
        ms = self.default_budget_ms if budget_ms is None else budget_ms
        budget = Budget(ms, self.iterations)
        hands = two_player_hands(view) if isinstance(view, ThullaView) else None
        if hands is not None and (hands[0] | hands[1]).bit_count() <= THULLA_CARDS:
            # Before the one-candidate shortcut: cards alike for the rollouts are not
            # alike as a thulla (the one thrown goes to the other hand).
            action = yield from self._thulla_endgame(view, default, budget, ms)
            if action is not None:
                self.last_mode = "thulla-endgame"
                return action
        if len(moves) == 1:
            return moves[0]
        k = knowledge(view)
        if self.fast and bridge_view(view):
            self.last_mode = "endplay"
            return (yield from self._endgame(view, rng, k, moves, default, budget, dds=True))
        if (
            isinstance(view, TrickView)
            and not view.hidden_pending
            and view.hand.bit_count() <= self._endgame_cards(view)
        ):
            self.last_mode = "solver"
            return (yield from self._endgame(view, rng, k, moves, default, budget))
        if not isinstance(view, TrickView) or self.trick_search == "flat":
            # Score every move on the same worlds with Normal rollouts (Hard's paired flat
            # search, on Ultra's budget).  In Thulla it models the other seats far better
            # than ISMCTS: their play, not ours, decides who picks up.
            self.last_mode = "flat"
            trick = isinstance(view, TrickView)
            reader = self.reader if trick else self.thulla_reader
            action = yield from flat_search_steps(
                view,
                rng,
                moves,
                budget,
                z=self.z if trick else self.thulla_z,
                p_match=self.p_match,
                roulette=ROULETTE if reader == "roulette" else 0.0,
                posterior=reader == "chain",
                stats=self.last_stats,
                thulla_reading=reader != "none",
                finish=None if trick else self.thulla_finish,
                trick_finish=self.trick_finish if trick else None,
                chain_starts=self.chain_starts,
                partner_p=self.partner_p,
                team_rules=self.team_rules,
                default=default,
                bottom=self.bottom,
            )
            self.last_iterations = budget.done
            return action
        self.last_mode = "ismcts"
        pool_size = self.pool_size if self.iterations is None else min(self.pool_size, 32)
        pool = _WorldPool(view, rng, k, pool_size)
        return (yield from self._ismcts(view, rng, pool, moves, default, budget))

    # -- the exact endgame -------------------------------------------------------------

    def _thulla_endgame(
        self, view: ThullaView, default: Action, budget: Budget, ms: float
    ) -> Steps:
        """With two players left: a card that keeps the seat safe (or, failing that, gets
        a draw) against best play, Normal's card when it is one of them (else the first
        in card order); None when the position is lost against best play or the search
        does not fit the budget."""
        solver = self._thulla_solver
        if len(solver.table) > THULLA_TABLE_MAX:
            solver.table.clear()
        solver.nodes = 0
        clock = time.perf_counter
        timed = budget.iterations is None  # an iteration count: nodes alone, reproducible
        until = clock() + THULLA_SHARE * ms / 1000.0 if timed else float("inf")
        while True:
            solver.deadline = min(until, clock() + THULLA_SLICE_S) if timed else until
            try:
                values = solver.move_values(view)
                break
            except TooBig:
                if solver.nodes >= solver.max_nodes or clock() >= until:
                    return None
                yield  # a slice is up: the finished nodes are kept, take it up again
        best = max(values.values())
        if best == BHABHI:
            return None
        if values.get(default) == best:
            return default
        return min(c for c, v in values.items() if v == best)  # the first in card order

    def _endgame_cards(self, view: TrickView) -> int:
        """From how many cards a hand the exact solver takes over."""
        if self.endgame_cards is not None:
            return self.endgame_cards
        return ENDGAME_CARDS.get(view.game, 0)

    def _endgame(
        self,
        view: TrickView,
        rng: random.Random,
        k: Knowledge,
        moves: list[Action],
        default: Action,
        budget: Budget,
        dds: bool = False,
    ) -> Steps:
        seat = view.seat
        team = seat & 1
        solver = Solver(view.game, max_nodes=WORLD_NODES)
        score = dict.fromkeys(moves, 0.0)
        p_match = self.end_p_match if dds else self.p_match
        weighted = bool(view.history or view.trick) and p_match > 0
        exact = dds and self.end_score != "wins" and view.hand.bit_count() <= EXACT_CARDS
        margin = exact and self.end_score == "margin"
        clock = time.perf_counter
        likelihood = (
            trick_likelihood(view, rng, k, p_match, self.partner_p, self.team_rules, self.bottom)
            if weighted
            else None
        )
        chains = None
        if weighted and self.end_reader == "chain":
            chains = PosteriorSampler(
                view, rng, k, p_match, likelihood=likelihood, starts=self.chain_starts
            )
        source = WorldSource(view, rng, k, likelihood, p_match, self.end_roulette, chains)
        postponed = None
        if dds and view.hand.bit_count() <= self.end_postpone:
            outstanding = FULL_DECK & ~view.played & ~view.hand
            postponed = PostponedScore(seat, moves, outstanding, POSTPONE_TOP)
        ties = None
        if self.end_ties == "rollouts" and postponed is None and not exact and max(moves) < 52:
            ties = TieRollouts(view, moves, default)
        solved = 0
        w_sum = w_sq = 0.0
        while True:
            started = clock()
            world, w = source.draw()
            dropped = world is None  # the roulette's: not solved
            if not dropped:
                if postponed is not None:
                    postponed.add(world, w)
                else:
                    self._score_world(world, w, team, moves, score, solver, dds, exact, margin)
                    if ties is not None:
                        ties.add(world, w, rng)
                solved += 1
                w_sum += w
                w_sq += w * w
            budget.tick()
            # Stop before a world as slow as this one would overrun the budget: a DDS or
            # Python solve late in the budget is what put the p95 over 1 s on a busy machine.
            if budget.spent() or (not dropped and not budget.room_for(clock() - started)):
                break
            yield
        self.last_iterations = budget.done
        effective = w_sum * w_sum / w_sq if w_sq > 0.0 else 0.0
        self.last_stats.update(sampled=budget.done, worlds=solved, effective=effective)
        if postponed is not None:
            score = postponed.values()
        best = max(score.values())
        if ties is not None:
            tied = [a for a in moves if score[a] >= best * (1 - 1e-9)]
            self.last_tied = tuple(tied)
            if len(tied) > 1:
                return ties.choose(tied, self.z)
        if score.get(default, -1.0) >= best * (1 - 1e-9):
            return default
        return max(moves, key=lambda a: score[a])

    @staticmethod
    def _score_world(
        world: TrickDeal,
        w: float,
        team: int,
        moves: list[Action],
        score: dict[Action, float],
        solver: Solver,
        dds: bool,
        exact: bool,
        margin: bool = False,
    ) -> None:
        """Add a world's weight to each card that wins it for ``team`` (exact: its
        outcome, tricks as a tie-break; with ``margin``, a logistic of how far its tricks
        land from the 7 needed), by endplay's DDS or by our solver."""
        if exact:
            for a, v in team_outcomes(world, team).items():
                if a in score:
                    if margin:
                        score[a] += w / (1.0 + math.exp((TARGET - 0.5 - v[1]) / MARGIN_SCALE))
                    else:
                        score[a] += w * (v[0] + TRICK_WEIGHT * v[1])
            return
        if dds:
            wins = _fast.move_wins(world, team)
            won = [a for a in moves if wins.get(a)]
        else:
            try:
                won = []
                for a in moves:
                    st = world.copy()
                    st.play_card(a)
                    if solver.wins(st, team):
                        won.append(a)
            except SearchAborted:
                won = []  # a rare slow world: skipped whole, so no move gains from it
        for a in won:
            score[a] += w

    # -- ISMCTS --------------------------------------------------------------------------

    def _ismcts(
        self,
        view: View,
        rng: random.Random,
        pool: _WorldPool,
        moves: list[Action],
        default: Action,
        budget: Budget,
    ) -> Steps:
        root = _Node()
        thulla = not isinstance(view, TrickView)
        log = math.log
        sqrt = math.sqrt
        while True:
            st = pool.draw(rng).copy()
            node = root
            path: list[tuple[_Node, int]] = []
            first = True
            while not st.over:
                actor = st.to_act
                if thulla and st.phase == ANSWER:
                    st.apply(actor, ACCEPT)
                    continue
                legal = moves if first else cards_of(st.legal_mask())
                first = False
                children = node.children
                untried = None
                best = None
                best_u = -1.0
                for a in legal:
                    ch = children.get(a)
                    if ch is None:
                        if untried is None:
                            untried = [a]
                        else:
                            untried.append(a)
                        continue
                    ch.avail += 1
                    u = ch.value / ch.visits + UCB_C * sqrt(log(ch.avail) / ch.visits)
                    if u > best_u:
                        best_u, best = u, a
                if untried:
                    a = untried[int(rng.random() * len(untried))]
                    ch = _Node()
                    children[a] = ch
                    apply_action(st, actor, a)
                    path.append((ch, actor))
                    break
                node = children[best]
                apply_action(st, actor, best)
                path.append((node, actor))
            if thulla:
                thulla_rollout(st, rng)
                for nd, actor in path:
                    nd.visits += 1
                    nd.value += thulla_value(st, actor)
            else:
                trick_rollout(st, rng, 0.0, history_voids(st))
                vals = [trick_value(st, t) for t in (0, 1)]
                for nd, actor in path:
                    nd.visits += 1
                    nd.value += vals[actor & 1]
            budget.tick()
            if budget.spent():
                break
            yield
        self.last_iterations = budget.done
        visits = {a: ch.visits for a, ch in root.children.items()}
        if not visits:
            return default
        top = max(visits.values())
        if visits.get(default, -1) == top:
            return default
        return max(visits, key=lambda a: visits[a])
