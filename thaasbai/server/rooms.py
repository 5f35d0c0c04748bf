"""Rooms and the one place they change: :class:`RoomService`.

Every change to a room (a human's message, a bot's move, a grace period or turn timer
running out) happens under that room's ``asyncio.Lock`` and goes through the Table's one
submit pipeline; then the room is saved (compare-and-set on its revision) and every
connection is sent its own view.  A refused message changes nothing.  Bots think in a
worker thread, never on the event loop.  The service talks to storage only through
``RoomStore``, ``RoomEvents`` and (for a shared store such as Redis) ``RoomCluster``.

With a shared store several processes cache the same room.  The per-room lock then only
orders this process's changes; what orders all of them is the store's compare-and-set on
the revision.  A save that loses the race reloads the room and judges the message again on
the fresh state, so nothing is ever applied on a stale copy.  Other processes' changes
arrive as events and are reloaded; one process at a time (the lease holder) drives a room's
bots and timers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgspec

from ..engine.errors import EngineError
from ..engine.match import GameOptions
from ..table import HUMAN, Table, TableError
from ..table.workers import BotWorkers
from .codes import hint, new_code, normalise_code
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
from .store import RoomCluster, RoomEvents, RoomStore, StoreConflict
from .tokens import find_seat, hash_token, new_token

log = logging.getLogger("thaasbai.server")

DOC_VERSION = 1
PONG = encode({"type": "pong"})
RESYNC = "*"  # an event code meaning "anything may have changed": refresh every room
MAX_RETRIES = 8  # lost compare-and-set races in a row before a change gives up

T = TypeVar("T")
# What a change does once it is saved (messages to connections, presence updates).
After = list[Callable[[], Awaitable[None] | None]]


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
    present: set[int] = field(default_factory=set)  # seats connected to other processes
    saved_connected: list[bool] = field(default_factory=list)  # as the last saver saw it
    heard: list[tuple[int, bytes]] = field(default_factory=list)  # other processes' saves
    following: bool = False
    forgotten: bool = False  # dropped from the cache (unused here), not deleted
    leading: bool = False  # we held the room's lease when we last asked ...
    lead_checked: float = float("-inf")  # ... at this time (asked again every renew_s)

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

    def reload(self, doc: bytes, rev: int, now: float) -> None:
        """Take the stored state in place (connections hold this object), keeping runtime."""
        fresh = Room.from_doc(doc, rev, now)
        seats = msgspec.json.decode(doc)["table"]["seats"]
        self.saved_connected = [bool(s.get("connected")) for s in seats]
        self.table, self.tokens, self.host = fresh.table, fresh.tokens, fresh.host
        self.created, self.updated, self.turn_timer = fresh.created, fresh.updated, fresh.turn_timer
        self.rev = rev
        self.last_change = now
        for seat, info in enumerate(self.table.seats):
            if info.kind != HUMAN or self.tokens[seat] is None:
                self.disconnected_since[seat] = None
        key = _turn_key(self.table)
        if key != self.turn_key:
            self.turn_key, self.turn_started = key, now

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
        cluster: RoomCluster | None = None,
    ) -> None:
        self.config = config
        self.bot_workers = BotWorkers(config.bot_processes)
        self.store = store
        self.events = events
        self.cluster = cluster
        self.hub = hub or Hub()
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self._tasks: set[asyncio.Task[None]] = set()
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
        log.info("room %s created (%s, %d seats)", hint(room.code), options.game, options.seats)
        return room, seat, token

    async def join(self, code: str, req: JoinRoom) -> tuple[int, str]:
        """Sit a new human at ``req.seat`` or the first free seat; returns (seat, token)."""
        room = await self.get(code)
        if room is None:
            raise ProtocolError("not_found", "no such room")
        async with room.lock:
            return await self._decide(room, lambda: (self._sit(room, req.seat, req.name), []))

    async def lobby(self, code: str) -> dict[str, Any]:
        room = await self.get(code)
        if room is None:
            raise ProtocolError("not_found", "no such room")
        if self.cluster is not None:
            async with room.lock:
                if not await self._fresh(room):
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
            log.error("room %s could not be loaded; ignoring it", hint(norm))
            return None
        self.rooms[norm] = room
        log.info("room %s loaded at version %d", hint(norm), room.table.version)
        self._kick(room)
        return room

    # -- WebSocket: connect, messages, disconnect ---------------------------------------------

    def seat_for_token(self, room: Room, token: str) -> int | None:
        return find_seat(token, room.tokens)

    async def connect(self, room: Room, conn: Connection) -> None:
        """Register a connection; a returning player takes their seat back from the bot."""
        async with room.lock:
            if room.forgotten and self.rooms.setdefault(room.code, room) is room:
                room.closed = room.forgotten = False  # dropped while this client connected
            if self.cluster is not None:
                if conn.seat is not None:
                    await self.cluster.arrive(room.code, conn.seat)
                if not await self._fresh(room):
                    conn.close(CLOSE_RESTART, "reload")
                    return
            self.hub.add(room.code, conn)
            seat = conn.seat
            if seat is None:
                conn.send(self._renderer(room)(None))
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
                    await self._change(room, back)
            else:
                self._broadcast(room)
            self._kick(room)

    async def disconnect(self, room: Room, conn: Connection) -> None:
        async with room.lock:
            self.hub.remove(room.code, conn)
            seat = conn.seat
            if self.cluster is not None and seat is not None:
                await self.cluster.depart(room.code, seat)
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
                await self._decide(room, lambda: (None, self._apply(room, conn, msg)))
            except (TableError, ProtocolError) as exc:
                conn.send(error_message(exc.code, exc.message))

    async def _decide(self, room: Room, apply: Callable[[], tuple[T, After]]) -> T:
        """Apply and save a change for a client; a refusal may come from a stale copy.

        With a shared store, a refused message is judged once more if the room turns out
        to have changed elsewhere (the client may already have seen the newer state)."""
        try:
            return await self._change(room, apply)
        except (TableError, ProtocolError):
            if self.cluster is None or room.closed:
                raise
            rev = room.rev
            if not await self._fresh(room) or room.rev == rev:
                raise
        return await self._change(room, apply)

    def _apply(self, room: Room, conn: Connection, msg: ClientMessage) -> After:
        """Validate then change the room; raises before changing anything.

        Returns what to do once the change is saved: nothing leaves before that."""
        table = room.table
        if isinstance(msg, TakeSeat):
            if conn.seat is not None:
                raise ProtocolError("already_seated", f"you already sit at seat {conn.seat}")
            seat, token = self._sit(room, msg.seat, msg.name)
            room.disconnected_since[seat] = None
            table.seats[seat].connected = True

            def seated() -> Awaitable[None] | None:
                conn.seat = seat
                conn.send(encode({"type": "seated", "seat": seat, "token": token}))
                return self.cluster.arrive(room.code, seat) if self.cluster else None

            return [seated]
        action = parse_action(msg.action) if isinstance(msg, Act) else None
        seat = conn.seat
        if seat is None:
            raise ProtocolError("not_seated", "spectators cannot do that; take a seat first")
        # The table checks the rest, in the protocol's order (state, turn, version, action).
        if isinstance(msg, Act):
            assert action is not None
            table.submit(seat, action, msg.version)
        elif isinstance(msg, Start):
            if seat != room.host and not self._host_absent(room):
                raise ProtocolError("not_host", "only the host can start the game")
            table.start(msg.version)
            log.info("room %s started", hint(room.code))
        elif isinstance(msg, NextDeal):
            table.next_deal(msg.version)
        elif isinstance(msg, Rematch):
            table.rematch(msg.version)
        elif isinstance(msg, Leave):
            return self._leave(room, seat)
        else:  # pragma: no cover - the union is closed
            raise ProtocolError("unknown_type", "unknown message type")
        return []

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

    def _leave(self, room: Room, seat: int) -> After:
        room.table.leave(seat)
        room.tokens[seat] = None
        room.disconnected_since[seat] = None
        if room.host == seat:
            humans = [i for i, s in enumerate(room.table.seats) if s.kind == HUMAN]
            room.host = humans[0] if humans else None

        async def gone() -> None:
            for conn in self.hub.connections(room.code):
                if conn.seat == seat:
                    conn.seat = None
                    conn.send(encode({"type": "left", "seat": seat}))
                    if self.cluster is not None:
                        await self.cluster.depart(room.code, seat)

        return [gone]

    def _host_absent(self, room: Room) -> bool:
        """The host has been gone longer than the grace period: anyone seated may start."""
        if room.host is None:
            return True
        since = room.disconnected_since[room.host]
        return since is not None and self.clock() - since >= self.config.grace_s

    # -- committing and fanning out -------------------------------------------------------

    async def _change(self, room: Room, apply: Callable[[], tuple[T, After]]) -> T:
        """Apply a change to the room and save it; call with the room's lock held.

        ``apply`` validates against ``room`` as it is and raises (changing nothing) if the
        change is refused.  When the save loses the compare-and-set (another process saved
        first), the room is reloaded and ``apply`` runs again on the fresh state: a change
        is never saved on top of a state it was not judged against."""
        for _ in range(MAX_RETRIES):
            result, after = apply()
            if await self._commit(room, after):
                return result
            if not await self._reload(room):
                raise ProtocolError("not_found", "no such room")
        raise ProtocolError("unavailable", "the room is too busy; try again")

    async def _commit(self, room: Room, after: After | None = None) -> bool:
        """Save the changed room, then tell every process (and so every connection).

        ``False`` when the save lost the compare-and-set: ``room`` must be reloaded."""
        now = self.clock()
        room.last_change = now
        room.updated = time.time()
        key = _turn_key(room.table)
        if key != room.turn_key:
            room.turn_key = key
            room.turn_started = now
        doc = room.to_doc()
        try:
            room.rev = await self.store.save(room.code, doc, room.rev, self._expiry(room))
        except StoreConflict:
            log.info("room %s changed elsewhere; reloading", hint(room.code))
            return False
        for step in after or ():
            pending = step()
            if pending is not None:
                await pending
        await self.events.publish(room.code, room.rev, doc)
        if self.cluster is not None:  # shared events skip their sender: send our views now
            self._broadcast(room)
        self._kick(room)
        return True

    async def _reload(self, room: Room) -> bool:
        """Replace our copy with the stored room; ``False`` (and evicted) if it is gone."""
        row = await self.store.load(room.code)
        if row is None:
            log.warning("room %s is gone from the store", hint(room.code))
            self._evict(room, CLOSE_RESTART, "reload")
            return False
        if row[0] != room.rev:
            try:
                await self._take(room, row[1], row[0])
            except (EngineError, KeyError, TypeError, ValueError):
                log.error("room %s could not be reloaded", hint(room.code))
                self._evict(room, CLOSE_RESTART, "reload")
                return False
        return True

    async def _take(self, room: Room, doc: bytes, rev: int) -> None:
        """Adopt a state saved by another process and show it to our connections."""
        old_tokens = list(room.tokens)
        room.reload(doc, rev, self.clock())
        for seat, (old, new) in enumerate(zip(old_tokens, room.tokens, strict=True)):
            if old is not None and old != new:  # the player left (at another process)
                for conn in self.hub.connections(room.code):
                    if conn.seat == seat:
                        conn.seat = None
                        conn.send(encode({"type": "left", "seat": seat}))
                        if self.cluster is not None:
                            await self.cluster.depart(room.code, seat)
        self._mark_connected(room)
        self._broadcast(room)  # our connections must see every state we take

    async def _fresh(self, room: Room) -> bool:
        """Make sure our copy is the stored revision (one cheap read); ``False`` if gone."""
        if room.closed:
            return False
        rev = await self.store.revision(room.code)
        if rev is None:
            self._evict(room, CLOSE_RESTART, "reload")
            return False
        return rev == room.rev or await self._reload(room)

    def _mark_connected(self, room: Room) -> None:
        """Seats' ``connected`` after a reload: a connection here, or (shared store) one at
        another process, as the lease holder last saw it or as the saver reported it."""
        saved = room.saved_connected
        for seat, info in enumerate(room.table.seats):
            if info.kind == HUMAN:
                here = self.hub.seat_connected(room.code, seat)
                elsewhere = seat in room.present or (seat < len(saved) and saved[seat])
                info.connected = here or elsewhere

    def _on_event(self, code: str, rev: int, doc: bytes = b"") -> None:
        if code == RESYNC:
            for room in list(self.rooms.values()):
                self._on_event(room.code, room.rev + 1)
            return
        room = self.rooms.get(code)
        if room is None:
            return
        if self.cluster is None:
            if room.rev == rev:
                self._broadcast(room)
            return
        if rev <= room.rev:
            return
        if self.hub.count(code) == 0 and not room.leading and not room.lock.locked():
            # Nobody here to show it to and we do not drive it: following would only cost
            # a reload per change.  Forget our copy; it loads again on next use.  (Not while
            # locked: a client may be connecting; one that got the room before is revived.)
            self._forget(room)
            return
        room.heard.append((rev, doc))
        if not room.following:
            room.following = True
            task = asyncio.create_task(self._follow(room))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _follow(self, room: Room) -> None:
        """Other processes changed the room: take each saved state in order (from the event,
        or from the store when one is missing) and send our connections their views."""
        try:
            while room.heard and not room.closed:
                async with room.lock:
                    heard, room.heard = sorted(room.heard), []
                    for rev, doc in heard:
                        if rev <= room.rev:
                            continue
                        if rev == room.rev + 1 and doc:
                            await self._take(room, doc, rev)
                        elif not await self._reload(room):
                            return
                    self._kick(room)
        except Exception:
            log.exception("room %s: following another process failed", hint(room.code))
        finally:
            room.following = False

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
        if self.rooms.get(room.code) is room:
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
            if self._due(room, self.clock()) is not None or self._watch(room):
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
        """Play bots, mark absent players away, and auto-play on timeout, until idle.

        With a shared store only the lease holder acts; the others look again every
        ``renew_s`` and take over when the holder's lease runs out (it died)."""
        leading = False
        try:
            while not room.closed:
                if self.cluster is not None:
                    leading = await self._lead(room)
                now = self.clock()
                due = self._due(room, now)
                if due is None and self._watch(room):
                    due = (now + self.cluster.renew_s, "watch", -1)  # type: ignore[union-attr]
                if due is None:
                    break
                at, kind, seat = due
                wait = at - now
                if self.cluster is not None:
                    wait = min(wait, self.cluster.renew_s) if leading else self.cluster.renew_s
                if wait > 0:
                    room.wake.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(room.wake.wait(), wait)
                    continue
                if kind == "watch":
                    continue
                if kind == "away":
                    async with room.lock:
                        if self._due(room, self.clock()) == due:
                            with contextlib.suppress(TableError, ProtocolError):
                                await self._change(room, lambda s=seat: self._set_away(room, s))
                    continue
                await self._autoplay(room, seat)
        except asyncio.CancelledError:
            raise
        except Exception:  # never log a view or a hand: only where it failed
            log.exception("room %s: the bot driver failed", hint(room.code))
        finally:
            if room.driver is asyncio.current_task():
                room.driver = None
            if leading and self.cluster is not None:
                room.leading, room.lead_checked = False, float("-inf")
                try:
                    await self.cluster.release(room.code)
                except Exception as exc:  # it runs out by itself within one lease period
                    log.warning(
                        "room %s: releasing the lease failed: %s: %s",
                        hint(room.code),
                        type(exc).__name__,
                        exc,
                    )

    async def _lead(self, room: Room) -> bool:
        """Hold (take or renew) the room's lease; as holder, learn who is connected anywhere
        and make sure our copy is the latest before acting on it."""
        assert self.cluster is not None
        now = self.clock()
        if now - room.lead_checked < self.cluster.renew_s:
            return room.leading  # woken by a change: the lease and presence are recent
        room.lead_checked, room.leading = now, False
        try:
            if not await self.cluster.lease(room.code):
                return False
            room.leading = True
            present = await self.cluster.present(room.code)
            async with room.lock:
                if not await self._fresh(room):
                    return True
                room.present = present
                now = self.clock()
                for seat, info in enumerate(room.table.seats):
                    if info.kind != HUMAN or room.tokens[seat] is None:
                        continue
                    if seat in present or self.hub.seat_connected(room.code, seat):
                        room.disconnected_since[seat] = None
                        info.connected = True
                    elif room.disconnected_since[seat] is None:
                        room.disconnected_since[seat] = now  # gone from every process
                        info.connected = False
            return True
        except Exception as exc:  # Redis unreachable: do nothing rather than guess
            log.warning("room %s: lease or presence failed: %s", hint(room.code), exc)
            return False

    def _watch(self, room: Room) -> bool:
        """Shared store, deal in progress, a human connected only elsewhere: keep checking
        their presence (their process may die) even though nothing else is due."""
        if self.cluster is None:
            return False
        table = room.table
        deal = table.match.current if table.match is not None else None
        if deal is None or deal.over:
            return False
        return any(
            info.kind == HUMAN
            and not info.away
            and room.tokens[seat] is not None
            and room.disconnected_since[seat] is None
            and not self.hub.seat_connected(room.code, seat)
            for seat, info in enumerate(table.seats)
        )

    def _set_away(self, room: Room, seat: int) -> tuple[None, After]:
        info = room.table.seats[seat]
        if info.kind != HUMAN or info.away or room.disconnected_since[seat] is None:
            raise TableError("stale", "the seat came back meanwhile")
        room.table.set_away(seat, True)
        return None, []

    async def _autoplay(self, room: Room, seat: int) -> None:
        """One bot move (for a bot, an away human, or a human out of time)."""
        table = room.table
        version = table.version
        view = table.view(seat)
        if view is None:
            return
        level, seed = table.bot_request(seat)
        action = await self.bot_workers.choose(level, view, seed, self.config.bot_budget_ms)

        def play() -> tuple[None, After]:
            room.table.submit(seat, action, version)  # refused if the table moved on
            return None, []

        async with room.lock:
            if room.closed:
                return
            # A human acted, came back, or another process moved meanwhile: look again.
            with contextlib.suppress(TableError, ProtocolError):
                await self._change(room, play)

    # -- expiry -------------------------------------------------------------------------------

    def _ensure_sweeper(self) -> None:
        """Start the background work (lazily: the service is built before the loop runs)."""
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._sweep_forever())
            start = getattr(self.events, "start", None)
            if start is not None:
                start()

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
                self._forget(room)
        if gone:
            log.info("expired %d room(s)", len(gone))
        return gone

    def _forget(self, room: Room) -> None:
        """Drop our copy of a room nobody here uses; it is still in the store."""
        room.closed = room.forgotten = True
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
        if room.driver is not None and room.driver is not asyncio.current_task():
            room.driver.cancel()
        forget = getattr(self.store, "forget", None)
        if forget is not None:
            forget(room.code)

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        self.bot_workers.close()
        for room in list(self.rooms.values()):
            if room.driver is not None:
                room.driver.cancel()
        if self.cluster is not None:
            await self.cluster.close()
        events_close = getattr(self.events, "close", None)
        if events_close is not None:
            await events_close()
        await self.store.close()


def _turn_key(table: Table) -> tuple[int, ...]:
    """Changes whenever a new decision is awaited (for the turn timer)."""
    match = table.match
    if match is None or match.current is None:
        return ()
    actions = len(match.logs[-1].actions) if match.logs else 0
    to_act = table.to_act
    return (len(match.deals), actions, -1 if to_act is None else to_act)
