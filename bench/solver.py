"""Time the pure-Python exact solver against DDS (endplay) on the same positions.

``python bench/solver.py [--positions 30] [--cards 7,9,13] [--hukum declared] [--seed 1]
[--max-nodes 2000000] [--old FILE]``

Positions are reached by Normal play in Thaas until every hand holds ``cards`` cards;
each is asked the one question Ultra asks: can the side to act still win the deal (reach
7 tricks)?  Ours answers it with :meth:`Solver.wins`, DDS with its target mode (the cards
that reach the target), so the two do the same work.  Times are CPU milliseconds (the
process's own time, which other load on a shared machine inflates far less than wall
time).  ``--max-nodes`` caps our search per position: a position it gives up on counts at
its time so far, so our figures at 13 cards are then lower bounds.  Without endplay only
our column is printed.  ``--old FILE`` also times another version of ``solver.py`` on the
same positions (e.g. ``git show main:thaasbai/bots/solver.py > /tmp/old_solver.py``).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time

from thaasbai.arena import percentile
from thaasbai.bots import fast
from thaasbai.bots.normal import NormalBot
from thaasbai.bots.solver import SearchAborted, Solver
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import view_for


def position(rng: random.Random, game: str, hukum: str, cards: int):
    """Play a random deal with Normal bots until each hand holds ``cards`` cards."""
    while True:
        m = new_match(GameOptions(game=game, hukum=hukum), first_dealer=rng.randrange(4))
        m.start_deal(rng=rng)
        d = m.current
        bot = NormalBot()
        while not d.over and not (
            not d.trick and not d.declaring and d.hands[d.leader].bit_count() == cards
        ):
            m.apply(d.to_act, bot.choose(view_for(m, d.to_act), rng))
        if not d.over and not d.hidden_card_pending:
            return d


def load_solver(path: str) -> type:
    """The ``Solver`` class of another copy of ``solver.py`` (its relative imports made
    absolute), to compare versions on the same positions."""
    with open(path, encoding="utf-8") as f:
        text = f.read().replace("from ..engine", "from thaasbai.engine")
    spec = importlib.util.spec_from_loader("old_solver", loader=None)
    module = importlib.util.module_from_spec(spec)
    exec(compile(text, path, "exec"), module.__dict__)
    return module.Solver


def time_old(cls: type, d) -> tuple[float, int]:
    solver = cls(d.game)
    c0 = time.process_time()
    solver.wins(d, d.to_act & 1)
    return (time.process_time() - c0) * 1000, solver.nodes


def time_ours(d, max_nodes: int | None) -> tuple[float, int, bool]:
    """CPU ms, nodes, and whether it finished within ``max_nodes``."""
    solver = Solver(d.game, max_nodes=max_nodes)
    c0 = time.process_time()
    try:
        solver.wins(d, d.to_act & 1)
        done = True
    except SearchAborted:
        done = False
    return (time.process_time() - c0) * 1000, solver.nodes, done


def time_dds(d) -> float:
    c0 = time.process_time()
    fast.move_wins(d, d.to_act & 1)
    return (time.process_time() - c0) * 1000


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--positions", type=int, default=30)
    p.add_argument("--cards", default="7,9,13", help="cards per hand, comma-separated")
    p.add_argument("--game", default="thaas")
    p.add_argument("--hukum", default="declared")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-nodes", type=int, default=2_000_000)
    p.add_argument("--old", default=None, help="another solver.py to time on the same positions")
    args = p.parse_args()
    old = load_solver(args.old) if args.old else None
    with_dds = fast.AVAILABLE and args.game == "thaas"
    for cards in (int(x) for x in args.cards.split(",")):
        rng = random.Random(f"{args.seed}:{cards}")
        ours, theirs, olds, nodes, old_nodes, gave_up = [], [], [], 0, 0, 0
        for _ in range(args.positions):
            d = position(rng, args.game, args.hukum, cards)
            ms, n, done = time_ours(d, args.max_nodes)
            ours.append(ms)
            nodes += n
            gave_up += not done
            if old is not None:
                ms, n = time_old(old, d)
                olds.append(ms)
                old_nodes += n
            if with_dds and fast.maps_to_bridge(d):
                theirs.append(time_dds(d))
        line = (
            f"{args.game} ({args.hukum}), {cards} cards a hand, {args.positions} positions: "
            f"ours p50 {percentile(ours, 0.5):.2f} ms, p95 {percentile(ours, 0.95):.2f} ms, "
            f"{nodes / max(1e-9, sum(ours) / 1000):,.0f} nodes/s"
        )
        if gave_up:
            line += f" ({gave_up} gave up at {args.max_nodes:,} nodes: lower bounds)"
        if olds:
            line += (
                f"; old p50 {percentile(olds, 0.5):.2f} ms, p95 {percentile(olds, 0.95):.2f} ms, "
                f"nodes {old_nodes:,} against ours {nodes:,}"
            )
        if theirs:
            r50 = percentile(ours, 0.5) / max(1e-6, percentile(theirs, 0.5))
            r95 = percentile(ours, 0.95) / max(1e-6, percentile(theirs, 0.95))
            line += (
                f"; DDS p50 {percentile(theirs, 0.5):.2f} ms, p95 "
                f"{percentile(theirs, 0.95):.2f} ms; ours/DDS {r50:.1f}x at p50, {r95:.1f}x at p95"
            )
        print(line, flush=True)


if __name__ == "__main__":
    main()
