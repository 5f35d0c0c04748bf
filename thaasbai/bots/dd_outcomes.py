"""Double-dummy outcomes of every card for one team: did it win the deal, with how many
tricks.  Built on :func:`.fast.card_tricks` (endplay's DDS, every card scored exactly)."""

from __future__ import annotations

from ..engine.trick import TrickDeal
from .fast import card_tricks

TARGET = 7  # 13 tricks: a team wins the deal exactly when it takes 7


def team_outcomes(d: TrickDeal, team: int) -> dict[int, tuple[int, int]]:
    """For every legal card of the seat to act: (1 if ``team`` then wins the deal with best
    play by all four seats, else 0; the tricks ``team`` takes in the whole deal)."""
    side = d.to_act & 1
    left = 13 - d.tricks[0] - d.tricks[1]  # the current trick included
    out = {}
    for card, got in card_tricks(d).items():
        ours = d.tricks[team] + (got if side == team else left - got)
        out[card] = (int(ours >= TARGET), ours)
    return out
