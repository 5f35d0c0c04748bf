"""Normal's rules against each other: Normal with some of :mod:`thaasbai.bots.trick_policy`'s
module flags set on one side, against Normal with others set, on duplicate deals.

A rule of thumb is cheap to judge where a search is not: Normal plays a deal in a few
milliseconds, so thousands of duplicate deals give an interval of well under a point.
Each side's flags are set only while its own seats choose, so the two sides play the
same deals with different rules:

``python bench/normal_rules.py --hukum implicit --deals 8000 --seed 7
--b '{"OPEN_SECOND_HAND_LOW": false, "OPEN_SHORT_MASTER": false}'``

prints A's share of the deals with its paired 95% interval (session 26: 53.3%, the
Normal bot's own rules against the Normal before them).  The flags act on the Normal
bot's play; the search bots' model of Normal leaves the bot's own rules out.  A flag the
module lacks is refused, so a typo cannot pass for a rule that changed nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thaasbai import arena
from thaasbai.bots import trick_policy
from thaasbai.bots.normal import NormalBot


class FlaggedNormal(NormalBot):
    """Normal with ``flags`` (trick_policy's module names) set while it chooses."""

    def __init__(self, flags: dict) -> None:
        unknown = [k for k in flags if not hasattr(trick_policy, k)]
        if unknown:
            raise ValueError(f"trick_policy has no flag {', '.join(unknown)}")
        self.flags = flags

    def choose(self, view, rng, budget_ms=None):
        saved = {k: getattr(trick_policy, k) for k in self.flags}
        for k, v in self.flags.items():
            setattr(trick_policy, k, v)
        try:
            return super().choose(view, rng, budget_ms)
        finally:
            for k, v in saved.items():
                setattr(trick_policy, k, v)


def duel(cfg: arena.ArenaConfig, a: dict, b: dict) -> dict:
    """A's flags against B's over ``cfg``'s deals, each played twice with the teams
    swapped: A's share of the deals and its paired interval."""
    per_deal = []
    for i in range(cfg.deals):
        points = []
        for team in (0, 1):
            seats = {team, team + 2}
            bots = {s: FlaggedNormal(a if s in seats else b) for s in range(4)}
            winner = arena.play_once(cfg, i, seats, arena.DealResult(), bots=bots)
            points.append(1.0 if winner == team else 0.0)
        per_deal.append(sum(points) / 2)
    return {
        "game": cfg.game,
        "hukum": cfg.hukum,
        "a": a,
        "b": b,
        "deals": cfg.deals,
        "seed": cfg.seed,
        "a_rate": sum(per_deal) / len(per_deal),
        "paired_ci95": list(arena.paired_interval(per_deal)),
        "split_deals": sum(1 for x in per_deal if x == 0.5),
    }


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--game", default="thaas", choices=("thaas", "dhihaeh"))
    p.add_argument(
        "--hukum", default="implicit", choices=("implicit", "declared", "hidden", "none")
    )
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--a", default="{}", help="A's trick_policy flags, as JSON")
    p.add_argument("--b", default="{}", help="B's trick_policy flags, as JSON")
    args = p.parse_args(argv)
    cfg = arena.ArenaConfig(game=args.game, hukum=args.hukum, deals=args.deals, seed=args.seed)
    started = time.perf_counter()
    out = duel(cfg, json.loads(args.a), json.loads(args.b))
    out["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
