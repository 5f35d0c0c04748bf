"""Small building blocks: card faces and backs, seat badges, pills and buttons."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from .table_model import SeatModel, spoken
from .theme import SAND, TEAL, Palette

LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard", "ultra": "Ultra"}


def card_src(code: str, four_colour: bool = False) -> str:
    """The asset path of a card face (``back`` for the back)."""
    return f"{'cards4' if four_colour else 'cards'}/{code}.svg"


def card_image(code: str, w: float, h: float, four_colour: bool = False) -> ft.Control:
    """A card face or back as a rounded, shadowed image."""
    return ft.Container(
        width=w,
        height=h,
        border_radius=ft.BorderRadius.all(w * 0.07),
        shadow=ft.BoxShadow(
            blur_radius=6, spread_radius=0, color="#55000000", offset=ft.Offset(1, 2)
        ),
        content=ft.Image(
            src=card_src(code, four_colour),
            width=w,
            height=h,
            fit=ft.BoxFit.FILL,
            semantics_label=None if code == "back" else spoken(code),
            exclude_from_semantics=True,
        ),
    )


def suit_icon(suit: str, size: float, four_colour: bool = False) -> ft.Control:
    return ft.Image(
        src=f"{'suits4' if four_colour else 'suits'}/{suit}.svg",
        width=size,
        height=size,
        exclude_from_semantics=True,
    )


def mini_hand(count: int, w: float) -> ft.Control:
    """A little fan of card backs for an opponent (at most three drawn)."""
    shown = min(count, 3)
    h = w * 1.4
    step = w * 0.32
    backs = [
        ft.Container(
            left=i * step,
            top=0,
            content=ft.Image(src="cards/back.svg", width=w, height=h, fit=ft.BoxFit.FILL),
            rotate=ft.Rotate(angle=(i - (shown - 1) / 2) * 0.12),
        )
        for i in range(shown)
    ]
    return ft.Stack(backs, width=w + step * max(shown - 1, 0) + 4, height=h + 4)


PRESENCE_COLOURS = {
    "online": "#4CC38A",
    "offline": "#9AA5A6",
    "away": "#F2B27A",
    "bot": "#7FB3D6",
    "free": "#55FFFFFF",
}
PRESENCE_TAGS = {"offline": "Disconnected", "away": "Away · bot playing"}
PRESENCE_HELP = {
    "online": "Connected",
    "offline": "Disconnected",
    "away": "Away: a bot is playing for them",
    "bot": "Bot",
    "free": "Free seat",
}


def presence_dot(presence: str, size: float = 10) -> ft.Control:
    """A coloured dot for a seat's connection (green connected, amber away, grey gone)."""
    return ft.Container(
        width=size,
        height=size,
        bgcolor=PRESENCE_COLOURS.get(presence, "#55FFFFFF"),
        border_radius=ft.BorderRadius.all(size / 2),
        border=ft.Border.all(1, "#66000000"),
        tooltip=PRESENCE_HELP.get(presence),
    )


def seat_badge(s: SeatModel, p: Palette, w: float, h: float) -> ft.Control:
    """An opponent: name, a fan of backs, the card count, and turn/team/out markers."""
    ring = p.turn if s.is_turn else ("#66FFFFFF" if s.partner else "#33FFFFFF")
    if s.bhabhi:
        tag, tag_col = "Bhabhi", "#E0645A"
    elif s.out:
        tag, tag_col = "Safe", "#4CC38A"
    elif s.partner:
        tag, tag_col = "Partner", p.team_us
    elif s.team is not None:
        tag, tag_col = "Opponent", p.team_them
    else:
        tag, tag_col = LEVEL_NAMES.get(s.level, ""), p.muted
    back_w = h * 0.36
    count = ft.Container(
        content=ft.Text(str(s.cards), size=12, weight=ft.FontWeight.BOLD, color="#1B1D21"),
        bgcolor=SAND,
        border_radius=ft.BorderRadius.all(9),
        padding=ft.Padding.symmetric(horizontal=6, vertical=1),
    )
    if s.dealer:
        tag = f"{tag} · dealer" if tag else "dealer"
    name = ft.Text(
        s.name,
        size=13,
        weight=ft.FontWeight.BOLD,
        color=p.on_felt,
        max_lines=1,
        overflow=ft.TextOverflow.ELLIPSIS,
    )
    if s.presence:
        name = ft.Row(
            [presence_dot(s.presence), ft.Container(content=name, expand=True)],
            spacing=4,
            tight=True,
            alignment=ft.MainAxisAlignment.CENTER,
        )
        if s.presence in ("away", "offline"):
            tag = PRESENCE_TAGS[s.presence]
            tag_col = PRESENCE_COLOURS[s.presence]
        elif s.presence == "bot" and s.team is not None:
            tag = f"{tag} · bot"  # online, a bot may share a friend's name
    tag_text = ft.Text(tag, size=11, color=tag_col, max_lines=1)
    top_row = ft.Row(
        [mini_hand(s.cards, back_w) if s.cards else ft.Container(width=back_w), count],
        spacing=4,
        alignment=ft.MainAxisAlignment.CENTER,
        vertical_alignment=ft.CrossAxisAlignment.END,
    )
    return ft.Container(
        width=w,
        height=h,
        padding=ft.Padding.symmetric(horizontal=6, vertical=3),
        bgcolor="#59000000" if p.dark else "#33003B44",
        border=ft.Border.all(3 if s.is_turn else 1, ring),
        border_radius=ft.BorderRadius.all(14),
        shadow=ft.BoxShadow(blur_radius=16, color="#88FFD970") if s.is_turn else None,
        opacity=0.55 if s.out and not s.bhabhi else 1.0,
        content=ft.Column(
            [top_row, name, tag_text],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
        ),
    )


def pill(text: str, bg: str, fg: str, size: float = 14, bold: bool = False) -> ft.Container:
    return ft.Container(
        content=ft.Text(
            text,
            size=size,
            color=fg,
            weight=ft.FontWeight.BOLD if bold else None,
            text_align=ft.TextAlign.CENTER,
        ),
        bgcolor=bg,
        border_radius=ft.BorderRadius.all(20),
        padding=ft.Padding.symmetric(horizontal=14, vertical=6),
    )


def action_button(
    label: str, on_click: Callable[..., Any], style: str = "primary", icon: ft.Control | None = None
) -> ft.Control:
    """A large, labelled table button (declare, Hand Call, Accept, Refuse, Give up...)."""
    colours = {
        "primary": (SAND, "#1B1D21"),
        "secondary": ("#F4F1E6", TEAL),
        "danger": ("#E0645A", "#FFFFFF"),
    }
    bg, fg = colours.get(style, colours["primary"])
    # 48 px high: Flutter web draws buttons at desktop density (32 px) unless told.
    return ft.Container(height=48, content=_button(label, on_click, bg, fg, icon))


def _button(
    label: str, on_click: Callable[..., Any], bg: str, fg: str, icon: ft.Control | None
) -> ft.Control:
    return ft.Button(
        content=ft.Row(
            [icon, ft.Text(label, size=15, weight=ft.FontWeight.BOLD, color=fg)]
            if icon
            else [ft.Text(label, size=15, weight=ft.FontWeight.BOLD, color=fg)],
            spacing=6,
            tight=True,
        ),
        on_click=on_click,
        style=ft.ButtonStyle(
            bgcolor=bg,
            color=fg,
            padding=ft.Padding.symmetric(horizontal=18),
            shape=ft.RoundedRectangleBorder(radius=24),
            elevation=4,
        ),
    )
