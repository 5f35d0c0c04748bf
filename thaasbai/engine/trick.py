"""One deal of Thaas or Dhihaeh: four seats, two partnerships, an optional hukum.

The two games share the deal, trick play and the four hukum modes; they differ only in
when the deal ends and who wins it, which :class:`ThaasDeal` and :class:`DhihaehDeal`
override.  The state is a handful of ints and short lists so that search can copy it
and play thousands of deals a second.
"""

from __future__ import annotations

import random
from typing import ClassVar

from .actions import DECLARE, Action
from .cards import SUIT_MASKS, SUITS, TENS, Card, Mask, Seat, cards_of, format_card
from .dealing import check_full_deal, deal_hands
from .errors import IllegalActionError, SetupError

IMPLICIT, DECLARED, HIDDEN, NONE = "implicit", "declared", "hidden", "none"
HUKUM_MODES = (IMPLICIT, DECLARED, HIDDEN, NONE)
SEATS = 4


class TrickDeal:
    """State of one Thaas-family deal.  Use :meth:`apply`; search may use :meth:`play_card`."""

    game: ClassVar[str] = ""

    __slots__ = (
        "dealer",
        "mode",
        "start_hands",
        "hands",
        "set_aside",
        "set_aside_owner",
        "revealed",
        "hukum",
        "hukum_how",
        "declaring",
        "to_act",
        "leader",
        "trick",
        "trick_mask",
        "led",
        "tricks",
        "tricks_played",
        "tens",
        "history",
        "played",
        "over",
        "winner",
        "sweep",
        "bang",
    )

    def __init__(
        self,
        hands: list[Mask],
        dealer: Seat,
        mode: str = IMPLICIT,
        set_aside: Card | None = None,
    ) -> None:
        if mode not in HUKUM_MODES:
            raise SetupError(f"unknown hukum mode {mode!r}; use one of {', '.join(HUKUM_MODES)}")
        if not (isinstance(dealer, int) and 0 <= dealer < SEATS):
            raise SetupError(f"dealer must be a seat from 0 to 3, not {dealer!r}")
        check_full_deal(hands, [13] * SEATS)
        self.dealer = dealer
        self.mode = mode
        self.start_hands = tuple(hands)
        self.hands = list(hands)
        self.set_aside = -1
        self.set_aside_owner = (dealer + 3) & 3
        self.revealed = False
        self.hukum = -1
        self.hukum_how: str | None = None
        self.declaring = mode == DECLARED
        self.leader = (dealer + 1) & 3
        self.trick: list[Card] = []
        self.trick_mask = 0
        self.led = -1
        self.tricks = [0, 0]
        self.tricks_played = 0
        self.tens = [0, 0]
        self.history: list[tuple[Seat, tuple[Card, ...], Seat]] = []
        self.played = 0
        self.over = False
        self.winner = -1
        self.sweep = False
        self.bang = False
        if mode == HIDDEN:
            if set_aside is None:
                raise SetupError("hidden mode needs the set-aside card")
            if not self.hands[self.set_aside_owner] >> set_aside & 1:
                raise SetupError(
                    f"the set-aside card {format_card(set_aside)} is not in the hand of "
                    f"seat {self.set_aside_owner} (the dealer's right)"
                )
            self.set_aside = set_aside
            self.hands[self.set_aside_owner] ^= 1 << set_aside
        elif set_aside is not None:
            raise SetupError("a set-aside card is only used with hukum mode 'hidden'")
        self.to_act = self.leader

    @classmethod
    def deal(cls, rng: random.Random, dealer: Seat, mode: str = IMPLICIT) -> TrickDeal:
        """A fresh random deal; in hidden mode the set-aside card is drawn from ``rng`` too."""
        hands = deal_hands(rng, SEATS, dealer)
        set_aside = None
        if mode == HIDDEN:
            owner_cards = cards_of(hands[(dealer + 3) & 3])
            set_aside = owner_cards[rng.randrange(len(owner_cards))]
        return cls(hands, dealer, mode, set_aside)

    # -- queries ---------------------------------------------------------------------

    @property
    def first_leader(self) -> Seat:
        return (self.dealer + 1) & 3

    @property
    def seats(self) -> int:
        return SEATS

    def legal_mask(self) -> Mask:
        """The cards the seat to act may play (not meaningful while declaring)."""
        hand = self.hands[self.to_act]
        if self.trick:
            follow = hand & SUIT_MASKS[self.led]
            if follow:
                return follow
        return hand

    def legal_actions(self, seat: Seat | None = None) -> list[Action]:
        """Legal actions of ``seat`` (default: the seat to act), sorted as RECORD.md sorts."""
        if self.over or (seat is not None and seat != self.to_act):
            return []
        if self.declaring:
            return [DECLARE + s for s in range(4)]
        return cards_of(self.legal_mask())

    def trick_seats(self) -> list[Seat]:
        """Seats of the cards in the current trick, in the order played."""
        return [(self.leader + i) & 3 for i in range(len(self.trick))]

    # -- moves -----------------------------------------------------------------------

    def apply(self, seat: Seat, action: Action) -> None:
        """Validate and apply one action; raises :class:`IllegalActionError` and changes
        nothing if it is not allowed."""
        if self.over:
            raise IllegalActionError("the deal is over")
        if seat != self.to_act:
            raise IllegalActionError(f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        if self.declaring:
            if not DECLARE <= action < DECLARE + 4:
                raise IllegalActionError(f"seat {seat} must first name the hukum suit")
            self.hukum = action - DECLARE
            self.hukum_how = DECLARED
            self.declaring = False
            return
        if not 0 <= action < 52:
            raise IllegalActionError("only a card can be played now")
        if not self.legal_mask() >> action & 1:
            if not self.hands[seat] >> action & 1:
                raise IllegalActionError(f"seat {seat} does not hold {format_card(action)}")
            raise IllegalActionError(
                f"seat {seat} must follow suit ({SUITS[self.led]}) and cannot play "
                f"{format_card(action)}"
            )
        self.play_card(action)

    def play_card(self, c: Card) -> None:
        """Play a legal card for the seat to act, without validation (for search)."""
        seat = self.to_act
        bit = 1 << c
        hands = self.hands
        hands[seat] ^= bit
        trick = self.trick
        if not trick:
            self.led = c // 13
        elif self.hukum < 0 and c // 13 != self.led and self.mode == IMPLICIT:
            # The first card played by a player who cannot follow sets the hukum, and
            # already counts as a hukum card in this trick.
            self.hukum = c // 13
            self.hukum_how = IMPLICIT
        trick.append(c)
        self.trick_mask |= bit
        self.played |= bit
        if len(trick) < 4:
            # The turn passes on (what _give_turn does, inlined: this is the hot path).
            seat = (seat + 1) & 3
            self.to_act = seat
            if self.set_aside >= 0 and not self.revealed:
                hand = hands[seat]
                if not hand or not hand & SUIT_MASKS[self.led]:
                    self._reveal()
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        m = self.trick_mask
        hukum = self.hukum
        win = m & SUIT_MASKS[hukum] if hukum >= 0 else 0
        if not win:
            win = m & SUIT_MASKS[self.led]
        trick = self.trick
        leader = self.leader
        winner = (leader + trick.index((win & -win).bit_length() - 1)) & 3
        team = winner & 1
        self.tricks[team] += 1
        self.tricks_played += 1
        self.tens[team] += (m & TENS).bit_count()
        self.history.append((leader, tuple(trick), winner))
        self.trick = []
        self.trick_mask = 0
        self.led = -1
        if self._deal_is_decided():
            self.over = True
            self.to_act = -1
            return
        self.leader = winner
        self._give_turn(winner)

    def _give_turn(self, seat: Seat) -> None:
        self.to_act = seat
        if self.set_aside >= 0 and not self.revealed:
            hand = self.hands[seat]
            if not hand or (self.trick and not hand & SUIT_MASKS[self.led]):
                self._reveal()

    def _reveal(self) -> None:
        """Hidden mode: turn the set-aside card face up and return it to its owner."""
        self.revealed = True
        self.hukum = self.set_aside // 13
        self.hukum_how = HIDDEN
        self.hands[self.set_aside_owner] |= 1 << self.set_aside

    def _deal_is_decided(self) -> bool:
        raise NotImplementedError

    # -- copying ---------------------------------------------------------------------

    def copy(self) -> TrickDeal:
        """A cheap independent copy for search (every slot; the lists are copied).

        Written out slot by slot: about three times as fast as a ``setattr`` loop, and
        copies are the inner loop of every search.  A test
        (``test_copy_copies_every_slot_and_shares_no_mutable_state``) keeps this list in
        step with ``__slots__``.
        """
        o = object.__new__(self.__class__)
        o.dealer = self.dealer
        o.mode = self.mode
        o.start_hands = self.start_hands
        o.hands = self.hands[:]
        o.set_aside = self.set_aside
        o.set_aside_owner = self.set_aside_owner
        o.revealed = self.revealed
        o.hukum = self.hukum
        o.hukum_how = self.hukum_how
        o.declaring = self.declaring
        o.to_act = self.to_act
        o.leader = self.leader
        o.trick = self.trick[:]
        o.trick_mask = self.trick_mask
        o.led = self.led
        o.tricks = self.tricks[:]
        o.tricks_played = self.tricks_played
        o.tens = self.tens[:]
        o.history = self.history[:]
        o.played = self.played
        o.over = self.over
        o.winner = self.winner
        o.sweep = self.sweep
        o.bang = self.bang
        return o

    # -- results ---------------------------------------------------------------------

    @property
    def hidden_card_pending(self) -> bool:
        """True while a set-aside card lies face down (hidden mode, not yet revealed)."""
        return self.set_aside >= 0 and not self.revealed

    def card_count(self) -> int:
        """Cards in hands, on the table, played, and face down: always 52."""
        total = sum(h.bit_count() for h in self.hands) + (self.played.bit_count())
        return total + (1 if self.hidden_card_pending else 0)


class ThaasDeal(TrickDeal):
    """Thaas: the 7-trick lock ends the deal unless one team is still chasing a sweep."""

    game = "thaas"
    __slots__ = ()

    def _deal_is_decided(self) -> bool:
        a, b = self.tricks
        if self.tricks_played == 13 or (a >= 7 and b >= 1) or (b >= 7 and a >= 1):
            self.winner = 0 if a > b else 1
            self.sweep = a == 13 or b == 13
            return True
        return False


class DhihaehDeal(TrickDeal):
    """Dhihaeh: all 13 tricks are played and the tens decide."""

    game = "dhihaeh"
    __slots__ = ()

    def _deal_is_decided(self) -> bool:
        if self.tricks_played < 13:
            return False
        t0, t1 = self.tens
        if t0 != t1:
            self.winner = 0 if t0 > t1 else 1
        else:
            self.winner = 0 if self.tricks[0] > self.tricks[1] else 1
        self.bang = t0 == 4 or t1 == 4
        self.sweep = self.tricks[0] == 13 or self.tricks[1] == 13
        return True
