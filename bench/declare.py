"""How good is a declaration?  Thaas `declared` hands judged double dummy.

The first leader names the hukum from its own 13 cards.  For each deal, each method names
a suit from the leader's view alone.  Two judges, both DDS (does the leader's side reach 7
tricks with that suit as hukum, the leader on lead, best play by all four):

- *real*: the real deal, one draw of the unseen cards (noisy: most deals go the same way
  whatever is declared);
- *expected*: ``--judge`` fresh deals of the 39 unseen cards (uniform, as nothing is known
  of them yet), none of them the ones a method saw: the suit's chance to win, which is
  what a declaration can know.

The methods: Normal's rule (``strength``: the suit the hand is strongest in, length first),
pimc-dds's (``longest``), and ``dds-N`` for each ``--worlds`` N: N deals of the unseen
cards, every suit solved by DDS on each, the suit winning the most named (Normal's on a
tie).  It prints each method's rates and the oracles' (the best suit of the real deal,
and the suit with the best chance), and how often each method names another suit than
Normal.  Needs the ``fast`` extra.

``python bench/declare.py --deals 200 --seed 2`` (add ``--worlds 16 64`` for dds-16 and dds-64)
"""

from __future__ import annotations

import argparse
import random
import time

from thaasbai.bots import fast
from thaasbai.bots.inference import sample_world
from thaasbai.bots.pimc_dds import longest_suit
from thaasbai.bots.trick_policy import declare_suit
from thaasbai.engine.actions import DECLARE
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import TrickView, view_for


def declaring_view(rng: random.Random) -> tuple[TrickView, list[int]]:
    """A fresh `declared` deal: the first leader's view and the four real hands."""
    m = new_match(GameOptions(game="thaas", hukum="declared"), rng=rng)
    m.start_deal(rng=rng)
    d = m.current
    view = view_for(m, d.to_act)
    assert isinstance(view, TrickView) and view.declaring
    return view, list(d.hands)


def wins(hands: list[int], leader: int, suit: int) -> bool:
    return fast.reaches(hands, leader, [], suit, 7)


def dds_declaration(view: TrickView, worlds: int, rng: random.Random) -> int:
    """The suit winning the most of ``worlds`` uniform deals double dummy (Normal's on a tie)."""
    won = [0, 0, 0, 0]
    for _ in range(worlds):
        hands = sample_world(view, rng).hands
        for s in range(4):
            won[s] += wins(hands, view.seat, s)
    normal = declare_suit(view.hand) - DECLARE
    return normal if won[normal] == max(won) else won.index(max(won))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--judge", type=int, default=100, help="fresh deals judging each suit")
    p.add_argument("--worlds", type=int, nargs="*", default=[], help="dds-N methods")
    a = p.parse_args()
    if not fast.AVAILABLE:
        raise SystemExit("the judge needs endplay: pip install 'thaasbai[fast]'")
    rng = random.Random(a.seed)
    searches = {f"dds-{n}": n for n in a.worlds}
    names = ["strength", "longest", *searches, "oracle"]
    won = dict.fromkeys(names, 0)
    chance = dict.fromkeys(names, 0.0)
    moved = dict.fromkeys(names, 0)
    judge_rng = random.Random(a.seed + 777)
    ms: dict[str, list[float]] = {n: [] for n in searches}
    for i in range(a.deals):
        view, hands = declaring_view(rng)
        leader = view.seat
        by_suit = [wins(hands, leader, s) for s in range(4)]
        fresh = [sample_world(view, judge_rng).hands for _ in range(a.judge)]
        odds = [sum(wins(h, leader, s) for h in fresh) / a.judge for s in range(4)]
        picks = {
            "strength": declare_suit(view.hand) - DECLARE,
            "longest": longest_suit(view.hand) - DECLARE,
        }
        for name, n in searches.items():
            t = time.perf_counter()
            picks[name] = dds_declaration(view, n, random.Random(a.seed * 1_000_003 + i))
            ms[name].append((time.perf_counter() - t) * 1000)
        for name, s in picks.items():
            won[name] += by_suit[s]
            chance[name] += odds[s]
            moved[name] += s != picks["strength"]
        won["oracle"] += any(by_suit)
        chance["oracle"] += max(odds)
    n = a.deals
    print(f"{'':32s} {'real deal':>16s} {'expected':>9s} {'not Normal':>10s}")
    for name in names:
        line = f"{name:32s} {won[name]:4d} of {n}  {100 * won[name] / n:5.1f}%"
        line += f"  {100 * chance[name] / n:6.1f}%  {moved[name]:6d}"
        if name in ms:
            t = sorted(ms[name])
            line += f"  p50 {t[len(t) // 2]:.0f} ms  max {t[-1]:.0f} ms"
        print(line, flush=True)


if __name__ == "__main__":
    main()
