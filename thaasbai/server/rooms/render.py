"""What each connection is sent: the public lobby and every seat's own ``state`` message.

Hidden cards leave only through ``table.view(seat)``: a seat's message holds its own view,
a spectator's (``None``) the public one.  Nothing here reads a token or a seed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from ..messages import encode
from .room import Room

Renderer = Callable[[int | None], bytes]


def lobby_of(room: Room) -> dict[str, Any]:
    """The public facts of a room: never a token, a card or a seed."""
    lobby = room.table.lobby()
    lobby["code"] = room.code
    lobby["host"] = room.host
    lobby["turn_timer"] = room.turn_timer
    lobby["hints"] = room.hints
    lobby["over"] = room.over
    return lobby


def renderer(room: Room, now: float) -> Renderer:
    """Renders each seat's state message; the room part is encoded once for all."""
    table = room.table
    lobby = msgspec.Raw(encode(lobby_of(room)))
    timer = timer_info(room, now)

    def render(seat: int | None) -> bytes:
        view = table.view(seat)
        return encode(
            {
                "type": "state",
                "version": table.version,
                "seat": seat,
                "room": lobby,
                "view": view.to_json() if view is not None else None,
                "timer": timer,
            }
        )

    return render


def timer_info(room: Room, now: float) -> dict[str, Any] | None:
    """The human seat whose decision the turn timer awaits, and the seconds left."""
    seat = room.table.to_act
    if room.turn_timer is None or seat is None or room.table.seats[seat].played_by_bot:
        return None
    left = room.turn_started + room.turn_timer - now
    return {"seat": seat, "seconds": round(max(0.0, left), 2)}
