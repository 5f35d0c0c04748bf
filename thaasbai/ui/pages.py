"""The simple screens: Rules and Settings (and the frame the online pages share)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from .palette import BAR_DARK, BAR_LIGHT, CREAM, PAGE_LIGHT, SAND, SAND_DARK, TEAL_DEEP, Palette
from .rules_text import COMMON, RULES
from .segments import segments
from .settings import (
    HISTORY_KEEP,
    HISTORY_KEEP_NAMES,
    SPEED_NAMES,
    SPEEDS,
    THEMES,
    Settings,
    clean_server_url,
)
from .table_model import GAME_TITLES


def frame(route: str, title: str, p: Palette, body: list[ft.Control], go: Callable[[str], None]):
    bg = TEAL_DEEP if p.dark else PAGE_LIGHT
    return ft.View(
        route=route,
        bgcolor=bg,
        scroll=ft.ScrollMode.AUTO,
        appbar=ft.AppBar(
            title=ft.Text(title, weight=ft.FontWeight.BOLD),
            leading=ft.TextButton(
                content=ft.Text("Back", color=CREAM, weight=ft.FontWeight.BOLD),
                icon=ft.Icons.ARROW_BACK,
                icon_color=CREAM,
                on_click=lambda e: go("/"),
            ),
            leading_width=104,
            bgcolor=BAR_DARK if p.dark else BAR_LIGHT,
            color=CREAM,
        ),
        controls=[
            ft.Container(
                content=ft.Column(body, spacing=10),
                padding=ft.Padding.symmetric(horizontal=16, vertical=12),
                width=680,  # at most: a narrower window narrows it (Flutter's constraints)
            )
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def rules_view(p: Palette, go: Callable[[str], None]) -> ft.View:
    head = SAND if p.dark else SAND_DARK
    tabs_body: list[ft.Control] = [ft.Text(COMMON, size=15)]
    for game, sections in RULES.items():
        tabs_body.append(ft.Text(GAME_TITLES[game], size=24, weight=ft.FontWeight.BOLD, color=head))
        for heading, text in sections:
            tabs_body.append(ft.Text(heading, size=16, weight=ft.FontWeight.BOLD))
            tabs_body.append(ft.Text(text, size=15))
    return frame("/rules", "Rules", p, tabs_body, go)


def settings_view(
    s: Settings,
    p: Palette,
    go: Callable[[str], None],
    on_save: Callable[[Settings], Any],
    *,
    muted: bool = False,
    on_mute: Callable[[bool], Any] | None = None,
) -> ft.View:
    """Name, bot speed, deck, theme and server."""
    name = ft.TextField(label="Your name", value=s.player_name, max_length=20)
    server = ft.TextField(
        label="Server URL (online play)",
        value=s.server_url,
        hint_text="https://thaasbai.example",
        helper="Leave empty to use the server this app came from.",
        helper_max_lines=3,
        keyboard_type=ft.KeyboardType.URL,
    )
    four = ft.Switch(label="Four-colour deck", value=s.four_colour, height=48)

    async def mute(e: Any) -> None:  # kept at once: a sound switch needs no Save
        if on_mute is not None:
            await on_mute(not bool(sound.value))

    sound = ft.Switch(label="Sounds and vibration", value=not muted, on_change=mute, height=48)
    picked = {"speed": s.speed, "theme": s.theme, "keep": str(s.history_keep)}
    row_w = 320.0  # the narrowest phone's row: these short labels fit side by side there

    def choice(key: str, items: list[tuple[str, str]]) -> ft.Container:
        holder = ft.Container()

        def changed(value: str) -> None:
            picked[key] = value
            holder.content = segments(items, value, changed, p, row_w)
            holder.update()

        holder.content = segments(items, picked[key], changed, p, row_w)
        return holder

    speed = choice("speed", [(v, SPEED_NAMES[v]) for v in SPEEDS])
    theme = choice("theme", [(v, v.capitalize()) for v in THEMES])
    keep = choice("keep", [(str(n), HISTORY_KEEP_NAMES[n]) for n in HISTORY_KEEP])

    async def save(e: Any) -> None:
        new = Settings(
            player_name=(name.value or "").strip()[:20] or "You",
            speed=picked["speed"],
            four_colour=bool(four.value),
            theme=picked["theme"],
            server_url=clean_server_url(server.value),
            history_keep=int(picked["keep"]),
        )
        await on_save(new)

    head = SAND if p.dark else SAND_DARK
    body: list[ft.Control] = [
        name,
        ft.Text("Bot speed", weight=ft.FontWeight.BOLD, color=head),
        speed,
        ft.Text("How long each bot takes over its card.", size=13),
        ft.Text("Cards", weight=ft.FontWeight.BOLD, color=head),
        four,
        ft.Text("Blue diamonds and green clubs, easier to tell apart.", size=13),
        sound,
        ft.Text("A card played, a trick won, your turn; a buzz as you play.", size=13),
        ft.Text("Theme", weight=ft.FontWeight.BOLD, color=head),
        theme,
        ft.Text("Games kept in History", weight=ft.FontWeight.BOLD, color=head),
        keep,
        ft.Text(
            "The last 50, 200 or 1000 finished games, or All until this device's storage is"
            " full. The oldest go first, when the next game is kept.",
            size=13,
        ),
        ft.Text("Online", weight=ft.FontWeight.BOLD, color=head),
        server,
        ft.Container(height=8),
        ft.Container(
            height=52,
            content=ft.Button("Save", icon=ft.Icons.CHECK, on_click=save),
        ),
    ]
    return frame("/settings", "Settings", p, body, go)
