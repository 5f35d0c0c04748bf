"""Ultra's endplay variants judged move by move against the real deal, double dummy.

An arena deal costs a minute and most deals are decided by the cards, so this screens
variants on single decisions instead: positions from Thaas deals played by pimc-dds (12
worlds a move, for speed), kept where the cards to choose from do not all give the same
result in the real deal with best play by all four seats (DDS).  Each variant chooses
from the seat's view alone; its *win regret* is how often it chose a card that loses the
deal double dummy where another would have won it, its *trick regret* the tricks it gave
up against the best card.  A proxy only: double-dummy regret ignores how the play goes on.

``python bench/endplay_regret.py --games 80 --seed 21 --ms 300 --hukum none
--ultra '{}' '{"end_score": "wins", "end_p_match": null}' [--pimc]``
"""

from __future__ import annotations

import argparse
import json
import random
import time

from thaasbai.bots.dd_outcomes import team_outcomes
from thaasbai.bots.pimc_dds import PimcDdsBot
from thaasbai.bots.ultra import UltraBot
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import view_for


def critical_positions(hukum: str, games: int, seed: int) -> list:
    """(view, real deal) where the seat's cards differ in who wins the deal double dummy."""
    rng = random.Random(seed)
    bot = PimcDdsBot(worlds=12)
    out = []
    for _ in range(games):
        m = new_match(GameOptions(game="thaas", hukum=hukum), rng=rng)
        m.start_deal(rng=rng)
        d = m.current
        while not d.over:
            view = view_for(m, d.to_act)
            action = bot.choose(view, rng)
            if len(view.legal) > 1 and bot.last_mode == "dds":
                results = team_outcomes(d, view.seat & 1)
                if len({won for won, _ in results.values()}) > 1:
                    out.append((view, d.copy()))
            m.apply(d.to_act, action)
    return out


def regret(bot, positions: list, ms: int) -> dict:
    wins = tricks = 0
    t0 = time.perf_counter()
    for i, (view, deal) in enumerate(positions):
        card = bot.choose(view, random.Random(i), ms)
        results = team_outcomes(deal, view.seat & 1)
        wins += max(w for w, _ in results.values()) - results[card][0]
        tricks += max(t for _, t in results.values()) - results[card][1]
    n = len(positions)
    return {
        "positions": n,
        "win_regret": wins,
        "trick_regret_per_move": round(tricks / n, 3),
        "seconds": round(time.perf_counter() - t0),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--hukum", default="none", choices=("none", "declared"))
    p.add_argument("--games", type=int, default=80)
    p.add_argument("--seed", type=int, default=21)
    p.add_argument("--ms", type=int, default=300, help="Ultra's budget per move")
    p.add_argument("--min-cards", type=int, default=0, help="only positions with this many")
    p.add_argument("--ultra", nargs="*", default=["{}"], help="UltraBot options, as JSON")
    p.add_argument("--pimc", action="store_true", help="also judge pimc-dds itself")
    args = p.parse_args()
    positions = critical_positions(args.hukum, args.games, args.seed)
    positions = [(v, d) for v, d in positions if v.hand.bit_count() >= args.min_cards]
    for kw in args.ultra:
        out = regret(UltraBot(fast=True, **json.loads(kw)), positions, args.ms)
        print(json.dumps({"ultra": json.loads(kw), **out}), flush=True)
    if args.pimc:
        print(json.dumps({"pimc-dds": True, **regret(PimcDdsBot(), positions, args.ms)}))


if __name__ == "__main__":
    main()
