"""Optional acceleration: the C double-dummy solver bundled in ``endplay`` (thaasbai[fast]).

Once the hukum is known (or in none mode) Thaas card play is bridge card play with a
trick-count goal: a team wins the deal exactly when it can take 7 tricks in all, so the
most tricks a side can force decides it.  Dhihaeh needs the tens, and an open implicit
hukum or a face-down card changes the trump mid-play, so those stay with the
pure-Python solver, which is also the only path inside the phone app.
"""

from __future__ import annotations

from ..engine.trick import NONE, TrickDeal

try:  # an optional extra: everything works without it
    from endplay.dds import solve_board
    from endplay.types import Card as _EpCard
    from endplay.types import Deal as _EpDeal
    from endplay.types import Denom as _EpDenom
    from endplay.types import Player as _EpPlayer

    AVAILABLE = True
except (ImportError, OSError, RuntimeError):  # not installed, or its C library will not
    # load here (endplay raises RuntimeError then, e.g. under Pyodide): pure Python it is
    AVAILABLE = False

_RANKS = "AKQJT98765432"


def maps_to_bridge(d: TrickDeal) -> bool:
    """True if the rest of this deal is bridge play: Thaas with a fixed trump (or none)."""
    if d.game != "thaas" or d.over or d.declaring:
        return False
    if d.set_aside >= 0 and not d.revealed:
        return False
    return d.hukum >= 0 or d.mode == NONE


def _pbn_hand(m: int) -> str:
    return ".".join(
        "".join(_RANKS[r] for r in range(13) if m >> (s * 13 + r) & 1) for s in range(4)
    )


def _our_card(card) -> int:
    return int(card.suit) * 13 + (14 - int(card.rank).bit_length() + 1)


def move_tricks(d: TrickDeal) -> dict[int, int]:
    """For every legal card of the seat to act: the tricks its side takes from here on
    (the trick on the table included) after that card, with best play by all."""
    start = list(d.hands)
    for i, c in enumerate(d.trick):
        start[(d.leader + i) & 3] |= 1 << c
    deal = _EpDeal("N:" + " ".join(_pbn_hand(h) for h in start))
    deal.first = _EpPlayer(d.leader)
    deal.trump = _EpDenom(d.hukum) if d.hukum >= 0 else _EpDenom.nt
    for c in d.trick:
        deal.play(_EpCard("SHDC"[c // 13] + _RANKS[c % 13]))
    return {_our_card(card): tricks for card, tricks in solve_board(deal)}


def move_wins(d: TrickDeal, team: int) -> dict[int, bool]:
    """For every legal card of the seat to act: does ``team`` win the deal after it?"""
    left = d.hands[d.to_act].bit_count()
    side = d.to_act & 1
    out = {}
    for card, tricks in move_tricks(d).items():
        ours = tricks if side == team else left - tricks
        out[card] = d.tricks[team] + ours >= 7
    return out
