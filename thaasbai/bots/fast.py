"""Optional acceleration: the C double-dummy solver bundled in ``endplay`` (thaasbai[fast]).

Once the hukum is known (or in none mode) Thaas card play is bridge card play with a
trick-count goal: a team wins the deal exactly when it can take 7 tricks in all, so the
most tricks a side can force decides it.  Dhihaeh needs the tens, and a face-down card
changes the trump mid-play, so those stay with the pure-Python solver, which is also the
only path inside the phone app.  An open implicit hukum is named by the first discard:
:func:`trump_reaches` answers for the position at that discard, one candidate suit at a
time, which is what :mod:`.open_hukum` asks.
"""

from __future__ import annotations

import threading

from ..engine.cards import cards_of
from ..engine.trick import NONE, TrickDeal

try:  # an optional extra: everything works without it
    import endplay._dds as _dds

    AVAILABLE = True
except (ImportError, OSError, RuntimeError):  # not installed, or its C library will not
    # load here (endplay raises RuntimeError then, e.g. under Pyodide): pure Python it is
    AVAILABLE = False

# DDS keeps its search state per thread index and we always pass index 0, so two Python
# threads (ctypes lets go of the GIL) must not be inside it at once.
_LOCK = threading.Lock()
# A suit's 13 bits, ace first (ours), as DDS holds them: the ace at bit 14, the two at bit 2.
_DDS_SUIT = [int(format(x, "013b")[::-1], 2) << 2 for x in range(1 << 13)] if AVAILABLE else []


def maps_to_bridge(d: TrickDeal) -> bool:
    """True if the rest of this deal is bridge play: Thaas with a fixed trump (or none)."""
    if d.game != "thaas" or d.over or d.declaring:
        return False
    if d.set_aside >= 0 and not d.revealed:
        return False
    return d.hukum >= 0 or d.mode == NONE


def card_tricks(d: TrickDeal) -> dict[int, int]:
    """For every legal card of the seat to act: the most tricks its side can still take
    from this trick on (the current trick included), with best play by all four seats."""
    fut = _solve(d.hands, d.leader, d.trick, d.hukum, 3)
    return {c: fut.score[i] for i in range(fut.cards) for c in cards_of(group_mask(fut, i))}


def move_wins(d: TrickDeal, team: int) -> dict[int, bool]:
    """For every legal card of the seat to act: does ``team`` win the deal after it?

    13 tricks is odd, so a side wins exactly when it reaches 7: DDS is asked only which
    cards reach the side's target (its target mode), many times faster at 13 cards a hand
    than scoring every card exactly."""
    side = d.to_act & 1
    target = 7 - d.tricks[side]
    left = d.hands[d.to_act].bit_count()
    legal = d.legal_mask()
    if target <= 0 or d.tricks[1 - side] >= 7 or target > left:
        made = legal if target <= 0 else 0
    else:
        fut = _solve_target(d.hands, d.leader, d.trick, d.hukum, target)
        made = 0
        for i in range(fut.cards):
            if fut.score[i] >= target:
                made |= group_mask(fut, i)
    return {c: bool(made >> c & 1) == (side == team) for c in cards_of(legal)}


def trump_reaches(hands: list[int], leader: int, trick: list[int], trump: int, target: int) -> bool:
    """Can the seat to act, with ``trump`` as the trump suit, take ``target`` tricks for
    its side from this trick on (the current one included) by playing a card of the trump
    suit?  ``hands`` are the four hands now (the trick's cards out of them), ``trick`` the
    cards played to this trick in order from ``leader``; ``1 <= target <=`` the tricks
    left.

    This is the question at the first discard of an implicit-hukum deal, where the card
    played names the hukum: a card of suit ``trump`` makes it the hukum and already ruffs.
    """
    fut = _solve_target(hands, leader, trick, trump, target)
    suits, scores = fut.suit, fut.score
    return any(suits[i] == trump and scores[i] >= target for i in range(fut.cards))


def reaches(hands: list[int], leader: int, trick: list[int], trump: int, target: int) -> bool:
    """Can the seat to act take ``target`` tricks for its side from this trick on, with
    ``trump`` (-1: none) as the trump suit?  Arguments as for :func:`trump_reaches`."""
    fut = _solve_target(hands, leader, trick, trump, target)
    scores = fut.score
    return any(scores[i] >= target for i in range(fut.cards))


def solve_all(hands: list[int], leader: int, trick: list[int], trump: int):
    """DDS's every-card mode: each group of equivalent cards of the seat to act with the
    tricks its side takes from this trick on.  Arguments as for :func:`trump_reaches`."""
    return _solve(hands, leader, trick, trump, 3)


def solve_optimal(hands: list[int], leader: int, trick: list[int], trump: int):
    """DDS's best-cards mode: only the groups of cards that take the most tricks."""
    return _solve(hands, leader, trick, trump, 2)


def group_mask(fut, i: int) -> int:
    """Our cards in the ``i``-th group of a DDS answer: its card and the equal lower ones."""
    suit = fut.suit[i]
    ranks = (1 << fut.rank[i]) | fut.equals[i]
    mask = 0
    for r in range(2, 15):
        if ranks >> r & 1:
            mask |= 1 << (suit * 13 + 14 - r)
    return mask


def _solve(hands: list[int], leader: int, trick: list[int], trump: int, solutions: int):
    fut = _dds.futureTricks()
    dl = _dds_deal(hands, leader, trick, trump)
    with _LOCK:
        _dds.SolveBoard(dl, -1, solutions, 1, fut, 0)
    return fut


def _solve_target(hands: list[int], leader: int, trick: list[int], trump: int, target: int):
    """DDS's target mode: the cards of the seat to act that reach ``target`` tricks."""
    dl = _dds_deal(hands, leader, trick, trump)
    fut = _dds.futureTricks()
    with _LOCK:
        _dds.SolveBoard(dl, target, 2, 1, fut, 0)
    return fut


def _dds_deal(hands: list[int], leader: int, trick: list[int], trump: int):
    """The position straight into DDS's C struct (a fraction of the cost of endplay's
    ``Deal``)."""
    dl = _dds.deal()
    dl.trump = trump if trump >= 0 else 4  # DDS's no-trump
    dl.first = leader
    for i, c in enumerate(trick):
        dl.currentTrickSuit[i] = c // 13
        dl.currentTrickRank[i] = 14 - c % 13
    cards = dl.remainCards
    table = _DDS_SUIT
    for seat in range(4):
        m = hands[seat]
        row = cards[seat]
        row[0] = table[m & 0x1FFF]
        row[1] = table[m >> 13 & 0x1FFF]
        row[2] = table[m >> 26 & 0x1FFF]
        row[3] = table[m >> 39 & 0x1FFF]
    return dl
