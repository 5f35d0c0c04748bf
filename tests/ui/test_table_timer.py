"""The table's turn-timer countdown stops at the deadline and when its table is dropped
(it used to keep ticking after both)."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace

from thaasbai.ui.session import SessionState
from thaasbai.ui.settings import Settings
from thaasbai.ui.table_screen import TableScreen


def _screen() -> TableScreen:
    page = SimpleNamespace(width=390, height=844)
    session = SimpleNamespace(on_change=None)

    async def home() -> None:
        pass

    return TableScreen(page, session, Settings(), home)


def _timed(seconds: float) -> SessionState:
    return SessionState(
        seat=0, view=None, lobby={}, version=1, online=True, timer={"seat": 0, "seconds": seconds}
    )


def test_the_countdown_ends_at_the_deadline():
    async def main() -> float:
        screen = _screen()
        screen.timer.follow(_timed(0.4).timer)
        started = time.monotonic()
        await asyncio.wait_for(screen.timer.task, 5)
        return time.monotonic() - started, screen.timer.text.value

    took, shown = asyncio.run(main())
    assert shown == "0 s" and took < 2.0  # done at the deadline, not ticking on


def test_dropping_the_table_stops_its_countdown():
    async def main() -> bool:
        screen = _screen()
        screen.timer.follow(_timed(600).timer)
        ticker = screen.timer.task
        await asyncio.sleep(0)
        screen.close()
        await asyncio.wait([ticker], timeout=5)
        return ticker.done()

    assert asyncio.run(main())
