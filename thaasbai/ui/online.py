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
from .lobby_screen import LobbyScreen, join_prompt_view, message_view
from .remote import RemoteSession, error_text
from .session import SessionError
from .settings import CHOICES_KEY, CURRENT_ROOM_KEY, SETTINGS_KEY, Choices, SeatToken
from .table_screen import TableScreen

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger(__name__)


class OnlinePlay:
    """The online half of :class:`~thaasbai.ui.app.App`: rooms, lobby and remote table."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.lobby: LobbyScreen | None = None

    @property
    def session(self) -> RemoteSession | None:
        s = self.app.session
        return s if isinstance(s, RemoteSession) else None

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
        await self._remember_name(name)
        await app._set(CHOICES_KEY, choices.to_json())
        thulla = choices.game == "thulla"
        try:
            created = await client.create_room(
                choices.game,
                seats=choices.seats,
                options=None if thulla else {"hukum": choices.hukum, "best_of": choices.best_of},
                name=name,
                bots=choices.room_bots,
                turn_timer=choices.turn_timer or None,
            )
        except ServerError as exc:
            await app.notify(_server_text(exc))
            return
        await app._set(
            SeatToken.key(created.code), SeatToken(created.seat, created.token).to_json()
        )
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
        stored = SeatToken.from_json(await app._get(SeatToken.key(code)))
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
            )
        )

    async def join(self, code: str, name: str) -> None:
        """POST join (a free seat, or a bot's seat between deals), then connect."""
        app = self.app
        client = self.client()
        if client is None:
            return
        await self._remember_name(name)
        try:
            joined = await client.join(code, name=name)
        except ServerError as exc:
            if exc.code == "seat_taken":
                await app.notify("No seat is free right now: watch, and join between deals.")
            else:
                await app.notify(_server_text(exc))
            return
        await app._set(SeatToken.key(code), SeatToken(joined.seat, joined.token).to_json())
        await self.connect(code, joined.token)

    async def connect(self, code: str, token: str | None, *, quiet: bool = False) -> bool:
        """Open the room's WebSocket; on success show its lobby or its table."""
        app = self.app
        await app._end_game()
        s = RemoteSession(app.server_url, code, token)
        s.on_notice = app.notify
        s.on_token = self._seated(code)
        try:
            await s.open()
        except SessionError as exc:
            if token is not None and s.ws.close_code == 4401:
                await app._remove(SeatToken.key(code))  # the seat was given up: ask again
            elif not quiet:
                await app.notify(str(exc))
            return False
        s.on_change = self._changed
        app.session = s
        await app._set(CURRENT_ROOM_KEY, code)
        await self._render_room()
        return True

    async def leave(self) -> None:
        """Give up the seat (before the start it becomes free again) and go home."""
        app = self.app
        s = self.session
        if s is not None:
            await app._remove(SeatToken.key(s.code))
            await s.leave()
        await app._remove(CURRENT_ROOM_KEY)
        app.session = None
        app.drop_table()
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
            if app.table is None or app.table.session is not s:
                await self._open_table(s)
            elif app.page.route == "/play":
                await app.table.refresh()
            return
        if app.table is not None or self.lobby is None:
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
        app.drop_table()
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
        app = self.app
        self.lobby = None
        app.drop_table()
        app.table = TableScreen(app.page, s, app.settings, app._leave_table)
        s.on_change = self._changed  # the table asked for it: keep routing here
        if app.page.route == "/play":
            await app.show("/play")
        else:
            app.go("/play")

    def _seated(self, code: str):
        async def keep(seat: int, token: str) -> None:
            await self.app._set(SeatToken.key(code), SeatToken(seat, token).to_json())

        return keep

    async def _remember_name(self, name: str) -> None:
        app = self.app
        if name and name != app.settings.player_name:
            app.settings.player_name = name
            await app._set(SETTINGS_KEY, app.settings.to_json())


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
