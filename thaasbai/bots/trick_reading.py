"""Card reading in Thaas and Dhihaeh, for a view weighed many times.

:func:`.inference.play_likelihood` replays the whole deal through the engine for every
world it weighs, though only the hands differ from one world to the next: who led, the
trick, the hukum, the cards played and the voids Normal reads are the deal's public
course.  :class:`TrickReading` replays that course once and then weighs a world from its
hands alone.  Normal's follow depends only on the seat's cards of the led suit (and of
the hukum, for a partner's ruff it may not beat), so a follow's factor is kept per play
by those cards: most worlds find most of their follows already weighed.  The endplay
draws thousands of worlds a move and drops most of them on their weight, so the weighing
is most of its time (docs/STRENGTH.md, session 32).

Not for hidden mode: there the hukum Normal plays to, before it is shown, is the world's
own face-down card.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ..engine.actions import DECLARE
from ..engine.cards import FULL_DECK, SUIT_MASKS, Mask, Seat
from ..engine.trick import TrickDeal
from ..engine.views import TrickView
from .common import alike, below_alike
from .inference import Knowledge, as_dealt, play_likelihood, sample_world
from .trick_policy import declare_suit, heuristic_card

DECLARE_MISS = 0.13  # a declaration other than Normal's, as play_likelihood weighs it


@dataclass(frozen=True)
class _Play:
    """One play of another seat, with the public state Normal saw when it made it."""

    seat: Seat
    card: int
    later: Mask  # the seat's cards played from this play on: its hand then is hand | later
    trick: list[int]  # a list, as heuristic_card takes it (never changed)
    leader: Seat
    led: int
    hukum: int
    implicit_open: bool
    played: Mask
    voids: list[int]
    last_led: list[int]
    key: Mask  # the suits a follow's factor depends on (0: a lead)
    table: Mask  # the cards on the table: they still part a higher card from a lower one
    p: float  # the seat's p_match
    rules: bool  # the seat is read as playing the Normal bot's own rules


class TrickReading:
    """:func:`.inference.play_likelihood` for one view, without the engine per world.

    ``world`` is any world consistent with ``view``: only the deal's public course is
    read from it.  :meth:`weight` gives what ``play_likelihood(view, w, p_match, floor,
    partner_p, partner_rules, bottom)`` gives for a world ``w`` with those hands (a test
    holds the two together)."""

    def __init__(
        self,
        view: TrickView,
        world: TrickDeal,
        p_match: float = 0.6,
        partner_p: float | None = None,
        partner_rules: bool = False,
        bottom: float = 1.0,
    ) -> None:
        if view.hukum_mode == "hidden":
            raise ValueError("hidden mode's hukum differs from world to world: not read here")
        me = view.seat
        self.me = me
        self.p_match = p_match
        self.bottom = bottom
        d, plays = as_dealt(view, world)
        self.declarer = -1
        self.declared = -1
        if d.declaring:
            declarer = d.to_act
            self.declared = DECLARE + view.hukum
            if declarer != me:
                self.declarer = declarer
            d.apply(declarer, self.declared)
        dh = view.game == "dhihaeh"
        self.dhihaeh = dh
        none = d.mode == "none"
        self.no_hukum = none
        partner = me ^ 2 if partner_p is not None else -1
        later = [0, 0, 0, 0]
        for seat, c in plays:
            later[seat] |= 1 << c
        self.played_by = later[:]  # each seat's cards played so far: its dealt hand's rest
        voids = [0, 0, 0, 0]
        last_led = [-1, -1, -1, -1]
        self.plays: list[_Play] = []
        for seat, c in plays:
            led = d.led
            if seat != me:
                key = 0
                if d.trick:
                    key = SUIT_MASKS[led] | (SUIT_MASKS[d.hukum] if d.hukum >= 0 else 0)
                self.plays.append(
                    _Play(
                        seat,
                        c,
                        later[seat],
                        list(d.trick),
                        d.leader,
                        led,
                        d.hukum,
                        d.mode == "implicit" and d.hukum < 0,
                        d.played,
                        voids[:],
                        last_led[:],
                        key,
                        sum(1 << t for t in d.trick),
                        partner_p if seat == partner else p_match,
                        partner_rules and seat == me ^ 2,
                    )
                )
            later[seat] &= ~(1 << c)
            if led >= 0 and c // 13 != led:
                voids[seat] |= 1 << led
            if not d.trick:
                last_led[seat] = c // 13
            d.play_card(c)
        self._memos: list[dict[Mask, float]] = [{} for _ in self.plays]

    def weight(self, hands: list[Mask], floor: float = 0.0) -> float:
        """The likelihood of a world with these present hands; 0.0 below ``floor``, the
        rest of the plays then not weighed."""
        w = 1.0
        if self.declarer >= 0:
            dealt = hands[self.declarer] | self.played_by[self.declarer]
            w *= self.p_match if declare_suit(dealt) == self.declared else DECLARE_MISS
        for p, memo in zip(self.plays, self._memos, strict=True):
            held = hands[p.seat] | p.later
            if p.key:
                follow = held & SUIT_MASKS[p.led]
                if follow:
                    part = held & p.key
                    f = memo.get(part)
                    if f is None:
                        f = memo[part] = self._factor(p, held, follow)
                else:
                    f = self._factor(p, held, held)
            else:
                f = self._factor(p, held, held)
            w *= f
            if w < floor:
                return 0.0
        return w

    def __call__(
        self, view: TrickView, world: TrickDeal, p_match: float, floor: float = 0.0
    ) -> float:
        """As :func:`.inference.play_likelihood` is called (a search's ``Likelihood``):
        ``view`` and ``p_match`` must be the ones the reading was made for."""
        if p_match != self.p_match:
            raise ValueError(f"this reading weighs at p_match {self.p_match}, not {p_match}")
        return self.weight(world.hands, floor)

    def _factor(self, p: _Play, held: Mask, legal: Mask) -> float:
        n = legal.bit_count()
        if n < 2:
            return 1.0
        guess = heuristic_card(
            held,
            p.seat,
            p.trick,
            p.leader,
            p.led,
            p.hukum,
            p.implicit_open,
            p.played,
            self.dhihaeh,
            p.voids,
            self.no_hukum,
            p.last_led,
            p.rules,
        )
        live = FULL_DECK & ~p.played
        f = p.p if alike(guess, p.card, held, live) else (1.0 - p.p) / (n - 1)
        if (
            self.bottom < 1.0
            and p.key
            and p.card // 13 == p.led
            and below_alike(p.card, held, live | p.table, self.dhihaeh)
        ):
            f *= self.bottom
        return f


def trick_likelihood(
    view: TrickView,
    rng: random.Random,
    k: Knowledge,
    p_match: float,
    partner_p: float | None = None,
    partner_rules: bool = False,
    bottom: float = 1.0,
) -> Callable[[TrickView, TrickDeal, float, float], float]:
    """The likelihood a search weighs its worlds of ``view`` with: a :class:`TrickReading`
    (one world sampled to read the deal's course from), or in hidden mode
    :func:`.inference.play_likelihood` itself.  ``partner_rules``: the partner is read as
    playing the Normal bot's own rules (a partner that plays them)."""
    if view.hukum_mode == "hidden":
        return partial(
            play_likelihood, partner_p=partner_p, partner_rules=partner_rules, bottom=bottom
        )
    return TrickReading(view, sample_world(view, rng, k), p_match, partner_p, partner_rules, bottom)
