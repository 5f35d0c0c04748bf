"""Time the endgame solver on random positions with 7 cards per hand (p50/p95, nodes/s).

``python bench/solver.py [--positions 50] [--cards 7] [--game thaas] [--hukum implicit]
[--seed 1]``

Wall-clock times, and the process's CPU time (what one core spends, unaffected by other
load on a shared machine).
"""

from __future__ import annotations

import argparse
import random
import time

from thaasbai.arena import percentile
from thaasbai.bots.normal import NormalBot
from thaasbai.bots.solver import Solver
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import view_for


def position(rng: random.Random, game: str, hukum: str, cards: int):
    """Play a random deal with Normal bots until each hand holds ``cards`` cards."""
    while True:
        m = new_match(GameOptions(game=game, hukum=hukum), first_dealer=rng.randrange(4))
        m.start_deal(rng=rng)
        d = m.current
        bot = NormalBot()
        while not d.over and not (not d.trick and d.hands[d.leader].bit_count() == cards):
            m.apply(d.to_act, bot.choose(view_for(m, d.to_act), rng))
        if not d.over and not d.hidden_card_pending:
            return d


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--positions", type=int, default=50)
    p.add_argument("--cards", type=int, default=7)
    p.add_argument("--game", default="thaas")
    p.add_argument("--hukum", default="implicit")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    rng = random.Random(args.seed)
    times, cpu, nodes = [], [], 0
    for _ in range(args.positions):
        d = position(rng, args.game, args.hukum, args.cards)
        solver = Solver(args.game)
        t0 = time.perf_counter()
        c0 = time.process_time()
        solver.wins(d, d.to_act & 1)
        cpu.append((time.process_time() - c0) * 1000)
        times.append((time.perf_counter() - t0) * 1000)
        nodes += solver.nodes
    total = sum(times) / 1000
    print(
        f"{args.game} ({args.hukum}), {args.cards} cards per hand, {args.positions} positions: "
        f"p50 {percentile(times, 0.5):.1f} ms, p95 {percentile(times, 0.95):.1f} ms, "
        f"max {max(times):.1f} ms, {nodes / total:,.0f} nodes/s; "
        f"CPU p50 {percentile(cpu, 0.5):.1f} ms, p95 {percentile(cpu, 0.95):.1f} ms"
    )


if __name__ == "__main__":
    main()
