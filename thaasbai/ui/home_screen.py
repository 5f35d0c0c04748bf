"""Home: pick a game, its options and each bot's level, then deal; or set up a room to
play with friends (the same choices, one bot level for the seats nobody takes)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from ..table.table import BOT_NAMES
from .palette import BLACK, CREAM, INK, INK_TEAL, PAGE_LIGHT, WHITE, text_on_page, tint
from .settings import TURN_TIMERS, Choices
from .table_model import slot_of
from .theme import SAND, SAND_DARK, TEAL, TEAL_DEEP, Palette

GAME_INFO = {
    "thaas": ("Thaas", "Partners, a hukum and the 7-trick lock", "4 players"),
    "dhihaeh": ("Dhihaeh", "Capture the four tens: Bang and Big Bang", "4 players"),
    "thulla": ("Thulla", "Shed your cards; the last one holding is the Bhabhi", "2–6 players"),
}
HUKUM_INFO = {
    "implicit": "Discard",
    "declared": "Declared",
    "hidden": "Hidden",
    "none": "None",
}
HUKUM_HELP = {
    "implicit": "The first card played off-suit sets the hukum.",
    "declared": "The first leader names the hukum after seeing their hand.",
    "hidden": "A card set aside face down is the hukum, turned over when someone cannot follow.",
    "none": "No trump: the highest card of the led suit always wins.",
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
        self.name = ft.TextField(
            label="Your name",
            value="" if player_name == "You" else player_name,
            max_length=20,
            key="room-name",
        )
        self._busy = False
        self.body = ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.box = ft.Container(
            content=self.body,
            padding=ft.Padding.symmetric(horizontal=16, vertical=14),
            alignment=ft.Alignment.TOP_CENTER,
            width=self._width(),
        )

    @property
    def online(self) -> bool:
        return self.on_create is not None

    @property
    def wide(self) -> bool:
        """Tablet landscape and desktop: two columns, so Start shows without scrolling."""
        return float(self.page.width or 600) >= WIDE_MIN

    def view(self) -> ft.View:
        self._build()
        return ft.View(
            route="/friends" if self.online else "/",
            padding=0,
            bgcolor=TEAL_DEEP if self.p.dark else PAGE_LIGHT,
            scroll=ft.ScrollMode.AUTO,
            controls=[self.box],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def _width(self) -> float:
        return min(float(self.page.width or 600), 1120 if self.wide else 640)

    def resized(self) -> None:
        """The window changed: one column or two, same choices (and the name typed so far)."""
        self.box.width = self._width()
        self._rebuild()

    def _rebuild(self) -> None:
        self._build()
        self.page.update()

    def _build(self) -> None:
        fg = text_on_page(self.p)
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
                        ft.Text(
                            "Card games of the Maldives: ♠ ♥ ♦ ♣",
                            size=14,
                            color=fg,
                        ),
                    ],
                    spacing=0,
                ),
            ],
            spacing=12,
        )
        games = ft.Column(
            [self._game_tile(g) for g in GAME_INFO],
            spacing=8,
        )
        intro: list[ft.Control] = []
        if self.online:
            intro += [
                ft.Row(
                    [
                        ft.TextButton(
                            content=ft.Text("Back", color=fg, weight=ft.FontWeight.BOLD),
                            icon=ft.Icons.ARROW_BACK,
                            icon_color=fg,
                            on_click=lambda e: self.navigate("/"),
                        ),
                        ft.Text("Play with friends", size=20, weight=ft.FontWeight.BOLD, color=fg),
                    ]
                ),
                self.name,
            ]
        choose = [*intro, self._section("Game"), games]
        options: list[ft.Control] = []
        if self.c.game == "thulla":
            options += [
                self._section("Players"),
                self._segments(
                    [(str(n), str(n)) for n in range(2, 7)],
                    str(self.c.players),
                    self._set_players,
                ),
            ]
        else:
            options += [
                self._section("Hukum (trump)"),
                self._segments(list(HUKUM_INFO.items()), self.c.hukum, self._set_hukum),
                ft.Text(HUKUM_HELP[self.c.hukum], size=13, color=self._fg()),
                self._section("Match: best of"),
                self._segments(
                    [(str(n), str(n)) for n in (1, 3, 5, 7)],
                    str(self.c.best_of),
                    self._set_best_of,
                ),
            ]
        if self.online:
            options += self._room_rows()
        else:
            options.append(self._section("Bots"))
            options += [self._bot_row(seat) for seat in range(1, self.c.seats)]
        start = ft.Button(
            content=ft.Text(
                "Create room" if self.online else "Start",
                size=20,
                weight=ft.FontWeight.BOLD,
                color=INK,
            ),
            on_click=self._create if self.online else self._start,
            style=ft.ButtonStyle(
                bgcolor=SAND,
                padding=ft.Padding.symmetric(vertical=16),
                shape=ft.RoundedRectangleBorder(radius=28),
                elevation=6,
            ),
        )
        more: list[ft.Control] = []
        if not self.online:
            more.append(
                ft.OutlinedButton(
                    content=ft.Text(
                        "Play with friends",
                        size=17,
                        weight=ft.FontWeight.BOLD,
                        color=SAND if self.p.dark else TEAL,
                    ),
                    icon=ft.Icons.GROUP_ADD,
                    icon_color=SAND if self.p.dark else TEAL,
                    on_click=lambda e: self.navigate("/friends"),
                    style=ft.ButtonStyle(
                        padding=ft.Padding.symmetric(vertical=14),
                        shape=ft.RoundedRectangleBorder(radius=28),
                        side=ft.BorderSide(2, SAND if self.p.dark else TEAL),
                    ),
                )
            )
        more.append(
            ft.Row(
                [
                    ft.TextButton(
                        "Rules", icon=ft.Icons.MENU_BOOK, on_click=lambda e: self.navigate("/rules")
                    ),
                    ft.TextButton(
                        "Settings",
                        icon=ft.Icons.SETTINGS,
                        on_click=lambda e: self.navigate("/settings"),
                    ),
                    ft.TextButton(
                        "History",
                        icon=ft.Icons.HISTORY,
                        on_click=lambda e: self.navigate("/history"),
                    ),
                    ft.TextButton(
                        "Your record",
                        icon=ft.Icons.LEADERBOARD,
                        on_click=lambda e: self.navigate("/record"),
                    ),
                ],
                alignment=ft.MainAxisAlignment.CENTER,
                wrap=True,
            )
        )
        if not self.wide:
            self.body.controls = [header, *choose, *options, start, *more]
            return
        # Two columns: what to play (and where else to go) on the left; how to play it and
        # Start on the right, so Start is on screen at 1024 x 768 without scrolling.
        column = {"spacing": 10, "horizontal_alignment": ft.CrossAxisAlignment.STRETCH}
        self.body.controls = [
            header,
            ft.Row(
                [
                    ft.Column([*choose, ft.Container(height=4), *more], expand=True, **column),
                    ft.Column([*options, ft.Container(height=4), start], expand=True, **column),
                ],
                spacing=28,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ]

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
            border=ft.Border.all(2, SAND if selected else tint(BLACK, 0.13)),
            on_click=self._pick_game(game),
            ink=True,
        )
        return ft.Semantics(identifier=f"game-{game}", selected=selected, content=tile)

    def _segments(
        self, items: list[tuple[str, str]], value: str, on_change: Callable[[str], None]
    ) -> ft.Control:
        def changed(e: Any) -> None:
            sel = list(e.control.selected)
            if sel:
                on_change(sel[0])

        return ft.SegmentedButton(
            segments=[ft.Segment(value=k, label=ft.Text(label, size=13)) for k, label in items],
            selected=[value],
            show_selected_icon=False,
            on_change=changed,
        )

    def _bot_row(self, seat: int) -> ft.Control:
        slot = slot_of(seat, 0, self.c.seats)
        fg = text_on_page(self.p)
        name = BOT_NAMES[seat % len(BOT_NAMES)]
        level = self.c.levels[seat - 1]

        def set_level(v: str, seat: int = seat) -> None:
            self.c.levels[seat - 1] = v
            self._rebuild()

        label = ft.Column(
            [
                ft.Text(name, size=15, weight=ft.FontWeight.BOLD, color=fg),
                ft.Text(SLOT_WORDS.get(slot, slot), size=12, color=fg),
            ],
            spacing=0,
            width=86,
        )
        levels = self._segments(list(LEVELS), level, set_level)
        if (self.page.width or 600) < 480:
            label = ft.Row(
                [
                    ft.Text(name, size=15, weight=ft.FontWeight.BOLD, color=fg),
                    ft.Text(SLOT_WORDS.get(slot, slot), size=12, color=fg),
                ],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.END,
            )
            return ft.Column(
                [label, levels], spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
            )
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
        ]

    async def _start(self, e: Any) -> None:
        await self.on_start(self.c)

    async def _create(self, e: Any) -> None:
        if self._busy or self.on_create is None:
            return
        name = (self.name.value or "").strip()[:20]
        if not name:
            self.name.error = "Please enter your name: your friends will see it."
            self.name.update()
            return
        self._busy = True
        try:
            await self.on_create(self.c, name)
        finally:
            self._busy = False
