"""One browser session of the app: settings, routing and the game in progress."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import flet as ft

from .. import runtime
from . import theme
from .history_pages import HistoryPages
from .home_screen import HomeScreen
from .online import OnlinePlay
from .pages import rules_view, settings_view
from .session import GameSession, LocalSession
from .settings import CHOICES_KEY, CURRENT_ROOM_KEY, SETTINGS_KEY, Choices, Settings
from .table_screen import TableScreen

log = logging.getLogger(__name__)
JOIN = re.compile(r"^/join/([A-Za-z0-9_-]{1,64})/?$")


async def site_server_url() -> str:
    """The room server of a static app: ``site.json``'s ``server_url`` (set when the app
    is hosted apart from its server), else the origin the page came from; ``""`` natively."""
    origin = runtime.page_origin()
    if not origin:
        return ""
    try:
        status, data = await runtime.http_request("GET", f"{origin}/site.json", None, timeout=3)
        config = json.loads(data) if status == 200 else {}
    except (OSError, ValueError):
        config = {}
    url = config.get("server_url") if isinstance(config, dict) else None
    return (url if isinstance(url, str) and url else origin).rstrip("/")


class App:
    """Routes ``/``, ``/friends``, ``/play``, ``/rules``, ``/settings`` and ``/join/{code}``.

    ``base_url`` is the server that serves this page (empty in a phone build); Settings'
    server URL, when set, takes over for online play.
    """

    def __init__(self, page: ft.Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.prefs = ft.SharedPreferences()
        self.settings = Settings()
        self.choices = Choices()
        self.session: GameSession | None = None
        self.table: TableScreen | None = None
        self.home: HomeScreen | None = None  # the Home or "Play with friends" on screen
        self.online = OnlinePlay(self)
        self.history = HistoryPages(self)  # History, Review, Your record; Hint at the table

    @property
    def server_url(self) -> str:
        return self.settings.server_url or self.base_url

    async def start(self) -> None:
        page = self.page
        page.title = "Thaasbai"
        runtime.launch_params()  # read while the page's address still has its query
        if not self.base_url:
            self.base_url = await site_server_url()
        self.settings = Settings.from_json(await self._get(SETTINGS_KEY))
        self.choices = Choices.from_json(await self._get(CHOICES_KEY))
        theme.apply(page, self.settings.theme)
        page.on_route_change = self._route_changed
        page.on_resize = self._resized
        page.on_disconnect = self._disconnected
        await self.show(page.route or "/")

    async def _get(self, key: str) -> Any:
        try:
            return await self.prefs.get(key)
        except Exception:  # storage unavailable (private mode): run with defaults
            log.info("preferences unavailable", exc_info=True)
            return None

    async def _set(self, key: str, value: str) -> None:
        try:
            await self.prefs.set(key, value)
        except Exception:
            log.info("could not save preferences", exc_info=True)

    async def _remove(self, key: str) -> None:
        try:
            await self.prefs.remove(key)
        except Exception:
            log.info("could not remove a preference", exc_info=True)

    async def notify(self, text: str) -> None:
        """A short message at the bottom of the screen (refusals, copied links, lost rooms)."""
        # No fixed key: a second snack bar matched by key to the first is diffed as frozen
        # in Flet 1.0.5, and its dismissal then fails ("Frozen controls cannot be updated").
        self.page.show_dialog(ft.SnackBar(ft.Text(text)))
        self.page.update()

    def set_view(self, view: ft.View) -> None:
        self.page.views.clear()
        self.page.views.append(view)
        self.page.update()

    def go(self, route: str) -> None:
        self.page.navigate(route)

    async def _route_changed(self, e: Any) -> None:
        await self.show(self.page.route)

    async def _resized(self, e: Any) -> None:
        if self.table is not None and self.page.route == "/play":
            await self.table.resized()
        elif self.home is not None:
            self.home.resized()

    async def _disconnected(self, e: Any) -> None:
        await self._end_game()

    async def show(self, route: str) -> None:
        """Build the screen for ``route`` and make it the only view."""
        p = theme.palette(self.settings.theme)
        self.home = None
        route = route.split("?", 1)[0].split("#", 1)[0] or "/"  # a shared link's ?utm=...
        m = JOIN.match(route)
        if m:
            await self.online.enter(m.group(1))
            return
        if await self.history.show(route):
            return
        if route == "/play" and self.table is None:
            # A refresh during an online game: the stored room code leads back to the seat.
            room = await self._get(CURRENT_ROOM_KEY)
            self.go(f"/join/{room}" if isinstance(room, str) and room else "/")
            return
        if route == "/play" and self.table is not None:
            view = self.table.view()
        elif route == "/rules":
            view = rules_view(p, self.go)
        elif route == "/settings":
            view = settings_view(self.settings, p, self.go, self._save_settings)
        elif route == "/friends":
            self.home = HomeScreen(
                self.page,
                self.choices,
                p,
                self._start_game,
                self.go,
                on_create=self.online.create,
                player_name=self.settings.player_name,
            )
            view = self.home.view()
        else:
            self.home = HomeScreen(self.page, self.choices, p, self._start_game, self.go)
            view = self.home.view()
        self.set_view(view)
        if route == "/play" and self.table is not None and self.table.model is None:
            await self.session.start() if self.session else None

    async def _start_game(self, choices: Choices) -> None:
        await self._set(CHOICES_KEY, choices.to_json())
        await self._end_game()
        pace, _ = self.settings.pace()
        self.session = LocalSession(choices, self.settings.player_name, pace_s=pace)
        self.table = TableScreen(self.page, self.session, self.settings, self._leave_table)
        self.history.attach(self.table)
        if self.page.route == "/play":
            await self.show("/play")
        else:
            self.go("/play")

    async def _leave_table(self) -> None:
        if self.online.session is not None:
            await self._remove(CURRENT_ROOM_KEY)  # the token stays: the invite link returns
        await self._end_game()
        self.go("/")

    async def _end_game(self) -> None:
        if self.session is not None:
            await self.session.close()
        self.session = None
        self.drop_table()

    def drop_table(self) -> None:
        """Forget the table screen, stopping what it runs (its turn-timer countdown)."""
        if self.table is not None:
            self.table.close()
        self.table = None

    async def _save_settings(self, new: Settings) -> None:
        self.settings = new
        await self._set(SETTINGS_KEY, new.to_json())
        theme.apply(self.page, new.theme)
        self.go("/")
