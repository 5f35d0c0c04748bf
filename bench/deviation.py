"""How often each bot in an arena leaves Normal's card: the figure a card reader's
``p_match`` models.

Ultra reads the other seats as playing Normal's card with probability ``P_MATCH`` (0.85)
and its partner with ``PARTNER_P`` (0.7).  Whether those fit is a fact about the players,
measured here: the arena's deals (same ``--seed``, same deals) are played with the levels
as they ship, and every Thaas or Dhihaeh card chosen with more than one legal card is
compared with the card Normal's rules pick from the same view (a neighbour in the same
suit, once the cards out of play are gone, counts as the same card, as the reader counts
it).  Split by level, by the search path that chose the card (``last_mode``: flat,
solver, endplay, dds; "-" for bots without one) and by how many cards the hand held
(early: more than 7).

``python bench/deviation.py --hukum implicit --a ultra --b hard --deals 4 --seed 3``
``python bench/deviation.py --hukum none --a normal --b pimc-dds --deals 8 --seed 3``
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thaasbai import arena
from thaasbai.bots import ARENA_LEVELS, LEVELS
from thaasbai.bots.common import alike
from thaasbai.bots.search_common import heuristic_choice
from thaasbai.engine.actions import Action
from thaasbai.engine.cards import FULL_DECK
from thaasbai.engine.views import TrickView, View

EARLY_CARDS = 7  # more cards in hand than this: "early" (Ultra's exact endgame starts at 7)

Key = tuple[str, str, str, bool]  # level, search path, early/late, left Normal's card


class Counting:
    """A bot that plays as ``bot`` does and counts whether its card was Normal's."""

    def __init__(self, bot, counts: Counter[Key]) -> None:
        self.bot = bot
        self.counts = counts

    def choose(self, view: View, rng: random.Random, budget_ms: int | None = None) -> Action:
        action = self.bot.choose(view, rng, budget_ms)
        if isinstance(view, TrickView) and len(view.legal) > 1 and action < 52:
            normal = heuristic_choice(view)
            live = FULL_DECK & ~view.played
            same = normal < 52 and alike(normal, action, view.hand, live)
            mode = getattr(self.bot, "last_mode", "") or "-"
            phase = "early" if view.hand.bit_count() > EARLY_CARDS else "late"
            self.counts[(self.bot.level, mode, phase, not same)] += 1
        return action


def measure(cfg: arena.ArenaConfig) -> Counter[Key]:
    """Both plays of each of ``cfg``'s deals, counted."""
    counts: Counter[Key] = Counter()
    for index in range(cfg.deals):
        for a_team in (0, 1):
            a_seats = {a_team, a_team + 2}
            bots = {
                s: Counting(arena.make_bot(cfg.a if s in a_seats else cfg.b, cfg.fast), counts)
                for s in range(4)
            }
            arena.play_once(cfg, index, a_seats, arena.DealResult(), bots=bots)
    return counts


def report(counts: Counter[Key]) -> list[str]:
    """One line per level, path and phase: cards counted and the share off Normal's."""
    lines = [f"{'level':<9} {'path':<9} {'phase':<6} {'cards':>6} {'left Normal':>12}"]
    groups = sorted({k[:3] for k in counts})
    for level, mode, phase in groups:
        left = counts[(level, mode, phase, True)]
        total = left + counts[(level, mode, phase, False)]
        lines.append(f"{level:<9} {mode:<9} {phase:<6} {total:>6} {left / total:>11.1%}")
    return lines


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", choices=("thaas", "dhihaeh"), default="thaas")
    p.add_argument(
        "--hukum", choices=("implicit", "declared", "hidden", "none"), default="implicit"
    )
    p.add_argument("--a", choices=LEVELS + ARENA_LEVELS, default="ultra")
    p.add_argument("--b", choices=LEVELS + ARENA_LEVELS, default="hard")
    p.add_argument("--deals", type=int, default=4)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--fast", action="store_true", help="Ultra with endplay's solver")
    args = p.parse_args()
    cfg = arena.ArenaConfig(
        game=args.game,
        hukum=args.hukum,
        a=args.a,
        b=args.b,
        deals=args.deals,
        seed=args.seed,
        fast=args.fast,
    )
    print("\n".join(report(measure(cfg))))


if __name__ == "__main__":
    main()
