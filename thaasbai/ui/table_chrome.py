"""The table's fixed furniture, drawn from a model: the top bar (Home, title, status chips,
Last trick), the opponents' seat badges and the rim on the felt.  Pure functions of the
model and the geometry; handlers are passed in.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from . import table_model
from .layout import Geometry
from .palette import BAR_DARK, BAR_LIGHT, SAND, WHITE, Palette, tint
from .table_model import TableModel
from .widgets import seat_badge, suit_icon

Handler = Callable[[Any], Awaitable[None]]


def rim(geom: Geometry) -> ft.Control:
    """A faint oval on the felt where the tricks are played."""
    cx, cy = geom.centre
    w = min(geom.width - 2 * geom.seat_w - 16, geom.trick_w * 4.6)
    h = geom.trick_h * 2.7
    return ft.Container(
        left=cx - w / 2,
        top=cy - h / 2,
        width=w,
        height=h,
        border_radius=ft.BorderRadius.all(h / 2),
        border=ft.Border.all(2, tint(WHITE, 0.15)),
        bgcolor=tint(WHITE, 0.08),
    )


def seats(model: TableModel, geom: Geometry, p: Palette) -> list[ft.Control]:
    """A badge for every seat but ours, in its slot around the table."""
    out: list[ft.Control] = []
    for s in model.seats:
        if s.is_me:
            continue
        box = geom.seat_box(s.slot)
        out.append(ft.Container(left=box.x, top=box.y, content=seat_badge(s, p, box.w, box.h)))
    return out


def top_bar(
    model: TableModel,
    geom: Geometry,
    p: Palette,
    *,
    four_colour: bool,
    anim_ms: int,
    on_home: Handler,
    on_last_trick: Handler,
) -> ft.Control:
    """Home, the game's title, the hukum and score chips, and Last trick."""
    home = ft.TextButton(
        content=ft.Text("Home", color=p.on_felt, weight=ft.FontWeight.BOLD),
        icon=ft.Icons.ARROW_BACK,
        icon_color=p.on_felt,
        on_click=on_home,
    )
    last = ft.TextButton(
        content=ft.Text("Last trick", color=p.on_felt, weight=ft.FontWeight.BOLD),
        on_click=on_last_trick,
        disabled=model.last_trick is None,
    )
    title = ft.Text(model.title, size=20, weight=ft.FontWeight.BOLD, color=SAND)
    chips = [hukum_chip(model, p, four_colour, anim_ms)] if model.hukum else []
    chips += [chip(c, p) for c in model.chips]
    if geom.compact:
        body: ft.Control = ft.Column(
            [
                ft.Row(
                    [home, title, last],
                    alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                ft.Row(chips, spacing=6, alignment=ft.MainAxisAlignment.CENTER),
            ],
            spacing=0,
        )
    else:
        body = ft.Row(
            [ft.Row([home, title], spacing=8), ft.Row(chips, spacing=8), last],
            alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    return ft.Container(
        left=0,
        top=0,
        width=geom.width,
        height=geom.bar_h,
        bgcolor=tint(BAR_DARK, 0.8) if p.dark else tint(BAR_LIGHT, 0.9),
        padding=ft.Padding.only(left=4, right=8, top=2, bottom=4),
        content=body,
    )


def chip(text: str, p: Palette) -> ft.Control:
    """A score or deal chip in the top bar."""
    return ft.Container(
        content=ft.Text(text, size=12, color=p.on_felt, weight=ft.FontWeight.BOLD),
        bgcolor=tint(WHITE, 0.2),
        border_radius=ft.BorderRadius.all(12),
        padding=ft.Padding.symmetric(horizontal=8, vertical=3),
    )


def hukum_chip(model: TableModel, p: Palette, four_colour: bool, anim_ms: int) -> ft.Control:
    """The hukum: its suit, a face-down card, or "not set"; one semantics node says it."""
    h = model.hukum
    assert h is not None
    if h.state == "suit" and h.suit:
        icon: ft.Control = ft.Container(
            content=suit_icon(h.suit, 16, four_colour),
            bgcolor=WHITE,
            border_radius=ft.BorderRadius.all(4),
            width=22,
            height=28,
            alignment=ft.Alignment.CENTER,
        )
        label = "Hukum"
    elif h.state == "face_down":
        icon = ft.Image(src="cards/back.svg", width=20, height=28)
        label = "Hukum hidden"
    elif h.state == "none":
        icon = ft.Container(width=0)
        label = "No hukum"
    else:
        icon = ft.Text("?", size=16, weight=ft.FontWeight.BOLD, color=SAND)
        label = "Hukum not set"
    switcher = ft.AnimatedSwitcher(
        content=ft.Container(content=icon, key=f"hukum-{h.state}-{h.suit}"),
        duration=ft.Duration(milliseconds=max(anim_ms, 1) * 2),
        transition=ft.AnimatedSwitcherTransition.SCALE,
    )
    body = ft.Container(
        content=ft.Row(
            [switcher, ft.Text(label, size=12, color=p.on_felt, weight=ft.FontWeight.BOLD)],
            spacing=5,
            tight=True,
        ),
        tooltip=h.text,
        bgcolor=tint(SAND, 0.2),
        border_radius=ft.BorderRadius.all(12),
        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
    )
    # One node that says what the chip shows (the suit is an image): "Hukum: ♥ Hearts".
    return ft.Semantics(
        key=f"hukum-sem-{h.state}-{h.suit}",
        identifier="hukum",
        label=table_model.hukum_label(h),
        container=True,
        exclude_semantics=True,
        content=body,
    )
