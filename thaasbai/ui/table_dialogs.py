"""The table's dialogs: a deal's result (with Thulla's reveal of the hands) and the last
trick.  Each is built from the model alone; the screen shows and closes it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from . import layout, table_model
from .palette import LOSS, WHITE, WIN, Palette
from .table_model import LastTrick, Result, TrickCard
from .widgets import action_button, card_image

Handler = Callable[[Any], Awaitable[None]]


def result_dialog(
    res: Result,
    p: Palette,
    *,
    window_w: float,
    four_colour: bool,
    on_next: Handler,
    on_rematch: Handler,
    on_home: Handler,
    on_review: Handler | None = None,
) -> ft.AlertDialog:
    """The result of a deal: its title (green won, red lost), lines, revealed hands and
    what may come next."""
    body: list[ft.Control] = [ft.Text(line, size=15, selectable=False) for line in res.lines]
    for name, cards in res.reveal:
        body.append(ft.Text(name, size=14, weight=ft.FontWeight.BOLD))
        body.append(reveal_row(cards, window_w, four_colour))
    actions: list[ft.Control] = []
    if res.next_label:
        actions.append(action_button(res.next_label, on_next, "primary"))
    if res.can_rematch:
        actions.append(action_button("New match", on_rematch, "primary"))
    if on_review is not None:
        actions.append(action_button("Review", on_review, "secondary"))
    actions.append(action_button("Home", on_home, "secondary"))
    colour = WIN if res.good else (LOSS if res.good is False else p.panel)
    return ft.AlertDialog(
        modal=True,
        title=ft.Container(
            content=ft.Text(res.title, size=20, weight=ft.FontWeight.BOLD, color=WHITE),
            bgcolor=colour,
            border_radius=ft.BorderRadius.all(10),
            padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        ),
        content=ft.Column(body, tight=True, spacing=6),
        scrollable=True,
        actions=actions,
        actions_alignment=ft.MainAxisAlignment.CENTER,
    )


def reveal_row(cards: tuple[str, ...], window_w: float, four_colour: bool) -> ft.Control:
    """The cards a player was left holding, shown at the end of a Thulla round: readable
    (see :func:`~thaasbai.ui.layout.reveal_layout`), in rows."""
    lay = layout.reveal_layout(len(cards), window_w)
    h = lay.card_w * layout.CARD_RATIO

    def face(c: str) -> ft.Control:
        return ft.Semantics(
            identifier=f"reveal-{c}",
            label=table_model.spoken(c),
            container=True,
            exclude_semantics=True,
            content=card_image(c, lay.card_w, h, four_colour),
        )

    rows = [cards[i : i + lay.per_row] for i in range(0, len(cards), lay.per_row)]
    return ft.Column(
        [
            ft.Stack(
                [
                    ft.Container(left=k * lay.step, top=0, content=face(c))
                    for k, c in enumerate(row)
                ],
                width=lay.card_w + lay.step * (len(row) - 1),
                height=h,
            )
            for row in rows
        ],
        spacing=6,
        tight=True,
    )


def last_trick_dialog(
    lt: LastTrick,
    names: dict[int, str],
    *,
    compact: bool,
    four_colour: bool,
    on_close: Callable[[Any], Any],
) -> ft.AlertDialog:
    """The last trick's cards, each with who played it, and what became of the trick."""
    w = 44 if compact else 56
    row = ft.Row(
        [_labelled(c, names, w, four_colour) for c in lt.cards],
        spacing=8,
        wrap=True,
        alignment=ft.MainAxisAlignment.CENTER,
    )
    return ft.AlertDialog(
        title=ft.Text(f"Trick {lt.index}"),
        content=ft.Column([row, ft.Text(lt.text, size=14)], tight=True, spacing=10),
        actions=[ft.TextButton("Close", on_click=on_close)],
    )


def _labelled(c: TrickCard, names: dict[int, str], w: float, four_colour: bool) -> ft.Control:
    name = names.get(c.seat, "")
    return ft.Semantics(
        identifier=f"last-trick-{c.code}",
        label=f"{table_model.spoken(c.code)}, played by {name}",
        container=True,
        exclude_semantics=True,
        content=ft.Column(
            [card_image(c.code, w, w * 1.4, four_colour), ft.Text(name, size=11, max_lines=1)],
            spacing=2,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    )
