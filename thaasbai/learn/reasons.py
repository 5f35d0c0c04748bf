"""A short reason in words for a suggested action, when a plain rule of play explains it.

Only the seat's view is read (its hand, the table, the cards played), so a reason can
never give away a hidden card.  Most suggestions from the search have such a rule behind
them; when none fits, no reason is given rather than a made-up one.
"""

from __future__ import annotations

from ..bots.common import is_master, winning_index
from ..engine.actions import ACCEPT, DECLARE, GIVE_UP, HAND_CALL, REFUSE, Action
from ..engine.cards import FULL_DECK, SUIT_MASKS, SUITS, TENS, card_name
from ..engine.views import ThullaView, TrickView, View

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def suit_name(s: int) -> str:
    return SUIT_NAMES[SUITS[s]]


def _one(s: int) -> str:
    """``spade``: the suit's name for one card of it."""
    return suit_name(s)[:-1]


def reason_for(view: View, action: Action) -> str | None:
    """Why ``action`` is a good choice for ``view.seat``, or ``None`` when no rule says."""
    if len(view.legal) == 1:
        return "It is the only thing you may do."
    if isinstance(view, TrickView):
        return _trick_reason(view, action)
    return _thulla_reason(view, action)


# -- Thaas and Dhihaeh -----------------------------------------------------------------


def _trick_reason(view: TrickView, a: Action) -> str | None:
    if DECLARE <= a < DECLARE + 4:
        return f"Name {suit_name(a - DECLARE)}: it is your longest, strongest suit."
    hand = view.hand
    seen = view.played | hand
    hukum = view.hukum if view.hukum is not None else -1
    dhihaeh = view.game == "dhihaeh"
    suit = a // 13
    if not view.trick:
        return _lead_reason(view, a, seen, hukum)
    cards = [c for _, c in view.trick]
    led = view.led if view.led is not None else cards[0] // 13
    wi = winning_index(cards, led, hukum)
    wc = cards[wi]
    winner = view.trick[wi][0]
    partner = ((winner - view.seat) & 1) == 0
    last = len(cards) == 3
    follow = hand & SUIT_MASKS[led]
    lowest = _is_lowest(a, follow or hand)
    if follow:
        if len(cards) and partner and (last or is_master(wc, seen)):
            if dhihaeh and TENS >> a & 1:
                return "Your partner is winning this trick: give them your ten."
            if lowest:
                return "Your partner is already winning: play low."
        if wc // 13 != led and lowest:
            return "The trick is already trumped: play your lowest card."
        beats = suit == wc // 13 and a < wc
        if beats and last and _cheapest_winner(a, follow, wc):
            return "You play last: win the trick as cheaply as you can."
        if beats and is_master(a, seen):
            return f"The {card_name(a)} is the highest {_one(suit)} left: take the trick."
        if not (follow & ((1 << wc) - 1)) and lowest:
            return "You cannot win this trick: play your lowest card."
        return None
    # No card of the led suit.
    if view.hukum is None and view.hukum_mode == "implicit":
        return (
            f"You have no {suit_name(led)}: your card names the hukum, so choose "
            f"{suit_name(suit)}, a suit you are strong in."
        )
    if suit == hukum:
        if partner and (last or is_master(wc, seen)):
            return None
        return "You have no " + suit_name(led) + ": trump it with a hukum."
    if partner and dhihaeh and TENS >> a & 1:
        return "Your partner is winning this trick: give them your ten."
    if partner:
        return "Your partner is winning: throw away a card you do not need."
    return "You cannot win this trick: throw away a card you do not need."


def _lead_reason(view: TrickView, a: Action, seen: int, hukum: int) -> str | None:
    suit = a // 13
    if suit == hukum and hukum >= 0:
        out = SUIT_MASKS[hukum] & FULL_DECK & ~seen
        if out and out.bit_count() <= 2 and is_master(a, seen):
            return "Draw the last hukum: then your other winners are safe."
        if out and is_master(a, seen):
            return "Draw the opponents' hukum with your highest one."
    if is_master(a, seen):
        return f"Lead a winner: the {card_name(a)} is the highest {_one(suit)} left."
    return None


def _is_lowest(a: int, m: int) -> bool:
    """Is ``a`` of the lowest rank among the cards of ``m`` (any suit)?"""
    rank = a % 13
    return all(rank >= c % 13 for c in range(52) if m >> c & 1)


def _cheapest_winner(a: int, follow: int, wc: int) -> bool:
    beaters = follow & ((1 << wc) - 1)
    return beaters.bit_length() - 1 == a  # the lowest card that beats ``wc``


# -- Thulla ------------------------------------------------------------------------------


def _thulla_reason(view: ThullaView, a: Action) -> str | None:
    if a == ACCEPT:
        return "Accepting hands over your cards and takes you out safe."
    if a == REFUSE:
        return None
    if a == GIVE_UP:
        return None
    if a == HAND_CALL:
        return "Ask for the next player's hand: more cards now, but you lead what you like."
    hand = view.hand
    if not view.trick:
        if view.tricks_done == 0:
            return "The ace of spades starts the round."
        part = hand & SUIT_MASKS[a // 13]
        if part.bit_count() == 1:
            return "Lead your last card of a suit: the next time it is led you can thulla."
        return None
    led = view.led if view.led is not None else view.trick[0][1] // 13
    follow = hand & SUIT_MASKS[led]
    if not follow:
        top = min((c for c in range(52) if hand >> c & 1), key=lambda c: c % 13)
        if a % 13 == top % 13:
            return f"You have no {suit_name(led)}: give a thulla and shed your highest card."
        return f"You have no {suit_name(led)}: give a thulla."
    high = min(c for _, c in view.trick if c // 13 == led)
    still = [s for s in _to_play(view)]
    if not still and a == (follow & -follow).bit_length() - 1:
        return "Everyone else has played: the trick is thrown away, so shed your highest card."
    if a > high and not follow & ((1 << high) - 1) & ~(1 << a):
        return None
    if a > high:
        return "Stay under the highest card on the table, so you do not pick up."
    return None


def _to_play(view: ThullaView) -> list[int]:
    """Seats still to play in this trick after ``view.seat`` (by the seats in the round)."""
    played = {s for s, _ in view.trick}
    return [s for s in range(view.seats) if view.in_round[s] and s not in played and s != view.seat]
