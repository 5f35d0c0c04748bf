"""Bot moves off the event loop: search bots in worker processes, cheap bots in a thread."""

from __future__ import annotations

import asyncio
import random

from thaasbai.engine import GameOptions, new_match, view_for
from thaasbai.table.workers import BotWorkers, choose_action


def _view():
    rng = random.Random(4)
    match = new_match(GameOptions("thaas"), rng=rng)
    match.start_deal(rng)
    return view_for(match, match.current.to_act), match.current.legal_actions()


def test_search_bots_move_in_a_worker_process_and_play_legally() -> None:
    view, legal = _view()
    workers = BotWorkers(processes=1)

    async def go() -> list[int]:
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        task = asyncio.create_task(ticker())
        try:
            actions = [await workers.choose("hard", view, seed, 60) for seed in (1, 2)]
        finally:
            task.cancel()
        assert ticks > 5  # the event loop kept running while the bot searched
        return actions

    try:
        actions = asyncio.run(go())
    finally:
        workers.close()
    assert all(a in legal for a in actions)
    assert workers.process_moves == 2


def test_cheap_bots_and_zero_processes_stay_in_a_thread() -> None:
    view, legal = _view()
    workers = BotWorkers(processes=0)
    action = asyncio.run(workers.choose("hard", view, 3, 20))
    assert action in legal and workers.process_moves == 0
    workers = BotWorkers(processes=1)
    action = asyncio.run(workers.choose("normal", view, 3, None))
    assert action == choose_action("normal", view, 3, None)
    assert workers.process_moves == 0 and workers._pool is None
