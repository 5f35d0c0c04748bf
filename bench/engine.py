"""Engine speed on one core: random deals, random playouts and state copies per second.

    python bench/engine.py [--seconds 1.0] [--seed 1] [--json]

For each game (Thaas, Dhihaeh, Thulla at 4 seats, plus Thulla at 2 and 6 seats):

- *random deals/s, including the deal*: shuffle and deal a fresh deal (hidden mode draws
  its set-aside card too), then play it to the end with random legal actions;
- *random playouts/s from a dealt position*: copy an already dealt state and play the copy
  to the end with random legal actions (what a search does from a sampled world);
- *state copies/s*: ``deal.copy()`` of a position in the middle of a deal.

"Random legal actions" follow :func:`thaasbai.engine.playout.random_playout` (Thulla:
cards only, no Hand Calls or giving up).  For Thaas it also prints the plain loop a bot
would write without the kernel (``cards_of(deal.legal_mask())`` then ``play_card``), and
the playout rate in each hukum mode.

Rates are per second of this process's CPU time (``time.process_time``) with the process
pinned to one CPU where the OS allows it, so other work on the machine lowers them less
than it would lower wall-clock rates.  Never used as a timed assertion in the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thaasbai.engine.cards import cards_of
from thaasbai.engine.playout import random_playout
from thaasbai.engine.thulla import ThullaDeal
from thaasbai.engine.trick import HUKUM_MODES, DhihaehDeal, ThaasDeal

POOL = 64  # dealt positions cycled through, so one lucky deal does not skew a figure


def rate(step: Callable[[], object], seconds: float) -> float:
    """Calls of ``step`` per CPU second, measured for about ``seconds``."""
    for _ in range(20):  # warm up
        step()
    n = 0
    start = time.process_time()
    end = start + seconds
    while True:
        for _ in range(50):
            step()
        n += 50
        now = time.process_time()
        if now >= end:
            return n / (now - start)


def cycle(items: list) -> Callable[[], object]:
    it = iter(())

    def nxt():
        nonlocal it
        try:
            return next(it)
        except StopIteration:
            it = iter(items)
            return next(it)

    return nxt


def midway(deal, rng: random.Random):
    """A copy of ``deal`` a third of the way through, for timing copies."""
    d = deal.copy()
    for _ in range(17):
        if d.over:
            break
        if getattr(d, "declaring", False):
            d.apply(d.to_act, d.legal_actions()[0])
            continue
        legal = cards_of(d.legal_mask())
        if not legal:
            break
        d.play_card(legal[int(rng.random() * len(legal))])
    return d


def trick_figures(cls, mode: str, rng: random.Random, seconds: float) -> dict[str, float]:
    dealt = [cls.deal(rng, i % 4, mode) for i in range(POOL)]
    nxt = cycle(dealt)
    mid = cycle([midway(d, rng) for d in dealt])
    return {
        "random deals/s, including the deal": rate(
            lambda: random_playout(cls.deal(rng, 0, mode), rng), seconds
        ),
        "random playouts/s from a dealt position": rate(
            lambda: random_playout(nxt().copy(), rng), seconds
        ),
        "state copies/s": rate(lambda: mid().copy(), seconds),
    }


def thulla_figures(seats: int, rng: random.Random, seconds: float) -> dict[str, float]:
    dealt = [ThullaDeal.deal(rng, seats, i % seats) for i in range(POOL)]
    nxt = cycle(dealt)
    mid = cycle([midway(d, rng) for d in dealt])
    return {
        "random deals/s, including the deal": rate(
            lambda: random_playout(ThullaDeal.deal(rng, seats, 0), rng), seconds
        ),
        "random playouts/s from a dealt position": rate(
            lambda: random_playout(nxt().copy(), rng), seconds
        ),
        "state copies/s": rate(lambda: mid().copy(), seconds),
    }


def plain_loop(rng: random.Random, seconds: float) -> float:
    """Thaas playouts with the loop a bot writes by hand, without the kernel."""
    nxt = cycle([ThaasDeal.deal(rng, i % 4) for i in range(POOL)])

    def step():
        d = nxt().copy()
        while not d.over:
            legal = cards_of(d.legal_mask())
            d.play_card(legal[int(rng.random() * len(legal))])

    return rate(step, seconds)


def pin_to_one_cpu() -> str:
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    except (AttributeError, OSError):
        return "not pinned"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per figure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="also print one JSON object")
    args = parser.parse_args()
    pinned = pin_to_one_cpu()
    rng = random.Random(args.seed)
    results: dict[str, dict[str, float]] = {}
    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs, {pinned}; rates per CPU second"
    )
    games = [
        ("Thaas (hukum implicit)", lambda: trick_figures(ThaasDeal, "implicit", rng, args.seconds)),
        (
            "Dhihaeh (hukum implicit)",
            lambda: trick_figures(DhihaehDeal, "implicit", rng, args.seconds),
        ),
        ("Thulla, 4 seats", lambda: thulla_figures(4, rng, args.seconds)),
        ("Thulla, 2 seats", lambda: thulla_figures(2, rng, args.seconds)),
        ("Thulla, 6 seats", lambda: thulla_figures(6, rng, args.seconds)),
    ]
    for name, measure in games:
        figures = measure()
        results[name] = figures
        print(f"\n{name}")
        for label, value in figures.items():
            print(f"  {label:<42} {value:>12,.0f}")
    extra: dict[str, float] = {}
    for mode in HUKUM_MODES:
        dealt = cycle([ThaasDeal.deal(rng, i % 4, mode) for i in range(POOL)])
        extra[f"hukum {mode}: random playouts/s from a dealt position"] = rate(
            lambda dealt=dealt: random_playout(dealt().copy(), rng), args.seconds
        )
    extra["plain loop (cards_of + play_card) playouts/s"] = plain_loop(rng, args.seconds)
    results["Thaas, more"] = extra
    print("\nThaas, more")
    for label, value in extra.items():
        print(f"  {label:<58} {value:>12,.0f}")
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
