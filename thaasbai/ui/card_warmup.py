"""The deck's 53 pictures, fetched and decoded ahead of the deal that needs them."""

from __future__ import annotations

import flet as ft

from .widgets import card_src

CODES = [r + s for r in "AKQJT98765432" for s in "SHDC"] + ["back"]


def card_warmup(four_colour: bool) -> ft.Control:
    """Every face of the deck and its back, drawn invisibly (1 px, transparent, deaf to
    taps), so their SVGs are fetched and parsed before the first deal, not during it."""
    return ft.Container(
        # One key per deck: a new deck's warm-up is a new control, not a diff of the old.
        key=f"card-warmup-{'cards4' if four_colour else 'cards'}",
        width=1,
        height=1,
        opacity=0.0,
        ignore_interactions=True,
        content=ft.Stack(
            [
                ft.Image(
                    src=card_src(c, four_colour), width=1, height=1, exclude_from_semantics=True
                )
                for c in CODES
            ],
            width=1,
            height=1,
        ),
    )


class DeckWarmup:
    """Keeps the deck in use warm in the page's overlay.

    The first warm-up waits until the first screen is drawn; from then on, a deck chosen
    in Settings is warmed when it is saved, so its first deal does not wait on 53 SVGs.
    """

    def __init__(self, overlay: list[ft.Control]) -> None:
        self.overlay = overlay
        self.four_colour: bool | None = None  # the deck warmed, None before the first
        self.control: ft.Control | None = None

    def warm(self, four_colour: bool) -> bool:
        """Draw that deck's warm-up in place of the other's; False when it is already warm."""
        if self.four_colour == four_colour:
            return False
        if self.control is not None and self.control in self.overlay:
            self.overlay.remove(self.control)
        self.control = card_warmup(four_colour)
        self.overlay.append(self.control)
        self.four_colour = four_colour
        return True

    def follow(self, four_colour: bool) -> bool:
        """Settings were saved: warm their deck, unless the first warm-up is still to come
        (it reads the settings when it runs)."""
        return self.four_colour is not None and self.warm(four_colour)
