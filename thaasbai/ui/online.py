"""Online play in one browser session: create a room, join through an invite link, keep
the seat's token on the device, and move between the lobby and the table as the room's
state says.

Only the protocol is used (``thaasbai.netclient``), so the same code runs in a phone build
pointed at any server URL.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import flet as ft

from ..netclient import RoomsClient, ServerError, code_from_invite
from . import theme
from .lobby_model import build_lobby
from .lobby_screen import JoinDraft, LobbyScreen, join_prompt_view, message_view
from .remote import RemoteSession, error_text
from .session import SessionError
from .settings import Choices

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger(__name__)


class OnlinePlay:
    """The online half of :class:`~thaasbai.ui.app.App`: rooms, lobby and remote table.

    It uses only the app's public parts: ``prefs`` (tokens, the room in progress),
    ``games`` (the session and table), and its routing (``go``, ``set_view``, ``notify``).
    """

    def __init__(self, app: App) -> None:
        self.app = app
        self.lobby: LobbyScreen | None = None
        # What was typed on each room's join prompt: a prompt built again keeps it.
        self.drafts: dict[str, JoinDraft] = {}

    @property
    def session(self) -> RemoteSession | None:
        return self.app.games.remote

    def client(self) -> RoomsClient | None:
        url = self.app.server_url
        return RoomsClient(url) if url else None

    # -- create ----------------------------------------------------------------------------

    async def create(self, choices: Choices, name: str) -> None:
        """POST a room with the set-up screen's choices, then open its lobby."""
        app = self.app
        client = self.client()
        if client is None:
            await app.notify("Set the server URL in Settings to play online.")
            return
        await app.prefs.remember_name(name)
        await app.prefs.save_choices(choices)
        thulla = choices.game == "thulla"
        try:
            created = await client.create_room(
                choices.game,
                seats=choices.seats,
                options=None if thulla else {"hukum": choices.hukum, "best_of": choices.best_of},
                name=name,
                bots=choices.room_bots,
                turn_timer=choices.turn_timer or None,
                hints=choices.room_hints,
            )
        except ServerError as exc:
            await app.notify(_server_text(exc))
            return
        await app.prefs.save_seat_token(created.code, created.seat, created.token)
        app.go(f"/join/{created.code}")

    # -- join ------------------------------------------------------------------------------

    async def enter(self, raw_code: str) -> None:
        """Route ``/join/{code}``: back to our seat, or ask for a name, or explain."""
        app = self.app
        route = f"/join/{raw_code}"
        p = theme.palette(app.settings.theme)
        code = code_from_invite(raw_code)
        client = self.client()
        if code is None or client is None:
            text = (
                "This link does not hold a room code. Check it, or ask for a new invite."
                if code is None
                else "Set the server URL in Settings to play online."
            )
            app.set_view(message_view(route, "Room not found", text, p, app.go))
            return
        s = self.session
        if s is not None and s.code == code and s.connection != "closed":
            await self._render_room()
            return
        stored = await app.prefs.seat_token(code)
        if stored is not None:
            app.set_view(_connecting(route, p, app.go))
            if await self.connect(code, stored.token, quiet=True):
                return
        try:
            room = await client.lobby(code)
        except ServerError as exc:
            title, text = (
                ("Room not found", "This room does not exist or has expired. Start a new one!")
                if exc.status == 404
                else ("Cannot reach the server", _server_text(exc))
            )
            app.set_view(message_view(route, title, text, p, app.go))
            return

        async def join(name: str) -> None:
            await self.join(code, name)

        async def watch() -> None:
            await self.connect(code, None)

        app.set_view(
            join_prompt_view(
                code,
                room,
                p,
                app.settings.player_name,
                join,
                watch if room.get("started") else None,
                app.go,
                self.drafts.setdefault(code, JoinDraft()),
            )
        )

    async def join(self, code: str, name: str) -> None:
        """POST join (a free seat, or a bot's seat between deals), then connect."""
        app = self.app
        client = self.client()
        if client is None:
            return
        await app.prefs.remember_name(name)
        try:
            joined = await client.join(code, name=name)
        except ServerError as exc:
            if exc.code == "seat_taken":
                await app.notify("No seat is free right now: watch, and join between deals.")
            else:
                await app.notify(_server_text(exc))
            return
        await app.prefs.save_seat_token(code, joined.seat, joined.token)
        self.drafts.pop(code, None)
        await self.connect(code, joined.token)

    async def connect(self, code: str, token: str | None, *, quiet: bool = False) -> bool:
        """Open the room's WebSocket; on success show its lobby or its table."""
        app = self.app
        await app.games.end()
        s = RemoteSession(app.server_url, code, token)
        s.on_notice = app.notify
        s.on_token = self._seated(code)
        try:
            await s.open()
        except SessionError as exc:
            if token is not None and s.ws.close_code == 4401:
                await app.prefs.forget_seat_token(code)  # the seat was given up: ask again
            elif not quiet:
                await app.notify(str(exc))
            return False
        s.on_change = self._changed
        app.games.adopt(s)
        await app.prefs.save_current_room(code)
        await self._render_room()
        return True

    async def leave(self) -> None:
        """Give up the seat (before the start it becomes free again) and go home."""
        app = self.app
        s = self.session
        if s is not None:
            await app.prefs.forget_seat_token(s.code)
            await s.leave()
        await app.prefs.forget_current_room()
        app.games.forget()
        self.lobby = None
        app.go("/")

    async def start(self) -> None:
        s = self.session
        if s is None:
            return
        try:
            await s.begin()
        except SessionError as exc:
            await self.app.notify(str(exc))

    # -- rendering -------------------------------------------------------------------------

    async def _changed(self) -> None:
        """A new state from the room: update the lobby, or open and update the table."""
        s = self.session
        app = self.app
        if s is None:
            return
        if s.started:
            await app.history.keep(s)  # an online game: what this seat was shown
            table = app.games.table
            if table is None or table.session is not s:
                await self._open_table(s)
            elif app.page.route == "/play":
                await table.refresh()
            return
        if app.games.table is not None or self.lobby is None:
            await self._render_room()
        else:
            self.lobby.update(build_lobby(s.room, s.seat))

    async def _render_room(self) -> None:
        s = self.session
        app = self.app
        if s is None:
            return
        if s.started:
            await self._open_table(s)
            return
        app.games.drop_table()
        self.lobby = LobbyScreen(
            app.page,
            theme.palette(app.settings.theme),
            app.server_url,
            build_lobby(s.room, s.seat),
            on_start=self.start,
            on_leave=self.leave,
            on_home=app.go,
            notify=app.notify,
        )
        if app.page.route != f"/join/{s.code}":
            app.go(f"/join/{s.code}")
            return
        app.set_view(self.lobby.view())

    async def _open_table(self, s: RemoteSession) -> None:
        self.lobby = None
        # The table asks for the session's updates: keep routing them here.
        await self.app.games.open_table(s, on_change=self._changed)

    def _seated(self, code: str):
        async def keep(seat: int, token: str) -> None:
            await self.app.prefs.save_seat_token(code, seat, token)

        return keep


def _server_text(exc: ServerError) -> str:
    if exc.code == "unreachable":
        return (
            "Playing with friends needs a connection to the server, and it cannot be reached"
            " now (check the network, or the server URL in Settings). Solo play works offline."
        )
    return error_text(exc.code, exc.message)


def _connecting(route: str, p: theme.Palette, go) -> ft.View:
    from .pages import frame

    return frame(
        route,
        "Join a table",
        p,
        [
            ft.Row(
                [ft.ProgressRing(width=20, height=20), ft.Text("Connecting to the room…", size=16)],
                spacing=10,
            )
        ],
        go,
    )
