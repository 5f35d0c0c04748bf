"""One browser session of the app: it routes, and owns the pieces that screens share."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from typing import Any

import flet as ft

from .. import runtime
from . import theme
from .card_warmup import DeckWarmup
from .game_host import GameHost
from .history_pages import HistoryPages
from .home_screen import HomeScreen
from .online import OnlinePlay
from .pages import rules_view, settings_view
from .prefs import Preferences
from .settings import Settings

log = logging.getLogger(__name__)
JOIN = re.compile(r"^/join/([A-Za-z0-9_-]{1,64})/?$")
WARM_UP_AFTER_S = 2.0  # after the first screen: its own drawing goes first (0.5 s slowed it)


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

    What the device keeps is :attr:`prefs`'s; the game in progress is :attr:`games`'s;
    online rooms are :attr:`online`'s.  ``base_url`` is the server that serves this page
    (empty in a phone build); Settings' server URL, when set, takes over for online play.
    """

    def __init__(self, page: ft.Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.prefs = Preferences(ft.SharedPreferences())
        self.games = GameHost(page, self.prefs, self.show_table, self.go)
        self.home: HomeScreen | None = None  # the Home or "Play with friends" on screen
        self.online = OnlinePlay(self)
        self.history = HistoryPages(self)  # History, Review, Your record; Hint at the table
        self.games.on_table = self.history.attach
        self.warmup = DeckWarmup(page.overlay)

    @property
    def settings(self) -> Settings:
        return self.prefs.settings

    @property
    def server_url(self) -> str:
        return self.settings.server_url or self.base_url

    async def start(self) -> None:
        page = self.page
        page.title = "Thaasbai"
        runtime.launch_params()  # read while the page's address still has its query
        if not self.base_url:
            self.base_url = await site_server_url()
        await self.prefs.load()
        theme.apply(page, self.settings.theme)
        page.on_route_change = self._route_changed
        page.on_resize = self._resized
        page.on_disconnect = self._disconnected
        await self.show(page.route or "/")
        page.run_task(self._warm_up_cards)

    async def _warm_up_cards(self) -> None:
        """Fetch and decode the deck's 53 pictures once the first screen is up, not while
        it is being drawn (they are needed at the first deal, seconds later)."""
        await asyncio.sleep(WARM_UP_AFTER_S)
        if self.warmup.warm(self.settings.four_colour):
            self.page.update()

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

    async def show_table(self) -> None:
        """Bring ``/play`` (the game host's table) on screen."""
        if self.page.route == "/play":
            await self.show("/play")
        else:
            self.go("/play")

    async def _route_changed(self, e: Any) -> None:
        await self.show(self.page.route)

    async def _resized(self, e: Any) -> None:
        table = self.games.table
        if table is not None and self.page.route == "/play":
            await table.resized()
        elif self.home is not None:
            self.home.resized()

    async def _disconnected(self, e: Any) -> None:
        await self.games.end()

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
        table = self.games.table
        if route == "/play" and table is None:
            # A refresh during an online game: the stored room code leads back to the seat.
            room = await self.prefs.current_room()
            self.go(f"/join/{room}" if room else "/")
            return
        if route == "/play" and table is not None:
            view = table.view()
        elif route == "/rules":
            view = rules_view(p, self.go)
        elif route == "/settings":
            view = settings_view(
                self.settings,
                p,
                self.go,
                self._save_settings,
                muted=self.prefs.muted,
                on_mute=self.prefs.save_muted,
            )
        elif route == "/friends":
            self.home = HomeScreen(
                self.page,
                self.prefs.choices,
                p,
                self.games.play_solo,
                self.go,
                on_create=self.online.create,
                player_name=self.settings.player_name,
            )
            view = self.home.view()
        else:
            self.home = HomeScreen(self.page, self.prefs.choices, p, self.games.play_solo, self.go)
            view = self.home.view()
        self.set_view(view)
        session = self.games.session
        if route == "/play" and table is not None and table.model is None and session:
            await session.start()

    async def _save_settings(self, new: Settings) -> None:
        await self.prefs.save_settings(new)
        theme.apply(self.page, new.theme)
        self.warmup.follow(new.four_colour)  # drawn by go()'s update
        self.go("/")
