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
    if geom.short:  # between the top seat and the buttons, not over them
        h = min(h, geom.buttons_y - (geom.bar_h + geom.seat_h + 6))
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
    on_hint: Handler | None = None,
) -> ft.Control:
    """Home, the game's title, the hukum and score chips, Hint (when offered) and Last
    trick."""
    home = _tall(
        ft.TextButton(
            content=ft.Text("Home", color=p.on_felt, weight=ft.FontWeight.BOLD),
            icon=ft.Icons.ARROW_BACK,
            icon_color=p.on_felt,
            on_click=on_home,
        )
    )
    last = _tall(
        ft.TextButton(
            content=ft.Text("Last trick", color=p.on_felt, weight=ft.FontWeight.BOLD),
            on_click=on_last_trick,
            disabled=model.last_trick is None,
        )
    )
    if on_hint is not None:
        hint = _tall(
            ft.TextButton(
                content=ft.Text("Hint", color=p.on_felt, weight=ft.FontWeight.BOLD),
                icon=ft.Icons.LIGHTBULB,
                icon_color=p.on_felt,
                on_click=on_hint,
            )
        )
        last = ft.Row([hint, last], spacing=0, tight=True)
    title = ft.Text(model.title, size=20, weight=ft.FontWeight.BOLD, color=SAND)
    chips = [hukum_chip(model, p, four_colour, anim_ms)] if model.hukum else []
    chips += [chip(c, p) for c in model.chips]
    if model.tallies:
        chips.append(score_board(model.tallies, p))
    if geom.compact:
        body: ft.Control = ft.Column(
            [
                ft.Row(
                    [home, title, last],
                    alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                ft.Row(
                    chips,
                    spacing=6,
                    alignment=ft.MainAxisAlignment.CENTER,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
            ],
            spacing=0,
        )
    else:
        body = ft.Row(
            [
                ft.Row([home, title], spacing=8),
                ft.Row(chips, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                last,
            ],
            alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    return ft.Container(
        left=0,
        top=0,
        width=geom.width,
        height=geom.bar_h,
        bgcolor=tint(BAR_DARK, 0.8) if p.dark else tint(BAR_LIGHT, 0.9),
        padding=ft.Padding.only(left=4, right=8, top=2, bottom=2),
        content=body,
    )


def _tall(button: ft.Control) -> ft.Control:
    """A bar button a thumb can hit: at least 44 px high (Apple's 44 pt; the bar has no
    room for Material's 48)."""
    return ft.Container(content=button, height=44)  # tight: the button fills it


def score_board(tallies: tuple[table_model.Tally, ...], p: Palette) -> ft.Control:
    """A team game's score as a little board: a column per count (Tricks, Tens, the deal),
    a row for our side and one for theirs, coloured like the Partner and Opponent tags."""

    def cell(text: str, colour: str, bold: bool = True) -> ft.Text:
        weight = ft.FontWeight.BOLD if bold else ft.FontWeight.NORMAL
        return ft.Text(text, size=10, color=colour, weight=weight, style=ft.TextStyle(height=1.15))

    legend = ft.Column(
        [cell(" ", p.on_felt), cell("Us", p.team_us), cell("Them", p.team_them)],
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.START,
    )
    columns = [
        ft.Column(
            [
                cell(t.label, p.on_felt, bold=False),
                cell(str(t.us), p.team_us),
                cell(str(t.them), p.team_them),
            ],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )
        for t in tallies
    ]
    board = ft.Container(
        content=ft.Row([legend, *columns], spacing=8, tight=True),
        bgcolor=tint(WHITE, 0.2),
        border_radius=ft.BorderRadius.all(10),
        padding=ft.Padding.symmetric(horizontal=8, vertical=1),
    )
    return ft.Semantics(
        identifier="score",
        label=table_model.score_label(tallies),
        container=True,
        exclude_semantics=True,
        content=board,
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
    elif h.state == "face_down":
        icon = ft.Image(src="cards/back.svg", width=20, height=28)
    elif h.state == "none":
        icon = ft.Container(width=0)
    else:  # not set yet
        icon = ft.Text("?", size=16, weight=ft.FontWeight.BOLD, color=SAND)
    # The icon says which hukum (a suit, a face-down card, "?"), so the word stays short
    # enough for a phone's bar; the semantics label spells it out.
    label = "No hukum" if h.state == "none" else "Hukum"
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
