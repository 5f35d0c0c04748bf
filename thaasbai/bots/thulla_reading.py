"""Card reading in Thulla: how well a sampled world explains the other seats' plays.

Normal's Thulla play says a lot about a hand: a safe follow sheds the seat's highest card
of the suit, a thulla throws its highest card of all, a duck plays the highest card under
the trick's.  So a world in which a seat that followed with the seven of spades also held
the king is unlikely, were the seat playing like Normal (Hard keeps Normal's card unless
its search is sure of better).  :func:`thulla_play_likelihood` replays the round from
the start in the world (its hands taken back through every pick-up) and weighs it by
``p_match`` for each play that was Normal's card (or one alike: next to it in rank), the
rest shared among the other legal cards, as :func:`.inference.play_likelihood` does in
Thaas and Dhihaeh.  It reads only the view and the world, never the real deal.

Normal's card depends on the seat's own hand and on what every seat sees, so the weight
is a product of one factor per seat, each read from that seat's hand alone.
:class:`ThullaReading` replays the record once, keeps every play's public context, and
then weighs one seat's hand without the engine: what the Metropolis chains of
:mod:`.posterior` need, since a swap of two cards changes only two seats' factors.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine.cards import FULL_DECK, SUIT_MASKS, Mask, Seat
from ..engine.thulla import LEAD, ThullaDeal
from ..engine.views import ThullaView
from .common import alike
from .thulla_policy import seats_to_come, thulla_card


def start_hands(view: ThullaView, world: ThullaDeal) -> list[int]:
    """The hands the round was dealt with, were ``world``'s hands the present ones: every
    card played goes back to its player, every pick-up back out of its taker's hand."""
    hands = list(world.hands)
    for seat, c in reversed(view.trick):
        hands[seat] |= 1 << c
    for _, cards, thulla, taker in reversed(view.history):
        if thulla:
            for _, c in cards:
                hands[taker] &= ~(1 << c)
        for seat, c in reversed(cards):
            hands[seat] |= 1 << c
    return hands


def thulla_play_likelihood(
    view: ThullaView, world: ThullaDeal, p_match: float = 0.6, floor: float = 0.0
) -> float:
    """How likely the other seats' plays were in ``world`` had they played like Normal.

    As :func:`.inference.play_likelihood`: below ``floor`` the answer is 0.0 and the
    replay stops there.  A round with a Hand Call is not read (1.0): a call moves a whole
    hand, which the replay does not follow."""
    if view.calls:
        return 1.0
    me = view.seat
    n = view.seats
    d = ThullaDeal(start_hands(view, world), view.dealer, n)
    plays = [p for _, cards, _, _ in view.history for p in cards]
    plays.extend(view.trick)
    voids = [0] * n  # as Normal reads them from its view: the suits each seat threw on
    w = 1.0
    for seat, c in plays:
        if d.to_act != seat:  # the world does not replay as the view says (never expected)
            return 1.0
        led = d.led
        if seat != me:
            legal = d.legal_mask()
            count = legal.bit_count()
            if count > 1:
                guess = _normal_card(d, seat, legal, voids)
                hand = d.hands[seat]
                live = FULL_DECK & ~d.discarded
                if alike(guess, c, hand, live):
                    w *= p_match
                else:
                    w *= (1.0 - p_match) / (count - 1)
                    if w < floor:
                        return 0.0
        if d.trick and c // 13 != led:
            voids[seat] |= 1 << led
        d.play_card(c)
    return w if w >= floor else 0.0


def _normal_card(d: ThullaDeal, seat: Seat, legal: int, voids: list[int]) -> int:
    """Normal's card for ``seat`` in ``d``, from what its view would show then."""
    to_come = seats_to_come(seat, d.leader, d.in_round)
    on_table = 0
    for _, c in d.trick:
        on_table |= 1 << c
    others = FULL_DECK & ~d.discarded & ~d.hands[seat] & ~on_table
    outstanding = [(others & SUIT_MASKS[x]).bit_count() for x in range(4)]
    led = d.led if d.trick else -1
    return thulla_card(d.hands[seat], legal, list(d.trick), led, to_come, voids, outstanding)


@dataclass(frozen=True, slots=True)
class _Play:
    """One play of another seat, with what every seat saw when it was made."""

    card: int
    trick: list[tuple[Seat, int]]  # lists, as thulla_card takes them (never changed)
    led: int  # -1 for a lead
    first_lead: bool  # the round's first lead: the ace of spades, no choice
    to_come: list[Seat]
    voids: list[int]
    discarded: Mask
    on_table: Mask
    gone: Mask  # the seat's hand then: (its present hand & ~gone) | back
    back: Mask


class ThullaReading:
    """:func:`thulla_play_likelihood` split by seat, for a view weighed many times.

    ``world`` is any world consistent with ``view``: only the round's public course is
    read from it (who led, who picked up, who went out).  ``seat_weight(s, hand)`` is
    seat ``s``'s factor for its present hand ``hand``; the product of every seat's factor
    is the likelihood of the world with those hands (a test holds the two together)."""

    def __init__(self, view: ThullaView, world: ThullaDeal, p_match: float = 0.6) -> None:
        self.p_match = p_match
        self.plays: dict[Seat, list[_Play]] = {s: [] for s in range(view.seats)}
        # per seat and play, a follow's factor by the seat's cards of the led suit
        self._memos: dict[Seat, list[dict[Mask, float]]] = {s: [] for s in self.plays}
        if view.calls:  # not read, as in thulla_play_likelihood
            return
        me = view.seat
        n = view.seats
        d = ThullaDeal(start_hands(view, world), view.dealer, n)
        plays = [p for _, cards, _, _ in view.history for p in cards]
        plays.extend(view.trick)
        voids = [0] * n
        raw: list[tuple[int, Seat, _Play]] = []  # (play number, seat, its context)
        picked: list[tuple[int, Seat, Mask]] = []  # (after play number, taker, cards)
        for i, (seat, c) in enumerate(plays):
            before = len(d.history)
            if seat != me:
                on_table = 0
                for _, x in d.trick:
                    on_table |= 1 << x
                ctx = _Play(
                    c,
                    list(d.trick),
                    d.led if d.trick else -1,
                    d.phase == LEAD and d.tricks_done == 0,
                    seats_to_come(seat, d.leader, d.in_round),
                    voids[:],
                    d.discarded,
                    on_table,
                    0,
                    0,
                )
                raw.append((i, seat, ctx))
            if d.trick and c // 13 != d.led:
                voids[seat] |= 1 << d.led
            d.play_card(c)
            if len(d.history) > before and d.history[-1][2]:
                _, cards, _, taker = d.history[-1]
                picked.append((i, taker, sum(1 << x for _, x in cards)))
        # Each play's hand from the present one, going back through the seat's later
        # pick-ups (cards out) and plays (cards back in): (present & ~gone) | back.
        events: list[tuple[int, int, Seat, Mask]] = [
            (i, 0, s, 1 << c) for i, (s, c) in enumerate(plays)
        ]
        events.extend((i, 1, taker, cards) for i, taker, cards in picked)
        events.sort()
        gone = [0] * n
        back = [0] * n
        at: dict[int, tuple[Mask, Mask]] = {}
        for i, pickup, seat, cards in reversed(events):
            if pickup:
                gone[seat] |= cards
                back[seat] &= ~cards
            else:
                back[seat] |= cards
                at[i] = (gone[seat], back[seat])
        for i, seat, ctx in raw:
            self.plays[seat].append(replace(ctx, gone=at[i][0], back=at[i][1]))
        self._memos = {s: [{} for _ in self.plays[s]] for s in self.plays}

    def seat_weight(self, seat: Seat, hand: Mask, floor: float = 0.0) -> float:
        """Seat ``seat``'s factor with ``hand`` as its present hand; 0.0 once it falls
        below ``floor`` (the rest of the replay skipped).  A follow's factor depends only
        on the seat's cards of the led suit, so it is kept per play by those cards: a
        chain's swap in another suit finds it again."""
        p_match = self.p_match
        miss = 1.0 - p_match
        memos = self._memos[seat]
        w = 1.0
        for p, memo in zip(self.plays[seat], memos, strict=True):
            if p.first_lead:
                continue
            held = (hand & ~p.gone) | p.back
            led = p.led
            follow = held & SUIT_MASKS[led] if led >= 0 else 0
            if follow:
                f = memo.get(follow)
                if f is None:
                    f = memo[follow] = self._factor(p, held, follow, p_match, miss)
            else:
                f = self._factor(p, held, held, p_match, miss)
            w *= f
            if w < floor:
                return 0.0
        return w

    @staticmethod
    def _factor(p: _Play, held: Mask, legal: Mask, p_match: float, miss: float) -> float:
        count = legal.bit_count()
        if count < 2:
            return 1.0
        others = FULL_DECK & ~p.discarded & ~held & ~p.on_table
        outstanding = [(others & SUIT_MASKS[x]).bit_count() for x in range(4)]
        guess = thulla_card(held, legal, p.trick, p.led, p.to_come, p.voids, outstanding)
        if alike(guess, p.card, held, FULL_DECK & ~p.discarded):
            return p_match
        return miss / (count - 1)

    def weight(self, hands: list[Mask], floor: float = 0.0) -> float:
        """The likelihood of a world with these present hands (every seat's factor)."""
        w = 1.0
        for seat in self.plays:
            w *= self.seat_weight(seat, hands[seat])
            if w < floor:
                return 0.0
        return w
