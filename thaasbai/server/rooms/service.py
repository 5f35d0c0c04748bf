"""The room service: the one entry point of the routes, composing the room's parts.

It keeps this process's rooms (loaded on first use, dropped when idle), creates and joins
them, registers connections, and hands each client message to its handler
(:data:`.handlers.HANDLERS`) inside a commit (:class:`.commit.Commits`).  The driver
(:class:`.driver.Driver`) plays bots and timers, the cluster (:mod:`.cluster`) deals with
other processes (a no-op in one), and :mod:`.render` makes each connection's message.
Storage is reached only through ``RoomStore`` and ``RoomEvents``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from ...engine.errors import EngineError
from ...engine.match import GameOptions
from ...table import HUMAN, Table, TableError
from ...table.workers import BotWorkers
from ..codes import hint, new_code, normalise_code
from ..config import ServerConfig
from ..hub import CLOSE_RESTART, Connection, Hub
from ..messages import (
    ClientMessage,
    CreateRoom,
    JoinRoom,
    Ping,
    ProtocolError,
    clean_name,
    encode,
    error_message,
)
from ..store import RoomCluster, RoomEvents, RoomStore
from ..tokens import find_seat, hash_token, new_token
from .cluster import Cluster, LocalCluster, SharedCluster
from .commit import After, Commits
from .driver import Driver
from .expiry import Expiry, expires_at
from .handlers import HANDLERS
from .render import Renderer, lobby_of, renderer
from .room import Room

log = logging.getLogger("thaasbai.server")

PONG = encode({"type": "pong"})


class RoomService:
    """Creates, joins, loads and changes rooms; sends each connection its own view."""

    def __init__(
        self,
        config: ServerConfig,
        store: RoomStore,
        events: RoomEvents,
        hub: Hub | None = None,
        clock: Callable[[], float] = time.monotonic,
        cluster: RoomCluster | None = None,
    ) -> None:
        self.config = config
        self.store = store
        self.events = events
        self.hub = hub or Hub()
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.cluster: Cluster = LocalCluster() if cluster is None else SharedCluster(cluster, self)
        self.commits = Commits(self)
        self.driver = Driver(self, BotWorkers(config.bot_processes))
        self.expiry = Expiry(self)
        events.subscribe(self.cluster.heard)

    # -- HTTP: create, join, lobby -----------------------------------------------------------

    async def create(self, req: CreateRoom) -> tuple[Room, int, str]:
        """A new room with its creator at seat 0 as host; returns (room, seat, token)."""
        self._start_background()
        seats = req.seats if req.seats is not None else 4
        try:
            options = GameOptions(
                game=req.game, seats=seats, hukum=req.options.hukum, best_of=req.options.best_of
            )
        except EngineError as exc:
            raise ProtocolError("malformed", str(exc)) from None
        timer = req.turn_timer or None
        if timer is not None and not (
            self.config.min_turn_timer_s <= timer <= self.config.max_turn_timer_s
        ):
            raise ProtocolError(
                "malformed",
                f"turn_timer must be from {self.config.min_turn_timer_s:g} to "
                f"{self.config.max_turn_timer_s:g} seconds",
            )
        table = Table(options, bot_level=req.bots)
        seat = table.sit(0, clean_name(req.name, "Player 1"))
        token = new_token()
        now, wall = self.clock(), time.time()
        room = Room(
            code="",
            table=table,
            tokens=[None] * options.seats,
            host=seat,
            created=wall,
            updated=wall,
            turn_timer=timer,
            hints=req.hints,
        )
        room.tokens[seat] = hash_token(token)
        room.disconnected_since = [None] * options.seats
        room.disconnected_since[seat] = now
        room.last_change = now
        for _ in range(20):
            room.code = new_code()
            if await self.store.create(room.code, room.to_doc(), expires_at(room, self.config)):
                break
        else:  # pragma: no cover - 2**30 codes
            raise ProtocolError("unavailable", "could not allocate a room code")
        self.rooms[room.code] = room
        log.info("room %s created (%s, %d seats)", hint(room.code), options.game, options.seats)
        return room, seat, token

    async def join(self, code: str, req: JoinRoom) -> tuple[int, str]:
        """Sit a new human at ``req.seat`` or the first free seat; returns (seat, token)."""
        room = await self.get(code)
        if room is None:
            raise ProtocolError("not_found", "no such room")
        async with room.lock:
            return await self.commits.decide(
                room, lambda: (room.sit(req.seat, req.name, self.clock()), [])
            )

    async def lobby(self, code: str) -> dict[str, Any]:
        room = await self.get(code)
        if room is None:
            raise ProtocolError("not_found", "no such room")
        async with room.lock:  # never a change half saved; the latest with a shared store
            if not await self.cluster.current(room):
                raise ProtocolError("not_found", "no such room")
        return lobby_of(room)

    async def get(self, code: str) -> Room | None:
        """The room, from memory or else from the store (``None`` if unknown)."""
        self._start_background()
        norm = normalise_code(code)
        room = self.rooms.get(norm) if norm else None
        if room is not None:
            return room
        # Unknown and malformed codes do the same lookup, so timing tells nothing.
        row = await self.store.load(norm or "-")
        if norm is None or row is None:
            return None
        room = self.rooms.get(norm)  # loaded by someone else while we waited
        if room is not None:
            return room
        try:
            room = Room.from_doc(row[1], row[0], self.clock())
        except (EngineError, KeyError, TypeError, ValueError):
            log.error("room %s could not be loaded; ignoring it", hint(norm))
            return None
        self.rooms[norm] = room
        log.info("room %s loaded at version %d", hint(norm), room.table.version)
        self.driver.kick(room)
        return room

    # -- WebSocket: connect, messages, disconnect ---------------------------------------------

    def seat_for_token(self, room: Room, token: str) -> int | None:
        return find_seat(token, room.tokens)

    async def connect(self, room: Room, conn: Connection) -> None:
        """Register a connection; a returning player takes their seat back from the bot."""
        async with room.lock:
            if room.forgotten and self.rooms.setdefault(room.code, room) is room:
                room.closed = room.forgotten = False  # dropped while this client connected
            if conn.seat is not None:
                await self.cluster.arrive(room.code, conn.seat)
            if not await self.cluster.current(room):
                conn.close(CLOSE_RESTART, "reload")
                return
            self.hub.add(room.code, conn)
            seat = conn.seat
            if seat is None:
                conn.send(self.renderer(room)(None))
                return
            room.disconnected_since[seat] = None
            room.table.seats[seat].connected = True
            if room.table.seats[seat].away:

                def back() -> tuple[None, After]:
                    room.disconnected_since[seat] = None
                    room.table.seats[seat].connected = True
                    room.table.set_away(seat, False)
                    return None, []

                with contextlib.suppress(TableError, ProtocolError):
                    await self.commits.change(room, back)
            else:
                self.broadcast(room)
            self.driver.kick(room)

    async def disconnect(self, room: Room, conn: Connection) -> None:
        async with room.lock:
            self.hub.remove(room.code, conn)
            seat = conn.seat
            if seat is None:
                return
            await self.cluster.depart(room.code, seat)
            if self.hub.seat_connected(room.code, seat):
                return
            if room.table.seats[seat].kind == HUMAN and room.tokens[seat] is not None:
                room.disconnected_since[seat] = self.clock()
                room.table.seats[seat].connected = False
                self.broadcast(room)
                self.driver.kick(room)

    async def handle(self, room: Room, conn: Connection, msg: ClientMessage) -> None:
        """Apply one parsed client message; a refusal answers an error and changes nothing."""
        if isinstance(msg, Ping):  # changes nothing: no lock, no commit
            conn.send(PONG)
            return
        handler = HANDLERS[type(msg)]
        async with room.lock:
            if room.closed:
                return
            try:
                await self.commits.decide(room, lambda: (None, handler(self, room, conn, msg)))
            except (TableError, ProtocolError) as exc:
                conn.send(error_message(exc.code, exc.message))

    # -- what connections are sent --------------------------------------------------------------

    def renderer(self, room: Room) -> Renderer:
        """Each seat's state message of the room as it is now (every render passes here)."""
        return renderer(room, self.clock())

    def broadcast(self, room: Room) -> None:
        self.hub.fan_out(room.code, self.renderer(room))

    async def unseat(self, room: Room, seat: int) -> None:
        """The seat's player left: its connections here stay open as spectators."""
        for conn in self.hub.connections(room.code):
            if conn.seat == seat:
                conn.seat = None
                conn.send(encode({"type": "left", "seat": seat}))
                await self.cluster.depart(room.code, seat)

    # -- the rooms in memory ------------------------------------------------------------------

    def evict(self, room: Room, close_code: int, reason: str) -> None:
        """The room is gone (expired, deleted): close its connections and stop its driver."""
        room.closed = True
        if self.rooms.get(room.code) is room:
            self.rooms.pop(room.code, None)
        self.hub.close_room(room.code, close_code, reason)
        if room.driver is not None and room.driver is not asyncio.current_task():
            room.driver.cancel()

    def forget(self, room: Room) -> None:
        """Drop our copy of a room nobody here uses; it is still in the store."""
        room.closed = room.forgotten = True
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
        if room.driver is not None and room.driver is not asyncio.current_task():
            room.driver.cancel()
        forget = getattr(self.store, "forget", None)
        if forget is not None:
            forget(room.code)

    def _start_background(self) -> None:
        """Start the sweep and the events (lazily: the service is built before the loop)."""
        if self.expiry.start():
            start = getattr(self.events, "start", None)
            if start is not None:
                start()

    async def close(self) -> None:
        self.expiry.stop()
        self.driver.bot_workers.close()
        for room in list(self.rooms.values()):
            if room.driver is not None:
                room.driver.cancel()
        await self.cluster.close()
        events_close = getattr(self.events, "close", None)
        if events_close is not None:
            await events_close()
        await self.store.close()
