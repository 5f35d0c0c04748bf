"""The History, Review and Your record pages wired into the app: routes, the table's
Hint and Review buttons, keeping finished games, and record files in and out.

The app hands over its page, storage and navigation; everything here talks to the
learn package through :class:`~.learning.Learning`.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import flet as ft

from ..learn import stats
from ..learn.history import Entry, HistoryError
from ..learn.summary import summary_of_match
from .history_screen import GameViewer, game_view, history_view, record_view
from .learning import Learning, hints_offered, session_record
from .session import GameSession, LocalSession
from .table_model import hint_text, seat_names

if TYPE_CHECKING:
    from .app import App
    from .table_screen import TableScreen

log = logging.getLogger(__name__)
ROUTES = ("/history", "/history/game", "/record", "/review")


class HistoryPages:
    def __init__(self, app: App) -> None:
        self.app = app
        self.learning = Learning(app.prefs.store)
        self.viewer: GameViewer | None = None
        self._picker: ft.FilePicker | None = None
        self._hinting = False
        self._analysis: asyncio.Task[None] | None = None  # the review begun during play

    # -- routes -------------------------------------------------------------------------

    async def show(self, route: str) -> bool:
        """Build the page for ``route`` if it is one of ours; False otherwise."""
        if route not in ROUTES:
            return False
        if route == "/history":
            await self._show_list()
        elif route == "/record":
            await self._show_record()
        elif self.viewer is None:
            self.app.go("/history")
        else:
            self._show_viewer(route)
        return True

    def _palette(self):
        from . import theme

        return theme.palette(self.app.settings.theme)

    async def _show_list(self) -> None:
        listing = await self.learning.load()

        def opener(e: Entry):
            async def handler(_: Any) -> None:
                self.viewer = GameViewer(e)
                self.app.go("/history/game")

            return handler

        self.app.set_view(
            history_view(
                listing.entries,
                listing.notices,
                self._palette(),
                self.app.go,
                opener,
                self._import_text,
                self._pick_file,
            )
        )

    def _show_viewer(self, route: str) -> None:
        v = self.viewer
        assert v is not None

        def stepper(n: int):
            async def handler(_: Any) -> None:
                v.step_to(n)
                self._show_viewer(route)

            return handler

        def dealer(n: int):
            async def handler(_: Any) -> None:
                v.pick_deal(n)
                self._show_viewer(route)

            return handler

        back = "/play" if route == "/review" else "/history"
        self.app.set_view(
            game_view(
                v,
                self._palette(),
                lambda r: self.app.go(back),
                stepper,
                dealer,
                self._review,
                self._export,
                title="Review" if route == "/review" else "Game",
                route=route,
            )
        )

    async def _review(self, e: Any = None) -> None:
        v = self.viewer
        if v is None:
            return
        record, index, _ = v.reviewable()
        if record is None:
            return
        v.review_note = "Working it out, last trick first…"
        route = self.app.page.route
        self._show_viewer(route)
        # Shown after the first round, then again as the earlier tricks are analysed,
        # for as long as the page stays open.
        async for review in self.learning.reviews(record, v.entry.seat, index):
            if self.viewer is not v or self.app.page.route != route:
                break
            v.review = review
            v.review_note = "" if review.complete else "Working on the earlier tricks…"
            self._show_viewer(route)

    async def _show_record(self) -> None:
        listing = await self.learning.load()
        since = await stats.since(self.app.prefs.store)
        lines = stats.tally(listing.entries, since)

        async def reset(e: Any) -> None:
            now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            await stats.reset(self.app.prefs.store, now)
            await self._show_record()

        self.app.set_view(record_view(lines, self._palette(), self.app.go, reset))

    # -- record files -------------------------------------------------------------------

    async def _import_text(self, text: str) -> None:
        self._limit()
        try:
            entry = await self.learning.store.import_text(text, name=self.app.settings.player_name)
        except HistoryError as exc:
            await self.app.notify(str(exc))
            return
        await self.app.notify(f"Imported: {entry.summary.result_text}.")
        await self._show_list()

    def _file_picker(self) -> ft.FilePicker:
        if self._picker is None:
            self._picker = ft.FilePicker()
        return self._picker

    async def _pick_file(self, e: Any = None) -> None:
        try:
            files = await self._file_picker().pick_files(
                allowed_extensions=["json"], with_data=True
            )
        except Exception:
            log.info("file picker unavailable", exc_info=True)
            await self.app.notify("Opening files is not available here: paste the record.")
            return
        if not files or files[0].bytes is None:
            return
        try:
            text = files[0].bytes.decode("utf-8")
        except UnicodeDecodeError:
            await self.app.notify("That file is not a game record.")
            return
        await self._import_text(text)

    async def _export(self, e: Any = None) -> None:
        v = self.viewer
        if v is None:
            return
        data = v.entry.export_text().encode("utf-8")
        name = f"thaasbai-{v.entry.summary.game}-{v.entry.saved[:10]}.json"
        try:
            await self._file_picker().save_file(file_name=name, src_bytes=data)
        except Exception:
            log.info("saving a file failed", exc_info=True)
            await self.app.notify("Could not save the file here.")

    # -- at the table ---------------------------------------------------------------------

    def attach(self, table: TableScreen) -> None:
        """Give the table its Hint and Review buttons and keep its finished games."""
        session = table.session
        table.on_hint = self._hint
        table.hint_allowed = lambda: hints_offered(session)  # online: if the host allows
        if isinstance(session, LocalSession):  # online: no full record to review at once
            table.on_review = self._review_current
        shown = table.refresh

        async def refresh() -> None:
            # Keep a finished game before the screen animates: leaving the table cancels
            # the bots' task that awaits this, and the game must not be lost with it.
            await self.keep(session)
            await shown()
            self._analyse(session)

        session.on_change = refresh

    def _limit(self) -> None:
        """The History's size as Settings has it (the oldest go when the next is kept)."""
        self.learning.store.limit = self.app.settings.history_limit

    def _analyse(self, session: GameSession) -> None:
        """Start the solo review on the decisions so far while the table waits for the
        player (:meth:`Learning.analyse`; it stops by itself when the player acts)."""
        if self._analysis is None or self._analysis.done():
            self._analysis = asyncio.create_task(self.learning.analyse(session))

    async def keep(self, session: GameSession) -> None:
        """Keep the game in the History once it is finished (solo: its record; online:
        what this seat was shown).  Called after every change at a table."""
        notice = None
        self._limit()
        try:
            st = session.state()
            n = (st.view or {}).get("seats") or 4
            names = seat_names(st.lobby, n, st.seat, self.app.settings.player_name)
            notice = await self.learning.changed(session, names)
        except Exception:  # keeping a game must never break the table
            log.exception("could not keep the game")
            notice = "The game could not be kept in History."
        if notice:
            await self.app.notify(notice)

    async def _hint(self) -> None:
        """Work out a hint and mark it on the table (the card raised and ringed, or the
        button of the call, with the reason); it clears when the player acts."""
        session = self.app.games.session
        table = self.app.games.table
        if session is None or table is None or self._hinting:
            return
        self._hinting = True
        try:
            h = await self.learning.hint(session)
        finally:
            self._hinting = False
            self._analyse(session)  # it gave way to the hint: take it up again
        if h is not None and self.app.games.table is table:
            await table.show_hint(h.action, hint_text(h.label, h.reason), h.version)

    async def _review_current(self) -> None:
        """The Review after a deal: the solo game's record so far, its last finished deal."""
        session = self.app.games.session
        record = session_record(session) if session else None
        if record is None:
            await self.app.notify("Review is for solo games.")
            return
        from ..engine.record import replay

        m = replay(record)
        st = session.state()
        n = m.seats
        names = seat_names(st.lobby, n, 0, self.app.settings.player_name)
        entry = Entry(
            key="",
            saved="",
            seat=0,
            players=tuple(names),
            levels=(None,) * n,
            online=False,
            summary=summary_of_match(m, 0),
            record=record,
        )
        self.viewer = GameViewer(entry)
        last_done = max(i for i, d in enumerate(m.deals) if d.over) if m.deals else 0
        self.viewer.pick_deal(last_done)
        self.app.go("/review")
