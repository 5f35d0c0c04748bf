"""The teal and sand palette of the Maldivian sea, in a dark and a light variant."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

TEAL_DEEP = "#073B44"
TEAL = "#0B5D69"
TEAL_MID = "#13808B"
TEAL_LIGHT = "#2FA3A8"
SAND = "#E4C77E"
SAND_DARK = "#B8913A"
CORAL = "#E0645A"
FONT = "DejaVu"
FONTS = {"DejaVu": "fonts/DejaVuSans.ttf", "DejaVu Bold": "fonts/DejaVuSans-Bold.ttf"}


@dataclass(frozen=True)
class Palette:
    """Colours the screens use; the felt stays sea-green in both themes."""

    dark: bool
    felt_inner: str
    felt_outer: str
    bar: str
    on_felt: str
    muted: str
    panel: str
    accent: str
    turn: str
    team_us: str
    team_them: str


DARK = Palette(
    dark=True,
    felt_inner="#0F6E78",
    felt_outer="#052C33",
    bar="#062F36",
    on_felt="#F4F1E6",
    muted="#A9C9C9",
    panel="#0A4650",
    accent=SAND,
    turn="#FFD970",
    team_us="#7FD6CF",
    team_them="#F2B27A",
)
LIGHT = Palette(
    dark=False,
    felt_inner="#3DB3B3",
    felt_outer="#137C86",
    bar="#E9F4F2",
    on_felt="#FFFFFF",
    muted="#E3F2F0",
    panel="#0E6B75",
    accent="#8A6410",
    turn="#FFE08A",
    team_us="#D9FFF9",
    team_them="#FFE0C2",
)


def palette(theme: str) -> Palette:
    return LIGHT if theme == "light" else DARK


def apply(page: ft.Page, theme: str) -> None:
    """Set fonts, Material themes and the mode on the page."""
    page.fonts = FONTS
    scheme_light = ft.ColorScheme(primary=TEAL, secondary=SAND_DARK, surface="#F6FAF9")
    scheme_dark = ft.ColorScheme(primary=TEAL_LIGHT, secondary=SAND, surface="#06252B")
    page.theme = ft.Theme(color_scheme_seed=TEAL, color_scheme=scheme_light, font_family=FONT)
    page.dark_theme = ft.Theme(color_scheme_seed=TEAL, color_scheme=scheme_dark, font_family=FONT)
    page.theme_mode = ft.ThemeMode.LIGHT if theme == "light" else ft.ThemeMode.DARK
    page.bgcolor = TEAL_DEEP if theme != "light" else "#F6FAF9"


def felt(p: Palette) -> ft.RadialGradient:
    return ft.RadialGradient(
        center=ft.Alignment(0, -0.1), radius=1.1, colors=[p.felt_inner, p.felt_outer]
    )
