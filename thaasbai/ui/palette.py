"""Every colour of Thaasbai, in one place: the app's screens and the generated assets
(card faces, icons, the PWA manifest) both take theirs from here.

Plain ``#RRGGBB`` strings and a frozen :class:`Palette` per theme, with no Flet import, so
``tools/`` can use it without the app.  A test keeps hex literals out of every other UI
and tools module: a new colour gets a name here first.
"""

from __future__ import annotations

from dataclasses import dataclass

# The sea and the sand.
TEAL_DEEP = "#073B44"  # darkest teal: page background, the manifest's background_color
TEAL = "#0B5D69"  # the manifest's theme_color
TEAL_MID = "#13808B"
TEAL_LIGHT = "#2FA3A8"
SAND = "#E4C77E"  # warm sand / gold accent
SAND_DARK = "#B8913A"
CORAL = "#E0645A"  # danger, errors, the Bhabhi

# Ink and paper.
WHITE = "#FFFFFF"
BLACK = "#000000"
INK = "#1B1D21"  # the cards' black, and text on sand, cream and the turn colour
CREAM = "#F4F1E6"  # text on teal
INK_TEAL = "#0B3B42"  # text on the light theme's pale pages
PAGE_LIGHT = "#EEF6F4"  # the light theme's pages
SURFACE_LIGHT = "#F6FAF9"
SURFACE_DARK = "#06252B"
BAR_DARK = "#062F36"
BAR_LIGHT = "#0E6B75"

# Card faces (tools/assets): the four suit inks and the card's edge.
INK_RED = "#D02B2B"
INK_BLUE = "#1F5FC4"
INK_GREEN = "#1E8A3C"
CARD_EDGE = "#C3CDD0"

# What things mean.
WIN = "#2E9E6A"  # a result title that went our way
LOSS = "#C0504A"
TURN = "#FFD970"  # whose turn (dark theme; the light theme has its own below)
ONLINE = "#4CC38A"  # a seat's presence dot, and "Safe" in Thulla
OFFLINE = "#9AA5A6"
AWAY = "#F2B27A"  # away seats, the reconnecting banner, the other team (dark theme)
BOT = "#7FB3D6"
HINT = "#C6F45A"  # the card or button a hint points at: a lime that sand and teal are not


def tint(colour: str, opacity: float) -> str:
    """``colour`` (``#RRGGBB``) at ``opacity`` (0..1), as Flutter's ``#AARRGGBB``."""
    return f"#{round(opacity * 255):02X}{colour.removeprefix('#')}"


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
    bar=BAR_DARK,
    on_felt=CREAM,
    muted="#A9C9C9",
    panel="#0A4650",
    accent=SAND,
    turn=TURN,
    team_us="#7FD6CF",
    team_them=AWAY,
)
LIGHT = Palette(
    dark=False,
    felt_inner="#3DB3B3",
    felt_outer="#137C86",
    bar="#E9F4F2",
    on_felt=WHITE,
    muted="#E3F2F0",
    panel=BAR_LIGHT,
    accent="#8A6410",
    turn="#FFE08A",
    team_us="#D9FFF9",
    team_them="#FFE0C2",
)


def palette(theme: str) -> Palette:
    return LIGHT if theme == "light" else DARK


def text_on_page(p: Palette) -> str:
    """Body text on a page (not the felt): cream on dark teal, deep teal on pale."""
    return CREAM if p.dark else INK_TEAL
