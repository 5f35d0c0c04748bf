"""The teal and sand look on a Flet page: fonts, Material themes and the felt.

The colours themselves live in :mod:`thaasbai.ui.palette` (shared with the asset
generator); they are re-exported here for the screens.
"""

from __future__ import annotations

import flet as ft

from .palette import (
    CORAL,
    DARK,
    LIGHT,
    SAND,
    SAND_DARK,
    SURFACE_DARK,
    SURFACE_LIGHT,
    TEAL,
    TEAL_DEEP,
    TEAL_LIGHT,
    TEAL_MID,
    Palette,
    palette,
)

__all__ = [
    "CORAL",
    "DARK",
    "FONT",
    "FONTS",
    "LIGHT",
    "SAND",
    "SAND_DARK",
    "TEAL",
    "TEAL_DEEP",
    "TEAL_LIGHT",
    "TEAL_MID",
    "Palette",
    "apply",
    "felt",
    "palette",
]

FONT = "DejaVu"
FONTS = {"DejaVu": "fonts/DejaVuSans.ttf", "DejaVu Bold": "fonts/DejaVuSans-Bold.ttf"}


def apply(page: ft.Page, theme: str) -> None:
    """Set fonts, Material themes and the mode on the page."""
    page.fonts = FONTS
    scheme_light = ft.ColorScheme(primary=TEAL, secondary=SAND_DARK, surface=SURFACE_LIGHT)
    scheme_dark = ft.ColorScheme(primary=TEAL_LIGHT, secondary=SAND, surface=SURFACE_DARK)
    page.theme = ft.Theme(color_scheme_seed=TEAL, color_scheme=scheme_light, font_family=FONT)
    page.dark_theme = ft.Theme(color_scheme_seed=TEAL, color_scheme=scheme_dark, font_family=FONT)
    page.theme_mode = ft.ThemeMode.LIGHT if theme == "light" else ft.ThemeMode.DARK
    page.bgcolor = TEAL_DEEP if theme != "light" else SURFACE_LIGHT


def felt(p: Palette) -> ft.RadialGradient:
    return ft.RadialGradient(
        center=ft.Alignment(0, -0.1), radius=1.1, colors=[p.felt_inner, p.felt_outer]
    )
