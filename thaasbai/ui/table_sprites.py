"""Card sprites: one absolutely positioned container per card on the table, keyed by its
code, so moving a card from a hand to the trick and on to the winner is only a change of
``left``/``top`` that Flutter animates.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from .layout import Rect
from .palette import BAR_DARK, HINT, SAND, tint
from .table_model import HINTED, HandCard
from .widgets import card_image

Tap = Callable[[Any], Awaitable[None]]


def new_sprite(code: str, at: Rect, anim_ms: int) -> ft.Container:
    """An empty sprite for ``code`` at ``at``; its content is set on every render."""
    anim = ft.Animation(anim_ms, ft.AnimationCurve.EASE_OUT) if anim_ms > 0 else None
    return ft.Container(
        key=f"card-{code}",
        left=at.x,
        top=at.y,
        width=at.w,
        height=at.h,
        animate_position=anim,
        animate_opacity=anim,
    )


def table_card(code: str, r: Rect, four_colour: bool) -> ft.Control:
    """A card on the felt (in a trick, or on its way to a winner)."""
    return card_image(code, r.w, r.h, four_colour)


PLAY_GROUP = "play"  # a playable card's Draggable and the table's DragTarget


def hand_card(
    card: HandCard, r: Rect, my_turn: bool, four_colour: bool, on_tap: Tap | None
) -> ft.Control:
    """A card of our hand: on our turn, playable ones are ringed in sand and may be tapped
    (``on_tap``) or dragged up onto the table; the others are dimmed; between turns all
    look alike.  The card a hint names is ringed in the hint's lime and says so."""
    face = card_image(card.code, r.w, r.h, four_colour)
    playable = my_turn and card.playable
    hinted = playable and card.hinted
    ring, glow = (HINT, tint(HINT, 0.85)) if hinted else (SAND, tint(SAND, 0.67))
    radius = ft.BorderRadius.all(r.w * 0.07)
    if my_turn and not card.playable:
        veil = ft.Container(
            width=r.w, height=r.h, bgcolor=tint(BAR_DARK, 0.6), border_radius=radius
        )
        face = ft.Stack([face, veil], width=r.w, height=r.h)
    inner = ft.Container(
        content=face,
        width=r.w,
        height=r.h,
        border_radius=radius,
        border=ft.Border.all(4 if hinted else 2.5, ring) if playable else None,
        shadow=ft.BoxShadow(blur_radius=18 if hinted else 14, color=glow) if playable else None,
        on_click=on_tap if playable else None,
    )
    body: ft.Control = inner
    if playable:
        # Dragging starts only on an upward move, so a tap still plays the card at once.
        body = ft.Draggable(
            group=PLAY_GROUP,
            data=card.code,
            affinity=ft.Axis.VERTICAL,
            max_simultaneous_drags=1,
            content=inner,
            content_when_dragging=ft.Container(width=r.w, height=r.h, opacity=0.35, content=face),
            content_feedback=card_image(card.code, r.w, r.h, four_colour),
        )
    # A fresh key whenever the state changes: Flutter web drops the identifier of a
    # semantics node whose role changes in place, so let it build a new node instead.
    return ft.Semantics(
        key=f"sem-{card.code}-{int(playable)}-{int(my_turn)}-{int(hinted)}",
        identifier=f"card-{card.code}",
        label=f"{card.label}, {HINTED}" if hinted else card.label,
        button=playable,
        content=body,
    )


def drop_zone(left: float, top: float, width: float, height: float, on_drop: Tap) -> ft.Control:
    """The felt above the hand, where a dragged card is played: see-through to taps (it
    is laid over everything, and only a drop lands on it)."""
    return ft.Container(
        key="drop-zone",
        left=left,
        top=top,
        width=width,
        height=height,
        content=ft.DragTarget(
            group=PLAY_GROUP,
            on_accept=on_drop,
            content=ft.Container(width=width, height=height),
        ),
    )
