"""Per-move time of each bot level (p50/p95) and the searches' iterations per second
(ISMCTS iterations; for the flat search, worlds each scored for every candidate move,
and how many worlds they are worth once weighted by how well they explain the play:
the effective number ``(sum w)^2 / sum w^2``; for Ultra's exact endgame and its endplay,
worlds drawn, of which those the roulette keeps are solved for every candidate move, and
their effective number too; for Ultra in Thulla, how many of its
rollouts' two-player endings were solved exactly).  For Ultra it also prints the per-move
time (p50/p95) and worlds or rollouts per second at every trick number, 1 to 13.

``python bench/bots.py [--positions 30] [--game thaas] [--hukum implicit] [--seed 1]
[--fast]`` (``--fast``: Ultra on endplay's double-dummy solver where it can)

Positions are taken from deals played by Normal bots, at every stage of the deal.
"""

from __future__ import annotations

import argparse
import random
import time

from thaasbai.arena import percentile
from thaasbai.bots import LEVELS, get_bot
from thaasbai.bots.normal import NormalBot
from thaasbai.bots.ultra import UltraBot
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import TrickView, view_for

SEARCHES = {"ismcts": "iterations", "flat": "worlds", "solver": "worlds", "endplay": "worlds"}


def positions(rng: random.Random, game: str, hukum: str, seats: int, n: int) -> list:
    out = []
    bot = NormalBot()
    while len(out) < n:
        m = new_match(GameOptions(game=game, hukum=hukum, seats=seats), rng=rng)
        m.start_deal(rng=rng)
        d = m.current
        while not d.over and len(out) < n:
            view = view_for(m, d.to_act)
            if len(view.legal) > 1 and rng.random() < 0.3:
                out.append(view)
            m.apply(d.to_act, bot.choose(view, rng))
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--positions", type=int, default=30)
    p.add_argument("--game", default="thaas")
    p.add_argument("--hukum", default="implicit")
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--levels", default=",".join(LEVELS))
    p.add_argument("--fast", action="store_true", help="Ultra on endplay's DDS")
    args = p.parse_args()
    views = positions(random.Random(args.seed), args.game, args.hukum, args.seats, args.positions)
    for level in args.levels.split(","):
        bot = UltraBot(fast=True) if level == "ultra" and args.fast else get_bot(level)
        rng = random.Random(args.seed)
        times: list[float] = []
        iters: dict[str, int] = {}
        search_s: dict[str, float] = {}
        effective: dict[str, list[float]] = {}  # a search's effective worlds per move
        by_trick: dict[int, list[tuple[float, int]]] = {}  # trick: (ms, iterations)
        for view in views:
            t0 = time.perf_counter()
            bot.choose(view, rng)
            dt = time.perf_counter() - t0
            times.append(dt * 1000)
            mode = getattr(bot, "last_mode", "flat" if level == "hard" else "")
            done = getattr(bot, "last_iterations", 0)
            if mode in SEARCHES and hasattr(bot, "last_iterations"):
                iters[mode] = iters.get(mode, 0) + done
                search_s[mode] = search_s.get(mode, 0.0) + dt
            if level == "ultra" and isinstance(view, TrickView):
                by_trick.setdefault(len(view.history) + 1, []).append((dt * 1000, done))
            stats = getattr(bot, "last_stats", None)
            if mode in SEARCHES and stats and "effective" in stats:
                effective.setdefault(mode, []).append(stats["effective"])
        line = (
            f"{level:7s} {args.game}: per move p50 {percentile(times, 0.5):7.2f} ms, "
            f"p95 {percentile(times, 0.95):7.2f} ms"
        )
        for mode, secs in search_s.items():
            line += f", {mode} {iters[mode] / secs:,.0f} {SEARCHES[mode]}/s"
        for mode, eff in effective.items():
            line += (
                f", {mode} effective worlds per move p50 {percentile(eff, 0.5):.0f}"
                f" (p5 {percentile(eff, 0.05):.0f})"
            )
        finish = getattr(bot, "thulla_finish", None)
        if finish is not None and finish.solved + finish.too_big:
            share = finish.too_big / (finish.solved + finish.too_big)
            line += (
                f"; rollouts' two-player endings solved exactly {finish.solved:,}"
                f" ({share:.1%} too big, rolled out)"
            )
        print(line)
        for trick, rows in sorted(by_trick.items()):
            ms = [r[0] for r in rows]
            per_s = sum(r[1] for r in rows) / (sum(ms) / 1000) if sum(ms) else 0.0
            print(
                f"  trick {trick:2d}: {len(rows):3d} moves, p50 {percentile(ms, 0.5):7.2f} ms,"
                f" p95 {percentile(ms, 0.95):7.2f} ms, {per_s:,.0f} worlds or rollouts/s"
            )


if __name__ == "__main__":
    main()
