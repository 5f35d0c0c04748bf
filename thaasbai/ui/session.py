"""Game sources for the table screen: one small protocol, local play behind it.

The table screen talks only to a :class:`GameSession`: it reads ``state()`` (the seat's
view JSON and the lobby, the same shapes the room server sends) and sends action dicts.
:class:`LocalSession` drives a :class:`~thaasbai.table.Table` in this process with bots; a
remote session (:class:`~thaasbai.ui.remote.RemoteSession`, a WebSocket client of the room
protocol) implements the same protocol.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .. import runtime
from ..engine.actions import action_from_json
from ..engine.errors import EngineError
from ..engine.match import GameOptions
from ..table import BOT, HUMAN, Table, TableError, play_bot_turns
from ..table.table import BOT_NAMES
from .settings import Choices

log = logging.getLogger(__name__)

OnChange = Callable[[], Awaitable[None]]


def seeded_rng() -> random.Random | None:
    """A ``Random(seed)`` when the ``seed`` launch parameter is an integer, else ``None``.

    Only browser tests set it (``?seed=11``, or ``THAASBAI_SEED`` natively:
    :func:`thaasbai.runtime.launch_params`), so they can tell who deals and what everyone
    holds; without it (real play) a :class:`~thaasbai.table.Table` shuffles with
    ``secrets``.  Every solo game started under it gets the same fresh generator, so a deal
    depends only on the game's options, never on the games played before it.
    """
    text = runtime.launch_params().get("seed", "")
    try:
        return random.Random(int(text)) if text else None
    except ValueError:
        log.warning("ignoring the seed %r: not an integer", text)
        return None


class SessionError(ValueError):
    """An action the game refused; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class SessionState:
    """What the table screen renders: the seat's view JSON (None before the deal).

    ``online`` tables also show who is connected, the turn ``timer`` of the protocol
    (``{"seat", "seconds"}`` or None) and the link's health (``connection``).
    """

    seat: int
    view: dict[str, Any] | None
    lobby: dict[str, Any]
    version: int
    online: bool = False
    timer: dict[str, Any] | None = None
    connection: str = "online"  # connecting | online | reconnecting | closed


class GameSession(Protocol):
    """A game in progress as seen from one seat."""

    on_change: OnChange | None

    def state(self) -> SessionState: ...

    async def start(self) -> None: ...

    async def act(self, action: dict[str, Any], version: int | None = None) -> None: ...

    async def next_deal(self) -> None: ...

    async def rematch(self) -> None: ...

    async def close(self) -> None: ...


class LocalSession:
    """Solo play: the human at seat 0, a bot of the chosen level at every other seat.

    Bots think off the event loop (``play_bot_turns``: a thread natively, slices in the
    browser) and move at ``pace_s`` so a person
    can follow; ``on_change`` is awaited after every change, so the screen's animations
    pace the game too.
    """

    def __init__(
        self,
        choices: Choices,
        player_name: str = "You",
        *,
        pace_s: float = 0.6,
        rng: random.Random | None = None,
    ) -> None:
        opts = GameOptions(
            game=choices.game,
            seats=choices.seats,
            hukum=choices.hukum if choices.game != "thulla" else "implicit",
            best_of=choices.best_of if choices.game != "thulla" else 1,
        )
        self.table = Table(opts, bot_level="easy", rng=rng if rng is not None else seeded_rng())
        self.table.sit(0, player_name or "You", HUMAN)
        for seat in range(1, opts.seats):
            level = choices.levels[seat - 1]
            self.table.sit(seat, f"{BOT_NAMES[seat % len(BOT_NAMES)]} (bot)", BOT, level)
        self.pace_s = pace_s
        self.on_change: OnChange | None = None
        self._lock = asyncio.Lock()
        self._bots: asyncio.Task[None] | None = None
        self._closed = False

    def state(self) -> SessionState:
        view = self.table.view(0)
        return SessionState(
            0, view.to_json() if view else None, self.table.lobby(), self.table.version
        )

    async def start(self) -> None:
        if not self.table.started:
            self.table.start()
        await self._changed()
        self._kick()

    async def act(self, action: dict[str, Any], version: int | None = None) -> None:
        try:
            a = action_from_json(action)
            async with self._lock:
                self.table.submit(0, a, version)
        except TableError as exc:
            raise SessionError(exc.code, exc.message) from None
        except EngineError as exc:
            raise SessionError("malformed", str(exc)) from None
        await self._changed()
        self._kick()

    async def next_deal(self) -> None:
        await self._between(self.table.next_deal)

    async def rematch(self) -> None:
        await self._between(self.table.rematch)

    @property
    def closed(self) -> bool:
        """The player has left this table (its bots stop, and so does its review)."""
        return self._closed

    async def close(self) -> None:
        self._closed = True
        if self._bots is not None:
            self._bots.cancel()

    async def _between(self, step: Callable[[], None]) -> None:
        try:
            step()
        except TableError as exc:
            raise SessionError(exc.code, exc.message) from None
        await self._changed()
        self._kick()

    async def _changed(self) -> None:
        if self.on_change is not None and not self._closed:
            await self.on_change()

    def _kick(self) -> None:
        """Start the bot loop unless it is already running (it re-checks every turn)."""
        if self._closed or (self._bots is not None and not self._bots.done()):
            return
        if self.table.bot_seat_to_act() is None:
            return
        self._bots = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        try:
            await play_bot_turns(self.table, self._changed, pace_s=self.pace_s, lock=self._lock)
        except asyncio.CancelledError:
            raise
        except Exception:  # a broken bot must not kill the page silently
            log.exception("bot turn failed")
