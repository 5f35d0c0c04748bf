"""Rooms and the one place they change: :class:`RoomService`.

Every change to a room (a human's message, a bot's move, a grace period or turn timer
running out) happens under that room's ``asyncio.Lock`` and goes through the Table's one
submit pipeline; then the room is saved (compare-and-set on its revision) and every
connection is sent its own view.  A refused message changes nothing.  Bots think in a
worker thread, never on the event loop.  The service talks to storage only through
``RoomStore`` and ``RoomEvents``, so a shared store can be put behind it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from ..engine.errors import EngineError
from ..engine.match import GameOptions
from ..table import HUMAN, Table, TableError
from .codes import new_code, normalise_code
from .config import ServerConfig
from .hub import CLOSE_EXPIRED, CLOSE_RESTART, Connection, Hub
from .messages import (
    Act,
    ClientMessage,
    CreateRoom,
    JoinRoom,
    Leave,
    NextDeal,
    Ping,
    ProtocolError,
    Rematch,
    Start,
    TakeSeat,
    clean_name,
    encode,
    error_message,
    parse_action,
)
from .store import RoomEvents, RoomStore, StoreConflict
from .tokens import find_seat, hash_token, new_token

log = logging.getLogger("thaasbai.server")

DOC_VERSION = 1
PONG = encode({"type": "pong"})


@dataclass(eq=False)
class Room:
    """A room: its table, who holds which seat (token hashes), and runtime bookkeeping."""

    code: str
    table: Table
    tokens: list[str | None]
    host: int | None
    created: float
    updated: float
    turn_timer: float | None = None
    rev: int = 1
    # -- runtime only (never saved) --
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    driver: asyncio.Task[None] | None = None
    disconnected_since: list[float | None] = field(default_factory=list)
    turn_key: tuple[int, ...] = ()
    turn_started: float = 0.0
    last_change: float = 0.0
    closed: bool = False

    def to_doc(self) -> bytes:
        """The stored form: the table (with hidden cards), token hashes and settings."""
        return encode(
            {
                "doc": DOC_VERSION,
                "code": self.code,
                "table": self.table.to_json(),
                "tokens": self.tokens,
                "host": self.host,
                "created": self.created,
                "updated": self.updated,
                "turn_timer": self.turn_timer,
            }
        )

    @classmethod
    def from_doc(cls, doc: bytes, rev: int, now: float) -> Room:
        d = msgspec.json.decode(doc)
        table = Table.from_json(d["table"])
        room = cls(
            code=d["code"],
            table=table,
            tokens=list(d["tokens"]),
            host=d["host"],
            created=d["created"],
            updated=d["updated"],
            turn_timer=d.get("turn_timer"),
            rev=rev,
        )
        # Nobody is connected to a room just loaded: every human's grace period starts now.
        room.disconnected_since = [now if s.kind == HUMAN else None for s in table.seats]
        room.last_change = now
        return room

    @property
    def over(self) -> bool:
        match = self.table.match
        return match is not None and match.over


class RoomService:
    """Creates, joins, loads and changes rooms; sends each connection its own view."""

    def __init__(
        self,
        config: ServerConfig,
        store: RoomStore,
        events: RoomEvents,
        hub: Hub | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config
        self.store = store
        self.events = events
        self.hub = hub or Hub()
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self._sweeper: asyncio.Task[None] | None = None
        events.subscribe(self._on_event)

    # -- HTTP: create, join, lobby -----------------------------------------------------------

    async def create(self, req: CreateRoom) -> tuple[Room, int, str]:
        """A new room with its creator at seat 0 as host; returns (room, seat, token)."""
        self._ensure_sweeper()
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
        )
        room.tokens[seat] = hash_token(token)
        room.disconnected_since = [None] * options.seats
        room.disconnected_since[seat] = now
        room.last_change = now
        for _ in range(20):
            room.code = new_code()
            if await self.store.create(room.code, room.to_doc(), self._expiry(room)):
                break
        else:  # pragma: no cover - 2**30 codes
            raise ProtocolError("unavailable", "could not allocate a room code")
        self.rooms[room.code] = room
        log.info("room %s created (%s, %d seats)", room.code, options.game, options.seats)
        return room, seat, token

    async def join(self, code: str, req: JoinRoom) -> tuple[int, str]:
        """Sit a new human at ``req.seat`` or the first free seat; returns (seat, token)."""
        room = await self.get(code)
        if room is None:
            raise ProtocolError("not_found", "no such room")
        async with room.lock:
            seat, token = self._sit(room, req.seat, req.name)
            await self._commit(room)
        return seat, token

    async def lobby(self, code: str) -> dict[str, Any]:
        room = await self.get(code)
        if room is None:
            raise ProtocolError("not_found", "no such room")
        return self.lobby_of(room)

    def lobby_of(self, room: Room) -> dict[str, Any]:
        """The public facts of a room: never a token, a card or a seed."""
        lobby = room.table.lobby()
        lobby["code"] = room.code
        lobby["host"] = room.host
        lobby["turn_timer"] = room.turn_timer
        lobby["over"] = room.over
        return lobby

    async def get(self, code: str) -> Room | None:
        """The room, from memory or else from the store (``None`` if unknown)."""
        self._ensure_sweeper()
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
            log.error("room %s could not be loaded; ignoring it", norm)
            return None
        self.rooms[norm] = room
        log.info("room %s loaded at version %d", norm, room.table.version)
        self._kick(room)
        return room

    # -- WebSocket: connect, messages, disconnect ---------------------------------------------

    def seat_for_token(self, room: Room, token: str) -> int | None:
        return find_seat(token, room.tokens)

    async def connect(self, room: Room, conn: Connection) -> None:
        """Register a connection; a returning player takes their seat back from the bot."""
        async with room.lock:
            self.hub.add(room.code, conn)
            seat = conn.seat
            if seat is None:
                conn.send(self._renderer(room)(None))
                return
            room.disconnected_since[seat] = None
            room.table.seats[seat].connected = True
            if room.table.seats[seat].away:
                room.table.set_away(seat, False)
                await self._commit(room)
            else:
                self._broadcast(room)
            self._kick(room)

    async def disconnect(self, room: Room, conn: Connection) -> None:
        async with room.lock:
            self.hub.remove(room.code, conn)
            seat = conn.seat
            if seat is None or self.hub.seat_connected(room.code, seat):
                return
            if room.table.seats[seat].kind == HUMAN and room.tokens[seat] is not None:
                room.disconnected_since[seat] = self.clock()
                room.table.seats[seat].connected = False
                self._broadcast(room)
                self._kick(room)

    async def handle(self, room: Room, conn: Connection, msg: ClientMessage) -> None:
        """Apply one parsed client message; a refusal answers an error and changes nothing."""
        if isinstance(msg, Ping):
            conn.send(PONG)
            return
        async with room.lock:
            if room.closed:
                return
            try:
                self._apply(room, conn, msg)
            except (TableError, ProtocolError) as exc:
                conn.send(error_message(exc.code, exc.message))
                return
            await self._commit(room)

    def _apply(self, room: Room, conn: Connection, msg: ClientMessage) -> None:
        """Validate then change the room; raises before changing anything."""
        table = room.table
        if isinstance(msg, TakeSeat):
            if conn.seat is not None:
                raise ProtocolError("already_seated", f"you already sit at seat {conn.seat}")
            seat, token = self._sit(room, msg.seat, msg.name)
            conn.seat = seat
            room.disconnected_since[seat] = None
            table.seats[seat].connected = True
            conn.send(encode({"type": "seated", "seat": seat, "token": token}))
            return
        action = parse_action(msg.action) if isinstance(msg, Act) else None
        seat = conn.seat
        if seat is None:
            raise ProtocolError("not_seated", "spectators cannot do that; take a seat first")
        if isinstance(msg, Act):
            assert action is not None
            match = table.match
            if match is None:
                raise TableError("not_started", "the game has not started")
            deal = match.current
            if deal is None or deal.over:
                raise TableError("game_over", "this deal is over")
            if not deal.legal_actions(seat):
                raise TableError("not_your_turn", f"it is not seat {seat}'s turn")
            table.submit(seat, action, msg.version)
        elif isinstance(msg, Start):
            if seat != room.host and not self._host_absent(room):
                raise ProtocolError("not_host", "only the host can start the game")
            if table.started:
                raise TableError("already_started", "the game has already started")
            _check_version(table, msg.version)
            table.start()
            log.info("room %s started", room.code)
        elif isinstance(msg, NextDeal):
            _check_version(table, msg.version)
            table.next_deal()
        elif isinstance(msg, Rematch):
            _check_version(table, msg.version)
            table.rematch()
        elif isinstance(msg, Leave):
            self._leave(room, seat)
        else:  # pragma: no cover - the union is closed
            raise ProtocolError("unknown_type", "unknown message type")

    def _sit(self, room: Room, seat: int | None, name: str) -> tuple[int, str]:
        """Seat a human (free seat, or a bot's between deals) and mint their token."""
        table = room.table
        cleaned = clean_name(name, "")
        seat = table.sit(seat, cleaned or "Player")
        if not cleaned:
            table.seats[seat].name = f"Player {seat + 1}"
        token = new_token()
        room.tokens[seat] = hash_token(token)
        room.disconnected_since[seat] = self.clock()
        if room.host is None:
            room.host = seat
        return seat, token

    def _leave(self, room: Room, seat: int) -> None:
        room.table.leave(seat)
        room.tokens[seat] = None
        room.disconnected_since[seat] = None
        for conn in self.hub.connections(room.code):
            if conn.seat == seat:
                conn.seat = None
                conn.send(encode({"type": "left", "seat": seat}))
        if room.host == seat:
            humans = [i for i, s in enumerate(room.table.seats) if s.kind == HUMAN]
            room.host = humans[0] if humans else None

    def _host_absent(self, room: Room) -> bool:
        """The host has been gone longer than the grace period: anyone seated may start."""
        if room.host is None:
            return True
        since = room.disconnected_since[room.host]
        return since is not None and self.clock() - since >= self.config.grace_s

    # -- committing and fanning out -------------------------------------------------------

    async def _commit(self, room: Room) -> None:
        """Save the changed room, then tell every process (and so every connection)."""
        now = self.clock()
        room.last_change = now
        room.updated = time.time()
        key = _turn_key(room.table)
        if key != room.turn_key:
            room.turn_key = key
            room.turn_started = now
        try:
            room.rev = await self.store.save(room.code, room.to_doc(), room.rev, self._expiry(room))
        except StoreConflict:
            # Someone else changed or expired the room: drop our copy; clients reconnect
            # and get the stored state.
            log.warning("room %s changed elsewhere; reloading", room.code)
            self._evict(room, CLOSE_RESTART, "reload")
            return
        await self.events.publish(room.code, room.rev)
        self._kick(room)

    def _on_event(self, code: str, rev: int) -> None:
        room = self.rooms.get(code)
        if room is not None and room.rev == rev:
            self._broadcast(room)

    def _broadcast(self, room: Room) -> None:
        self.hub.fan_out(room.code, self._renderer(room))

    def _renderer(self, room: Room) -> Callable[[int | None], bytes]:
        """Renders each seat's state message; the room part is encoded once for all."""
        table = room.table
        lobby = msgspec.Raw(encode(self.lobby_of(room)))
        timer = self._timer_info(room)

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

    def _timer_info(self, room: Room) -> dict[str, Any] | None:
        seat = room.table.to_act
        if room.turn_timer is None or seat is None or room.table.seats[seat].played_by_bot:
            return None
        left = room.turn_started + room.turn_timer - self.clock()
        return {"seat": seat, "seconds": round(max(0.0, left), 2)}

    def _expiry(self, room: Room) -> float:
        ttl = self.config.finished_ttl_s if room.over else self.config.idle_ttl_s
        return time.time() + ttl

    def _evict(self, room: Room, close_code: int, reason: str) -> None:
        room.closed = True
        self.rooms.pop(room.code, None)
        self.hub.close_room(room.code, close_code, reason)
        if room.driver is not None and room.driver is not asyncio.current_task():
            room.driver.cancel()

    # -- bots, grace periods and turn timers ------------------------------------------------

    def _kick(self, room: Room) -> None:
        """Make sure the room's driver looks at the room again."""
        if room.closed:
            return
        if room.driver is None or room.driver.done():
            if self._due(room, self.clock()) is not None:
                room.driver = asyncio.create_task(self._drive(room))
        else:
            room.wake.set()

    def _due(self, room: Room, now: float) -> tuple[float, str, int] | None:
        """The next thing the server must do for this room: (when, what, seat)."""
        table = room.table
        deal = table.match.current if table.match is not None else None
        if deal is None or deal.over:
            return None
        best: tuple[float, str, int] | None = None
        grace = self.config.grace_s
        for seat, info in enumerate(table.seats):
            since = room.disconnected_since[seat] if seat < len(room.disconnected_since) else None
            if info.kind == HUMAN and not info.away and since is not None:
                cand = (since + grace, "away", seat)
                best = cand if best is None or cand < best else best
        seat = table.to_act
        if seat is not None:
            if table.seats[seat].played_by_bot:
                cand = (room.last_change + self.config.bot_pace_s, "bot", seat)
                best = cand if best is None or cand < best else best
            elif room.turn_timer is not None:
                cand = (room.turn_started + room.turn_timer, "timer", seat)
                best = cand if best is None or cand < best else best
        return best

    async def _drive(self, room: Room) -> None:
        """Play bots, mark absent players away, and auto-play on timeout, until idle."""
        try:
            while not room.closed:
                now = self.clock()
                due = self._due(room, now)
                if due is None:
                    break
                at, kind, seat = due
                if at > now:
                    room.wake.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(room.wake.wait(), at - now)
                    continue
                if kind == "away":
                    async with room.lock:
                        if self._due(room, self.clock()) == due:
                            room.table.set_away(seat, True)
                            await self._commit(room)
                    continue
                await self._autoplay(room, seat)
        except asyncio.CancelledError:
            raise
        except Exception:  # never log a view or a hand: only where it failed
            log.exception("room %s: the bot driver failed", room.code)
        finally:
            if room.driver is asyncio.current_task():
                room.driver = None

    async def _autoplay(self, room: Room, seat: int) -> None:
        """One bot move (for a bot, an away human, or a human out of time)."""
        table = room.table
        version = table.version
        view = table.view(seat)
        if view is None:
            return
        action = await asyncio.to_thread(table.bot_action, seat, view, self.config.bot_budget_ms)
        async with room.lock:
            if room.closed or table.version != version:
                return  # a human acted or came back meanwhile: look again
            try:
                table.submit(seat, action, version)
            except TableError:
                return
            await self._commit(room)

    # -- expiry -------------------------------------------------------------------------------

    def _ensure_sweeper(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.config.sweep_every_s)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping rooms failed")

    async def sweep(self) -> list[str]:
        """Delete expired rooms, and forget idle rooms nobody is connected to."""
        gone = await self.store.expire(time.time())
        for code in gone:
            room = self.rooms.get(code)
            if room is not None:
                self._evict(room, CLOSE_EXPIRED, "room expired")
        now = self.clock()
        for room in list(self.rooms.values()):
            idle = now - room.last_change > max(self.config.grace_s * 2, 600.0)
            if idle and self.hub.count(room.code) == 0 and room.driver is None:
                room.closed = True
                self.rooms.pop(room.code, None)  # still in the store; loads on next use
        if gone:
            log.info("expired %d room(s)", len(gone))
        return gone

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for room in list(self.rooms.values()):
            if room.driver is not None:
                room.driver.cancel()
        await self.store.close()


def _check_version(table: Table, version: int | None) -> None:
    if version is not None and version != table.version:
        raise TableError("stale_version", f"the table is at version {table.version}, not {version}")


def _turn_key(table: Table) -> tuple[int, ...]:
    """Changes whenever a new decision is awaited (for the turn timer)."""
    match = table.match
    if match is None or match.current is None:
        return ()
    actions = len(match.logs[-1].actions) if match.logs else 0
    to_act = table.to_act
    return (len(match.deals), actions, -1 if to_act is None else to_act)
