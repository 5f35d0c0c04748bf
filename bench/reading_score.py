"""How well each card reading places the unseen cards, on deals of a given pairing.

A sensitive screen for readers before any arena run: at decisions of Thaas deals played
by pimc-dds (or Normal) in all four seats, sample worlds from the seat's view, weigh them
by each reader, and score where the weighted worlds put every unseen card against where
it really is: the *share* (the mean weight on the true hand) and the *log score* (the
mean log of it, mixed 95:5 with an even third so a wrong certainty is finite).  Higher
is better for both; uniform weights are the baseline.

``python bench/reading_score.py --games 30 --seed 5 --worlds 60 --players pimc-dds
--readers uniform normal:0.85 dd:2:8``
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time

from thaasbai.bots import fast
from thaasbai.bots.inference import as_dealt, knowledge, play_likelihood, sample_world
from thaasbai.bots.normal import NormalBot
from thaasbai.bots.pimc_dds import PimcDdsBot
from thaasbai.engine.actions import DECLARE
from thaasbai.engine.cards import FULL_DECK, cards_of
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.trick import NONE, TrickDeal
from thaasbai.engine.views import TrickView, view_for


def card_groups(d: TrickDeal) -> list[tuple[int, int]]:
    """Every choice of the seat to act in bridge play, as (cards alike, tricks its side
    takes from this trick on with best play): DDS's groups of equivalent cards."""
    fut = fast.solve_all(d.hands, d.leader, d.trick, d.hukum)
    return [(fast.group_mask(fut, i), fut.score[i]) for i in range(fut.cards)]


def dd_likelihood(view: TrickView, world: TrickDeal, beta: float, max_cards: int) -> float:
    """A soft double-dummy model of the other seats: each card they played while their
    hand held ``max_cards`` or fewer weighs ``exp(-beta * loss)``, normalised over their
    choices, ``loss`` being the tricks it gave up in ``world`` against the best card (a
    DDS solve of every card at that moment)."""
    me = view.seat
    d, plays = as_dealt(view, world)
    if d.declaring:
        d.apply(d.to_act, DECLARE + view.hukum)
    w = 1.0
    for seat, c in plays:
        if (
            seat != me
            and d.hands[seat].bit_count() <= max_cards
            and (d.hukum >= 0 or d.mode == NONE)
            and d.legal_mask().bit_count() > 1
        ):
            groups = card_groups(d)
            best = max(t for _, t in groups)
            weights = [(mask, math.exp(-beta * (best - t))) for mask, t in groups]
            w *= sum(p for mask, p in weights if mask >> c & 1) / sum(p for _, p in weights)
        d.play_card(c)
    return w


def positions(players: str, hukum: str, games: int, seed: int, lo: int, hi: int) -> list:
    """(view, real hands) at decisions whose hand holds lo..hi cards."""
    rng = random.Random(seed)
    bot = PimcDdsBot() if players == "pimc-dds" else NormalBot()
    out = []
    for _ in range(games):
        m = new_match(GameOptions(game="thaas", hukum=hukum), rng=rng)
        m.start_deal(rng=rng)
        d = m.current
        while not d.over:
            view = view_for(m, d.to_act)
            n = view.hand.bit_count() if view.hand is not None else 0
            bridge = view.hukum is not None or hukum == "none"
            if lo <= n <= hi and len(view.legal) > 1 and bridge:
                out.append((view, list(d.hands)))
            m.apply(d.to_act, bot.choose(view, rng))
    return out


def reader(spec: str):
    """``uniform``, ``normal:P``, ``dd:BETA:MAXCARDS``, ``both:P:BETA:MAXCARDS`` or
    ``bottom:Q:P`` (Normal at P, a follow from above equal cards weighing Q more)."""
    name, *args = spec.split(":")
    if name == "bottom":
        q, p = float(args[0]), float(args[1])
        return lambda view, world: play_likelihood(view, world, p, bottom=q)
    if name == "uniform":
        return lambda view, world: 1.0
    if name == "normal":
        p = float(args[0])
        return lambda view, world: play_likelihood(view, world, p)
    if name == "dd":
        beta, cards = float(args[0]), int(args[1])
        return lambda view, world: dd_likelihood(view, world, beta, cards)
    if name == "both":
        p, beta, cards = float(args[0]), float(args[1]), int(args[2])
        return lambda view, world: (
            play_likelihood(view, world, p) * dd_likelihood(view, world, beta, cards)
        )
    raise SystemExit(f"unknown reader {spec!r}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--players", default="pimc-dds", choices=("pimc-dds", "normal"))
    ap.add_argument("--hukum", default="none", choices=("none", "declared"))
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--worlds", type=int, default=60)
    ap.add_argument("--cards", default="3-8", help="hand sizes of the positions, lo-hi")
    ap.add_argument("--readers", nargs="+", default=["uniform", "normal:0.85", "dd:2:8"])
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.cards.split("-"))
    pos = positions(args.players, args.hukum, args.games, args.seed, lo, hi)
    readers = {spec: reader(spec) for spec in args.readers}
    share = dict.fromkeys(readers, 0.0)
    logs = dict.fromkeys(readers, 0.0)
    ess = dict.fromkeys(readers, 0.0)
    secs = dict.fromkeys(readers, 0.0)
    cards = 0
    for i, (view, hands) in enumerate(pos):
        rng = random.Random(i)
        k = knowledge(view)
        worlds = [sample_world(view, rng, k) for _ in range(args.worlds)]
        unseen = cards_of(FULL_DECK & ~view.played & ~view.hand)
        truth = {c: next(s for s in range(4) if hands[s] >> c & 1) for c in unseen}
        cards += len(unseen)
        for spec, fn in readers.items():
            t0 = time.perf_counter()
            ws = [fn(view, w) for w in worlds]
            secs[spec] += time.perf_counter() - t0
            total = sum(ws)
            if total <= 0:
                ws, total = [1.0] * len(worlds), float(len(worlds))
            ess[spec] += total * total / sum(x * x for x in ws)
            for c in unseen:
                p = (
                    sum(x for x, w in zip(ws, worlds, strict=True) if w.hands[truth[c]] >> c & 1)
                    / total
                )
                share[spec] += p
                logs[spec] += math.log(0.95 * p + 0.05 / 3)
    for spec in readers:
        print(
            json.dumps(
                {
                    "reader": spec,
                    "positions": len(pos),
                    "share": round(share[spec] / cards, 4),
                    "log_score": round(logs[spec] / cards, 4),
                    "effective_worlds": round(ess[spec] / len(pos), 1),
                    "ms_per_world": round(secs[spec] * 1000 / (len(pos) * args.worlds), 3),
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
