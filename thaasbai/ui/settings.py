"""Settings and the last game choices: plain data with tolerant JSON round-trips.

Stored on the device (``ft.SharedPreferences``) as JSON strings; anything unreadable or
out of range falls back to the default, so an old or tampered value never breaks start-up.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from .. import runtime
from ..bots import LEVELS
from ..engine.match import BEST_OF
from ..engine.trick import HUKUM_MODES

GAMES = ("thaas", "dhihaeh", "thulla")
SPEEDS = ("slow", "normal", "fast")
SPEED_NAMES = {"slow": "Slow", "normal": "Normal", "fast": "Fast"}
THEMES = ("dark", "light")
# Bot speed: the least time from one move to a bot's next card (s), and the card animation
# (ms).  Showing the last move counts towards that time (thaasbai.table.driver), so at
# Normal a bot's card lands about every half second, well under one (bench/app.py measures
# it in the static app); Fast is for those who only want to see the result of a trick,
# Slow for those who want to follow every card.  The table holds a finished trick for
# 1.6 x the pace before it collects the cards.
PACE = {"slow": (0.8, 400), "normal": (0.4, 250), "fast": (0.2, 160)}
SETTINGS_KEY = "thaasbai.settings"
CHOICES_KEY = "thaasbai.choices"
CURRENT_ROOM_KEY = "thaasbai.room"  # the room code of the online game in progress
TURN_TIMERS = (0, 30, 60)  # seconds per decision in a friends' room; 0 = no timer
# How many finished games History keeps; 0 = all of them until the device's storage is
# full, then the oldest make room (thaasbai.learn.history.LIMITS, None there).
HISTORY_KEEP = (50, 200, 1000, 0)
HISTORY_KEEP_NAMES = {50: "50", 200: "200", 1000: "1000", 0: "All"}


@dataclass
class Settings:
    """What the Settings screen edits."""

    player_name: str = "You"
    speed: str = "normal"
    four_colour: bool = False
    theme: str = "dark"
    server_url: str = ""  # online play from a phone build; "" = the server that serves the app
    history_keep: int = 200  # games History keeps (HISTORY_KEEP; 0: all until storage is full)

    @property
    def history_limit(self) -> int | None:
        """The History store's limit: a number of games, or None (all, until full)."""
        return self.history_keep or None

    def pace(self) -> tuple[float, int]:
        """(bot pace in seconds, animation ms); the ``pace`` launch parameter overrides it
        for tests (``THAASBAI_PACE``, or ``?pace=0`` in the browser: :mod:`thaasbai.runtime`)."""
        pace, anim = PACE.get(self.speed, PACE["normal"])
        env = runtime.launch_params().get("pace")
        if env:
            try:
                pace = max(0.0, float(env))
            except ValueError:
                return pace, anim
            anim = min(anim, int(pace * 500))
        return pace, anim

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: Any) -> Settings:
        d = _load(text)
        s = cls()
        name = d.get("player_name")
        if isinstance(name, str) and name.strip():
            s.player_name = name.strip()[:20]
        s.speed = _pick(d.get("speed"), SPEEDS, s.speed)
        s.four_colour = bool(d.get("four_colour", False))
        s.theme = _pick(d.get("theme"), THEMES, s.theme)
        s.server_url = clean_server_url(d.get("server_url"))
        s.history_keep = _pick(d.get("history_keep"), HISTORY_KEEP, s.history_keep)
        return s


@dataclass
class Choices:
    """The last game set up on the Home screen: restored next time."""

    game: str = "thaas"
    hukum: str = "implicit"
    best_of: int = 3
    players: int = 4  # Thulla only; Thaas and Dhihaeh are always four
    levels: list[str] = field(default_factory=lambda: ["normal"] * 5)  # seats 1..5
    room_bots: str = "normal"  # a friends' room: the level of the bots filling free seats
    turn_timer: int = 0  # a friends' room: seconds per decision, 0 = none
    room_hints: bool = False  # a friends' room: players may ask for hints

    @property
    def seats(self) -> int:
        return self.players if self.game == "thulla" else 4

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: Any) -> Choices:
        d = _load(text)
        c = cls()
        c.game = _pick(d.get("game"), GAMES, c.game)
        c.hukum = _pick(d.get("hukum"), HUKUM_MODES, c.hukum)
        c.best_of = _pick(d.get("best_of"), BEST_OF, c.best_of)
        c.players = _pick(d.get("players"), (2, 3, 4, 5, 6), c.players)
        levels = d.get("levels")
        if isinstance(levels, list):
            c.levels = [_pick(x, LEVELS, "normal") for x in levels[:5]]
            c.levels += ["normal"] * (5 - len(c.levels))
        c.room_bots = _pick(d.get("room_bots"), LEVELS, c.room_bots)
        c.turn_timer = _pick(d.get("turn_timer"), TURN_TIMERS, c.turn_timer)
        c.room_hints = d.get("room_hints") is True
        return c


@dataclass(frozen=True)
class SeatToken:
    """The seat and token of one room, kept on the device so a refresh comes back to it."""

    seat: int
    token: str

    @staticmethod
    def key(code: str) -> str:
        return f"thaasbai.room.{code.upper()}"

    def to_json(self) -> str:
        return json.dumps({"seat": self.seat, "token": self.token})

    @classmethod
    def from_json(cls, text: Any) -> SeatToken | None:
        d = _load(text)
        seat, token = d.get("seat"), d.get("token")
        if type(seat) is int and isinstance(token, str) and token:
            return cls(seat, token)
        return None


def clean_server_url(value: Any) -> str:
    """An ``http(s)://host[:port][/path]`` base without a trailing slash, else ``""``."""
    if not isinstance(value, str):
        return ""
    url = value.strip().rstrip("/")
    if not url:
        return ""
    if "://" not in url:
        url = "https://" + url
    scheme, _, rest = url.partition("://")
    if scheme.lower() not in ("http", "https") or not rest or any(c.isspace() for c in rest):
        return ""
    return f"{scheme.lower()}://{rest}"


def _load(text: Any) -> dict[str, Any]:
    if not isinstance(text, str):
        return {}
    try:
        d = json.loads(text)
    except ValueError:
        return {}
    return d if isinstance(d, dict) else {}


def _pick(value: Any, allowed: tuple, default: Any) -> Any:
    return value if value in allowed and type(value) is type(default) else default
