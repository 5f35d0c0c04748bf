"""A match: the sequence of deals at one table, with each game's scoring between deals.

Thaas and Dhihaeh play a match of ``best_of`` deals; Thulla plays an open-ended series
of rounds.  Each game is a small subclass found through :data:`GAMES`, so callers never
branch on the game's name.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import ClassVar

from .actions import Action
from .cards import Card, Mask, Seat, cards_of
from .dealing import deal_hands
from .errors import IllegalActionError, SetupError
from .thulla import MAX_SEATS, MIN_SEATS, ThullaDeal
from .trick import HIDDEN, HUKUM_MODES, IMPLICIT, DhihaehDeal, ThaasDeal, TrickDeal

Deal = TrickDeal | ThullaDeal
BEST_OF = (1, 3, 5, 7)


@dataclass(frozen=True)
class GameOptions:
    """What is chosen when a table is set up."""

    game: str = "thaas"
    seats: int = 4
    hukum: str = IMPLICIT
    best_of: int = 1

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise SetupError(f"unknown game {self.game!r}; use one of {', '.join(GAMES)}")
        GAMES[self.game].check_options(self)

    def to_json(self) -> dict:
        """The record's ``options`` object (Thulla takes none)."""
        if self.game == "thulla":
            return {}
        return {"hukum": self.hukum, "best_of": self.best_of}


@dataclass
class DealLog:
    """How one deal started and what was done in it: enough to replay it exactly."""

    dealer: Seat
    hands: tuple[Mask, ...]
    set_aside: Card | None
    actions: list[tuple[Seat, Action]] = field(default_factory=list)


class Match:
    """The deals of one table.  Create with :func:`new_match`."""

    game: ClassVar[str] = ""

    def __init__(self, options: GameOptions, first_dealer: Seat) -> None:
        if not (isinstance(first_dealer, int) and 0 <= first_dealer < options.seats):
            raise SetupError(f"dealer must be a seat from 0 to {options.seats - 1}")
        self.options = options
        self.first_dealer = first_dealer
        self.deals: list[Deal] = []
        self.logs: list[DealLog] = []

    # -- rules hooks ---------------------------------------------------------------------

    @staticmethod
    def check_options(options: GameOptions) -> None:
        raise NotImplementedError

    def _new_deal(
        self,
        hands: list[Mask] | None,
        dealer: Seat,
        set_aside: Card | None,
        rng: random.Random | None,
    ) -> Deal:
        raise NotImplementedError

    def _next_dealer(self) -> Seat:
        raise NotImplementedError

    @property
    def over(self) -> bool:
        return False

    # -- playing -------------------------------------------------------------------------

    @property
    def current(self) -> Deal | None:
        return self.deals[-1] if self.deals else None

    @property
    def seats(self) -> int:
        return self.options.seats

    def next_dealer(self) -> Seat:
        """The dealer of the next deal, which the rules fix from the deals so far."""
        return self._next_dealer() if self.deals else self.first_dealer

    @property
    def needs_deal(self) -> bool:
        """True when a new deal may start: none yet, or the last is over and the match is not."""
        return not self.over and (not self.deals or self.deals[-1].over)

    def start_deal(
        self,
        rng: random.Random | None = None,
        hands: list[Mask] | None = None,
        set_aside: Card | None = None,
    ) -> Deal:
        """Start the next deal, from given hands or dealt with ``rng``."""
        if not self.needs_deal:
            raise IllegalActionError(
                "the match is over" if self.over else "the current deal is not over"
            )
        if hands is None and rng is None:
            raise SetupError("a deal needs either hands or a random source")
        deal = self._new_deal(hands, self.next_dealer(), set_aside, rng)
        self.deals.append(deal)
        hidden = getattr(deal, "set_aside", -1)
        self.logs.append(DealLog(deal.dealer, deal.start_hands, hidden if hidden >= 0 else None))
        return deal

    def apply(self, seat: Seat, action: Action) -> None:
        """Apply one action to the current deal (validated; nothing changes on error)."""
        deal = self.current
        if deal is None:
            raise IllegalActionError("no deal has started")
        deal.apply(seat, action)
        self.logs[-1].actions.append((seat, action))
        if deal.over:
            self._deal_finished(deal)

    def _deal_finished(self, deal: Deal) -> None:
        """Update the match score; called once when a deal ends."""


class _PartnershipMatch(Match):
    """Thaas and Dhihaeh: two teams, four hukum modes, the lead passes to the winners."""

    deal_class: ClassVar[type[TrickDeal]]

    def __init__(self, options: GameOptions, first_dealer: Seat) -> None:
        super().__init__(options, first_dealer)
        self.deals_won = [0, 0]
        self.winner: int | None = None

    @staticmethod
    def check_options(options: GameOptions) -> None:
        if options.seats != 4:
            raise SetupError(f"{options.game} is played by 4 seats, not {options.seats!r}")
        if options.hukum not in HUKUM_MODES:
            raise SetupError(
                f"unknown hukum mode {options.hukum!r}; use one of {', '.join(HUKUM_MODES)}"
            )
        if options.best_of not in BEST_OF:
            raise SetupError(f"best_of must be 1, 3, 5 or 7, not {options.best_of!r}")

    def _new_deal(self, hands, dealer, set_aside, rng):
        if hands is None:
            hands = deal_hands(rng, 4, dealer)
        if set_aside is None and self.options.hukum == HIDDEN and rng is not None:
            owner = cards_of(hands[(dealer + 3) & 3])
            set_aside = owner[rng.randrange(len(owner))]
        return self.deal_class(hands, dealer, self.options.hukum, set_aside)

    def _next_dealer(self) -> Seat:
        last = self.deals[-1]
        leader = last.first_leader
        for step in range(1, 5):
            seat = (leader + step) & 3
            if seat & 1 == last.winner:
                return (seat + 3) & 3
        raise AssertionError("unreachable: one of the next two seats is on each team")

    @property
    def over(self) -> bool:
        return self.winner is not None


class ThaasMatch(_PartnershipMatch):
    """Best of 1/3/5/7 deals; a sweep wins the match at once."""

    game = "thaas"
    deal_class = ThaasDeal

    def _deal_finished(self, deal: ThaasDeal) -> None:
        self.deals_won[deal.winner] += 1
        if deal.sweep or self.deals_won[deal.winner] >= (self.options.best_of + 1) // 2:
            self.winner = deal.winner


class DhihaehMatch(_PartnershipMatch):
    """All ``best_of`` deals are played unless a Big Bang ends the match; Bangs decide."""

    game = "dhihaeh"
    deal_class = DhihaehDeal

    def __init__(self, options: GameOptions, first_dealer: Seat) -> None:
        super().__init__(options, first_dealer)
        self.bangs = [0, 0]

    def _deal_finished(self, deal: DhihaehDeal) -> None:
        self.deals_won[deal.winner] += 1
        if deal.bang:
            self.bangs[deal.winner] += 1
        if deal.sweep:
            self.winner = deal.winner
        elif len(self.deals) == self.options.best_of:
            if self.bangs[0] != self.bangs[1]:
                self.winner = 0 if self.bangs[0] > self.bangs[1] else 1
            else:
                self.winner = 0 if self.deals_won[0] > self.deals_won[1] else 1


class ThullaSeries(Match):
    """An open-ended series of Thulla rounds with a running Bhabhi count."""

    game = "thulla"

    def __init__(self, options: GameOptions, first_dealer: Seat) -> None:
        super().__init__(options, first_dealer)
        self.bhabhi_count = [0] * options.seats
        self.finishing_orders: list[list[Seat]] = []

    @staticmethod
    def check_options(options: GameOptions) -> None:
        if not (isinstance(options.seats, int) and MIN_SEATS <= options.seats <= MAX_SEATS):
            raise SetupError(f"Thulla is played by 2 to 6 seats, not {options.seats!r}")

    def _new_deal(self, hands, dealer, set_aside, rng):
        if set_aside is not None:
            raise SetupError("Thulla has no set-aside card")
        if hands is None:
            return ThullaDeal.deal(rng, self.options.seats, dealer)
        return ThullaDeal(hands, dealer, self.options.seats)

    def _next_dealer(self) -> Seat:
        return (self.deals[-1].dealer + 1) % self.options.seats

    def _deal_finished(self, deal: ThullaDeal) -> None:
        if deal.bhabhi >= 0:
            self.bhabhi_count[deal.bhabhi] += 1
        self.finishing_orders.append(list(deal.out))


GAMES: dict[str, type[Match]] = {
    "thaas": ThaasMatch,
    "dhihaeh": DhihaehMatch,
    "thulla": ThullaSeries,
}


def new_match(
    options: GameOptions, first_dealer: Seat | None = None, rng: random.Random | None = None
) -> Match:
    """A match for ``options``; the first dealer is drawn from ``rng`` when not given."""
    if first_dealer is None:
        first_dealer = (rng or random.SystemRandom()).randrange(options.seats)
    return GAMES[options.game](options, first_dealer)
