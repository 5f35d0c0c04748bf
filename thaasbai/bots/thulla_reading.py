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
"""

from __future__ import annotations

from ..engine.cards import FULL_DECK, SUIT_MASKS, Seat
from ..engine.thulla import ThullaDeal
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
