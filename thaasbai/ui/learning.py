"""What the app does with :mod:`thaasbai.learn`: hints at the table, keeping finished
games in the History, and reviews, all off the event loop (:func:`runtime.think`).

Screens call this and never the learn package's internals; it is the one place that
knows a solo game (the whole record is ours to keep) from an online one (only what the
seat was shown: :class:`~thaasbai.learn.history.OnlineRecorder`).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Generator
from typing import Any, TypeVar

from .. import runtime
from ..engine.record import to_record
from ..learn.hint import Hint, hint_steps
from ..learn.history import Entry, HistoryError, HistoryStore, Listing, OnlineRecorder
from ..learn.review import Review, Reviewer
from ..learn.storage import KeyValue
from .session import GameSession, LocalSession

log = logging.getLogger(__name__)
T = TypeVar("T")
REVIEW_MS = 10_000  # natively; the browser takes the same budget (it analyses fewer tricks)


def until(
    steps: Generator[None, None, T], keep_going: Callable[[], bool]
) -> Generator[None, None, T | None]:
    """``steps``, abandoned (``None``) as soon as ``keep_going()`` is false: a hint is
    dropped the moment the player acts."""
    while True:
        if not keep_going():
            return None
        try:
            next(steps)
        except StopIteration as done:
            return done.value
        yield


class Learning:
    """Hints, the History and reviews for one app session."""

    def __init__(self, storage: KeyValue) -> None:
        self.store = HistoryStore(storage)
        self.listing: Listing | None = None
        self.opened: Entry | None = None  # the game the History screen shows
        self._saved: set[tuple[int, int]] = set()  # (id of the match, deals) already kept
        self._recorder: OnlineRecorder | None = None
        self._kept_deal: tuple[int, Any] | None = None  # the online deal that ended a kept game

    # -- hints --------------------------------------------------------------------------

    async def hint(self, session: GameSession) -> Hint | None:
        """A hint for the seat to act in a solo game; ``None`` if the player acted first
        (or online, where hints are not offered yet)."""
        if not isinstance(session, LocalSession) or session.table.match is None:
            return None
        table = session.table
        view = table.view(0)
        if view is None or view.to_act != 0:
            return None
        version = table.version
        steps = until(hint_steps(view, random.Random()), lambda: table.version == version)
        return await runtime.think(steps)

    # -- keeping finished games -----------------------------------------------------------

    async def changed(self, session: GameSession, names: list[str]) -> str | None:
        """Called after every change at the table: keeps a game once it is finished.
        Returns a notice for the player when keeping it failed."""
        try:
            if isinstance(session, LocalSession):
                await self._keep_local(session, names)
            else:
                await self._keep_online(session, names)
        except HistoryError as exc:
            return str(exc)
        return None

    async def _keep_local(self, session: LocalSession, names: list[str]) -> None:
        m = session.table.match
        if m is None or m.current is None or not m.current.over:
            return
        key = (id(m), len(m.deals))
        if key in self._saved:
            return
        levels = [None] + [session.table.bot_level_for(s) for s in range(1, m.seats)]
        record = to_record(m)
        if m.game == "thulla":
            # Thulla's series has no end: each round is kept as a game of its own.
            record = {"game": "thulla", "seats": m.seats, "deals": record["deals"][-1:]}
        elif not m.over:
            return
        self._saved.add(key)
        await self.store.save_record(record, 0, names, levels)

    async def _keep_online(self, session: GameSession, names: list[str]) -> None:
        st = session.state()
        if st.view is None or st.view.get("seat") is None:
            return
        v = st.view
        match = v.get("match", {})
        deal = (st.seat, match.get("deal_number", match.get("rounds_played")))
        if v.get("status") != "over":
            self._kept_deal = None  # play goes on (a new deal, or a rematch)
        elif deal == self._kept_deal:
            return  # the end of a game already kept, sent again
        if self._recorder is None or self._recorder.seat != st.seat:
            self._recorder = OnlineRecorder(st.seat)
        self._recorder.feed(v)
        if v.get("status") != "over":
            return
        done = v["game"] == "thulla" or match.get("over")
        if done and self._recorder.finished():
            seen = self._recorder.seen()
            self._recorder = OnlineRecorder(st.seat)
            self._kept_deal = deal
            await self.store.save_seen(seen, names)

    # -- the History ----------------------------------------------------------------------

    async def load(self) -> Listing:
        self.listing = await self.store.load()
        return self.listing

    async def review(
        self, record: dict, seat: int, deal: int, budget_ms: int = REVIEW_MS
    ) -> Review:
        """A review of one deal on a budget, off the event loop (last tricks first)."""
        reviewer = Reviewer(record, seat, deal)
        return await runtime.think(reviewer.steps(budget_ms))


def session_record(session: GameSession) -> dict[str, Any] | None:
    """The record of a solo game in progress (for the Review after a deal)."""
    if isinstance(session, LocalSession) and session.table.match is not None:
        return to_record(session.table.match)
    return None
