"""Where Ultra's exact endgame should start, judged move by move against the real deal.

Positions come from Thaas deals played by Normal bots (Hard keeps Normal's card unless
its search shows a clear gain, so these are close to the positions Ultra meets against
Hard), at ``--cards`` cards a hand, kept where the seat's cards differ in who wins the
real deal with best play by all four seats (our exact solver).  Each variant chooses from
the seat's view alone; its *win regret* counts the choices that lose a deal another card
would have won.  A proxy that favours double-dummy play (the judge is double dummy), so a
variant that only draws level here is not worth an arena run.

``python bench/endgame_regret.py --cards 8 --positions 120 --seed 31 --ms 700
--ultra '{}' '{"endgame_cards": 8}'``
"""

from __future__ import annotations

import argparse
import json
import random
import time

from thaasbai.bots.normal import NormalBot
from thaasbai.bots.solver import Solver
from thaasbai.bots.ultra import UltraBot
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import TrickView, view_for


def outcomes(d, team: int, solver: Solver) -> dict[int, int]:
    """1 if ``team`` wins the real deal after the card, double dummy, else 0."""
    out = {}
    for c in range(52):
        if d.legal_mask() >> c & 1:
            st = d.copy()
            st.play_card(c)
            out[c] = int(solver.wins(st, team))
    return out


def critical_positions(hukum: str, cards: int, n: int, seed: int) -> list:
    rng = random.Random(seed)
    bot = NormalBot()
    solver = Solver("thaas")
    out = []
    while len(out) < n:
        m = new_match(GameOptions(game="thaas", hukum=hukum), rng=rng)
        m.start_deal(rng=rng)
        d = m.current
        while not d.over:
            view = view_for(m, d.to_act)
            if (
                isinstance(view, TrickView)
                and view.hand.bit_count() == cards
                and len(view.legal) > 1
                and len(out) < n
            ):
                res = outcomes(d, view.seat & 1, solver)
                if len(set(res.values())) > 1:
                    out.append((view, res))
            m.apply(d.to_act, bot.choose(view, rng))
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--hukum", default="implicit")
    p.add_argument("--cards", type=int, default=8)
    p.add_argument("--positions", type=int, default=120)
    p.add_argument("--seed", type=int, default=31)
    p.add_argument("--ms", type=int, default=700, help="Ultra's budget per move")
    p.add_argument("--ultra", nargs="*", default=["{}"], help="UltraBot options, as JSON")
    args = p.parse_args()
    positions = critical_positions(args.hukum, args.cards, args.positions, args.seed)
    first: list[int] | None = None
    for kw in args.ultra:
        bot = UltraBot(**json.loads(kw))
        lost = []
        t0 = time.perf_counter()
        for i, (view, res) in enumerate(positions):
            card = bot.choose(view, random.Random(i), args.ms)
            lost.append(max(res.values()) - res[card])
        first = first or lost
        # Against the first variant, position by position: the paired test's raw counts.
        worse = sum(a > b for a, b in zip(lost, first, strict=True))
        better = sum(a < b for a, b in zip(lost, first, strict=True))
        print(
            json.dumps(
                {
                    "ultra": json.loads(kw),
                    "positions": len(positions),
                    "win_regret": sum(lost),
                    "worse_than_first": worse,
                    "better_than_first": better,
                    "seconds": round(time.perf_counter() - t0),
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
