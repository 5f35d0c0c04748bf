"""One round of Thulla (Bhabhi): a shedding game for two to six seats.

Phases: a seat leads (and may first make a Hand Call), the others follow, the asked
seat answers a Hand Call, or the round is over.  Giving up is open to either of the
last two players at any moment, so :meth:`ThullaDeal.apply` takes the acting seat
explicitly rather than assuming the seat to act.
"""

from __future__ import annotations

import random
from typing import ClassVar

from .actions import ACCEPT, GIVE_UP, HAND_CALL, REFUSE, Action
from .cards import SUIT_MASKS, SUITS, Card, Mask, Seat, cards_of, format_card, suits_present
from .dealing import check_full_deal, deal_hands, hand_sizes
from .errors import IllegalActionError, SetupError

ACE_OF_SPADES: Card = 0
MIN_SEATS, MAX_SEATS = 2, 6

LEAD, FOLLOW, ANSWER, OVER = "lead", "follow", "answer", "over"


class ThullaDeal:
    """State of one Thulla round."""

    game: ClassVar[str] = "thulla"

    __slots__ = (
        "seats",
        "dealer",
        "start_hands",
        "hands",
        "in_round",
        "out",
        "phase",
        "to_act",
        "leader",
        "trick",
        "led",
        "called",
        "asker",
        "tricks_done",
        "history",
        "calls",
        "discarded",
        "snapshot",
        "bhabhi",
        "draw",
        "over",
        "gave_up",
    )

    def __init__(self, hands: list[Mask], dealer: Seat, seats: int | None = None) -> None:
        seats = len(hands) if seats is None else seats
        if not (isinstance(seats, int) and MIN_SEATS <= seats <= MAX_SEATS):
            raise SetupError(f"Thulla is played by 2 to 6 seats, not {seats!r}")
        if not (isinstance(dealer, int) and 0 <= dealer < seats):
            raise SetupError(f"dealer must be a seat from 0 to {seats - 1}, not {dealer!r}")
        check_full_deal(hands, hand_sizes(seats, dealer))
        self.seats = seats
        self.dealer = dealer
        self.start_hands = tuple(hands)
        self.hands = list(hands)
        self.in_round = [True] * seats
        self.out: list[Seat] = []
        self.trick: list[tuple[Seat, Card]] = []
        self.led = -1
        self.called = False
        self.asker = -1
        self.tricks_done = 0
        # (leader, ((seat, card), ...), thulla?, seat that won or picked up)
        self.history: list[tuple[Seat, tuple[tuple[Seat, Card], ...], bool, Seat]] = []
        # (tricks done before the call, asker, asked, accepted?, cards handed over)
        self.calls: list[tuple[int, Seat, Seat, bool, int]] = []
        self.discarded = 0
        self.snapshot: dict[Seat, Mask] | None = None
        self.bhabhi = -1
        self.draw = False
        self.over = False
        self.gave_up = -1
        if seats == 2:
            self.snapshot = {0: hands[0], 1: hands[1]}
        holder = next(s for s in range(seats) if hands[s] & 1)
        self._start_lead(holder)

    @classmethod
    def deal(cls, rng: random.Random, seats: int, dealer: Seat) -> ThullaDeal:
        if not (isinstance(seats, int) and MIN_SEATS <= seats <= MAX_SEATS):
            raise SetupError(f"Thulla is played by 2 to 6 seats, not {seats!r}")
        return cls(deal_hands(rng, seats, dealer), dealer, seats)

    # -- queries ---------------------------------------------------------------------

    def next_in_round(self, seat: Seat) -> Seat:
        """The next seat after ``seat`` (wrapping) that is still in the round."""
        n = self.seats
        s = (seat + 1) % n
        while not self.in_round[s]:
            s = (s + 1) % n
        return s

    def can_give_up(self) -> list[Seat]:
        """Seats that may give up now: either of exactly two players still in the round."""
        if self.over or self.seats - len(self.out) != 2:
            return []
        return [s for s in range(self.seats) if self.in_round[s]]

    def can_hand_call(self) -> bool:
        return (
            self.phase == LEAD
            and not self.called
            and self.tricks_done >= 1
            and self.seats - len(self.out) >= 3
        )

    def legal_mask(self) -> Mask:
        """Cards the seat to act may play (empty while answering a Hand Call)."""
        if self.phase == LEAD:
            hand = self.hands[self.to_act]
            if self.tricks_done == 0:
                return hand & 1  # the first lead is the ace of spades
            return hand
        if self.phase == FOLLOW:
            hand = self.hands[self.to_act]
            return hand & SUIT_MASKS[self.led] or hand
        return 0

    def legal_actions(self, seat: Seat | None = None) -> list[Action]:
        """Legal actions of ``seat`` (default: the seat to act), sorted as RECORD.md sorts."""
        if self.over:
            return []
        if seat is None:
            seat = self.to_act
        extra = [GIVE_UP] if seat in self.can_give_up() else []
        if seat != self.to_act:
            return extra
        if self.phase == ANSWER:
            return [ACCEPT, REFUSE]
        if self.can_hand_call():
            extra.insert(0, HAND_CALL)
        return extra + cards_of(self.legal_mask())

    # -- moves -----------------------------------------------------------------------

    def apply(self, seat: Seat, action: Action) -> None:
        """Validate and apply one action; raises :class:`IllegalActionError` and changes
        nothing if it is not allowed."""
        if self.over:
            raise IllegalActionError("the round is over")
        if not (isinstance(seat, int) and 0 <= seat < self.seats):
            raise IllegalActionError(f"no seat {seat!r} at this table")
        if action == GIVE_UP:
            if seat not in self.can_give_up():
                raise IllegalActionError("giving up is allowed only to the last two players")
            self._give_up(seat)
            return
        if seat != self.to_act:
            raise IllegalActionError(f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        if self.phase == ANSWER:
            if action not in (ACCEPT, REFUSE):
                raise IllegalActionError(f"seat {seat} must accept or refuse the Hand Call")
            self._answer(action == ACCEPT)
            return
        if action == HAND_CALL:
            if not self.can_hand_call():
                raise IllegalActionError(_why_no_hand_call(self))
            self._hand_call()
            return
        if not 0 <= action < 52:
            raise IllegalActionError("that action is not open now")
        if not self.legal_mask() >> action & 1:
            if not self.hands[seat] >> action & 1:
                raise IllegalActionError(f"seat {seat} does not hold {format_card(action)}")
            if self.phase == LEAD:
                raise IllegalActionError("the first trick must be led with the ace of spades")
            raise IllegalActionError(
                f"seat {seat} must follow suit ({SUITS[self.led]}) and cannot play "
                f"{format_card(action)}"
            )
        self.play_card(action)

    def play_card(self, c: Card) -> None:
        """Play a legal card for the seat to act, without validation (for search)."""
        seat = self.to_act
        self.hands[seat] ^= 1 << c
        trick = self.trick
        suit = c // 13
        if not trick:
            self.led = suit
        trick.append((seat, c))
        if suit != self.led:
            self._thulla()
            return
        nxt = self.next_in_round(seat)
        if nxt == self.leader:
            self._clean_trick()
        else:
            self.phase = FOLLOW
            self.to_act = nxt

    def _thulla(self) -> None:
        """A player could not follow: the highest card of the led suit picks up the trick."""
        led = self.led
        picker = min((c, s) for s, c in self.trick if c // 13 == led)[1]
        for _, c in self.trick:
            self.hands[picker] |= 1 << c
        self._close_trick(thulla=True, taker=picker, next_leader=picker)

    def _clean_trick(self) -> None:
        winner = min((c, s) for s, c in self.trick)[1]
        for _, c in self.trick:
            self.discarded |= 1 << c
        leader = winner if self.hands[winner] else None
        self._close_trick(thulla=False, taker=winner, next_leader=leader)

    def _close_trick(self, thulla: bool, taker: Seat, next_leader: Seat | None) -> None:
        played = self.trick
        self.history.append((self.leader, tuple(played), thulla, taker))
        self.trick = []
        self.led = -1
        self.tricks_done += 1
        for s, _ in played:  # going out, in the order they played
            if not self.hands[s] and self.in_round[s]:
                self._go_out(s)
        if next_leader is None:
            next_leader = self._next_holder(taker)
        if self._round_ends(next_leader):
            return
        self._start_lead(next_leader)

    def _next_holder(self, seat: Seat) -> Seat:
        """The next seat after ``seat`` that still holds cards (``seat`` if none does)."""
        for i in range(1, self.seats + 1):
            s = (seat + i) % self.seats
            if self.hands[s]:
                return s
        return seat

    def _go_out(self, seat: Seat) -> None:
        self.in_round[seat] = False
        self.out.append(seat)

    def _start_lead(self, seat: Seat) -> None:
        self.phase = LEAD
        self.to_act = seat
        self.leader = seat
        self.called = False

    def _round_ends(self, next_leader: Seat) -> bool:
        """Check the end of the round after a trick or an accepted Hand Call."""
        holders = [s for s in range(self.seats) if self.in_round[s]]
        if not holders:
            self.draw = True
            self._finish()
            return True
        if len(holders) == 1:
            self.bhabhi = holders[0]
            self._finish()
            return True
        if len(holders) == 2:
            a, b = holders
            if self.snapshot is None:
                self.snapshot = {a: self.hands[a], b: self.hands[b]}
            if not suits_present(self.hands[a]) & suits_present(self.hands[b]):
                # The shootout: the result is certain, the next leader is the Bhabhi.
                self.bhabhi = next_leader
                self._go_out(b if next_leader == a else a)
                self._finish()
                return True
        return False

    def _finish(self) -> None:
        self.over = True
        self.phase = OVER
        self.to_act = -1

    def _hand_call(self) -> None:
        self.called = True
        self.asker = self.to_act
        self.phase = ANSWER
        self.to_act = self.next_in_round(self.asker)

    def _answer(self, accept: bool) -> None:
        asker, asked = self.asker, self.to_act
        handed = self.hands[asked].bit_count() if accept else 0
        self.calls.append((self.tricks_done, asker, asked, accept, handed))
        self.phase = LEAD
        self.to_act = asker
        if accept:
            self.hands[asker] |= self.hands[asked]
            self.hands[asked] = 0
            self._go_out(asked)
            self._round_ends(asker)

    def _give_up(self, seat: Seat) -> None:
        other = next(s for s in range(self.seats) if self.in_round[s] and s != seat)
        self.gave_up = seat
        self.bhabhi = seat
        self._go_out(other)
        self._finish()

    # -- copying and results ------------------------------------------------------------

    def copy(self) -> ThullaDeal:
        """A cheap independent copy for search (every slot; the lists are copied, the
        snapshot dict is never mutated and is shared)."""
        o = object.__new__(ThullaDeal)
        o.seats = self.seats
        o.dealer = self.dealer
        o.start_hands = self.start_hands
        o.hands = self.hands[:]
        o.in_round = self.in_round[:]
        o.out = self.out[:]
        o.phase = self.phase
        o.to_act = self.to_act
        o.leader = self.leader
        o.trick = self.trick[:]
        o.led = self.led
        o.called = self.called
        o.asker = self.asker
        o.tricks_done = self.tricks_done
        o.history = self.history[:]
        o.calls = self.calls[:]
        o.discarded = self.discarded
        o.snapshot = self.snapshot
        o.bhabhi = self.bhabhi
        o.draw = self.draw
        o.over = self.over
        o.gave_up = self.gave_up
        return o

    def reveal(self) -> dict[Seat, Mask]:
        """The hands shown when the round ends (empty before the end or if never two)."""
        if not self.over or self.snapshot is None:
            return {}
        return dict(self.snapshot)

    def card_count(self) -> int:
        on_table = len(self.trick)
        return sum(h.bit_count() for h in self.hands) + self.discarded.bit_count() + on_table


def _why_no_hand_call(deal: ThullaDeal) -> str:
    if deal.phase != LEAD:
        return "a Hand Call is made only by the player about to lead"
    if deal.called:
        return "only one Hand Call is allowed before each lead"
    if deal.tricks_done == 0:
        return "a Hand Call is allowed from the second trick onward"
    return "a Hand Call needs at least three players still in the round"
