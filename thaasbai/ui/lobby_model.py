"""What the lobby shows, from the protocol's ``room`` object: no Flet, no sockets.

The lobby screen and the online table both read the seat list through here, so "who is
connected" is worked out once, from the same public facts the server sends everyone.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from .palette import TEAL_DEEP
from .rules_text import HUKUM_NAMES
from .table_model import GAME_TITLES, presence

# Presence of a seat, as the table's dot and the lobby's label show it.
ONLINE, OFFLINE, AWAY, BOT, FREE = "online", "offline", "away", "bot", "free"
PRESENCE_TEXT = {
    ONLINE: "Connected",
    OFFLINE: "Disconnected",
    AWAY: "Away: a bot is playing",
    BOT: "Bot",
    FREE: "Free seat",
}


@dataclass(frozen=True)
class LobbySeat:
    seat: int
    name: str
    kind: str  # human | bot | free
    presence: str  # online | offline | away | bot | free
    is_me: bool
    is_host: bool
    level: str = ""

    @property
    def label(self) -> str:
        """The line under the name: "Host · Connected", "Easy bot", "Free seat"."""
        if self.kind == "bot":
            return f"{self.level.capitalize()} bot" if self.level else "Bot"
        text = PRESENCE_TEXT[self.presence]
        return f"Host · {text}" if self.is_host else text


@dataclass(frozen=True)
class Lobby:
    code: str
    game: str
    title: str
    summary: str  # "Thaas · Hukum: First discard · best of 3 · Easy bots"
    seats: tuple[LobbySeat, ...]
    my_seat: int | None
    started: bool
    over: bool
    can_start: bool
    status: str  # what the viewer waits for, or what Start will do

    @property
    def humans(self) -> int:
        return sum(1 for s in self.seats if s.kind == "human")


def build_lobby(room: dict[str, Any], my_seat: int | None) -> Lobby:
    """The lobby as ``my_seat`` (``None`` for a spectator) sees it."""
    host = room.get("host")
    seats = tuple(
        LobbySeat(
            seat=i,
            name=(s.get("name") or "").removesuffix(" (bot)") or f"Seat {i + 1}",
            kind=s.get("kind", "free"),
            presence=presence(s),
            is_me=i == my_seat,
            is_host=i == host,
            level=s.get("bot_level") or "",
        )
        for i, s in enumerate(room.get("seat_list") or [])
    )
    game = room.get("game", "thaas")
    free = sum(1 for s in seats if s.kind == "free")
    can_start = my_seat is not None and my_seat == host and not room.get("started")
    if room.get("started"):
        status = "The game has started"
    elif can_start:
        status = (
            f"{free} free seat{'s' * (free != 1)} will be played by bots"
            if free
            else "Everyone is here"
        )
    elif my_seat is None:
        status = "Watching: waiting for the host to start"
    else:
        host_name = seats[host].name if host is not None and host < len(seats) else "the host"
        status = f"Waiting for {host_name} to start"
    return Lobby(
        code=room.get("code", ""),
        game=game,
        title=GAME_TITLES.get(game, game.title()),
        summary=summary(room),
        seats=seats,
        my_seat=my_seat,
        started=bool(room.get("started")),
        over=bool(room.get("over")),
        can_start=can_start,
        status=status,
    )


def summary(room: dict[str, Any]) -> str:
    """The room's rules in one line, so a joiner knows what they are sitting down to."""
    game = room.get("game", "thaas")
    parts = [GAME_TITLES.get(game, game.title())]
    opts = room.get("options") or {}
    if game == "thulla":
        parts.append(f"{room.get('seats', 4)} players")
    else:
        if opts.get("hukum"):
            parts.append(hukum_text(opts["hukum"]))
        if opts.get("best_of"):
            parts.append(f"best of {opts['best_of']}")
    if room.get("bots"):
        parts.append(f"{str(room['bots']).capitalize()} bots")
    if room.get("turn_timer"):
        parts.append(f"{int(room['turn_timer'])} s per turn")
    if room.get("hints") is True:
        parts.append("hints allowed")
    return " · ".join(parts)


def hukum_text(mode: str) -> str:
    """``Hukum: First discard``, or ``No hukum`` (the mode's name already says it)."""
    name = HUKUM_NAMES.get(mode, mode)
    return name if mode == "none" else f"Hukum: {name}"


def invite_link(base_url: str, code: str) -> str:
    """The link a friend opens: the app at ``/join/CODE`` on the same server."""
    return f"{base_url.rstrip('/')}/join/{code.upper()}"


LOCAL_ONLY_NOTE = (
    "Only this device can open this link. To invite someone on your network, open the app "
    "at the address thaasbai serve prints for phones (start it with --host 0.0.0.0), or "
    "give the server a --public-url."
)


def local_only(link: str) -> bool:
    """True when the link names this device itself (127.0.0.1, localhost, ::1): a friend's
    phone would open its own device, not this server."""
    import ipaddress
    from urllib.parse import urlsplit

    host = urlsplit(link).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def qr_png(text: str, scale: int = 8) -> bytes:
    """A QR code of ``text`` as PNG bytes (teal on white, a quiet zone of 2 modules)."""
    import segno  # imported here: a third of a second at the browser app's every start

    buf = io.BytesIO()
    segno.make(text, error="m").save(buf, kind="png", scale=scale, border=2, dark=TEAL_DEEP)
    return buf.getvalue()
