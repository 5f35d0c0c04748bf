"""The figures measured alike natively, in node's Pyodide and in Chromium's Pyodide.

``run(seconds, positions, levels, games)`` returns a dict: Thaas random playouts per second
from dealt positions, and each bot level's per-move time (p50/p95/max, ms) in each game on
positions from deals played by Normal bots.  Wall-clock time (``perf_counter``): Pyodide
has no process clock.  Imports only the app's own code, which the static build ships.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator


def _percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


# Playouts before the clock starts, everywhere alike: V8 compiles Pyodide's interpreter
# loop with its optimising tier in the background, so the first second in the browser
# runs on baseline code (a bot in the app searches long after the app has started).
WARMUP_S = 1.0

# Playouts per slice.  They run as the bots' searches run in the app: a generator resumed
# slice after slice (``next()``, which is what ``runtime.browser.think`` does between its
# event-loop turns).  This matters in the browser: V8 has no on-stack replacement for
# WebAssembly, so one call of the interpreter loop that never returns keeps running the
# baseline code it started in, even after the optimised code is ready.  A plain loop here
# measured Chromium at 11,000-13,000 playouts/s; the same playouts resumed in slices ran
# at 19,000-21,000/s (node: 15,000-17,000/s either way).
SLICE = 20


def _playouts(seconds: float, pool: list, rng: random.Random) -> Iterator[int]:
    """Yields the running count every ``SLICE`` playouts until ``seconds`` have passed."""
    from thaasbai.engine.playout import random_playout

    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(SLICE):
            random_playout(pool[n % len(pool)].copy(), rng)
            n += 1
        yield n


def _drive(steps: Iterator[int]) -> int:
    """The last count of ``steps``, resumed slice by slice."""
    n = 0
    while True:
        try:
            n = next(steps)
        except StopIteration:
            return n


def playouts_per_s(seconds: float, warmup_s: float = WARMUP_S) -> float:
    from thaasbai.engine.trick import ThaasDeal

    rng = random.Random(1)
    pool = [ThaasDeal.deal(rng, i % 4) for i in range(64)]
    _drive(_playouts(warmup_s, pool, rng))
    start = time.perf_counter()
    n = _drive(_playouts(seconds, pool, rng))
    return n / (time.perf_counter() - start)


def bot_move_ms(
    levels: list[str], positions: int, game: str = "thaas"
) -> dict[str, dict[str, float]]:
    """Each level's per-move time on ``positions`` positions of ``game`` (Thulla: four
    seats), taken from rounds played by Normal bots."""
    from thaasbai.bots import finish, get_bot
    from thaasbai.bots.normal import NormalBot
    from thaasbai.engine.match import GameOptions, new_match
    from thaasbai.engine.views import view_for

    rng = random.Random(1)
    views = []
    normal = NormalBot()
    while len(views) < positions:
        m = new_match(GameOptions(game=game), rng=rng)
        m.start_deal(rng=rng)
        d = m.current
        while not d.over and len(views) < positions:
            view = view_for(m, d.to_act)
            if len(view.legal) > 1 and rng.random() < 0.3:
                views.append(view)
            m.apply(d.to_act, normal.choose(view, rng))
    out = {}
    for level in levels:
        bot = get_bot(level)
        times = []
        for view in views:
            t0 = time.perf_counter()
            finish(bot.steps(view, random.Random(2)))
            times.append((time.perf_counter() - t0) * 1000)
        out[level] = {
            "p50": round(_percentile(times, 0.5), 1),
            "p95": round(_percentile(times, 0.95), 1),
            "max": round(max(times), 1),
        }
    return out


GAMES = ("thaas", "dhihaeh", "thulla")


def run(
    seconds: float = 2.0,
    positions: int = 20,
    levels: tuple[str, ...] = ("easy", "normal", "hard", "ultra"),
    games: tuple[str, ...] = GAMES,
) -> dict:
    """Playouts a second, then each level's move times: ``bot_move_ms`` for Thaas (as
    before) and ``bot_move_ms_by_game`` for every game asked for."""
    by_game = {g: bot_move_ms(list(levels), positions, g) for g in games}
    return {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "playouts_per_s": round(playouts_per_s(seconds)) if seconds > 0 else 0,
        "bot_move_ms": by_game.get("thaas", {}),
        "bot_move_ms_by_game": by_game,
    }
