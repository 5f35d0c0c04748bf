"""The games kept on the device: one storage key per finished game, oldest dropped first.

Each game is one JSON entry under ``thaasbai.history.<stamp>`` (the stamp sorts in the
order saved), so writing a game never rewrites another and a failed write loses nothing:
the store raises :class:`HistoryError` and the history stays as it was.  How many games
are kept is the player's choice (:data:`LIMITS`, Settings): the last 50, 200 or 1000, or
all of them until the device's storage is full, after which the oldest make room.  A solo game
keeps its whole record (docs/RECORD.md, what ``thaasbai replay`` reads); an online game
keeps only what the seat was shown (:class:`OnlineRecorder`).  Reading skips an entry
that is corrupt or not ours, with a notice, rather than failing the whole list.
"""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..engine.errors import RecordError
from ..engine.record import replay
from .storage import KeyValue
from .summary import Summary, summary_of_match, summary_of_seen

PREFIX = "thaasbai.history."
KIND = "thaasbai.history"
VERSION = 1
DEFAULT_LIMIT = 200
# The History's sizes to choose from; None keeps every game until storage is full.
LIMITS: tuple[int | None, ...] = (50, 200, 1000, None)
PROBE_KEY = "thaasbai.history-probe"  # not under PREFIX: never listed as a game
MAX_RECORD_CHARS = 1_000_000  # a record file larger than this is not a game of ours


class HistoryError(ValueError):
    """A game could not be saved or imported; nothing was changed."""


@dataclass(frozen=True)
class Entry:
    """One kept game."""

    key: str
    saved: str  # ISO 8601, UTC
    seat: int
    players: tuple[str, ...]  # a name per seat
    levels: tuple[str | None, ...]  # a bot level per seat, None for a person
    online: bool
    summary: Summary
    record: dict | None = None  # the full record (solo games, imports)
    seen: dict | None = None  # online games: only what the seat was shown
    imported: bool = False  # a record file brought in: not one of the player's games

    @property
    def level(self) -> str:
        """The bots' level for "Your record": one level, ``mixed``, or ``online``."""
        if self.online:
            return "online"
        others = {lv for s, lv in enumerate(self.levels) if s != self.seat and lv}
        if not others:
            return "people"
        return others.pop() if len(others) == 1 else "mixed"

    @property
    def opponents(self) -> tuple[str, ...]:
        return tuple(p for s, p in enumerate(self.players) if s != self.seat)

    def export_text(self) -> str:
        """The file to share: the record (``thaasbai replay`` reads it), or for an online
        game the views the seat was shown."""
        return json.dumps(self.record if self.record is not None else self.seen, indent=1)

    def to_json(self) -> str:
        doc: dict[str, Any] = {
            "kind": KIND,
            "version": VERSION,
            "saved": self.saved,
            "seat": self.seat,
            "players": list(self.players),
            "levels": list(self.levels),
            "online": self.online,
        }
        if self.imported:
            doc["imported"] = True
        if self.record is not None:
            doc["record"] = self.record
        else:
            doc["seen"] = self.seen
        return json.dumps(doc, separators=(",", ":"))


def parse_entry(key: str, text: object) -> Entry:
    """An entry from its stored text; ``ValueError`` if it is corrupt or not ours."""
    if not isinstance(text, str):
        raise ValueError("not text")
    doc = json.loads(text)
    if not isinstance(doc, dict) or doc.get("kind") != KIND:
        raise ValueError("not a Thaasbai game")
    if doc.get("version") != VERSION:
        raise ValueError(f"saved by another version ({doc.get('version')!r})")
    seat = doc["seat"]
    players = tuple(str(p) for p in doc["players"])
    levels = tuple(lv if isinstance(lv, str) else None for lv in doc["levels"])
    if type(seat) is not int or not 0 <= seat < len(players) or len(levels) != len(players):
        raise ValueError("bad seat or players")
    common = {
        "key": key,
        "saved": str(doc["saved"]),
        "seat": seat,
        "players": players,
        "levels": levels,
        "online": bool(doc["online"]),
        "imported": doc.get("imported") is True,
    }
    if "record" in doc:
        match = replay(doc["record"])  # RecordError is a ValueError
        if match.seats != len(players):
            raise ValueError("players do not match the record")
        return Entry(summary=summary_of_match(match, seat), record=doc["record"], **common)
    seen = doc["seen"]
    try:
        summary = summary_of_seen(seen)
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"malformed online game: {exc}") from None
    return Entry(summary=summary, seen=seen, **common)


@dataclass
class Listing:
    entries: list[Entry]  # oldest first
    notices: list[str] = field(default_factory=list)  # entries skipped, in words


class HistoryStore:
    """The history on a :class:`~.storage.KeyValue` backend (``ft.SharedPreferences``).

    ``limit``: the most games kept (the oldest go first when a new one is kept), or None:
    every game, until the storage refuses one; then the oldest are dropped, one by one,
    until the new game fits (an error only if it does not fit on its own)."""

    def __init__(self, storage: KeyValue, limit: int | None = DEFAULT_LIMIT) -> None:
        self.storage = storage
        self.limit = limit
        self._last_stamp = 0

    @property
    def limit(self) -> int | None:
        return self._limit

    @limit.setter
    def limit(self, value: int | None) -> None:
        if value is not None and value < 1:
            raise ValueError("the history keeps at least one game")
        self._limit = value

    def _new_key(self) -> str:
        stamp = max(time.time_ns(), self._last_stamp + 1)  # strictly increasing
        self._last_stamp = stamp
        return f"{PREFIX}{stamp:020d}"

    async def keys(self) -> list[str]:
        return sorted(await self.storage.get_keys(PREFIX))

    async def load(self) -> Listing:
        """Every kept game, oldest first; corrupt or foreign entries skipped with a notice."""
        out = Listing([])
        for key in await self.keys():
            try:
                out.entries.append(parse_entry(key, await self.storage.get(key)))
            except (ValueError, KeyError, TypeError) as exc:
                when = _stamp_text(key)
                out.notices.append(
                    f"A saved game from {when} could not be read and is skipped ({exc})."
                )
        return out

    async def save_record(
        self,
        record: dict,
        seat: int,
        players: list[str],
        levels: list[str | None],
        online: bool = False,
        imported: bool = False,
    ) -> Entry:
        """Keep a finished solo game (its full record)."""
        try:
            match = replay(record)
        except RecordError as exc:
            raise HistoryError(f"Not a valid game record: {exc}") from None
        if not 0 <= seat < match.seats or len(players) != match.seats:
            raise HistoryError("The seat or players do not match the record")
        entry = Entry(
            key=self._new_key(),
            saved=_now(),
            seat=seat,
            players=tuple(players),
            levels=tuple(levels),
            online=online,
            summary=summary_of_match(match, seat),
            record=record,
            imported=imported,
        )
        await self._write(entry)
        return entry

    async def save_seen(self, seen: dict, players: list[str]) -> Entry:
        """Keep an online game: only what the seat was shown (:class:`OnlineRecorder`)."""
        try:
            summary = summary_of_seen(seen)
        except (KeyError, TypeError, IndexError, ValueError) as exc:
            raise HistoryError(f"Not a valid online game: {exc}") from None
        entry = Entry(
            key=self._new_key(),
            saved=_now(),
            seat=seen["seat"],
            players=tuple(players),
            levels=(None,) * len(players),
            online=True,
            summary=summary,
            seen=seen,
        )
        await self._write(entry)
        return entry

    async def import_text(self, text: str, seat: int = 0, name: str = "You") -> Entry:
        """Keep a record file someone sent (what ``thaasbai replay`` reads)."""
        if len(text) > MAX_RECORD_CHARS:
            raise HistoryError("The file is too large to be a game record")
        try:
            record = json.loads(text)
        except ValueError:
            raise HistoryError("The file is not a game record (not JSON)") from None
        if not isinstance(record, dict):
            raise HistoryError("The file is not a game record")
        seats = record.get("seats")
        if type(seats) is not int or not 2 <= seats <= 6:
            raise HistoryError('the file is not a game record (no valid "seats")')
        players = [name if s == seat else f"Seat {s}" for s in range(seats)]
        return await self.save_record(record, seat, players, [None] * seats, imported=True)

    async def remove(self, key: str) -> None:
        await self.storage.remove(key)

    async def _write(self, entry: Entry) -> None:
        text = entry.to_json()
        while True:
            try:
                ok = await self.storage.set(entry.key, text)
            except Exception as exc:  # the backend's own error for a full or broken storage
                ok = False
                cause: Exception | None = exc
            else:
                cause = None
            if ok is not False:
                break
            with contextlib.suppress(Exception):  # already failing: the error says so
                await self.storage.remove(entry.key)  # nothing half-written stays behind
            older = [k for k in await self.keys() if k != entry.key]
            if self.limit is None and older and await self._takes_small_writes():
                await self.storage.remove(older[0])  # keep all: the oldest makes room
                continue
            raise HistoryError(
                "Storage on this device is full: the game was not saved. "
                "Remove some old games from History, or keep fewer in Settings."
            ) from cause
        await self.trim()

    async def _takes_small_writes(self) -> bool:
        """Whether the backend still stores a tiny value: then it refused the game for
        want of room, and dropping old games helps; a backend that refuses everything is
        broken, and dropping games would only lose them."""
        try:
            ok = await self.storage.set(PROBE_KEY, "1")
        except Exception:
            return False
        with contextlib.suppress(Exception):
            await self.storage.remove(PROBE_KEY)
        return ok is not False

    async def trim(self) -> list[str]:
        """Drop the oldest games beyond the limit; the keys dropped."""
        if self.limit is None:
            return []
        keys = await self.keys()
        gone = keys[: max(0, len(keys) - self.limit)]
        for old in gone:
            await self.storage.remove(old)  # oldest first
        return gone


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _stamp_text(key: str) -> str:
    try:
        ns = int(key[len(PREFIX) :])
        return datetime.fromtimestamp(ns / 1e9, UTC).strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return "an unknown date"


class OnlineRecorder:
    """Keeps an online game as the seat saw it: per deal, its hand in the first view of
    the deal (``start_seen``: that view came before anything was played, so it is the hand
    as dealt) and the last view of the deal (which holds the trick history, and Thulla's
    reveal once the rules show it).  Fed the view JSON the server sends; never more."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.deals: list[dict[str, Any]] = []
        self.game: str | None = None
        self.seats = 0
        self.options: dict[str, Any] = {}
        self._current: int | None = None

    def feed(self, view: dict[str, Any]) -> None:
        if view.get("seat") != self.seat:
            return  # a spectator's view, or another seat's: not this player's game
        self.game = view["game"]
        self.seats = view["seats"]
        match = view.get("match", {})
        number = match.get("deal_number", match.get("rounds_played"))
        if self.game != "thulla":
            self.options = {"hukum": view["hukum_mode"], "best_of": match.get("best_of", 1)}
        if number != self._current:
            self._current = number
            fresh = not view["history"] and not view["trick"] and not view.get("calls")
            self.deals.append(
                {"dealer": view["dealer"], "start_hand": list(view["hand"]), "start_seen": fresh}
            )
        self.deals[-1]["final"] = view

    def finished(self) -> list[dict[str, Any]]:
        return [d for d in self.deals if d.get("final", {}).get("status") == "over"]

    def seen(self) -> dict[str, Any]:
        """The document :meth:`HistoryStore.save_seen` keeps: finished deals only."""
        doc: dict[str, Any] = {"game": self.game, "seats": self.seats, "seat": self.seat}
        if self.options:
            doc["options"] = self.options
        doc["deals"] = self.finished()
        return doc
