"""The one owner of the game in progress: its session and its table screen.

Solo and online play both start, replace and end a game through here, so a session is
always closed and a table always stopped (its turn-timer countdown) when another takes its
place or the player leaves; :class:`~thaasbai.ui.app.App` only routes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from .feedback import DeviceFeedback
from .prefs import Preferences
from .remote import RemoteSession
from .session import GameSession, LocalSession, OnChange
from .settings import Choices
from .table_screen import TableScreen


class GameHost:
    """Holds at most one session and the table screen that shows it.

    ``show_table`` brings ``/play`` on screen (routing is the app's); ``go`` navigates.
    """

    def __init__(
        self,
        page: ft.Page,
        prefs: Preferences,
        show_table: Callable[[], Awaitable[None]],
        go: Callable[[str], None],
    ) -> None:
        self.page = page
        self.prefs = prefs
        self.show_table = show_table
        self.go = go
        self.session: GameSession | None = None
        self.table: TableScreen | None = None
        self.feedback = DeviceFeedback(prefs)  # one set of sounds for every table
        # Called with every new table before it is shown (the History's Hint, Review and
        # keeping of finished games).
        self.on_table: Callable[[TableScreen], None] | None = None

    @property
    def remote(self) -> RemoteSession | None:
        """The session when it is an online room's, else ``None``."""
        s = self.session
        return s if isinstance(s, RemoteSession) else None

    async def play_solo(self, choices: Choices) -> None:
        """Start a solo game with ``choices`` (remembered for next time) and show it."""
        await self.prefs.save_choices(choices)
        await self.end()
        pace, _ = self.prefs.settings.pace()
        session = LocalSession(choices, self.prefs.settings.player_name, pace_s=pace)
        await self.open_table(session)

    def adopt(self, session: GameSession) -> None:
        """Make an opened session the current one, with no table yet (an online lobby)."""
        self.session = session

    async def open_table(self, session: GameSession, on_change: OnChange | None = None) -> None:
        """Show ``session`` at a new table; ``on_change`` takes over its updates from the
        table (online play routes them between lobby and table)."""
        self.drop_table()
        self.session = session
        self.table = TableScreen(
            self.page, session, self.prefs.settings, self.leave, feedback=self.feedback
        )
        if self.on_table is not None:
            self.on_table(self.table)
        if on_change is not None:
            session.on_change = on_change
        await self.show_table()

    async def leave(self) -> None:
        """The table's Home: end the game and go home (an online seat's token stays, so
        the invite link still leads back to it)."""
        if self.remote is not None:
            await self.prefs.forget_current_room()
        await self.end()
        self.go("/")

    async def end(self) -> None:
        """Close the session and drop its table."""
        if self.session is not None:
            await self.session.close()
        self.forget()

    def forget(self) -> None:
        """Let go of a session already closed (a seat given up) and drop its table."""
        self.session = None
        self.drop_table()

    def drop_table(self) -> None:
        """Forget the table screen, stopping what it runs (its turn-timer countdown)."""
        if self.table is not None:
            self.table.close()
        self.table = None
