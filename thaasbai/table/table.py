"""A table in play: the match, its seats, and the one submit pipeline.

Humans (from the app or the network) and bots act, start, deal and rematch through the
same checks, in the order docs/PROTOCOL.md lists them: the seat, the game's state, the
turn, the version, the action (:meth:`Table._admit`).  The first failure refuses the
request with its code and changes nothing.  Every change bumps ``version`` so a client's
request made against an old state is refused rather than misapplied.  The room server adds
only what a table cannot know (tokens, the host) before calling in, so solo and online
play answer the same bad request with the same code.
No sockets and no UI here: the app and the room server both drive a Table.
"""

from __future__ import annotations

import random
import secrets
from typing import Any, Literal

from ..bots import LEVELS
from ..engine.actions import Action, format_action
from ..engine.errors import EngineError
from ..engine.match import Deal, GameOptions, Match, new_match
from ..engine.record import replay, to_record
from ..engine.views import View, view_for
from .errors import TableError
from .seats import BOT, FREE, HUMAN, SeatInfo

BOT_NAMES = ("Aminath", "Hassan", "Mariyam", "Ibrahim", "Aishath", "Moosa")

# What a request asks of the table; each passes the same pipeline (:meth:`Table._admit`).
Request = Literal["act", "start", "next_deal", "rematch"]


class Table:
    """One table: options, seats, the match once started, and a version counter."""

    def __init__(
        self,
        options: GameOptions,
        *,
        bot_level: str = "normal",
        rng: random.Random | None = None,
    ) -> None:
        if bot_level not in LEVELS:
            raise TableError("malformed", f"unknown bot level {bot_level!r}")
        self.options = options
        self.bot_level = bot_level
        self.seats = [SeatInfo() for _ in range(options.seats)]
        self.match: Match | None = None
        self.version = 0
        # Deals are shuffled from a cryptographically strong source in real play; tests
        # pass a seeded Random for reproducible deals.
        self.rng: random.Random = rng if rng is not None else secrets.SystemRandom()
        self.bot_rng = random.Random(self.rng.getrandbits(64))

    # -- seats -----------------------------------------------------------------------------

    def sit(self, seat: int | None, name: str, kind: str = HUMAN, bot_level: str = "") -> int:
        """Seat a human (or a bot) at ``seat`` or the first free seat; returns the seat.

        A bot's seat may be taken by a human between deals (or before the start)."""
        if seat is None:
            free = [i for i, s in enumerate(self.seats) if s.kind == FREE]
            if not free and self.match is not None and self._between_deals():
                free = [i for i, s in enumerate(self.seats) if s.kind == BOT]
            if not free:
                raise TableError("seat_taken", "every seat is taken")
            seat = free[0]
        if not (isinstance(seat, int) and 0 <= seat < len(self.seats)):
            raise TableError("bad_seat", f"no seat {seat!r} at this table")
        current = self.seats[seat]
        if current.kind == HUMAN or (current.kind == BOT and not self._between_deals()):
            raise TableError("seat_taken", f"seat {seat} is taken")
        level = bot_level or self.bot_level
        if kind == BOT and level not in LEVELS:
            raise TableError("malformed", f"unknown bot level {level!r}")
        self.seats[seat] = SeatInfo(kind=kind, name=name, bot_level=level)
        self.version += 1
        return seat

    def leave(self, seat: int) -> None:
        """A human leaves: before the start the seat is freed, during play a bot takes it."""
        info = self.seats[seat]
        if info.kind != HUMAN:
            return
        if self.match is None:
            self.seats[seat] = SeatInfo()
        else:
            self.seats[seat] = SeatInfo(kind=BOT, name=_bot_name(seat), bot_level=self.bot_level)
        self.version += 1

    def set_away(self, seat: int, away: bool) -> None:
        """Mark a human as away (a bot plays their turns) or back."""
        if self.seats[seat].kind == HUMAN and self.seats[seat].away != away:
            self.seats[seat].away = away
            self.version += 1

    def _between_deals(self) -> bool:
        return self.match is None or self.match.current is None or self.match.current.over

    # -- the game ----------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.match is not None

    def start(self, version: int | None = None) -> None:
        """Fill empty seats with bots and deal the first deal."""
        self._admit("start", version)
        for i, info in enumerate(self.seats):
            if info.kind == FREE:
                self.seats[i] = SeatInfo(kind=BOT, name=_bot_name(i), bot_level=self.bot_level)
        self.match = new_match(self.options, rng=self.rng)
        self.match.start_deal(self.rng)
        self.version += 1

    def next_deal(self, version: int | None = None) -> None:
        """Deal the next deal once the current one is over."""
        self._admit("next_deal", version)
        self._require_match().start_deal(self.rng)
        self.version += 1

    def rematch(self, version: int | None = None) -> None:
        """A new match with the same seats, once the match is over."""
        self._admit("rematch", version)
        self.match = new_match(self.options, rng=self.rng)
        self.match.start_deal(self.rng)
        self.version += 1

    def submit(self, seat: int, action: Action, version: int | None = None) -> None:
        """Take ``seat``'s game action, human or bot, made against ``version``."""
        self._admit("act", version, seat, action)
        try:
            self._require_match().apply(seat, action)
        except EngineError as exc:  # legal_actions and apply agree; this is a safety net
            raise TableError("illegal", str(exc)) from None
        self.version += 1

    def _admit(
        self,
        request: Request,
        version: int | None,
        seat: int | None = None,
        action: Action | None = None,
    ) -> None:
        """The one pipeline: PROTOCOL.md's checks 4 to 8, in its order.

        Raises the first failure's :class:`TableError` before anything changes.  ``None``
        for ``version`` skips the staleness check (optional for ``next_deal`` and
        ``rematch``; the app's own calls)."""
        # 4. the seat is one of the table's
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(self.seats)):
            raise TableError("bad_seat", f"no seat {seat!r} at this table")
        # 5. the game's state allows the request
        deal = self._check_state(request)
        # 6. the seat has a decision to make
        legal = deal.legal_actions(seat) if deal is not None else []
        if request == "act" and not legal:
            raise TableError("not_your_turn", f"it is not seat {seat}'s turn")
        # 7. the request was made against this state
        if version is not None and version != self.version:
            raise TableError(
                "stale_version", f"the table is at version {self.version}, not {version}"
            )
        # 8. the action is one of those open to the seat
        if request == "act" and action not in legal:
            raise TableError("illegal", f"{format_action(action)} is not allowed now")

    def _check_state(self, request: Request) -> Deal | None:
        """Step 5 of the pipeline: is the game in a state where ``request`` makes sense?
        Returns the deal in progress for an action (``None`` for the other requests)."""
        if request == "start":
            if self.match is not None:
                raise TableError("already_started", "the game has already started")
            return None
        match = self._require_match()
        if request == "act":
            if match.current is None or match.current.over:
                raise TableError("game_over", "this deal is over")
            return match.current
        if request == "next_deal" and match.over:
            raise TableError("game_over", "the match is over")
        if request == "next_deal" and not match.needs_deal:
            raise TableError("deal_in_progress", "the deal is not over")
        if request == "rematch" and not match.over:
            raise TableError("game_in_progress", "the match is not over yet")
        return None

    def _require_match(self) -> Match:
        if self.match is None:
            raise TableError("not_started", "the game has not started")
        return self.match

    # -- what each seat sees -----------------------------------------------------------------

    def view(self, seat: int | None) -> View | None:
        """The seat's view (``None`` seat: a spectator's); ``None`` before the start."""
        if self.match is None:
            return None
        return view_for(self.match, seat)

    @property
    def to_act(self) -> int | None:
        deal = self.match.current if self.match else None
        if deal is None or deal.over:
            return None
        return deal.to_act

    def bot_seat_to_act(self) -> int | None:
        """The seat to act if a bot plays it now (a bot seat, or an away human)."""
        seat = self.to_act
        if seat is not None and self.seats[seat].played_by_bot:
            return seat
        return None

    def bot_level_for(self, seat: int) -> str:
        info = self.seats[seat]
        return info.bot_level if info.kind == BOT else self.bot_level

    def bot_request(self, seat: int) -> tuple[str, int]:
        """The level and a fresh seed for the seat's next bot move."""
        return self.bot_level_for(seat), self.bot_rng.getrandbits(64)

    def lobby(self) -> dict[str, Any]:
        """Public facts about the table: never a card, a token or a seed."""
        return {
            "game": self.options.game,
            "seats": len(self.seats),
            "options": self.options.to_json(),
            "bots": self.bot_level,
            "started": self.started,
            "seat_list": [s.to_json() for s in self.seats],
        }

    # -- persistence ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Everything needed to restore the table: holds hidden cards, so server-side only."""
        return {
            "options": {
                "game": self.options.game,
                "seats": self.options.seats,
                "hukum": self.options.hukum,
                "best_of": self.options.best_of,
            },
            "bot_level": self.bot_level,
            "seats": [s.to_json() for s in self.seats],
            "version": self.version,
            "record": to_record(self.match) if self.match else None,
            "first_dealer": self.match.first_dealer if self.match else None,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Table:
        table = cls(GameOptions(**d["options"]), bot_level=d["bot_level"])
        table.seats = [SeatInfo.from_json(s) for s in d["seats"]]
        if d.get("record") is not None:
            record = d["record"]
            if record["deals"]:
                table.match = replay(record)
            else:
                table.match = new_match(table.options, first_dealer=d["first_dealer"])
        table.version = d["version"]
        return table


def _bot_name(seat: int) -> str:
    return f"{BOT_NAMES[seat % len(BOT_NAMES)]} (bot)"
