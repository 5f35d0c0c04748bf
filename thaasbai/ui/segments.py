"""A row of choices of which exactly one is selected: large enough to tap on a phone.

Flet's ``SegmentedButton`` is drawn at Flutter's compact desktop density on the web
(32 px high) with a faint grey for the selected segment; this one is ``TAP`` px high in
every direction, fills the selected segment with sand, and wraps onto a second row when
the labels would not fit side by side.  Each segment is one accessible button whose
``aria-current`` says whether it is the selected one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from .palette import CREAM, INK, WHITE, tint
from .theme import SAND, TEAL, Palette

TAP = 48  # px: Material's touch target (Apple asks 44 pt)
GAP = 6  # px between segments
LABEL_PX = 8.5  # rough width of a 14 px label's character, to decide when to wrap
LABEL_PAD = 20  # px of padding a label needs on its sides


def columns_for(labels: Sequence[str], width: float) -> int:
    """How many segments fit in one row of ``width`` px (all of them, else an even split)."""
    n = len(labels)
    if n <= 1:
        return 1
    longest = max(len(label) for label in labels) * LABEL_PX + LABEL_PAD
    per_row = max(1, int((width + GAP) // (longest + GAP)))
    if per_row >= n:
        return n
    return math.ceil(n / math.ceil(n / per_row))  # 4 labels → 2 + 2, not 3 + 1


def segments(
    items: Sequence[tuple[str, str]],
    value: str,
    on_change: Callable[[str], None],
    p: Palette,
    width: float,
) -> ft.Control:
    """One tappable segment per ``(key, label)``; ``on_change(key)`` when another is tapped.

    ``width`` is the space the row has, to decide how many segments go on a row."""
    cols = columns_for([label for _, label in items], width)
    cells = [_segment(key, label, key == value, on_change, p) for key, label in items]
    rows = [cells[i : i + cols] for i in range(0, len(cells), cols)]
    if len(rows) > 1:  # a short last row keeps the columns' width
        rows[-1] += [ft.Container(expand=True) for _ in range(cols - len(rows[-1]))]
    return ft.Column(
        [ft.Row(r, spacing=GAP) for r in rows],
        spacing=GAP,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def _segment(
    key: str, label: str, selected: bool, on_change: Callable[[str], None], p: Palette
) -> ft.Control:
    if selected:
        bg, fg, border = SAND, INK, SAND
    elif p.dark:
        bg, fg, border = tint(WHITE, 0.08), CREAM, tint(WHITE, 0.3)
    else:
        bg, fg, border = WHITE, TEAL, tint(TEAL, 0.4)

    def tapped(e: Any) -> None:
        if not selected:
            on_change(key)

    box = ft.Container(
        content=ft.Text(
            label,
            size=14,
            weight=ft.FontWeight.BOLD if selected else ft.FontWeight.W_500,
            color=fg,
            text_align=ft.TextAlign.CENTER,
            max_lines=1,
        ),
        height=TAP,
        alignment=ft.Alignment.CENTER,
        padding=ft.Padding.symmetric(horizontal=6),
        bgcolor=bg,
        border=ft.Border.all(2 if selected else 1, border),
        border_radius=ft.BorderRadius.all(TAP / 2),
        on_click=tapped,
        ink=True,
    )
    return ft.Semantics(
        key=f"seg-{key}-{int(selected)}",  # a new node when selection changes (see table)
        button=True,
        selected=selected,
        content=box,
        expand=True,
    )
