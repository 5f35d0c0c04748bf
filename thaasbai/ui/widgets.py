"""Small building blocks: card faces and backs, seat badges, pills and buttons."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from .palette import (
    AWAY,
    BLACK,
    BOT,
    CORAL,
    CREAM,
    INK,
    OFFLINE,
    ONLINE,
    SAND,
    TEAL,
    TEAL_DEEP,
    TURN,
    WHITE,
    Palette,
    tint,
)
from .table_model import SeatModel, seat_tag, spoken


def card_src(code: str, four_colour: bool = False) -> str:
    """The asset path of a card face (``back`` for the back)."""
    return f"{'cards4' if four_colour else 'cards'}/{code}.svg"


def card_image(code: str, w: float, h: float, four_colour: bool = False) -> ft.Control:
    """A card face or back as a rounded, shadowed image.  The box is white card paper:
    until the SVG has loaded (a deal's first frame) it shows a blank card, where the
    shadow alone drew a dark card-shaped hole."""
    return ft.Container(
        width=w,
        height=h,
        bgcolor=WHITE,
        border_radius=ft.BorderRadius.all(w * 0.07),
        shadow=ft.BoxShadow(
            blur_radius=6, spread_radius=0, color=tint(BLACK, 1 / 3), offset=ft.Offset(1, 2)
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
    "online": ONLINE,
    "offline": OFFLINE,
    "away": AWAY,
    "bot": BOT,
    "free": tint(WHITE, 1 / 3),
}
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
        bgcolor=PRESENCE_COLOURS.get(presence, PRESENCE_COLOURS["free"]),
        border_radius=ft.BorderRadius.all(size / 2),
        border=ft.Border.all(1, tint(BLACK, 0.4)),
        tooltip=PRESENCE_HELP.get(presence),
    )


def seat_badge(s: SeatModel, p: Palette, w: float, h: float) -> ft.Control:
    """An opponent: a fan of backs, the card count and a dealer disc; the name; and a tag
    (partner, opponent, safe, away...) coloured by what it means."""
    ring = p.turn if s.is_turn else (tint(WHITE, 0.4) if s.partner else tint(WHITE, 0.2))
    tag = seat_tag(s)
    tones = {
        "us": p.team_us,
        "them": p.team_them,
        "bhabhi": CORAL,
        "safe": ONLINE,
        "away": PRESENCE_COLOURS["away"],
        "offline": PRESENCE_COLOURS["offline"],
    }
    # The backs take what the name and tag rows (about 39 px with the padding) leave.
    back_w = min(h * 0.36, (h - 43) / 1.4)
    count = ft.Container(
        content=ft.Text(str(s.cards), size=12, weight=ft.FontWeight.BOLD, color=INK),
        bgcolor=SAND,
        border_radius=ft.BorderRadius.all(9),
        padding=ft.Padding.symmetric(horizontal=6, vertical=1),
    )
    name = ft.Text(
        s.name,
        size=13,
        weight=ft.FontWeight.BOLD,
        color=p.on_felt,
        max_lines=1,
        overflow=ft.TextOverflow.ELLIPSIS,
    )
    marks = ([presence_dot(s.presence)] if s.presence else []) + (
        [dealer_disc()] if s.dealer else []
    )
    if marks:
        # The name gives way (an ellipsis) to its marks, so the dealer is never cut off.
        name = ft.Row(
            [*marks, ft.Container(content=name, expand=True)],
            spacing=4,
            tight=True,
            alignment=ft.MainAxisAlignment.CENTER,
        )
    top = [mini_hand(s.cards, back_w) if s.cards else ft.Container(width=back_w), count]
    top_row = ft.Row(
        top,
        spacing=4,
        alignment=ft.MainAxisAlignment.CENTER,
        vertical_alignment=ft.CrossAxisAlignment.END,
    )
    tag_row = ft.Text(tag.text, size=11, color=tones.get(tag.tone, p.muted), max_lines=1)
    return ft.Container(
        width=w,
        height=h,
        padding=ft.Padding.symmetric(horizontal=6, vertical=3),
        bgcolor=tint(BLACK, 0.35) if p.dark else tint(TEAL_DEEP, 0.2),
        border=ft.Border.all(3 if s.is_turn else 1, ring),
        border_radius=ft.BorderRadius.all(14),
        shadow=ft.BoxShadow(blur_radius=16, color=tint(TURN, 0.53)) if s.is_turn else None,
        opacity=0.55 if s.out and not s.bhabhi else 1.0,
        content=ft.Column(
            [top_row, name, tag_row],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
        ),
    )


def dealer_disc(size: float = 14) -> ft.Control:
    """The dealer button of card tables: a small "D" disc before the seat's name."""
    return ft.Semantics(
        label="dealer",
        identifier="dealer",
        container=True,
        exclude_semantics=True,
        content=ft.Container(
            width=size,
            height=size,
            border_radius=ft.BorderRadius.all(size / 2),
            bgcolor=CREAM,
            border=ft.Border.all(1, INK),
            alignment=ft.Alignment.CENTER,
            tooltip="Dealer",
            content=ft.Text("D", size=size * 0.6, weight=ft.FontWeight.BOLD, color=INK),
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
    label: str,
    on_click: Callable[..., Any],
    style: str = "primary",
    icon: ft.Control | None = None,
    *,
    ring: str | None = None,
    hint_label: str | None = None,
) -> ft.Control:
    """A large, labelled table button (declare, Hand Call, Accept, Refuse, Give up...);
    ``ring`` draws a thick outline of that colour round it, and ``hint_label`` names it
    for screen readers (and tests) as the one a hint points at: ``hinted-call``."""
    colours = {
        "primary": (SAND, INK),
        "secondary": (CREAM, TEAL),
        "danger": (CORAL, WHITE),
    }
    bg, fg = colours.get(style, colours["primary"])
    # 48 px high: Flutter web draws buttons at desktop density (32 px) unless told.
    button: ft.Control = _button(label, on_click, bg, fg, icon, ring)
    if hint_label is not None:
        button = ft.Semantics(
            key=f"hinted-{label}", identifier="hinted-call", label=hint_label, content=button
        )
    return ft.Container(height=48, content=button)


def _button(
    label: str,
    on_click: Callable[..., Any],
    bg: str,
    fg: str,
    icon: ft.Control | None,
    ring: str | None = None,
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
            side=ft.BorderSide(4, ring) if ring else None,
        ),
    )
