"""Exact endgame solver for Thaas and Dhihaeh: can a team still win, with all cards seen?

The deal's result is a yes/no for one team, so the search is an AND/OR tree (alpha-beta
with a null window): the team's seats need one winning card, the opponents' seats must
have none.  Speed comes from a transposition table at trick boundaries, move ordering
(cheapest winner first), equivalent-card pruning (cards adjacent in rank once the played
cards are gone are interchangeable, except tens in Dhihaeh), and early cut-offs: in Thaas
the deal is decided the moment a team reaches 7 tricks; in Dhihaeh at 3 tens.
"""

from __future__ import annotations

from ..engine.cards import SUIT_MASKS, TENS, Card, Mask
from ..engine.trick import IMPLICIT, TrickDeal


class Unsolvable(ValueError):
    """The position still hides the face-down hukum card; the solver needs it known."""


class Solver:
    """Solves positions for one game; keeps its transposition table between calls."""

    def __init__(self, game: str) -> None:
        self.dhihaeh = game == "dhihaeh"
        self.tt: dict[tuple, bool] = {}
        self.nodes = 0
        self.hands: list[Mask] = []
        self.team = 0
        self.implicit = False

    def wins(self, d: TrickDeal, team: int) -> bool:
        """True if ``team`` wins the deal from ``d`` with best play by both sides."""
        if d.over:
            return d.winner == team
        if d.set_aside >= 0 and not d.revealed:
            raise Unsolvable("the hidden hukum card is still face down")
        if d.declaring:
            raise Unsolvable("the hukum has not been declared")
        self.hands = d.hands[:]
        self.team = team
        self.implicit = d.mode == IMPLICIT
        me, opp = d.tricks[team], d.tricks[1 - team]
        xme, xopp = d.tens[team], d.tens[1 - team]
        key_prefix = (team, self.implicit)
        if key_prefix != getattr(self, "_prefix", None):
            self.tt.clear()
            self._prefix = key_prefix
        return self._node(list(d.trick), d.leader, d.led, d.hukum, me, opp, xme, xopp)

    def _decided(self, me: int, opp: int, xme: int, xopp: int, left: int) -> int:
        """1 won, 0 lost, -1 still open."""
        if not self.dhihaeh:
            if me >= 7:
                return 1
            if opp >= 7:
                return 0
            return -1
        if xme >= 3:
            return 1
        if xopp >= 3:
            return 0
        if xme == 2 and xopp == 2:
            if me >= 7:
                return 1
            if opp >= 7:
                return 0
        if left == 0:
            return 1 if (xme, me) > (xopp, opp) else 0
        return -1

    def _node(
        self,
        trick: list[Card],
        leader: int,
        led: int,
        hukum: int,
        me: int,
        opp: int,
        xme: int,
        xopp: int,
    ) -> bool:
        self.nodes += 1
        hands = self.hands
        pos = len(trick)
        seat = (leader + pos) & 3
        key = None
        if pos == 0:
            left = hands[leader].bit_count()
            state = self._decided(me, opp, xme, xopp, left)
            if state >= 0:
                return state == 1
            key = (hands[0], hands[1], hands[2], hands[3], leader, hukum, me, xme, xopp)
            hit = self.tt.get(key)
            if hit is not None:
                return hit
        hand = hands[seat]
        legal = hand & SUIT_MASKS[led] if pos else 0
        if not legal:
            legal = hand
        maximise = (seat & 1) == self.team
        result = not maximise
        for c in self._moves(legal, hand, trick, led, hukum):
            bit = 1 << c
            hands[seat] = hand ^ bit
            h = hukum
            if h < 0 and self.implicit and pos and c // 13 != led:
                h = c // 13
            if pos == 3:
                t = [*trick, c]
                best = t[0]
                bi = 0
                for i in (1, 2, 3):
                    x = t[i]
                    if (x // 13 == best // 13 and x < best) or (x // 13 == h and best // 13 != h):
                        best, bi = x, i
                ours = ((leader + bi) & 1) == self.team
                tens = (
                    (TENS >> t[0] & 1) + (TENS >> t[1] & 1) + (TENS >> t[2] & 1) + (TENS >> c & 1)
                )
                if ours:
                    v = self._node([], (leader + bi) & 3, -1, h, me + 1, opp, xme + tens, xopp)
                else:
                    v = self._node([], (leader + bi) & 3, -1, h, me, opp + 1, xme, xopp + tens)
            else:
                v = self._node([*trick, c], leader, led if pos else c // 13, h, me, opp, xme, xopp)
            hands[seat] = hand
            if v == maximise:
                result = maximise
                break
        if key is not None:
            self.tt[key] = result
        return result

    def _moves(
        self, legal: Mask, hand: Mask, trick: list[Card], led: int, hukum: int
    ) -> list[Card]:
        """One card per class of equivalent cards, likely winners first."""
        hands = self.hands
        live = hands[0] | hands[1] | hands[2] | hands[3] | hand
        for c in trick:
            live |= 1 << c
        others = live & ~hand
        tens = TENS if self.dhihaeh else 0
        reps: list[Card] = []
        m = legal
        prev = -1
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if prev >= 0 and prev // 13 == c // 13 and not (tens >> c & 1 or tens >> prev & 1):
                between = ((1 << c) - 1) & ~((1 << (prev + 1)) - 1)
                if not between & others:
                    prev = c
                    continue  # worth the same as the card just kept
            reps.append(c)
            prev = c
        if len(reps) < 2:
            return reps
        if not trick:
            return sorted(reps, key=lambda x: x % 13)
        best = trick[0]
        for x in trick[1:]:
            if (x // 13 == best // 13 and x < best) or (x // 13 == hukum and best // 13 != hukum):
                best = x
        bs = best // 13

        def order(x: Card) -> tuple[int, int]:
            xs = x // 13
            wins = (xs == bs and x < best) or (xs == hukum and bs != hukum)
            return (0, -x) if wins else (1, -(x % 13))

        return sorted(reps, key=order)


def brute_force_wins(d: TrickDeal, team: int) -> bool:
    """Plain minimax over every legal card, for testing :class:`Solver` on small positions."""
    if d.over:
        return d.winner == team
    results = []
    for c in [i for i in range(52) if d.legal_mask() >> i & 1]:
        nd = d.copy()
        nd.play_card(c)
        results.append(brute_force_wins(nd, team))
    return any(results) if (d.to_act & 1) == team else all(results)
