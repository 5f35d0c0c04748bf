"""Long CPU work never stalls the event loop: a thread natively, slices in the browser.

The browser's :func:`thaasbai.runtime.browser.think` is plain asyncio, so its slicing is
checked here natively too (and under Pyodide by tests/pyodide)."""

from __future__ import annotations

import asyncio
import random
import threading

import pytest

from thaasbai.bots import finish, get_bot
from thaasbai.bots.hard import HardBot
from thaasbai.bots.search_common import candidates, forced_action
from thaasbai.bots.ultra import UltraBot
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import view_for
from thaasbai.runtime import IN_BROWSER, browser, native


def _opening_view(game: str = "thaas"):
    """The first view of a deal where the bot to act has a real choice to search."""
    m = new_match(GameOptions(game=game), first_dealer=0)
    rng = random.Random(1)
    m.start_deal(rng=rng)
    while True:
        seat = m.current.to_act
        view = view_for(m, seat)
        if forced_action(view) is None and len(candidates(view)) > 1:
            return view
        m.apply(seat, get_bot("normal").choose(view, rng))


async def _with_ticker(work):
    """Run ``work`` while a ticker counts how often the loop got a turn."""
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    task = asyncio.create_task(ticker())
    await asyncio.sleep(0)
    ticks = 0
    result = await work
    task.cancel()
    return result, ticks


@pytest.mark.skipif(IN_BROWSER, reason="native only: Pyodide has no threads")
def test_native_think_runs_a_search_in_another_thread():
    view = _opening_view()
    threads: set[int] = set()
    bot = get_bot("hard")

    def steps():
        threads.add(threading.get_ident())
        return (yield from bot.steps(view, random.Random(2), 150))

    action, ticks = asyncio.run(_with_ticker(native.think(steps())))
    assert action in view.legal
    assert threads and threading.get_ident() not in threads
    assert ticks >= 5  # the loop kept running while the bot searched


@pytest.mark.parametrize("game", ["thaas", "thulla"])
def test_browser_think_slices_a_search_on_the_loop_itself(game):
    view = _opening_view(game)
    threads: set[int] = set()
    bot = get_bot("hard")

    def steps():
        threads.add(threading.get_ident())
        return (yield from bot.steps(view, random.Random(2), 300))

    action, ticks = asyncio.run(_with_ticker(browser.think(steps(), slice_s=0.01)))
    assert action in view.legal
    assert threads == {threading.get_ident()}  # no thread: what Pyodide can do
    assert ticks >= 10  # a 300 ms search gave the loop a turn every ~10 ms


@pytest.mark.parametrize("bot", [HardBot(iterations=40), UltraBot(iterations=40)])
def test_sliced_search_plays_the_same_move_as_one_run_to_the_end(bot):
    view = _opening_view()
    whole = finish(bot.steps(view, random.Random(7)))
    sliced = asyncio.run(browser.think(bot.steps(view, random.Random(7)), slice_s=0.0))
    assert sliced == whole == bot.choose(view, random.Random(7))


def test_browser_background_work_leaves_the_page_its_idle_time_after_every_slice(monkeypatch):
    """Work in the background (the review during play) pauses ``idle_s`` after each
    slice, not only for a turn of the loop, so the page handles taps in between."""
    pauses: list[float] = []
    real_sleep = asyncio.sleep

    async def recorded(delay: float) -> None:
        pauses.append(delay)
        await real_sleep(0)

    monkeypatch.setattr(browser.asyncio, "sleep", recorded)

    def work():
        for _ in range(5):
            yield
        return "done"

    assert asyncio.run(browser.think(work(), slice_s=0.0, idle_s=0.05)) == "done"
    assert pauses == [0.05] * 5
    pauses.clear()
    assert asyncio.run(browser.think(work(), slice_s=0.0)) == "done"
    assert pauses == [0.0] * 5  # a search for a move: a turn of the loop, no more
