"""The arena: bots play duplicate deals against each other to measure their strength.

Thaas and Dhihaeh: every deal is played twice from the same cards with the teams swapped,
so the luck of the deal cancels; A's win rate is over both plays.  Thulla: A sits at one
seat (rotating with the deal) among B bots, and the figure is A's Bhabhi rate, to be
compared with the fair share ``1 / seats``.  Deals are independent, so ``jobs`` spreads
them over processes.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .bots import ARENA_LEVELS, get_bot
from .bots.fast import AVAILABLE as _FAST
from .engine.match import GameOptions, new_match
from .engine.views import view_for

MAX_ACTIONS = 3000  # a Thulla round that runs longer than this is scored as a draw


@dataclass
class DealResult:
    """One deal's plays: A's score per play and every move's time per side."""

    a_points: list[float] = field(default_factory=list)
    a_bhabhi: list[int] = field(default_factory=list)
    a_ms: list[float] = field(default_factory=list)
    b_ms: list[float] = field(default_factory=list)
    unfinished: int = 0


@dataclass(frozen=True)
class ArenaConfig:
    game: str = "thaas"
    hukum: str = "implicit"
    a: str = "normal"
    b: str = "easy"
    deals: int = 100
    seed: int = 1
    seats: int = 4
    budget_ms: int | None = None
    fast: bool = False  # Ultra uses endplay's C double-dummy solver where the deal allows


def make_bot(level: str, fast: bool = False):
    """The bot of ``level``; with ``fast``, Ultra calls the optional C solver.
    ``pimc-dds`` is the GIB-style reference (:mod:`.bots.pimc_dds`, needs endplay)."""
    if level == ARENA_LEVELS[0]:
        from .bots.pimc_dds import PimcDdsBot

        return PimcDdsBot()
    if level == "ultra" and fast:
        from .bots.ultra import UltraBot

        return UltraBot(fast=True)
    return get_bot(level)


def play_once(
    cfg: ArenaConfig,
    index: int,
    a_seats: set[int],
    res: DealResult,
    bots: dict[int, Any] | None = None,
    budgets_ms: tuple[int | None, int | None] | None = None,
) -> int | None:
    """Play deal ``index`` with A's bots at ``a_seats``; returns the winning team or Bhabhi.

    ``bots`` (per seat) and ``budgets_ms`` (A's, B's) replace the levels' default bots and
    ``cfg.budget_ms``: the bench that tries Ultra variants plays through here."""
    deal_rng = random.Random(f"arena:{cfg.seed}:{index}")
    seats = cfg.seats if cfg.game == "thulla" else 4
    options = GameOptions(game=cfg.game, seats=seats, hukum=cfg.hukum, best_of=1)
    match = new_match(options, first_dealer=deal_rng.randrange(seats))
    match.start_deal(rng=deal_rng)
    if bots is None:
        bots = {s: make_bot(cfg.a if s in a_seats else cfg.b, cfg.fast) for s in range(seats)}
    a_ms, b_ms = budgets_ms or (cfg.budget_ms, cfg.budget_ms)
    rngs = {s: random.Random(f"arena-bot:{cfg.seed}:{index}:{s}") for s in range(seats)}
    deal = match.current
    for _ in range(MAX_ACTIONS):
        if deal.over:
            break
        seat = deal.to_act
        view = view_for(match, seat)
        t0 = time.perf_counter()
        action = bots[seat].choose(view, rngs[seat], a_ms if seat in a_seats else b_ms)
        ms = (time.perf_counter() - t0) * 1000.0
        if len(view.legal) > 1:
            (res.a_ms if seat in a_seats else res.b_ms).append(ms)
        match.apply(seat, action)
    else:
        res.unfinished += 1
        return None
    if cfg.game == "thulla":
        return deal.bhabhi
    return deal.winner


def play_deal(cfg: ArenaConfig, index: int) -> DealResult:
    """Both plays of one duplicate deal (Thulla: one play, A at a rotating seat)."""
    res = DealResult()
    if cfg.game == "thulla":
        a_seat = index % cfg.seats
        bhabhi = play_once(cfg, index, {a_seat}, res)
        res.a_bhabhi.append(1 if bhabhi == a_seat else 0)
        return res
    for a_team in (0, 1):
        a_seats = {a_team, a_team + 2}
        winner = play_once(cfg, index, a_seats, res)
        res.a_points.append(1.0 if winner == a_team else 0.0)
    return res


def fast_available() -> bool:
    return _FAST


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score 95% interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # The interval contains p mathematically; rounding can leave it a hair short at 0 or 1.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def paired_interval(per_deal: list[float], z: float = 1.959964) -> tuple[float, float]:
    """A 95% interval for A's mean score per duplicate deal (0, 0.5 or 1 a deal: the mean
    of its two plays).  The two plays of one deal share its cards, so they are not
    independent; the deals are, and the normal interval on their means is the paired test."""
    n = len(per_deal)
    if n < 2:
        return (0.0, 1.0)
    mean = sum(per_deal) / n
    var = sum((x - mean) ** 2 for x in per_deal) / (n - 1)
    half = z * math.sqrt(var / n)
    return (max(0.0, mean - half), min(1.0, mean + half))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))]


def _run_one(args: tuple[ArenaConfig, int]) -> DealResult:
    return play_deal(*args)


def run(
    cfg: ArenaConfig, jobs: int = 1, progress: Callable[[int, int], None] | None = None
) -> dict:
    """Play ``cfg.deals`` deals and summarise them as the arena's JSON object."""
    total = DealResult()
    per_deal: list[float] = []
    tasks = [(cfg, i) for i in range(cfg.deals)]
    done = 0

    def merge(r: DealResult) -> None:
        nonlocal done
        total.a_points += r.a_points
        if r.a_points:
            per_deal.append(sum(r.a_points) / len(r.a_points))
        total.a_bhabhi += r.a_bhabhi
        total.a_ms += r.a_ms
        total.b_ms += r.b_ms
        total.unfinished += r.unfinished
        done += 1
        if progress:
            progress(done, cfg.deals)

    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for r in pool.imap_unordered(_run_one, tasks):
                merge(r)
    else:
        for t in tasks:
            merge(_run_one(t))
    out: dict = {"game": cfg.game, "a": cfg.a, "b": cfg.b, "deals": cfg.deals}
    if cfg.game == "thulla":
        n = len(total.a_bhabhi)
        k = sum(total.a_bhabhi)
        out["seats"] = cfg.seats
        out["games"] = n
        out["a_bhabhi_rate"] = k / n if n else 0.0
        out["ci95"] = list(wilson(k, n))
        out["fair_share"] = 1 / cfg.seats
    else:
        n = len(total.a_points)
        k = sum(total.a_points)
        out["hukum"] = cfg.hukum
        out["games"] = n
        out["a_win_rate"] = k / n if n else 0.0
        out["ci95"] = list(wilson(k, n))
        out["paired_ci95"] = list(paired_interval(per_deal))
        out["split_deals"] = sum(1 for x in per_deal if x == 0.5)
    out["a_ms_per_move_p50"] = percentile(total.a_ms, 0.50)
    out["a_ms_per_move_p95"] = percentile(total.a_ms, 0.95)
    out["b_ms_per_move_p50"] = percentile(total.b_ms, 0.50)
    out["b_ms_per_move_p95"] = percentile(total.b_ms, 0.95)
    out["budget_ms"] = cfg.budget_ms
    out["ultra_solver"] = "endplay" if cfg.fast and fast_available() else "python"
    out["unfinished"] = total.unfinished
    out["seed"] = cfg.seed
    return out


def progress_bar(done: int, total: int) -> None:
    """A one-line progress bar on standard error."""
    width = 30
    filled = width * done // max(1, total)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def format_summary(out: dict) -> str:
    lo, hi = out["ci95"]
    if out["game"] == "thulla":
        head = (
            f"thulla, {out['seats']} seats: {out['a']} at one seat among {out['b']}: "
            f"Bhabhi rate {out['a_bhabhi_rate']:.1%} (95% CI {lo:.1%}-{hi:.1%}; "
            f"fair share {out['fair_share']:.1%}) over {out['games']} rounds"
        )
    else:
        head = (
            f"{out['game']} ({out['hukum']} hukum): {out['a']} vs {out['b']}: "
            f"A wins {out['a_win_rate']:.1%} (95% CI {lo:.1%}-{hi:.1%}) of "
            f"{out['games']} plays of {out['deals']} duplicate deals; paired 95% CI "
            f"{out['paired_ci95'][0]:.1%}-{out['paired_ci95'][1]:.1%}"
        )
    times = (
        f"ms per move p50/p95: {out['a']} {out['a_ms_per_move_p50']:.1f}/"
        f"{out['a_ms_per_move_p95']:.1f}, {out['b']} {out['b_ms_per_move_p50']:.1f}/"
        f"{out['b_ms_per_move_p95']:.1f}"
    )
    return head + "\n" + times
