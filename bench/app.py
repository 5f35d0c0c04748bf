"""Bot pacing as a player feels it: the static app in Chromium, at the default bot speed.

    python bench/app.py [--deals 3] [--speed normal] [--games thaas,thulla] [--json]

Starts ``thaasbai serve`` (which builds the app when needed), opens the app in Debian's
headless Chromium at a phone's size with a fresh profile (so the defaults: Normal bots,
the Bot speed from ``--speed``, never ``?pace=``), and plays whole deals, tapping our
first playable card the moment it is our turn.  A MutationObserver in the page stamps
every change of the status line ("Hassan to play", "Your turn"): the time a bot holds
the turn is the wait for its card, as it appears on screen, trick pauses included.

Prints, per game, p50/p95 of the wait per bot card within a trick, of a bot's lead after
a trick (that wait includes the finished trick's pause on the table), of our wait for our
turn (from our card to our next turn), and of the whole deal (first status to the
result), plus the part of the deal spent on our own turns (this script's reaction time).
The machine's load average is printed too: on a busy machine every figure grows.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO)]

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from tests.e2e.conftest import (  # noqa: E402
    CHROME_ARGS,
    CHROMIUM,
    OUR_MOVE,
    enable_semantics,
    free_port,
    start_server,
    stop_server,
    wait_for_python,
)
from tests.e2e.test_play import PLAYABLE, result_shown, tap  # noqa: E402

# Records [ms, status] whenever the status line changes ("" once none shows: the result).
TURN = (
    r"^(.+ to (play|lead)|Your (turn|lead).*|.+ is answering .+|"
    r".+ asks for your whole hand|.+ is choosing the hukum|Choose the hukum)$"
)
OBSERVE_TURNS = """(pattern) => {
  const turn = new RegExp(pattern);
  window.__turns = [];
  let last = null;
  const snap = () => {
    let now = '';
    for (const e of document.querySelectorAll('flt-semantics')) {
      if (e.querySelector('flt-semantics')) continue;
      const t = (e.getAttribute('aria-label') || e.innerText || '').trim();
      if (turn.test(t)) { now = t; break; }
    }
    if (now !== last) { window.__turns.push([performance.now(), now]); last = now; }
  };
  new MutationObserver(snap).observe(document.body,
    {subtree: true, childList: true, characterData: true, attributes: true});
  snap();
}"""
MINE = ("Your ", "Choose the hukum")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def settings_script(speed: str) -> str:
    """Puts Settings on the device before the app starts (shared_preferences' own keys)."""
    value = json.dumps(json.dumps({"speed": speed}))
    return f"localStorage.setItem('flutter.thaasbai.settings', JSON.stringify({value}));"


def play_deal(page: Page, game: str, limit_s: float = 600) -> list[tuple[float, str]]:
    """Start a solo deal of ``game`` from Home and play it out; the status log (s, text)."""
    if game != "thaas":
        page.locator(f'[flt-semantics-identifier="game-{game}"]').click()
    page.get_by_role("button", name="Start").click()
    page.locator('[flt-semantics-identifier^="card-"]').first.wait_for(state="attached")
    page.evaluate(OBSERVE_TURNS, TURN)
    deadline = time.monotonic() + limit_s
    while not result_shown(page):
        assert time.monotonic() < deadline, f"no result in {limit_s} s"
        cards = page.locator(PLAYABLE)
        accept = page.get_by_role("button", name="Accept")
        if cards.count():
            try:
                tap(page, cards.first)
            except Exception:  # the card moved or the turn passed meanwhile: look again
                continue
        elif accept.count():
            accept.first.click()
        else:  # a bot's turn: until the status changes or we have a move
            page.wait_for_function(
                f"n => window.__turns.length > n || ({OUR_MOVE})()",
                arg=page.evaluate("window.__turns.length"),
                timeout=60_000,
            )
    page.wait_for_function("() => window.__turns.at(-1)[1] === ''")
    return [(t / 1000, s) for t, s in page.evaluate("window.__turns")]


def waits(log: list[tuple[float, str]]) -> dict[str, list[float]]:
    """From a status log: each bot card's wait (within a trick, and a lead after a trick,
    whose wait includes the finished trick's pause), each wait of ours, the deal, and the
    part of it that was our own turns."""
    bot, lead, mine, ours = [], [], [], 0.0
    my_card_at = None
    for (t, status), (t_next, _) in itertools.pairwise(log):
        if status.startswith(MINE):
            ours += t_next - t
            if my_card_at is not None:
                mine.append(t - my_card_at)
            my_card_at = t_next
        elif status.endswith(" to lead"):
            lead.append(t_next - t)
        elif status:
            bot.append(t_next - t)
    start = next(t for t, s in log if s)
    return {
        "bot_card": bot,
        "bot_lead": lead,
        "my_wait": mine,
        "deal": [log[-1][0] - start],
        "ours": [ours],
    }


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "p50": round(percentile(values, 0.5), 3),
        "p95": round(percentile(values, 0.95), 3),
        "max": round(max(values), 3),
        "mean": round(statistics.fmean(values), 3),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=3, help="deals per game (default 3)")
    ap.add_argument("--speed", default="normal", choices=("slow", "normal", "fast"))
    ap.add_argument("--games", default="thaas,thulla")
    ap.add_argument("--size", default="390x844", help="the window, WxH (default a phone)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    w, h = map(int, args.size.split("x"))
    port = free_port()
    results: dict[str, dict[str, dict[str, float]]] = {}
    with tempfile.TemporaryDirectory() as data:
        server = start_server(port, data_dir=data)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROME_ARGS
                )
                for game in args.games.split(","):
                    got: dict[str, list[float]] = {}
                    for _ in range(args.deals):
                        ctx = browser.new_context(viewport={"width": w, "height": h})
                        ctx.add_init_script(settings_script(args.speed))
                        page = ctx.new_page()
                        page.goto(f"http://127.0.0.1:{port}/")
                        wait_for_python(page)
                        enable_semantics(page)
                        for key, values in waits(play_deal(page, game)).items():
                            got.setdefault(key, []).extend(values)
                        ctx.close()
                    results[game] = {k: summary(v) for k, v in got.items()}
                browser.close()
        finally:
            stop_server(server)
    if args.json:
        print(json.dumps({"speed": args.speed, "size": args.size, "games": results}))
        return 0
    load = os.getloadavg()[0]
    print(
        f"Static app in Chromium, {args.size}, Normal bots, Bot speed {args.speed}"
        f" (load average {load:.1f} on {os.cpu_count()} cores):"
    )
    names = {
        "bot_card": "wait per bot card",
        "bot_lead": "  a lead after a trick",
        "my_wait": "wait for my turn",
        "deal": "whole deal",
        "ours": "  of it, our turns",
    }
    for game, rows in results.items():
        print(f"{game}:")
        for key, name in names.items():
            r = rows[key]
            print(f"  {name:<20} p50 {r['p50']:6.2f} s  p95 {r['p95']:6.2f} s  (n={r['n']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
