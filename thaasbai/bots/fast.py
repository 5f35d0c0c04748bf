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
    from endplay.dds.solve import SolveMode as _EpMode
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


def _ep_deal(d: TrickDeal):
    """The endplay deal of ``d``'s position: hands as they were at the trick's lead, the
    trick's cards played, the hukum as the trump (none: no-trump)."""
    start = list(d.hands)
    for i, c in enumerate(d.trick):
        start[(d.leader + i) & 3] |= 1 << c
    deal = _EpDeal("N:" + " ".join(_pbn_hand(h) for h in start))
    deal.first = _EpPlayer(d.leader)
    deal.trump = _EpDenom(d.hukum) if d.hukum >= 0 else _EpDenom.nt
    for c in d.trick:
        deal.play(_EpCard("SHDC"[c // 13] + _RANKS[c % 13]))
    return deal


def card_tricks(d: TrickDeal) -> dict[int, int]:
    """For every legal card of the seat to act: the most tricks its side can still take
    from this trick on (the current trick included), with best play by all four seats."""
    return {_our_card(card): tricks for card, tricks in solve_board(_ep_deal(d))}


def move_wins(d: TrickDeal, team: int) -> dict[int, bool]:
    """For every legal card of the seat to act: does ``team`` win the deal after it?

    13 tricks is odd, so a side wins exactly when it reaches 7: DDS is asked only which
    cards reach the side's target (its target mode), many times faster at 13 cards a hand
    than scoring every card exactly."""
    side = d.to_act & 1
    target = 7 - d.tricks[side]
    left = d.hands[d.to_act].bit_count()
    legal = [c for c in range(52) if d.legal_mask() >> c & 1]
    if target <= 0 or d.tricks[1 - side] >= 7 or target > left:
        made = set(legal) if target <= 0 else set()
    else:
        got = solve_board(_ep_deal(d), _EpMode.TargetAll, target)
        made = {_our_card(card) for card, tricks in got if tricks >= target}
    return {c: (c in made) == (side == team) for c in legal}
