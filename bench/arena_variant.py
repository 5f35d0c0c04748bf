"""An Ultra variant in the arena: ``thaasbai arena``'s deals and default budgets, with
Ultra built from JSON options, played deal by deal.

``thaasbai arena`` only plays the levels as they ship.  Judging a change to Ultra before
it ships needs the same deals (the arena's deals and bot seeds depend only on ``--seed``
and the deal's index, so deals 0..N-1 here are those of ``thaasbai arena --deals N``)
with the variant in Ultra's seats:

``python bench/arena_variant.py --hukum none --b pimc-dds --deals 30 --seed 1
--ultra '{"endgame_cards": 9}' > variant.jsonl``

Each deal prints one JSON line as it ends (its two plays, the running win rate and
paired interval, per-move times), so a long run can be read, or stopped, at any deal;
the last line is the summary in the arena's own JSON form.  In Thulla (``--game thulla
--seats 4``) a deal is one round with Ultra at a rotating seat, and its "points" are 1
when Ultra got out safe, 0 when it was the Bhabhi (the summary gives the Bhabhi rate).
Two runs on the same deals compare deal by deal (the paired difference of their per-deal
scores, with its 95% interval, and the deals each won where the other did not):

``python bench/arena_variant.py --compare variant.jsonl baseline.jsonl``

Runs on several seeds compare seed by seed as comma-separated lists in the same order
(``--compare v1.jsonl,v2.jsonl b1.jsonl,b2.jsonl``), and ``--pool r1.jsonl r2.jsonl``
takes runs on other deals together: the win rate over all their deals and its paired
interval.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thaasbai import arena
from thaasbai.bots import ARENA_LEVELS
from thaasbai.bots.ultra import UltraBot


def play(cfg: arena.ArenaConfig, ultra: dict, ultra_ms: int | None = None) -> None:
    """Plays ``cfg``'s deals one by one with ``UltraBot(**ultra)`` as A (on ``ultra_ms`` a
    move if given, else its default budget), printing a line a deal and the arena's
    summary last."""
    shipped = arena.make_bot

    def make_bot(level: str, fast: bool = False):
        if level != "ultra":
            return shipped(level, fast)
        bot = UltraBot(fast=fast, **ultra)
        if ultra_ms is not None:
            bot.default_budget_ms = ultra_ms
        return bot

    arena.make_bot = make_bot  # play_once builds every seat's bot through this
    total = arena.DealResult()
    per_deal: list[float] = []
    try:
        for i in range(cfg.deals):
            started = time.perf_counter()
            r = arena.play_deal(cfg, i)
            points = [1.0 - b for b in r.a_bhabhi] if cfg.game == "thulla" else r.a_points
            per_deal.append(sum(points) / len(points))
            total.a_points += points
            total.a_ms += r.a_ms
            total.b_ms += r.b_ms
            lo, hi = arena.paired_interval(per_deal)
            line = {
                "deal": i,
                "points": points,
                "rate": round(sum(per_deal) / len(per_deal), 4),
                "paired_ci95": [round(lo, 4), round(hi, 4)],
                "seconds": round(time.perf_counter() - started, 1),
            }
            print(json.dumps(line), flush=True)
    finally:
        arena.make_bot = shipped
    n = len(total.a_points)
    summary = {
        "game": cfg.game,
        "hukum": cfg.hukum,
        "a": "ultra",
        "ultra": ultra,
        **({"ultra_ms": ultra_ms} if ultra_ms is not None else {}),
        "b": cfg.b,
        "deals": cfg.deals,
        "games": n,
        "a_win_rate": sum(total.a_points) / n,
        **({"a_bhabhi_rate": 1 - sum(total.a_points) / n} if cfg.game == "thulla" else {}),
        "ci95": list(arena.wilson(sum(total.a_points), n)),
        "paired_ci95": list(arena.paired_interval(per_deal)),
        "split_deals": sum(1 for x in per_deal if x == 0.5),
        "a_ms_per_move_p50": arena.percentile(total.a_ms, 0.50),
        "a_ms_per_move_p95": arena.percentile(total.a_ms, 0.95),
        "b_ms_per_move_p50": arena.percentile(total.b_ms, 0.50),
        "b_ms_per_move_p95": arena.percentile(total.b_ms, 0.95),
        "ultra_solver": "endplay" if cfg.fast and arena.fast_available() else "python",
        "seats": cfg.seats,
        "seed": cfg.seed,
    }
    print(json.dumps(summary))


def per_deal_scores(path: Path) -> dict[int, float]:
    """A run's score per deal (the mean of its two plays), from its deal lines."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if "deal" in row:
            out[row["deal"]] = sum(row["points"]) / len(row["points"])
    return out


def runs_scores(paths: list[Path]) -> dict[tuple[int, int], float]:
    """Several runs' scores per deal, keyed by (run, deal): deal 3 of the seed-1 run and
    deal 3 of the seed-2 run are different deals."""
    return {(r, i): x for r, path in enumerate(paths) for i, x in per_deal_scores(path).items()}


def pool(paths: list[Path]) -> dict:
    """Runs on different deals (other seeds) taken together: the win rate over all their
    deals, with the paired interval over deals, as one longer run would give it."""
    scores = list(runs_scores(paths).values())
    if not scores:
        raise SystemExit("no deal lines in these runs")
    return {
        "deals": len(scores),
        "a_win_rate": sum(scores) / len(scores),
        "paired_ci95": list(arena.paired_interval(scores)),
        "split_deals": sum(1 for x in scores if x == 0.5),
    }


def compare(first: list[Path], second: list[Path]) -> dict:
    """The first runs minus the second on the deals both played (run i of each list on
    the same seed): the mean difference per deal with its 95% interval (normal, over
    deals), and how many deals each did better."""
    if len(first) != len(second):
        raise SystemExit("compare needs as many runs on each side (run i against run i)")
    a, b = runs_scores(first), runs_scores(second)
    deals = sorted(set(a) & set(b))
    if not deals:
        raise SystemExit("the two runs share no deal")
    diffs = [a[i] - b[i] for i in deals]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1) if n > 1 else 0.0
    half = 1.959964 * math.sqrt(var / n)
    return {
        "deals": n,
        "first_rate": sum(a[i] for i in deals) / n,
        "second_rate": sum(b[i] for i in deals) / n,
        "difference": mean,
        "difference_ci95": [mean - half, mean + half],
        "first_better": sum(1 for x in diffs if x > 0),
        "second_better": sum(1 for x in diffs if x < 0),
    }


def run_list(text: str) -> list[Path]:
    """``a.jsonl,b.jsonl``: runs on several seeds, in seed order."""
    return [Path(part) for part in text.split(",") if part]


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--ultra", default="{}", help="UltraBot keyword arguments, as JSON")
    p.add_argument("--ultra-ms", type=int, help="Ultra's budget a move (default: its own)")
    p.add_argument("--game", default="thaas", choices=("thaas", "dhihaeh", "thulla"))
    p.add_argument("--seats", type=int, default=4, help="Thulla: seats at the table")
    p.add_argument(
        "--hukum", default="implicit", choices=("implicit", "declared", "hidden", "none")
    )
    p.add_argument(
        "--b", default="hard", choices=("easy", "normal", "hard", "ultra", *ARENA_LEVELS)
    )
    p.add_argument("--deals", type=int, default=30)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--fast", action="store_true", help="Ultra may use endplay's C solver")
    read = p.add_mutually_exclusive_group()  # read finished runs instead of playing one
    read.add_argument(
        "--compare",
        nargs=2,
        type=run_list,
        metavar="RUNS",
        help="compare two runs (or two comma-separated lists of runs, seed by seed)",
    )
    read.add_argument(
        "--pool", nargs="+", type=Path, metavar="RUN", help="runs on other seeds, taken together"
    )
    args = p.parse_args(argv)
    if args.compare:
        print(json.dumps(compare(*args.compare)))
        return
    if args.pool:
        print(json.dumps(pool(args.pool)))
        return
    if args.ultra_ms is not None and args.ultra_ms <= 0:
        p.error(f"--ultra-ms must be a positive number of milliseconds, not {args.ultra_ms}")
    ultra = json.loads(args.ultra)
    UltraBot(**ultra)  # refuse bad options before the first deal
    cfg = arena.ArenaConfig(
        game=args.game,
        hukum=args.hukum,
        a="ultra",
        b=args.b,
        deals=args.deals,
        seed=args.seed,
        seats=args.seats,
        fast=args.fast,
    )
    play(cfg, ultra, args.ultra_ms)


if __name__ == "__main__":
    main()
