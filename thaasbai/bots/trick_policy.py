"""The Normal heuristic for Thaas and Dhihaeh card play, on plain ints.

One function serves both the Normal bot (fed from its view) and the search bots'
rollouts (fed from a sampled world), so it takes only what a seat may know: its hand,
the trick, the hukum, the played cards and, optionally, the voids shown so far.
"""

from __future__ import annotations

from ..engine.actions import DECLARE, Action
from ..engine.cards import SUIT_MASKS, TENS, Card, Mask, Seat
from .common import (
    bottom,
    bottom_equivalent,
    is_master,
    lowest_card,
    suit_strength,
    top,
    winning_index,
)

FULL = (1 << 52) - 1
SECOND_HAND_LOW = False
IMPLICIT_SHORT = True
NO_CASH_IMPLICIT = True
# The Normal bot's own rules (``bot_rules``), on top of the rules the search bots model
# every seat with.  While the implicit hukum is still open, a seat that cannot follow
# names the hukum with its discard and takes the trick, so a second hand that beats the
# lead without a master only spends a card: it plays low (session 26: 53% of 5,000
# duplicate deals against the Normal before), and leading the short suit to be first
# void it leads its master there rather than a low card (a further 50.6% of 8,000).
# Second hand low once the hukum is known was tried too: half a point against Normal,
# but as much lost against Easy, so not kept.  As the search levels' default move and
# rollouts the open-hukum rules gained Hard nothing measurable (51.9% of 80 deals) and
# cost Ultra 3.5 points of its margin over Hard (55.4% of 480 plays against 59.0%), so
# those keep the rules they were measured with.  Module flags so the screens
# (bench/normal_rules.py) can switch each off on one side.
OPEN_SECOND_HAND_LOW = True
OPEN_SHORT_MASTER = True


def declare_suit(hand: Mask) -> Action:
    """Name as hukum the suit this hand is strongest in."""
    return DECLARE + max(range(4), key=lambda s: (suit_strength(hand, s), -s))


def heuristic_card(
    hand: Mask,
    seat: Seat,
    trick: list[Card],
    leader: Seat,
    led: int,
    hukum: int,
    implicit_open: bool,
    played: Mask,
    dhihaeh: bool,
    voids: list[int] | None = None,
    no_hukum: bool = False,
    last_led: list[int] | None = None,
    bot_rules: bool = False,
) -> Card:
    """The card Normal plays.

    ``implicit_open``: implicit mode with no hukum yet, so a discard sets the hukum.
    ``played``: every card played face up (tricks and the table).  ``voids``: per seat, a
    4-bit mask of suits that seat has shown it lacks (``None``: not tracked).
    ``no_hukum``: the deal is played in `none` mode, where nothing is ever ruffed, so
    masters are cashed and kept, and long suits are led from the top of a sequence
    (see :func:`_lead`).  ``last_led``: per seat, the suit it led last (-1: none yet,
    :func:`last_leads`); with no hukum a seat goes on with its side's suit.
    ``bot_rules``: the Normal bot's own rules while the implicit hukum is open
    (``OPEN_SECOND_HAND_LOW``, ``OPEN_SHORT_MASTER``); the search bots' rollouts, default
    moves and card reading play without them.
    """
    race = implicit_open and bot_rules
    second_low = SECOND_HAND_LOW or (race and OPEN_SECOND_HAND_LOW)
    seen = played | hand
    if not trick:
        return _lead(
            hand, seat, hukum, implicit_open, seen, dhihaeh, voids, no_hukum, last_led, race
        )
    follow = hand & SUIT_MASKS[led]
    wi = winning_index(trick, led, hukum)
    wc = trick[wi]
    partner_winning = ((leader + wi - seat) & 1) == 0
    pos = len(trick)
    if follow:
        return _follow(
            follow,
            hand,
            seat,
            trick,
            wc,
            partner_winning,
            pos,
            led,
            hukum,
            seen,
            dhihaeh,
            voids,
            no_hukum,
            second_low,
        )
    return _void(
        hand, trick, wc, partner_winning, pos, led, hukum, implicit_open, seen, dhihaeh, no_hukum
    )


def _safe_for_partner(
    wc: Card, pos: int, led: int, hukum: int, seen: Mask, next_void: bool
) -> bool:
    """Will the partner's winning card hold against the one opponent still to play?"""
    if pos == 3:
        return True
    if wc // 13 == hukum:
        return is_master(wc, seen)
    if next_void and hukum >= 0:
        return False
    return is_master(wc, seen)


def _low(m: Mask, dhihaeh: bool, keep_tens: bool = True) -> Card:
    """The cheapest card of ``m``; in Dhihaeh a ten is kept back when something else will do."""
    if dhihaeh and keep_tens and m & ~TENS:
        m &= ~TENS
    return lowest_card(m)


def _follow(
    follow: Mask,
    hand: Mask,
    seat: Seat,
    trick: list[Card],
    wc: Card,
    partner_winning: bool,
    pos: int,
    led: int,
    hukum: int,
    seen: Mask,
    dhihaeh: bool,
    voids: list[int] | None,
    no_hukum: bool,
    second_low: bool,
) -> Card:
    live = FULL & ~seen | hand
    nxt = (seat + 1) & 3
    next_void = bool(voids and voids[nxt] >> led & 1)
    if partner_winning:
        if _safe_for_partner(wc, pos, led, hukum, seen, next_void):
            ten = follow & TENS
            if dhihaeh and ten:
                return top(ten)  # give our ten to the partner's trick
            return _low(follow, dhihaeh)
        # Do not overtake the partner, unless with a master (the last opponent may beat
        # the partner's card, never the master) where nothing can ruff, or one that also
        # saves a ten in Dhihaeh.
        mine = top(follow)
        if (
            pos == 2
            and mine < wc
            and is_master(mine, seen)
            and not next_void
            and (no_hukum or (dhihaeh and follow & TENS))
        ):
            return bottom_equivalent(mine, hand, live)
        return _low(follow, dhihaeh)
    if wc // 13 != led:  # already ruffed by an opponent: cannot win by following
        return _low(follow, dhihaeh)
    beaters = follow & ((1 << wc) - 1)
    if not beaters:
        return _low(follow, dhihaeh)
    if pos == 3:
        return bottom(beaters)
    best = top(beaters)
    if is_master(best, seen) and not next_void:
        return bottom_equivalent(best, hand, live)
    trick_has_ten = any(c % 13 == 4 for c in trick)
    if pos == 2 or (dhihaeh and trick_has_ten):
        return bottom_equivalent(best, hand, live)  # third hand high
    if second_low:
        return _low(follow, dhihaeh)
    return bottom(beaters)


def _void(
    hand: Mask,
    trick: list[Card],
    wc: Card,
    partner_winning: bool,
    pos: int,
    led: int,
    hukum: int,
    implicit_open: bool,
    seen: Mask,
    dhihaeh: bool,
    no_hukum: bool,
) -> Card:
    if implicit_open:
        # Our discard names the hukum and already wins this trick: pick our best suit.
        s = max(range(4), key=lambda x: (suit_strength(hand, x), -x))
        part = hand & SUIT_MASKS[s]
        if dhihaeh and part & ~TENS:
            part &= ~TENS
        return bottom(part)
    trumps = hand & SUIT_MASKS[hukum] if hukum >= 0 else 0
    side = hand & ~trumps
    if partner_winning and _safe_for_partner(wc, pos, led, hukum, seen, False):
        return _discard(side or hand, hand, dhihaeh, True, seen, no_hukum)
    if trumps and not partner_winning:
        need = trumps & ((1 << wc) - 1) if wc // 13 == hukum else trumps
        if need:
            return bottom(need)
    return _discard(side or hand, hand, dhihaeh, partner_winning, seen, no_hukum)


def _discard(
    m: Mask, hand: Mask, dhihaeh: bool, give_ten: bool, seen: Mask, keep_masters: bool
) -> Card:
    """Throw away: a ten onto the partner's trick in Dhihaeh, else the lowest card of the
    shortest suit (to make a void), keeping tens back and, with ``keep_masters`` (no hukum:
    a master is a sure trick there), a suit that is all masters too."""
    if dhihaeh and give_ten and m & TENS:
        return top(m & TENS)
    best = -1
    best_key: tuple[int, int] | None = None
    for s in range(4):
        part = m & SUIT_MASKS[s]
        if not part:
            continue
        if dhihaeh and part & ~TENS:
            part &= ~TENS
        c = bottom(part)
        key = (c % 13 == 4 and dhihaeh, (hand & SUIT_MASKS[s]).bit_count() * 13 - c % 13)
        key = (int(key[0]) + 2 * (keep_masters and is_master(c, seen)), key[1])
        if best_key is None or key < best_key:
            best, best_key = c, key
    return best


def _lead(
    hand: Mask,
    seat: Seat,
    hukum: int,
    implicit_open: bool,
    seen: Mask,
    dhihaeh: bool,
    voids: list[int] | None,
    no_hukum: bool,
    last_led: list[int] | None,
    race: bool,
) -> Card:
    opp_void = 0
    partner_void = 0
    if voids is not None:
        opp_void = voids[(seat + 1) & 3] | voids[(seat + 3) & 3]
        partner_void = voids[(seat + 2) & 3]
    trumps = hand & SUIT_MASKS[hukum] if hukum >= 0 else 0
    if trumps:
        out_trumps = SUIT_MASKS[hukum] & ~seen
        best = top(trumps)
        if out_trumps and is_master(best, seen) and trumps.bit_count() >= out_trumps.bit_count():
            return best  # draw the opponents' trumps
    # Cash masters in side suits the opponents can still follow (or, with no hukum, in
    # any suit: nothing can ruff them).
    cash = -1
    cash_out = -1
    least_out = 3 if implicit_open else 0 if no_hukum else 1
    for s in range(4):
        if s == hukum or (opp_void >> s & 1 and not no_hukum):
            continue
        part = hand & SUIT_MASKS[s]
        if not part:
            continue
        c = top(part)
        out = (SUIT_MASKS[s] & ~seen).bit_count()
        if is_master(c, seen) and out > least_out and out > cash_out:
            cash, cash_out = c, out
    if cash >= 0 and not (implicit_open and NO_CASH_IMPLICIT):
        return cash
    if implicit_open and IMPLICIT_SHORT:
        # No hukum yet: lead our shortest suit, so that we are first to be void and name
        # the hukum ourselves.
        s = min(
            (x for x in range(4) if hand & SUIT_MASKS[x]),
            key=lambda x: ((hand & SUIT_MASKS[x]).bit_count(), suit_strength(hand, x)),
        )
        short = hand & SUIT_MASKS[s]
        if race and OPEN_SHORT_MASTER and is_master(top(short), seen):
            return top(short)
        return _low(short, dhihaeh)
    if no_hukum and last_led is not None:
        # Go on with the suit the partner led last, else the one we did: the side's long
        # suit pays only once the opponents' stoppers are driven out.
        for s in (last_led[(seat + 2) & 3], last_led[seat]):
            if s >= 0 and hand & SUIT_MASKS[s]:
                return _sequence_top(hand & SUIT_MASKS[s], seen, dhihaeh)
    # Otherwise lead low from the longest side suit the opponents do not ruff.
    best = -1
    best_key = None
    for s in range(4):
        part = hand & SUIT_MASKS[s]
        if not part:
            continue
        ruffed = bool(opp_void >> s & 1) and hukum >= 0
        key = (ruffed, s == hukum, -(bool(partner_void >> s & 1) and hukum >= 0), -part.bit_count())
        if best_key is None or key < best_key:
            best_key = key
            best = _sequence_top(part, seen, dhihaeh) if no_hukum else _low(part, dhihaeh)
    return best


def last_leads(history: list[tuple[Seat, tuple[Card, ...], Seat]]) -> list[int]:
    """Per seat, the suit it led last in the finished tricks ``history`` (-1: none)."""
    led = [-1, -1, -1, -1]
    for leader, cards, _ in history:
        led[leader] = cards[0] // 13
    return led


def _sequence_top(part: Mask, seen: Mask, dhihaeh: bool) -> Card:
    """The lead from a long suit with no hukum: the top of two touching honours (the
    cards played between them count as touching), which drives out the opponents' higher
    card and keeps the next; else the lowest card.  A Dhihaeh ten is not led this way."""
    c = top(part)
    nxt = c + 1
    while nxt % 13 and seen >> nxt & 1 and not part >> nxt & 1:
        nxt += 1
    if nxt % 13 and part >> nxt & 1 and c % 13 <= (3 if dhihaeh else 4):
        return c
    return _low(part, dhihaeh)
