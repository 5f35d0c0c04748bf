"""What floats over the felt: the status pill (with the turn timer), the connection
banner of an online table, the game's banner and the action buttons."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from .layout import Geometry
from .palette import AWAY, BLACK, CREAM, HINT, INK, SAND, Palette, tint
from .table_model import HINTED, TableModel
from .widgets import action_button, pill, suit_icon

Handler = Callable[[Any], Awaitable[None]]


def overlays(
    model: TableModel,
    geom: Geometry,
    p: Palette,
    *,
    four_colour: bool,
    timer_text: ft.Text | None,
    connection: str | None,
    act: Callable[[dict[str, Any]], Handler],
    reshow_result: Handler,
) -> list[ft.Control]:
    """Status, connection (``None`` offline or when connected), banner and buttons;
    ``timer_text`` is the countdown while a turn timer runs; ``act(action)`` makes a
    button's handler."""
    out = [_status(model, geom, p, timer_text if model.result is None else None)]
    if connection is not None:
        out.append(_connection(geom, connection))
    # A hint on show takes the banner's place: it is about the decision in front of us.
    if model.hint:
        out.append(_hint(model.hint, geom))
    elif model.banner:
        left, width, align = _band(geom, "status")
        out.append(
            ft.Container(
                key="banner",
                left=left,
                width=width,
                top=geom.banner_y,
                alignment=align,
                content=pill(model.banner, tint(SAND, 0.8), INK, 13),
            )
        )
    buttons = [
        action_button(
            b.label,
            act(b.action),
            b.style,
            suit_icon(b.action["declare"], 18, four_colour) if "declare" in b.action else None,
            ring=HINT if b.hinted else None,
            hint_label=f"{b.label}, {HINTED}" if b.hinted else None,
        )
        for b in model.buttons
    ]
    if model.result is not None:
        buttons = [action_button("Show result", reshow_result, "primary")]
    if buttons:
        left, width, align = _band(geom, "buttons")
        row_align = ft.MainAxisAlignment.END if geom.short else ft.MainAxisAlignment.CENTER
        out.append(
            ft.Container(
                left=left,
                width=width,
                top=geom.buttons_y,
                alignment=align,
                content=ft.Row(buttons, spacing=8, alignment=row_align, wrap=True),
            )
        )
    return out


def _hint(text: str, geom: Geometry) -> ft.Control:
    """The hint's words, where the banner goes.  A reason can wrap onto two or three
    lines: on a phone on its side the pill stands on the status pill (its bottom held just
    above it, so it grows up into the felt, not over "Your turn"); otherwise it hangs below
    the top seat, kept off the window's edges."""
    left, width, align = _band(geom, "status")
    content = pill(text, HINT, INK, 13)
    if geom.short:
        bottom = geom.height - geom.status_y + 6
        return ft.Container(
            key="hint", left=left, width=width, bottom=bottom, alignment=align, content=content
        )
    return ft.Container(
        key="hint",
        left=left + 12,
        width=width - 24,
        top=geom.banner_y,
        alignment=align,
        content=content,
    )


def _band(geom: Geometry, what: str) -> tuple[float, float, ft.Alignment]:
    """(left, width, alignment) of the status/banner band or the buttons band: the whole
    width, centred; on a phone on its side, the status on the left and the buttons on the
    right of one low band, so neither covers the trick."""
    if not geom.short:
        return 0.0, geom.width, ft.Alignment.CENTER
    split = geom.width * 0.4
    if what == "status":
        return 8.0, split - 16, ft.Alignment.CENTER_LEFT
    return split, geom.width - split - 8, ft.Alignment.CENTER_RIGHT


def _status(model: TableModel, geom: Geometry, p: Palette, timer: ft.Text | None) -> ft.Control:
    yours = model.my_turn
    if not model.status and timer is None:
        return ft.Container(key="no-status")
    status: ft.Control = pill(
        model.status, p.turn if yours else tint(BLACK, 0.4), INK if yours else p.on_felt, 14, True
    )
    if timer is not None:
        timer.color = INK
        clock = ft.Container(
            content=ft.Row(
                [ft.Icon(ft.Icons.TIMER_OUTLINED, size=16, color=INK), timer],
                spacing=3,
                tight=True,
            ),
            bgcolor=p.turn if yours else tint(CREAM, 0.8),
            border_radius=ft.BorderRadius.all(20),
            padding=ft.Padding.symmetric(horizontal=10, vertical=6),
        )
        status = ft.Row([status, clock], spacing=6, tight=True)
    left, width, align = _band(geom, "status")
    return ft.Container(left=left, width=width, top=geom.status_y, alignment=align, content=status)


def _connection(geom: Geometry, connection: str) -> ft.Control:
    closed = connection == "closed"
    text = "Disconnected from the room" if closed else "Reconnecting…"
    return ft.Container(
        left=0,
        width=geom.width,
        top=geom.bar_h + 4,
        alignment=ft.Alignment.CENTER,
        content=ft.Container(
            key="connection",
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.CLOUD_OFF, size=16, color=INK)
                    if closed
                    else ft.ProgressRing(width=14, height=14, stroke_width=2),
                    ft.Text(text, size=13, weight=ft.FontWeight.BOLD, color=INK),
                ],
                spacing=6,
                tight=True,
            ),
            bgcolor=AWAY,
            border_radius=ft.BorderRadius.all(20),
            padding=ft.Padding.symmetric(horizontal=12, vertical=6),
        ),
    )
