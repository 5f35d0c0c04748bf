"""Home: pick a game, its options and each bot's level, then deal; or set up a room to
play with friends (the same choices, one bot level for the seats nobody takes).

The choices scroll; the main action (Start, or Create room) sits in a bar at the bottom
that never scrolls away, with Play with friends, Rules and Settings beside it, so they
are in reach on a 360 x 640 phone and on a phone turned sideways alike."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from ..table.table import BOT_NAMES
from .palette import BAR_DARK, BLACK, CREAM, INK, INK_TEAL, PAGE_LIGHT, WHITE, text_on_page, tint
from .rules_text import HUKUM_HELP, HUKUM_NAMES
from .segments import TAP, segments
from .settings import TURN_TIMERS, Choices
from .table_model import slot_of
from .theme import SAND, SAND_DARK, TEAL, TEAL_DEEP, Palette

GAME_INFO = {
    "thaas": ("Thaas", "Partners, a hukum and the 7-trick lock", "4 players"),
    "dhihaeh": ("Dhihaeh", "Capture the four tens: Bang and Big Bang", "4 players"),
    "thulla": ("Thulla", "Shed your cards; the last one holding is the Bhabhi", "2–6 players"),
}
LEVELS = (("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard"), ("ultra", "Ultra"))
WIDE_MIN = 860  # px of window width from which Home lays out in two columns
SLOT_WORDS = {
    "left": "left",
    "right": "right",
    "top": "opposite",
    "top-left": "top left",
    "top-right": "top right",
}
ROW_BAR_MIN = 600  # px of window width from which the bottom bar is one row
PAD = 16  # px of padding on each side of the choices


class HomeScreen:
    """Edits a :class:`Choices` in place and calls ``on_start`` with it."""

    def __init__(
        self,
        page: ft.Page,
        choices: Choices,
        p: Palette,
        on_start: Callable[[Choices], Awaitable[None]],
        navigate: Callable[[str], None],
        *,
        on_create: Callable[[Choices, str], Awaitable[None]] | None = None,
        player_name: str = "",
    ) -> None:
        self.page = page
        self.c = choices
        self.p = p
        self.on_start = on_start
        self.navigate = navigate
        self.on_create = on_create  # set: this is the "Play with friends" set-up screen
        # The name from Settings, if the player has given one ("You" is the default):
        # a room uses it, and only a player without one is asked.
        self.known_name = "" if player_name in ("", "You") else player_name
        self.name = ft.TextField(
            label="Your name",
            max_length=20,
            key="room-name",
            helper="Your friends will see it; Settings keeps it for next time.",
            helper_max_lines=2,
            error_max_lines=2,
        )
        self._busy = False
        self.body = ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.box = ft.Container(
            content=self.body,
            padding=ft.Padding.symmetric(horizontal=PAD, vertical=14),
            alignment=ft.Alignment.TOP_CENTER,
            width=self._width(),
        )
        edge = tint(WHITE, 0.2) if p.dark else tint(INK_TEAL, 0.133)
        self.bar = ft.Container(
            bgcolor=BAR_DARK if p.dark else WHITE,
            border=ft.Border.only(top=ft.BorderSide(1, edge)),
            shadow=ft.BoxShadow(blur_radius=12, color=tint(BLACK, 1 / 3), offset=ft.Offset(0, -2)),
            padding=ft.Padding.symmetric(horizontal=PAD, vertical=8),
            alignment=ft.Alignment.CENTER,
        )

    @property
    def online(self) -> bool:
        return self.on_create is not None

    @property
    def wide(self) -> bool:
        """Tablet landscape and desktop: two columns of choices."""
        return float(self.page.width or 600) >= WIDE_MIN

    def view(self) -> ft.View:
        self._build()
        return ft.View(
            route="/friends" if self.online else "/",
            padding=0,
            spacing=0,
            bgcolor=TEAL_DEEP if self.p.dark else PAGE_LIGHT,
            controls=[
                ft.Column(
                    [
                        ft.Column(
                            [self.box],
                            scroll=ft.ScrollMode.AUTO,
                            expand=True,
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                            key="home-choices",
                        ),
                        self.bar,
                    ],
                    spacing=0,
                    expand=True,
                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                )
            ],
        )

    def _width(self) -> float:
        return min(float(self.page.width or 600), 1120 if self.wide else 640)

    def _column_width(self) -> float:
        """The width a row of choices has (one of two columns when wide)."""
        inner = self._width() - 2 * PAD
        return (inner - 28) / 2 if self.wide else inner

    def resized(self) -> None:
        """The window changed: one column or two, same choices (and the name typed so far)."""
        self.box.width = self._width()
        self._rebuild()

    def _rebuild(self) -> None:
        self._build()
        self.page.update()

    def _build(self) -> None:
        fg = self._fg()
        header = ft.Row(
            [
                ft.Image(src="icons/icon-192.png", width=56, height=56, border_radius=12),
                ft.Column(
                    [
                        ft.Text(
                            "Thaasbai",
                            size=30,
                            weight=ft.FontWeight.BOLD,
                            color=SAND if self.p.dark else TEAL,
                        ),
                        ft.Text("Card games of the Maldives: ♠ ♥ ♦ ♣", size=14, color=fg),
                    ],
                    spacing=0,
                    expand=True,
                ),
            ],
            spacing=12,
        )
        games = ft.Column([self._game_tile(g) for g in GAME_INFO], spacing=8)
        intro: list[ft.Control] = []
        if self.online:
            intro += [
                ft.Row(
                    [
                        ft.Container(
                            height=TAP,
                            content=ft.TextButton(
                                content=ft.Text("Back", color=fg, weight=ft.FontWeight.BOLD),
                                icon=ft.Icons.ARROW_BACK,
                                icon_color=fg,
                                on_click=lambda e: self.navigate("/"),
                            ),
                        ),
                        ft.Text("Play with friends", size=20, weight=ft.FontWeight.BOLD, color=fg),
                    ]
                ),
                self._name_row(),
            ]
        choose = [*intro, self._section("Game"), games]
        width = self._column_width()
        options: list[ft.Control] = []
        if self.c.game == "thulla":
            options += [
                self._section("Players"),
                self._segments(
                    [(str(n), str(n)) for n in range(2, 7)], str(self.c.players), self._set_players
                ),
            ]
        else:
            options += [
                self._section("Hukum (trump)"),
                self._segments(list(HUKUM_NAMES.items()), self.c.hukum, self._set_hukum),
                ft.Text(HUKUM_HELP[self.c.hukum], size=13, color=fg),
                self._section("Match: best of"),
                self._segments(
                    [(str(n), str(n)) for n in (1, 3, 5, 7)], str(self.c.best_of), self._set_best_of
                ),
            ]
        if self.online:
            options += self._room_rows()
        else:
            options.append(self._section("Bots"))
            options += [self._bot_row(seat, width) for seat in range(1, self.c.seats)]
            options.append(self._looking_back())
        self.bar.content = self._bar_content()
        if not self.wide:
            self.body.controls = [header, *choose, *options]
            return
        column = {"spacing": 10, "horizontal_alignment": ft.CrossAxisAlignment.STRETCH}
        self.body.controls = [
            header,
            ft.Row(
                [
                    ft.Column(choose, expand=True, **column),
                    ft.Column(options, expand=True, **column),
                ],
                spacing=28,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ]

    def _name_row(self) -> ft.Control:
        """The name a room will show: the one from Settings, else a field to type it."""
        if not self.known_name:
            return self.name
        fg = self._fg()
        return ft.Row(
            [
                ft.Icon(ft.Icons.PERSON, color=SAND if self.p.dark else TEAL),
                ft.Text(
                    f"You play as {self.known_name}",
                    size=15,
                    weight=ft.FontWeight.BOLD,
                    color=fg,
                    expand=True,
                    key="room-known-name",
                ),
                ft.Container(
                    height=TAP,
                    content=ft.TextButton(
                        "Change name", on_click=lambda e: self.navigate("/settings")
                    ),
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def _bar_content(self) -> ft.Control:
        """Start (or Create room) and the ways elsewhere, in a bar that does not scroll."""
        one_row = float(self.page.width or 600) >= ROW_BAR_MIN
        accent = SAND if self.p.dark else TEAL
        main = ft.Container(
            height=56,
            width=240 if one_row else None,
            content=ft.Button(
                content=ft.Text(
                    "Create room" if self.online else "Start",
                    size=20,
                    weight=ft.FontWeight.BOLD,
                    color=INK,
                ),
                icon=ft.Icons.GROUP_ADD if self.online else ft.Icons.PLAY_ARROW,
                icon_color=INK,
                on_click=self._create if self.online else self._start,
                style=ft.ButtonStyle(
                    bgcolor=SAND, shape=ft.RoundedRectangleBorder(radius=28), elevation=6
                ),
            ),
        )
        links: list[ft.Control] = []
        if not self.online:
            links.append(
                ft.Container(
                    height=TAP,
                    expand=2 if not one_row else None,
                    content=ft.OutlinedButton(
                        content=ft.Text(
                            "Play with friends", size=15, weight=ft.FontWeight.BOLD, color=accent
                        ),
                        icon=ft.Icons.GROUP_ADD if one_row else None,
                        icon_color=accent,
                        on_click=lambda e: self.navigate("/friends"),
                        style=ft.ButtonStyle(
                            padding=ft.Padding.symmetric(horizontal=12),
                            shape=ft.RoundedRectangleBorder(radius=24),
                            side=ft.BorderSide(2, accent),
                        ),
                    ),
                )
            )
            for label, icon, route in (
                ("Rules", ft.Icons.MENU_BOOK, "/rules"),
                ("Settings", ft.Icons.SETTINGS, "/settings"),
            ):
                links.append(
                    ft.Container(
                        height=TAP,
                        expand=1 if not one_row else None,
                        content=ft.TextButton(
                            content=ft.Text(
                                label, size=15, weight=ft.FontWeight.BOLD, color=accent
                            ),
                            icon=icon if one_row else None,
                            icon_color=accent,
                            on_click=lambda e, route=route: self.navigate(route),
                            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)),
                        ),
                    )
                )
        inner: ft.Control
        if one_row:
            inner = ft.Row(
                [*links, ft.Container(expand=True), main],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        else:
            rows: list[ft.Control] = [main]
            if links:
                rows.append(ft.Row(links, spacing=4))
            inner = ft.Column(
                rows, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, tight=True
            )
        return ft.Container(content=inner, width=self._width() - 2 * PAD, key="home-bar")

    def _looking_back(self) -> ft.Control:
        """History and Your record: the games kept on this device and their figures."""
        accent = SAND if self.p.dark else TEAL
        return ft.Row(
            [
                ft.Container(
                    height=TAP,
                    content=ft.TextButton(
                        content=ft.Text(label, size=15, weight=ft.FontWeight.BOLD, color=accent),
                        icon=icon,
                        icon_color=accent,
                        on_click=lambda e, route=route: self.navigate(route),
                    ),
                )
                for label, icon, route in (
                    ("History", ft.Icons.HISTORY, "/history"),
                    ("Your record", ft.Icons.LEADERBOARD, "/record"),
                )
            ],
            alignment=ft.MainAxisAlignment.CENTER,
            wrap=True,
        )

    def _fg(self) -> str:
        return text_on_page(self.p)

    def _section(self, text: str) -> ft.Control:
        return ft.Text(
            text.upper(),
            size=12,
            weight=ft.FontWeight.BOLD,
            color=SAND if self.p.dark else SAND_DARK,
        )

    def _game_tile(self, game: str) -> ft.Control:
        name, blurb, players = GAME_INFO[game]
        selected = self.c.game == game
        fg = CREAM if self.p.dark or selected else INK_TEAL
        tile = ft.Container(
            content=ft.Row(
                [
                    ft.Column(
                        [
                            ft.Text(name, size=20, weight=ft.FontWeight.BOLD, color=fg),
                            ft.Text(blurb, size=13, color=fg),
                        ],
                        spacing=2,
                        expand=True,
                    ),
                    ft.Text(players, size=12, color=SAND if selected else fg),
                ],
            ),
            padding=ft.Padding.symmetric(horizontal=16, vertical=8),
            border_radius=ft.BorderRadius.all(16),
            bgcolor=TEAL if selected else (tint(WHITE, 0.08) if self.p.dark else WHITE),
            border=ft.Border.all(3 if selected else 1, SAND if selected else tint(BLACK, 0.13)),
            on_click=self._pick_game(game),
            ink=True,
        )
        return ft.Semantics(identifier=f"game-{game}", selected=selected, content=tile)

    def _segments(
        self,
        items: list[tuple[str, str]],
        value: str,
        on_change: Callable[[str], None],
        width: float | None = None,
    ) -> ft.Control:
        return segments(items, value, on_change, self.p, width or self._column_width())

    def _bot_row(self, seat: int, width: float) -> ft.Control:
        slot = slot_of(seat, 0, self.c.seats)
        fg = self._fg()
        name = BOT_NAMES[seat % len(BOT_NAMES)]
        level = self.c.levels[seat - 1]

        def set_level(v: str, seat: int = seat) -> None:
            self.c.levels[seat - 1] = v
            self._rebuild()

        if width < 440:  # the name above its levels
            label = ft.Row(
                [
                    ft.Text(name, size=15, weight=ft.FontWeight.BOLD, color=fg),
                    ft.Text(SLOT_WORDS.get(slot, slot), size=12, color=fg),
                ],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.END,
            )
            return ft.Column(
                [label, self._segments(list(LEVELS), level, set_level, width)],
                spacing=4,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            )
        label = ft.Column(
            [
                ft.Text(name, size=15, weight=ft.FontWeight.BOLD, color=fg),
                ft.Text(SLOT_WORDS.get(slot, slot), size=12, color=fg),
            ],
            spacing=0,
            width=86,
        )
        levels = self._segments(list(LEVELS), level, set_level, width - 86 - 10)
        return ft.Row(
            [label, ft.Container(content=levels, expand=True)],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def _pick_game(self, game: str) -> Callable[[Any], None]:
        def handler(e: Any) -> None:
            self.c.game = game
            self._rebuild()

        return handler

    def _set_players(self, v: str) -> None:
        self.c.players = int(v)
        self._rebuild()

    def _set_hukum(self, v: str) -> None:
        self.c.hukum = v
        self._rebuild()

    def _set_best_of(self, v: str) -> None:
        self.c.best_of = int(v)
        self._rebuild()

    def _room_rows(self) -> list[ft.Control]:
        """A room has one bot level (for the seats still free at the start) and a timer."""

        def set_bots(v: str) -> None:
            self.c.room_bots = v
            self._rebuild()

        def set_timer(v: str) -> None:
            self.c.turn_timer = int(v)
            self._rebuild()

        def set_hints(v: str) -> None:
            self.c.room_hints = v == "on"
            self._rebuild()

        return [
            self._section("Bots for empty seats"),
            self._segments(list(LEVELS), self.c.room_bots, set_bots),
            self._section("Turn timer"),
            self._segments(
                [(str(t), f"{t} s" if t else "Off") for t in TURN_TIMERS],
                str(self.c.turn_timer),
                set_timer,
            ),
            ft.Text(
                "With a timer, a bot plays for anyone who takes too long.",
                size=13,
                color=self._fg(),
            ),
            self._section("Hints"),
            self._segments(
                [("off", "Off"), ("on", "Allowed")],
                "on" if self.c.room_hints else "off",
                set_hints,
            ),
            ft.Text(
                "Allowed: everyone may ask for a hint at their turn, worked out from their"
                " own cards only.",
                size=13,
                color=self._fg(),
            ),
        ]

    async def _start(self, e: Any) -> None:
        await self.on_start(self.c)

    async def _create(self, e: Any) -> None:
        if self._busy or self.on_create is None:
            return
        name = self.known_name or (self.name.value or "").strip()[:20]
        if not name:
            self.name.error = "Please enter your name: your friends will see it."
            self.name.update()
            return
        self._busy = True
        try:
            await self.on_create(self.c, name)
        finally:
            self._busy = False
