"""What the app does with :mod:`thaasbai.learn`: hints at the table, keeping finished
games in the History, and reviews, all off the event loop (:func:`runtime.think`).

Screens call this and never the learn package's internals; it is the one place that
knows a solo game (the whole record is ours to keep) from an online one (only what the
seat was shown: :class:`~thaasbai.learn.history.OnlineRecorder`).

A hint is worked out the same way in both: from the seat's view JSON (the very JSON the
room server sends, and :class:`LocalSession` hands the table), parsed back into the
engine's view (:func:`~thaasbai.engine.views.view_from_json`).  Nothing else goes in, so
an online hint holds no more than the seat was sent.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator, Callable, Generator
from dataclasses import dataclass
from typing import Any, TypeVar

from .. import runtime
from ..engine.actions import action_to_json
from ..engine.record import to_record
from ..engine.views import ViewParseError
from ..learn.hint import hint_steps_from_json
from ..learn.history import Entry, HistoryError, HistoryStore, Listing, OnlineRecorder
from ..learn.review import Review, Reviewer
from ..learn.storage import KeyValue
from .session import GameSession, LocalSession

log = logging.getLogger(__name__)
T = TypeVar("T")
REVIEW_MS = 10_000  # natively; the browser takes the same budget (it analyses fewer tricks)
REVIEW_MORE_MS = 5_000  # then the earlier tricks, shown after each round of this much
# The review begun during solo play works in rounds of this much, looking between them
# whether the player has acted (then the bots' turn: it stops) or asked for a hint.
DURING_PLAY_MS = 200
DURING_PLAY_IDLE_S = 0.05  # in the browser: the page's time after each slice of it
KEPT_REVIEWERS = 2  # the deal being played and the one before (its Review may be opened)
QUICK_LEVELS = ("easy", "normal")  # bots that search nothing: the review goes on in their turns


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


@dataclass(frozen=True)
class TableHint:
    """A hint for the table: the protocol action, in words, and the state version it was
    worked out for (the table drops it once the version moves on)."""

    action: dict[str, Any]
    label: str
    reason: str | None
    version: int


def hints_offered(session: GameSession) -> bool:
    """Whether the table offers a Hint: always solo; online only to a seated player in a
    room whose host allowed hints (the lobby's ``"hints": true``)."""
    if isinstance(session, LocalSession):
        return True
    st = session.state()
    seated = st.view is not None and st.view.get("seat") is not None
    return st.online and seated and st.lobby.get("hints") is True


def _version(session: GameSession) -> int:
    """The session's state version, cheaply (a solo table's own counter: its state()
    would build a whole view JSON, and this is asked between every slice of the search)."""
    if isinstance(session, LocalSession):
        return session.table.version
    return session.state().version


class Learning:
    """Hints, the History and reviews for one app session."""

    def __init__(self, storage: KeyValue) -> None:
        self.store = HistoryStore(storage)
        self.listing: Listing | None = None
        self.opened: Entry | None = None  # the game the History screen shows
        self._saved: set[tuple[int, int]] = set()  # (id of the match, deals) already kept
        self._recorder: OnlineRecorder | None = None
        self._kept_deal: tuple[int, Any] | None = None  # the online deal that ended a kept game
        # Reviews begun while solo deals were played (newest last), and the lock that
        # keeps two pieces of work off one reviewer's solver at a time.
        self._reviewers: list[Reviewer] = []
        self._review_lock = asyncio.Lock()
        self._analysing = False
        self._hinting = False

    # -- hints --------------------------------------------------------------------------

    async def hint(self, session: GameSession) -> TableHint | None:
        """A hint for the player's decision now, from the seat's view JSON alone; ``None``
        when the table offers none (an online room without hints, a spectator), it is not
        the player's turn, or the table moved on while it was being worked out."""
        if not hints_offered(session):
            return None
        st = session.state()
        v = st.view
        if v is None or v.get("seat") is None or v.get("to_act") != v["seat"] or not v["legal"]:
            return None
        version = st.version
        try:
            search = hint_steps_from_json(v, random.Random())
        except ViewParseError:
            log.warning("a view that does not parse: no hint", exc_info=True)
            return None
        steps = until(search, lambda: _version(session) == version)
        self._hinting = True  # the review begun during play gives the hint the processor
        try:
            h = await runtime.think(steps)
        finally:
            self._hinting = False
        if h is None:
            return None
        return TableHint(action_to_json(h.action), h.label, h.reason, version)

    # -- the review begun during solo play -----------------------------------------------

    async def analyse(self, session: GameSession) -> None:
        """Judge the solo player's decisions while the table waits for the player (and,
        once the deal is over, until every one is judged), so that its Review is ready,
        or nearly, when the deal ends.  While a Hard or Ultra bot is to act it stops
        (their search is on the clock and keeps the processor); Easy and Normal bots
        search nothing, so it goes on through their turns.  It gives way to a hint, and
        the next change at the table starts it again.  Nothing it finds is shown before
        the Review, which only opens on a finished deal."""
        if self._analysing or not isinstance(session, LocalSession):
            return
        self._analysing = True
        try:
            seen = -1  # the table's version the reviewer last took in
            reviewer: Reviewer | None = None
            while not self._hinting and not session.closed:
                m = session.table.match
                d = m.current if m is not None else None
                if m is None or d is None:
                    return
                if not (d.over or d.to_act == 0 or _quick_bot(session, d.to_act)):
                    return
                version = session.table.version
                async with self._review_lock:
                    if version != seen:
                        reviewer = self._reviewer_for(to_record(m), 0, len(m.deals) - 1)
                        seen = version
                    if reviewer is None or not reviewer.todo:
                        return

                    def same_table(v: int = version) -> bool:
                        return session.table.version == v and not (self._hinting or session.closed)

                    # A change at the table ends the round at the next slice (50 ms);
                    # in the browser every slice leaves the page as long again.
                    steps = until(reviewer.steps(DURING_PLAY_MS), same_table)
                    await runtime.think(steps, idle_s=DURING_PLAY_IDLE_S)
        except Exception:  # the review is a help: it must never break the table
            log.exception("the review during play failed")
        finally:
            self._analysing = False

    def _reviewer_for(self, record: dict, seat: int, deal: int) -> Reviewer:
        """The review begun for this deal, taken up to the record's last decision; else a
        new one (the oldest kept is dropped).  A record that cannot be reviewed raises
        :class:`RecordError`."""
        for r in self._reviewers:
            if r.seat == seat and r.follow(record, deal):
                return r
        r = Reviewer(record, seat, deal)
        self._reviewers = [*self._reviewers[1 - KEPT_REVIEWERS :], r]
        return r

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

    async def reviews(
        self,
        record: dict,
        seat: int,
        deal: int,
        first_ms: int = REVIEW_MS,
        more_ms: int = REVIEW_MORE_MS,
    ) -> AsyncIterator[Review]:
        """The review of one deal in rounds, off the event loop: what ``first_ms`` of
        analysis finds (the last tricks first), then again after each further
        ``more_ms`` until every decision is judged.  The solver's work carries over from
        round to round (and that of the review begun while the deal was played, when it
        was a solo deal of this session); the caller stops when its page is left."""
        budget = first_ms
        while True:
            async with self._review_lock:
                reviewer = self._reviewer_for(record, seat, deal)
                review = await runtime.think(reviewer.steps(budget))
            yield review
            if review.complete:
                return
            budget = more_ms


def _quick_bot(session: LocalSession, seat: int) -> bool:
    """Whether the review may go on while this bot is to act: natively when it answers
    at once (Easy, Normal: no search on the clock that the review would slow down).  In
    the browser the app's Python and the review share one thread, so the bots' turns,
    their pacing and the screen's updates go first."""
    if runtime.IN_BROWSER or seat == 0:
        return False
    return session.table.bot_level_for(seat) in QUICK_LEVELS


def session_record(session: GameSession) -> dict[str, Any] | None:
    """The record of a solo game in progress (for the Review after a deal)."""
    if isinstance(session, LocalSession) and session.table.match is not None:
        return to_record(session.table.match)
    return None
