"""The stored room: its table, who holds which seat, its document, and runtime bookkeeping.

Only the fields above the line in :class:`Room` are saved (:meth:`Room.to_doc`); the rest
is this process's view of the room (its lock, its driver, who is connected) and starts
afresh whenever the room is loaded.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import msgspec

from ...table import HUMAN, Table
from ..messages import clean_name, encode
from ..tokens import hash_token, new_token

DOC_VERSION = 1


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
    hints: bool = False  # players may ask their app for hints (from their own view)
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
                "hints": self.hints,
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
            hints=d.get("hints") is True,  # a document saved before hints existed: off
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
        self.hints = fresh.hints
        self.rev = rev
        self.last_change = now
        for seat, info in enumerate(self.table.seats):
            if info.kind != HUMAN or self.tokens[seat] is None:
                self.disconnected_since[seat] = None
        key = turn_key(self.table)
        if key != self.turn_key:
            self.turn_key, self.turn_started = key, now

    @property
    def over(self) -> bool:
        match = self.table.match
        return match is not None and match.over

    # -- seats ------------------------------------------------------------------------------

    def sit(self, seat: int | None, name: str, now: float) -> tuple[int, str]:
        """Seat a human (free seat, or a bot's between deals) and mint their token."""
        table = self.table
        cleaned = clean_name(name, "")
        seat = table.sit(seat, cleaned or "Player")
        if not cleaned:
            table.seats[seat].name = f"Player {seat + 1}"
        token = new_token()
        self.tokens[seat] = hash_token(token)
        self.disconnected_since[seat] = now
        if self.host is None:
            self.host = seat
        return seat, token

    def leave(self, seat: int) -> None:
        """The seat's human goes (a bot or nobody takes it); the host passes on."""
        self.table.leave(seat)
        self.tokens[seat] = None
        self.disconnected_since[seat] = None
        if self.host == seat:
            humans = [i for i, s in enumerate(self.table.seats) if s.kind == HUMAN]
            self.host = humans[0] if humans else None

    def host_absent(self, now: float, grace_s: float) -> bool:
        """The host has been gone longer than the grace period: anyone seated may start."""
        if self.host is None:
            return True
        since = self.disconnected_since[self.host]
        return since is not None and now - since >= grace_s

    def note_change(self, now: float) -> None:
        """Bookkeeping of a change about to be saved: when, and when this turn began."""
        self.last_change = now
        key = turn_key(self.table)
        if key != self.turn_key:
            self.turn_key = key
            self.turn_started = now


def turn_key(table: Table) -> tuple[int, ...]:
    """Changes whenever a new decision is awaited (for the turn timer)."""
    match = table.match
    if match is None or match.current is None:
        return ()
    actions = len(match.logs[-1].actions) if match.logs else 0
    to_act = table.to_act
    return (len(match.deals), actions, -1 if to_act is None else to_act)
