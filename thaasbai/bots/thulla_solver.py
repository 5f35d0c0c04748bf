"""Thulla with two players left, solved exactly from one seat's view.

Once only two players hold cards, every card a seat cannot see is in the other player's
hand: the cards that left the game in clean tricks were shown, so the unseen cards are
the other hand, whole.  The rest of the round is then a two-player game of perfect
information (who empties their hand first, or both at once: a draw), which a search can
settle outright while the hands are not too large.  Hard's and Ultra's rollouts play it
by Normal's rules of thumb; this plays it perfectly, and Ultra uses it whenever it can
(:mod:`.ultra`).

The search works on the two hands as bit masks (no engine copies): a lead node is "the
mover leads from ``m`` against ``o``", valued SAFE, DRAW or BHABHI for the mover, with
alpha-beta on those three values and a table of lead nodes keyed on the hands by
*relative* rank (per suit, which of the cards still in play each holds): in Thulla a
card matters only against the other cards of its suit still in play, so positions that
differ only in which cards have left the game share an entry, and cards next to each
other in rank in one hand are led or followed as one (the card leaves the game, or comes
back to the same hand) but not thrown as one (a thulla hands it to the other player).
Hand Calls need three players and giving up never beats playing on, so only cards are
searched.
"""

from __future__ import annotations

import time

from ..engine.cards import FULL_DECK, SUIT_MASKS, Card, cards_of, suits_present
from ..engine.thulla import FOLLOW, LEAD
from ..engine.views import ThullaView
from .solver import class_reps

SAFE, DRAW, BHABHI = 1, 0, -1
_SUIT = 0x1FFF
CHECK_EVERY = 1024  # lead nodes between looks at the clock


class TooBig(Exception):
    """The search passed its node limit or its deadline (its finished nodes are kept)."""


def two_player_hands(view: ThullaView) -> tuple[int, int] | None:
    """The seat's hand and the other player's, when exactly the two of them are still in
    the round and the seat is to play a card; None otherwise.  From the view alone: the
    other hand is every card not in the seat's hand, not out of the game and not on the
    table (and its size must be the one the view shows)."""
    me = view.seat
    if me is None or view.to_act != me or view.phase not in (LEAD, FOLLOW):
        return None
    left = [s for s in range(view.seats) if view.in_round[s]]
    if len(left) != 2 or me not in left:
        return None
    other_seat = left[0] if left[1] == me else left[1]
    on_table = 0
    for _, c in view.trick:
        on_table |= 1 << c
    other = FULL_DECK & ~view.hand & ~view.discarded & ~on_table
    if other.bit_count() != view.hand_sizes[other_seat]:
        return None  # not a position this solver understands: leave it to the search
    return view.hand, other


class ThullaSolver:
    """Values two-player Thulla positions; keeps its table between calls (the same round's
    later positions reuse it)."""

    def __init__(self, max_nodes: int = 200_000) -> None:
        self.max_nodes = max_nodes
        self.deadline = float("inf")
        self.nodes = 0
        self._stop = 0
        self.table: dict[tuple[int, int, int, int], int] = {}
        self._codes: dict[int, int] = {}

    def move_values(self, view: ThullaView) -> dict[Card, int]:
        """SAFE, DRAW or BHABHI for the seat after each card it may play, with best play
        by both from there.  Raises :class:`TooBig` once :attr:`nodes` (the caller resets it
        per decision) passes the node limit or the clock the deadline,
        ``ValueError`` if the view is not a two-player position with the seat to play."""
        hands = two_player_hands(view)
        if hands is None:
            raise ValueError("only a round with the seat and one other player left is solved")
        mine, other = hands
        # ``nodes`` counts on until the caller resets it
        self._stop = min(self.nodes + CHECK_EVERY, self.max_nodes)
        legal = [a for a in view.legal if 0 <= a < 52]
        out = {}
        if view.phase == LEAD:
            for c in legal:
                out[c] = -self._follow(other, mine ^ (1 << c), c)
        else:
            led = view.trick[0][1]
            for c in legal:
                out[c] = self._reply(mine, other, led, c)
        return out

    def position_value(self, a: int, b: int, a_leads: bool) -> int:
        """SAFE, DRAW or BHABHI for the player holding ``a`` against ``b`` between tricks,
        with best play by both; raises :class:`TooBig` past :attr:`max_nodes` new lead
        nodes (no clock: a rollout's world is small and fully known)."""
        self.nodes = 0
        self.deadline = float("inf")
        self._stop = min(CHECK_EVERY, self.max_nodes)
        return self._after(a, b, a_leads)

    # -- the search ---------------------------------------------------------------------

    def _lead(self, m: int, o: int) -> int:
        """The value for the mover, to lead from ``m`` against ``o`` (both hold cards and
        share a suit)."""
        key = self._key(m, o)
        hit = self.table.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes >= self._stop:
            self._check()
        best = BHABHI
        for c in self._lead_order(m, o):
            v = -self._follow(o, m ^ (1 << c), c)
            if v > best:
                best = v
                if best == SAFE:
                    break
        self.table[key] = best
        return best

    def _follow(self, f: int, lead_hand: int, led: Card) -> int:
        """The value for the follower ``f`` once the leader (left with ``lead_hand``) has
        led ``led``."""
        best = BHABHI
        sm = SUIT_MASKS[led // 13]
        same = f & sm
        others = lead_hand | 1 << led
        if same:
            reps = class_reps(same, others)  # highest first
            # Duck with the highest card that loses first, then win as cheaply as possible.
            below = [x for x in reps if x > led]
            above = [x for x in reversed(reps) if x < led]
            moves = below + above
        else:
            # A thulla, the highest cards first.  Every card is tried: the thrown card
            # goes to the leader and the rest stay, so two cards next to each other in
            # rank are no longer alike (the higher one ends up in the other hand).
            moves = cards_of(f)
            moves.sort(key=lambda x: x % 13)
        for x in moves:
            v = self._reply(f, lead_hand, led, x)
            if v > best:
                best = v
                if best == SAFE:
                    break
        return best

    def _reply(self, f: int, lead_hand: int, led: Card, x: Card) -> int:
        """The value for the follower of playing ``x`` on ``led``."""
        f2 = f ^ (1 << x)
        if x // 13 == led // 13:
            # Followed: both cards leave the game and the higher one leads next.
            return self._after(f2, lead_hand, x < led)
        # A thulla: the leader picks up both cards and leads.
        return self._after(f2, lead_hand | 1 << led | 1 << x, False)

    def _after(self, a: int, b: int, a_leads: bool) -> int:
        """The value for ``a`` once a trick is over, hands ``a`` and ``b``."""
        if not a:
            return DRAW if not b else SAFE
        if not b:
            return BHABHI
        if not suits_present(a) & suits_present(b):
            # The shootout: the player to lead next is the Bhabhi.
            return BHABHI if a_leads else SAFE
        return self._lead(a, b) if a_leads else -self._lead(b, a)

    def _lead_order(self, m: int, o: int) -> list[Card]:
        """Leads into a suit the other holds first (a lead it cannot follow comes back as
        a pick-up), the lowest card first."""
        reps = class_reps(m, o)
        held = [c for c in reversed(reps) if o & SUIT_MASKS[c // 13]]
        void = [c for c in reversed(reps) if not o & SUIT_MASKS[c // 13]]
        return held + void

    def _key(self, m: int, o: int) -> tuple[int, int, int, int]:
        """The two hands by relative rank: per suit, the mover's cards among those of the
        suit still in play (the other's are the rest)."""
        codes = self._codes
        out = []
        both = m | o
        for shift in (0, 13, 26, 39):
            x = (both >> shift & _SUIT) << 13 | (m >> shift & _SUIT)
            code = codes.get(x)
            if code is None:
                code = codes[x] = _compress(x >> 13, x & _SUIT)
            out.append(code)
        return out[0], out[1], out[2], out[3]

    def _check(self) -> None:
        self._stop = min(self.nodes + CHECK_EVERY, self.max_nodes)
        if self.nodes >= self.max_nodes or time.perf_counter() > self.deadline:
            raise TooBig


def _compress(rest: int, mine: int) -> int:
    """``mine``'s cards among ``rest`` (one suit's cards in play), as bits of their order
    from the top, with how many ``rest`` holds."""
    code = 0
    i = 0
    while rest:
        low = rest & -rest
        rest ^= low
        if mine & low:
            code |= 1 << i
        i += 1
    return code | i << 13
