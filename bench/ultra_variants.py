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
import sys

from thaasbai.arena import ArenaConfig, DealResult, play_once, wilson
from thaasbai.bots.hard import HardBot
from thaasbai.bots.ultra import UltraBot

Task = tuple[dict, int, int, int, int, str]


def play_deal(task: Task) -> list[float]:
    """Both plays of one duplicate deal: Ultra's points (1 a win) with each team."""
    ultra_kw, ultra_ms, hard_ms, seed, index, game = task
    cfg = ArenaConfig(game=game, hukum="implicit", a="ultra", b="hard", seed=seed)
    res = DealResult()
    points = []
    for a_team in (0, 1):
        a_seats = {a_team, a_team + 2}
        bots = {s: UltraBot(**ultra_kw) if s in a_seats else HardBot() for s in range(4)}
        winner = play_once(cfg, index, a_seats, res, bots, (ultra_ms, hard_ms))
        points.append(1.0 if winner == a_team else 0.0)
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
