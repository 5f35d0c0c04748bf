"""Time to a hint and to a whole-deal review (``thaasbai.learn``), natively or in Pyodide.

    python bench/learn.py [--deals N | --seeds 0,1,5] [--budget-ms MS] [--full-ms MS] [--no-dds]
                          [--think-s T ...]

Hints: the Ultra bot on the hint's budget at every decision of seat 0 in Thaas deals
between Normal bots (the wall time from asking to the answer).  Reviews: seat 0's
decisions in whole Thaas deals, last trick first, with no budget (how long a full
review takes) and with the app's 10 s budget (how many tricks it gets to); each review
says its deal's seed, its wall and CPU time, the solver and the trick of the deal's first
discard (a seat void in the led suit: before it the implicit hukum is open, which is the
slow part).  With ``--think-s T``, also the review the solo table begins during play:
seat 0's decisions judged while it thinks (``T`` seconds each), then the rest after the
last card; it reports the wait from the deal's end to the whole review.  Prints one
JSON line, with the load average before and after; under Pyodide
(bench/pyodide_run.mjs) it runs the same code:

    node bench/pyodide_run.mjs PYODIDE_DIR . "import learn; learn.main(['--deals', '3'])"

and in Chromium's Pyodide, in the app's own build (``thaasbai serve`` started for it, the
app archive loaded as the app's worker loads it; bench/web.py's ``in_chromium``):

    python bench/learn.py --chromium --deals 3
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thaasbai.bots import fast, finish, get_bot
from thaasbai.engine.match import GameOptions, Match, new_match
from thaasbai.engine.record import to_record
from thaasbai.engine.views import view_for
from thaasbai.learn.hint import HINT_BUDGET_MS, hint_steps
from thaasbai.learn.review import Reviewer
from thaasbai.learn.values import open_deal


def deal_between_normal_bots(
    seed: int, game: str = "thaas", hints: bool = True
) -> tuple[Match, list[float]]:
    """A whole deal; the hint's wall time at each of seat 0's decisions."""
    rng = random.Random(seed)
    m = new_match(GameOptions(game=game), rng=rng)
    m.start_deal(rng=rng)
    bot = get_bot("normal")
    d = m.current
    hint_times = []
    while not d.over:
        seat = d.to_act
        view = view_for(m, seat)
        if hints and seat == 0 and len(view.legal) > 1:
            t = time.perf_counter()
            finish(hint_steps(view, random.Random(seed), HINT_BUDGET_MS))
            hint_times.append(time.perf_counter() - t)
        m.apply(seat, bot.choose(view, rng))
    return m, hint_times


def first_discard_trick(m: Match) -> int | None:
    """The trick (from 1) in which a seat first could not follow suit, if any."""
    d = open_deal(m.current)
    for seat, a in m.logs[-1].actions:
        if 0 <= a < 52 and d.trick and a // 13 != d.led:
            return d.tricks_played + 1
        d.apply(seat, a)
    return None


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages; None where there are none (Pyodide's are
    made up)."""
    if sys.platform == "emscripten" or not hasattr(os, "getloadavg"):
        return None
    return [round(x, 2) for x in os.getloadavg()]


def review_figures(m: Match, seed: int, budget_ms: float | None, dds: bool) -> dict:
    r = Reviewer(to_record(m), 0, dds=dds)
    t = time.perf_counter()
    cpu = time.process_time()
    review = finish(r.steps(1e9 if budget_ms is None else budget_ms))
    return {
        "seed": seed,
        "seconds": round(time.perf_counter() - t, 2),
        "cpu_seconds": round(time.process_time() - cpu, 2),
        "solver": type(r.solver).__name__ if r.solver is not None else None,
        "first_discard_trick": first_discard_trick(m),
        "decisions": len(review.verdicts),
        "analysed_tricks": len(review.analysed_tricks),
        "tricks_played": m.current.tricks_played,
        "complete": review.complete,
        "mistakes": len(review.mistakes),
    }


def during_play_figures(m: Match, seed: int, think_s: float, dds: bool) -> dict:
    """The review begun while the deal is played, as the solo table does it: while seat 0
    thinks over each decision (``think_s`` each), the decisions so far are judged, the
    newest first; once the deal is over the rest is.  How long the player waits for the
    whole review after the last card, and the work in all."""
    record = to_record(m)
    deal = record["deals"][-1]
    actions = deal["actions"]
    r: Reviewer | None = None
    work = 0.0
    for j, a in enumerate(actions):
        if a.get("seat") != 0:
            continue
        prefix = {**record, "deals": [*record["deals"][:-1], {**deal, "actions": actions[:j]}]}
        if r is None:
            r = Reviewer(prefix, 0, dds=dds)
        else:
            assert r.follow(prefix)
        t = time.perf_counter()
        finish(r.steps(think_s * 1000.0))
        work += time.perf_counter() - t
    assert r is not None and r.follow(record)
    t = time.perf_counter()
    review = finish(r.steps(1e9))
    after = time.perf_counter() - t
    return {
        "seed": seed,
        "think_s": think_s,
        "after_end_s": round(after, 2),
        "work_s": round(work + after, 2),
        "complete": review.complete,
        "mistakes": len(review.mistakes),
    }


def in_chromium(argv: list[str]) -> str:
    """``main(argv)`` run in headless Chromium's Pyodide, from the static build."""
    import tempfile

    sys.path[:0] = [str(Path(__file__).resolve().parent)]
    from playwright.sync_api import sync_playwright
    from web import CHROME_ARGS, CHROMIUM, free_port, start_server, stop_server
    from web import in_chromium as run_there

    port = free_port()
    proc = start_server(port, data_dir=tempfile.mkdtemp(prefix="thaasbai-bench-learn-"))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROME_ARGS)
            source = Path(__file__).read_text(encoding="utf-8")
            code = f"import json, learn\njson.dumps(json.loads(learn.main({argv!r})))"
            out = run_there(browser, f"http://127.0.0.1:{port}/", code, {"learn": source})
            browser.close()
    finally:
        stop_server(proc)
    out["runtime"] = "chromium"
    text = json.dumps(out)
    print(text)
    return text


def main(argv: list[str] | None = None) -> str:
    argv = sys.argv[1:] if argv is None else argv
    if "--chromium" in argv:
        return in_chromium([a for a in argv if a != "--chromium"])
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=5, help="seeds 0 to N-1")
    ap.add_argument("--seeds", help="these seeds instead, comma-separated: 0,1,5")
    ap.add_argument("--budget-ms", type=float, default=10_000, help="0: no budgeted review")
    ap.add_argument("--full-ms", type=float, default=0, help="also review on this budget")
    ap.add_argument("--no-dds", action="store_true", help="the pure-Python solver only")
    ap.add_argument("--no-hints", action="store_true")
    ap.add_argument("--game", default="thaas")
    ap.add_argument(
        "--think-s",
        type=float,
        action="append",
        default=[],
        help="also the review begun during play, with seat 0 thinking this long a decision",
    )
    args = ap.parse_args(argv)
    hints: list[float] = []
    budgeted, full, during = [], [], []
    seeds = [int(x) for x in args.seeds.split(",")] if args.seeds else range(args.deals)
    load_before = load_average()
    for seed in seeds:
        m, times = deal_between_normal_bots(seed, args.game, not args.no_hints)
        hints += times
        if args.budget_ms > 0:
            budgeted.append(review_figures(m, seed, args.budget_ms, not args.no_dds))
        if args.full_ms:
            full.append(review_figures(m, seed, args.full_ms, not args.no_dds))
        for think_s in args.think_s:
            during.append(during_play_figures(m, seed, think_s, not args.no_dds))
    hints.sort()
    out = {
        "runtime": sys.platform,
        "game": args.game,
        "dds": not args.no_dds and fast.AVAILABLE,
        "hint_s": {
            "n": len(hints),
            "p50": round(statistics.median(hints), 3),
            "p95": round(hints[int(0.95 * (len(hints) - 1))], 3),
            "max": round(hints[-1], 3),
        }
        if hints
        else {},
        "review_budget_ms": args.budget_ms,
        "review": budgeted,
        "review_full": full,
        "review_during_play": during,
        "load_average": {"before": load_before, "after": load_average()},
    }
    text = json.dumps(out)
    print(text)
    return text


if __name__ == "__main__":
    main()
