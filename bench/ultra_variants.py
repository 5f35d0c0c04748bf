"""Ultra variants against Hard on duplicate Thaas deals, at scaled-down budgets.

The arena plays bots at their default budgets (an Ultra vs Hard deal takes about 30 s);
trying variants of Ultra needs many more deals, so this plays them at a quarter of the
budgets (Ultra 175 ms, Hard 50 ms: the same ratio) with Ultra's options given as JSON:

``python bench/ultra_variants.py --ultra '{"reader": "weights", "p_match": 0.6, "z": 1.5}'
--deals 100 --seed 11 --jobs 1``

prints A's (Ultra's) win rate with its 95% interval, the way ``thaasbai arena`` does. The
table in docs/STRENGTH.md ("Card reading") was measured with it.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys

from thaasbai.arena import wilson
from thaasbai.bots.hard import HardBot
from thaasbai.bots.ultra import UltraBot
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import view_for

Task = tuple[dict, int, int, int, int, str]


def play_deal(task: Task) -> list[float]:
    """Both plays of one duplicate deal: Ultra's points (1 a win) with each team."""
    ultra_kw, ultra_ms, hard_ms, seed, index, game = task
    points = []
    for a_team in (0, 1):
        deal_rng = random.Random(f"arena:{seed}:{index}")
        options = GameOptions(game=game, seats=4, hukum="implicit", best_of=1)
        match = new_match(options, first_dealer=deal_rng.randrange(4))
        match.start_deal(rng=deal_rng)
        bots = {s: UltraBot(**ultra_kw) if s & 1 == a_team else HardBot() for s in range(4)}
        rngs = {s: random.Random(f"arena-bot:{seed}:{index}:{s}") for s in range(4)}
        deal = match.current
        while not deal.over:
            seat = deal.to_act
            ms = ultra_ms if seat & 1 == a_team else hard_ms
            match.apply(seat, bots[seat].choose(view_for(match, seat), rngs[seat], ms))
        points.append(1.0 if deal.winner == a_team else 0.0)
    return points


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--ultra", default="{}", help="UltraBot keyword arguments, as JSON")
    p.add_argument("--ultra-ms", type=int, default=175)
    p.add_argument("--hard-ms", type=int, default=50)
    p.add_argument("--game", default="thaas", choices=("thaas", "dhihaeh"))
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args()
    kw = json.loads(args.ultra)
    UltraBot(**kw)  # refuse bad options before starting the workers
    tasks = [(kw, args.ultra_ms, args.hard_ms, args.seed, i, args.game) for i in range(args.deals)]
    points: list[float] = []
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for done, pts in enumerate(pool.imap_unordered(play_deal, tasks), 1):
            points += pts
            sys.stderr.write(f"\r{done}/{args.deals} deals, Ultra {sum(points) / len(points):.1%}")
    sys.stderr.write("\n")
    lo, hi = wilson(sum(points), len(points))
    rate = sum(points) / len(points)
    print(json.dumps({"ultra": kw, "plays": len(points), "a_win_rate": rate, "ci95": [lo, hi]}))


if __name__ == "__main__":
    main()
