"""Hard: flat Monte Carlo over sampled deals, weighted by inference, with Normal rollouts.

Each iteration samples one world consistent with the view, weights it by how well it
explains the other seats' plays (:func:`.inference.play_likelihood`), and plays every
candidate move in it to the end with the Normal policy.  The rollouts are deterministic
(Normal reading the voids shown, as the Normal bot does, in every game), so every move
is scored on the same worlds with the same continuations: the difference between two
moves is a paired sample (common random numbers).  Hard keeps Normal's own move unless
another one is better by a margin that clears the sampling noise of those paired
differences.  Runs until its wall-clock budget is spent.
"""

from __future__ import annotations

import math
import random
import time

from ..engine.actions import Action
from ..engine.views import TrickView, View
from .base import Steps, finish
from .budget import Budget
from .inference import knowledge, sample_world, trick_voids
from .normal import trick_action
from .posterior import PosteriorSampler
from .rollout import thulla_rollout, thulla_value, trick_rollout, trick_value
from .search_common import apply_action, candidates, forced_action, heuristic_choice
from .thulla_finish import ExactFinish
from .thulla_reading import ThullaReading, thulla_play_likelihood
from .trick_finish import TrickFinish
from .trick_reading import trick_likelihood
from .world_source import WorldSource

MARGIN = 0.0
MIN_WORLDS = 4
# How many standard errors of the paired difference a move must beat Normal's move by.
Z = 1.5


class HardBot:
    level = "hard"
    default_budget_ms = 200

    def __init__(
        self,
        iterations: int | None = None,
        epsilon: float = 0.0,
        margin: float = MARGIN,
        z: float = Z,
    ) -> None:
        self.iterations = iterations
        self.margin = margin
        self.epsilon = epsilon
        self.z = z
        self.last_iterations = 0
        self.last_stats: dict[str, float] = {}

    def choose(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Action:
        return finish(self.steps(view, rng, budget_ms))

    def steps(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Steps:
        self.last_iterations = 0
        self.last_stats = {}
        forced = forced_action(view)
        if forced is not None:
            return forced
        moves = candidates(view)
        if len(moves) == 1:
            return moves[0]
        budget = Budget(self.default_budget_ms if budget_ms is None else budget_ms, self.iterations)
        action = yield from flat_search_steps(
            view, rng, moves, budget, self.epsilon, self.margin, self.z, stats=self.last_stats
        )
        self.last_iterations = budget.done
        return action


def flat_search_steps(
    view: View,
    rng: random.Random,
    moves: list[Action],
    budget: Budget,
    epsilon: float = 0.0,
    margin: float = MARGIN,
    z: float = Z,
    p_match: float = 0.6,
    roulette: float = 0.0,
    posterior: bool = False,
    stats: dict[str, float] | None = None,
    thulla_reading: bool = False,
    finish: ExactFinish | None = None,
    trick_finish: TrickFinish | None = None,
    chain_starts: int = 1,
    partner_p: float | None = None,
    team_rules: bool = False,
    default: Action | None = None,
    bottom: float = 1.0,
) -> Steps:
    """Score every move on the same sampled worlds with Normal rollouts; play Normal's move
    unless another beats it by more than ``z`` standard errors of the paired difference.

    With ``roulette`` (a fraction; Ultra's) light worlds go through :class:`.Roulette`
    before their rollouts: the bar is that fraction of the heaviest world seen.
    With ``posterior`` (Ultra's) the worlds come from :class:`.PosteriorSampler`'s
    chains instead, in proportion to their weight, and count alike.
    ``stats``, if given, gets the worlds sampled, those rolled out and their effective
    number.  With ``thulla_reading`` (Ultra's) Thulla worlds are weighed too
    (:mod:`.thulla_reading`); Hard's Thulla worlds all count alike.  With ``finish``
    (Ultra's) Thulla rollouts end with the exact two-player search (:mod:`.thulla_finish`),
    and with ``trick_finish`` Thaas and Dhihaeh rollouts end with the exact solver
    (:mod:`.trick_finish`).  With ``team_rules`` (Ultra's option) in Thaas and Dhihaeh the
    searcher's own side plays the Normal bot's own rules: its move to beat, its team's
    cards in the rollouts and the partner's cards in the reading.  ``default``, if given, is
    the move to beat the caller has already worked out (Ultra's); otherwise it is found here.
    ``bottom`` (Ultra's) is the reading's weight on a follow that was not the bottom of
    equal cards in the world (:func:`.inference.play_likelihood`)."""
    trick = isinstance(view, TrickView)
    team_rules = team_rules and trick
    if default is None:
        default = move_to_beat(view, team_rules)
    moves = list(moves)
    if default not in moves:
        moves.append(default)
    seat = view.seat
    k = knowledge(view)
    weighted = (trick or thulla_reading) and bool(view.history or view.trick)
    likelihood = thulla_play_likelihood
    if trick and weighted:
        likelihood = trick_likelihood(view, rng, k, p_match, partner_p, team_rules, bottom)
    # The voids each seat has shown, after each of our moves (a card off the led suit
    # shows ours): the rollouts read them as the Normal bot reads its view.
    if trick:
        move_voids = voids_after(trick_voids(view), view.led, seat, moves)
    else:
        move_voids = voids_after(list(k.voids), view.led if view.trick else None, seat, moves)
    n = len(moves)
    sums = [0.0] * n  # weighted sum of each move's value
    dsum = [0.0] * n  # weighted sums of the paired difference to Normal's move
    dsq = [0.0] * n
    di = moves.index(default)
    w_sum = 0.0
    w_sq = 0.0
    team = seat & 1
    rules_team = team if team_rules else -1
    vals = [0.0] * n
    clock = time.perf_counter
    chains = None
    if posterior and weighted:
        # Thulla's reading splits by seat: a chain's swap weighs only the two hands it
        # changes (the first world only shows the round's public course).
        factors = None if trick else ThullaReading(view, sample_world(view, rng, k), p_match)
        chains = PosteriorSampler(
            view, rng, k, p_match, likelihood=likelihood, factors=factors, starts=chain_starts
        )
    source = WorldSource(view, rng, k, likelihood if weighted else None, p_match, roulette, chains)
    kept = 0
    if finish is not None:
        finish.fresh()
    if trick_finish is not None:
        trick_finish.fresh()
    while True:
        started = clock()
        world, w = source.draw()
        if world is None:  # the roulette dropped it: no rollouts
            budget.tick()
            if budget.spent():
                break
            yield
            continue
        for i, a in enumerate(moves):
            st = world.copy()
            apply_action(st, seat, a)
            if trick:
                if trick_finish is not None:
                    vals[i] = trick_finish.rollout_value(
                        st, team, rng, epsilon, move_voids[a], rules_team
                    )
                else:
                    trick_rollout(st, rng, epsilon, move_voids[a], rules_team=rules_team)
                    vals[i] = trick_value(st, team)
            elif finish is not None:
                vals[i] = finish.rollout_value(st, seat, rng, epsilon, move_voids[a])
            else:
                thulla_rollout(st, rng, epsilon, move_voids[a])
                vals[i] = thulla_value(st, seat)
        vd = vals[di]
        for i in range(n):
            sums[i] += w * vals[i]
            d = vals[i] - vd
            dsum[i] += w * d
            dsq[i] += w * d * d
        w_sum += w
        w_sq += w * w
        kept += 1
        budget.tick()
        # A Thulla world early in a round can take tens of milliseconds: stop when the
        # next one would overrun the budget, which keeps the per-move p95 near it.
        if budget.spent() or not budget.room_for(clock() - started):
            break
        yield  # one world done: a pause point for the browser's event loop
    if stats is not None:
        stats["sampled"] = budget.done
        stats["worlds"] = kept
        stats["effective"] = w_sum * w_sum / w_sq if w_sq > 0.0 else 0.0
    if kept < MIN_WORLDS or w_sum <= 0.0:
        return default  # too few worlds to judge a difference
    best = max(range(n), key=lambda i: sums[i])
    if best == di:
        return default
    # Keep Normal's move unless the gain clears the noise of the paired samples.
    if clears_bar(dsum[best], dsq[best], w_sum, w_sq, z, margin):
        return moves[best]
    return default


def move_to_beat(view: View, team_rules: bool) -> Action:
    """The move a searcher leaves only for a better one.  With ``team_rules`` its side plays
    the Normal bot's own rules, so in Thaas and Dhihaeh that is the Normal bot's card;
    otherwise (and in Thulla) the search bots' shared model of Normal."""
    if team_rules and isinstance(view, TrickView):
        return trick_action(view, bot_rules=True)
    return heuristic_choice(view)


def voids_after(
    base: list[int], led: int | None, seat: int, moves: list[Action]
) -> dict[Action, list[int]]:
    """Per move, the voids shown once the seat has made it (``base``, the voids shown so
    far, plus the led suit for a card off it): what the rollouts read as Normal would."""
    out = {}
    for a in moves:
        v = base[:]
        if led is not None and a < 52 and a // 13 != led:
            v[seat] |= 1 << led
        out[a] = v
    return out


def clears_bar(
    dsum: float, dsq: float, w_sum: float, w_sq: float, z: float, margin: float = 0.0
) -> bool:
    """Whether a move's weighted paired gain over Normal's move (``dsum``, its squares
    ``dsq``, over worlds weighing ``w_sum``, their squares ``w_sq``) is above ``margin``
    and ``z`` standard errors, the errors taken on the worlds' effective number."""
    mean = dsum / w_sum
    var = max(0.0, dsq / w_sum - mean * mean)
    n_eff = w_sum * w_sum / w_sq
    se = math.sqrt(var / max(1.0, n_eff - 1.0))
    return mean > margin and mean > z * se
