"""What each client message does to a room: one handler per message type.

A handler runs under the room's lock inside a commit (:mod:`.commit`): it authorises the
sender (PROTOCOL.md's check 4: ``not_seated``, ``not_host``, which only the room knows),
hands the rest to the table's one pipeline (the game's state, the turn, the version, the
action), and returns what to do once the change is saved.  It raises, changing nothing,
to refuse.  Handlers see the room, the connection and the service's presence calls; never
a store.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from ..codes import hint
from ..hub import Connection
from ..messages import (
    Act,
    ClientMessage,
    Leave,
    NextDeal,
    ProtocolError,
    Rematch,
    Start,
    TakeSeat,
    encode,
    parse_action,
)
from .commit import After
from .room import Room

if TYPE_CHECKING:
    from .service import RoomService

log = logging.getLogger("thaasbai.server")

Handler = Callable[["RoomService", Room, Connection, Any], After]


def seated(conn: Connection) -> int:
    """The sender's seat; spectators may only take a seat (or ping)."""
    if conn.seat is None:
        raise ProtocolError("not_seated", "spectators cannot do that; take a seat first")
    return conn.seat


def act(service: RoomService, room: Room, conn: Connection, msg: Act) -> After:
    action = parse_action(msg.action)  # a malformed action is refused before the seat
    room.table.submit(seated(conn), action, msg.version)
    return []


def start(service: RoomService, room: Room, conn: Connection, msg: Start) -> After:
    seat = seated(conn)
    if seat != room.host and not room.host_absent(service.clock(), service.config.grace_s):
        raise ProtocolError("not_host", "only the host can start the game")
    room.table.start(msg.version)
    log.info("room %s started", hint(room.code))
    return []


def next_deal(service: RoomService, room: Room, conn: Connection, msg: NextDeal) -> After:
    seated(conn)
    room.table.next_deal(msg.version)
    return []


def rematch(service: RoomService, room: Room, conn: Connection, msg: Rematch) -> After:
    seated(conn)
    room.table.rematch(msg.version)
    return []


def leave(service: RoomService, room: Room, conn: Connection, msg: Leave) -> After:
    seat = seated(conn)
    room.leave(seat)

    async def gone() -> None:
        await service.unseat(room, seat)

    return [gone]


def take_seat(service: RoomService, room: Room, conn: Connection, msg: TakeSeat) -> After:
    if conn.seat is not None:
        raise ProtocolError("already_seated", f"you already sit at seat {conn.seat}")
    seat, token = room.sit(msg.seat, msg.name, service.clock())
    room.disconnected_since[seat] = None
    room.table.seats[seat].connected = True

    def seated_now() -> Awaitable[None]:
        conn.seat = seat
        conn.send(encode({"type": "seated", "seat": seat, "token": token}))
        return service.cluster.arrive(room.code, seat)

    return [seated_now]


# Every message that changes a room (``ping`` changes nothing: answered before the lock).
HANDLERS: dict[type[ClientMessage], Handler] = {
    Act: act,
    Start: start,
    NextDeal: next_deal,
    Rematch: rematch,
    Leave: leave,
    TakeSeat: take_seat,
}
