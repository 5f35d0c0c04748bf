"""Ultra's endplay variants judged move by move against the real deal, double dummy.

An arena deal costs a minute and most deals are decided by the cards, so this screens
variants on single decisions instead: positions from Thaas deals played by pimc-dds (12
worlds a move, for speed), kept where the cards to choose from do not all give the same
result in the real deal with best play by all four seats (DDS).  Each variant chooses
from the seat's view alone; its *win regret* is how often it chose a card that loses the
deal double dummy where another would have won it, its *trick regret* the tricks it gave
up against the best card, and ``win_regret_by_cards`` splits the win regret by the cards
in the seat's hand (where in the deal it falls).  A proxy only: double-dummy regret
ignores how the play goes on.

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


def critical_positions(hukum: str, games: int, seed: int, ultra_ms: int = 0) -> list:
    """(view, real deal) where the seat's cards differ in who wins the deal double dummy.

    With ``ultra_ms`` the deals are the arena's pairing: Ultra (endplay, on that budget) in
    seats 0 and 2 against pimc-dds, and only Ultra's decisions are kept (its partner then
    plays as Ultra does, its opponents as pimc-dds)."""
    rng = random.Random(seed)
    bot = PimcDdsBot(worlds=12)
    ours = UltraBot(fast=True) if ultra_ms else None
    out = []
    for _ in range(games):
        m = new_match(GameOptions(game="thaas", hukum=hukum), rng=rng)
        m.start_deal(rng=rng)
        d = m.current
        while not d.over:
            view = view_for(m, d.to_act)
            if ours is not None and view.seat % 2 == 0:
                action = ours.choose(view, rng, ultra_ms)
                keep = ours.last_mode == "endplay"
            else:
                action = bot.choose(view, rng)
                keep = ours is None and bot.last_mode == "dds"
            if len(view.legal) > 1 and keep:
                results = team_outcomes(d, view.seat & 1)
                if len({won for won, _ in results.values()}) > 1:
                    out.append((view, d.copy()))
            m.apply(d.to_act, action)
    return out


def regret(bot, positions: list, ms: int) -> tuple[dict, list[int]]:
    """The totals, and each position's win regret (for the paired counts)."""
    wins = tricks = 0
    each = []
    by_cards: dict[str, int] = {}
    t0 = time.perf_counter()
    for i, (view, deal) in enumerate(positions):
        card = bot.choose(view, random.Random(i), ms)
        results = team_outcomes(deal, view.seat & 1)
        each.append(max(w for w, _ in results.values()) - results[card][0])
        wins += each[-1]
        tricks += max(t for _, t in results.values()) - results[card][1]
        band = cards_band(view.hand.bit_count())
        by_cards[band] = by_cards.get(band, 0) + each[-1]
    n = len(positions)
    return {
        "positions": n,
        "win_regret": wins,
        "win_regret_by_cards": {b: by_cards[b] for b in BANDS if b in by_cards},
        "trick_regret_per_move": round(tricks / n, 3),
        "seconds": round(time.perf_counter() - t0),
    }, each


BANDS = ("12-13", "9-11", "6-8", "3-5", "1-2")


def cards_band(cards: int) -> str:
    """Where in the deal a decision falls, by the cards in the seat's hand: "12-13",
    "9-11", "6-8", "3-5", "1-2"."""
    if cards >= 12:
        return "12-13"
    low = cards // 3 * 3
    return f"{max(low, 1)}-{low + 2}"


def paired(each: list[int], first: list[int] | None) -> dict:
    """Positions where this variant gave up a win the first did not, and the reverse."""
    if first is None:
        return {}
    worse = sum(a > b for a, b in zip(each, first, strict=True))
    better = sum(a < b for a, b in zip(each, first, strict=True))
    return {"worse_than_first": worse, "better_than_first": better}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--hukum", default="none", choices=("none", "declared"))
    p.add_argument("--games", type=int, default=80)
    p.add_argument("--seed", type=int, default=21)
    p.add_argument("--ms", type=int, default=300, help="Ultra's budget per move")
    p.add_argument("--min-cards", type=int, default=0, help="only positions with this many")
    p.add_argument("--ultra", nargs="*", default=["{}"], help="UltraBot options, as JSON")
    p.add_argument("--pimc", action="store_true", help="also judge pimc-dds itself")
    p.add_argument(
        "--ultra-deals",
        type=int,
        default=0,
        metavar="MS",
        help="deals with Ultra (on MS a move) in seats 0 and 2 against pimc-dds; judge its seats",
    )
    args = p.parse_args()
    positions = critical_positions(args.hukum, args.games, args.seed, args.ultra_deals)
    positions = [(v, d) for v, d in positions if v.hand.bit_count() >= args.min_cards]
    first = None
    for kw in args.ultra:
        out, each = regret(UltraBot(fast=True, **json.loads(kw)), positions, args.ms)
        print(json.dumps({"ultra": json.loads(kw), **out, **paired(each, first)}), flush=True)
        first = each if first is None else first
    if args.pimc:
        out, each = regret(PimcDdsBot(), positions, args.ms)
        print(json.dumps({"pimc-dds": True, **out, **paired(each, first)}))


if __name__ == "__main__":
    main()
