"""A kept deal trick by trick, for stepping through it (forward, back, jump to a trick).

From a record every hand is known, so each step carries the hands as they were before
its trick; from an online game (what the seat was shown) only the cards played are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.cards import Card, Mask, Seat, parse_card
from ..engine.match import Match
from ..engine.thulla import ThullaDeal


@dataclass(frozen=True)
class TrickStep:
    number: int  # from 1
    plays: tuple[tuple[Seat, Card], ...]  # in the order played
    taker: Seat  # who won the trick (Thulla: who picked it up, or won a clean trick)
    thulla: bool = False  # Thulla: the trick ended with a thulla
    hands: tuple[Mask, ...] | None = None  # every hand before the trick (records only)


def record_steps(match: Match, deal_index: int) -> list[TrickStep]:
    """The tricks of deal ``deal_index`` of a replayed match, with the hands before each."""
    log = match.logs[deal_index]
    final = match.deals[deal_index]
    if isinstance(final, ThullaDeal):
        deal = ThullaDeal(list(log.hands), log.dealer, match.seats)
    else:
        set_aside = log.set_aside
        deal = type(final)(list(log.hands), log.dealer, final.mode, set_aside)
    steps: list[TrickStep] = []
    before: tuple[Mask, ...] = tuple(deal.hands)
    for seat, action in log.actions:
        if action < 52 and not deal.trick:
            before = tuple(deal.hands)
        done = len(deal.history)
        deal.apply(seat, action)
        if len(deal.history) > done:
            steps.append(
                _step(len(steps) + 1, deal.history[-1], isinstance(deal, ThullaDeal), before)
            )
    return steps


def _step(n: int, h: tuple, thulla_game: bool, hands: tuple[Mask, ...] | None) -> TrickStep:
    if thulla_game:
        leader, plays, thulla, taker = h
        return TrickStep(n, tuple(plays), taker, thulla, hands)
    leader, cards, winner = h
    return TrickStep(
        n, tuple(((leader + i) & 3, c) for i, c in enumerate(cards)), winner, False, hands
    )


def seen_steps(seen_deal: dict[str, Any]) -> list[TrickStep]:
    """The tricks of an online deal from the last view the seat had of it."""
    out = []
    for i, h in enumerate(seen_deal["final"]["history"], 1):
        if "taker" in h:  # Thulla
            plays = tuple((p["seat"], parse_card(p["card"])) for p in h["cards"])
            out.append(TrickStep(i, plays, h["taker"], bool(h["thulla"])))
        else:
            lead = h["leader"]
            plays = tuple(((lead + j) % 4, parse_card(c)) for j, c in enumerate(h["cards"]))
            out.append(TrickStep(i, plays, h["winner"]))
    return out
