"""The hybrid solver (our search to the first discard, DDS after it) gives the exact
answers: those of plain minimax on small positions and of the pure-Python solver on
larger ones, with the hukum still open, set mid-trick, or known (skipped without
endplay)."""

from __future__ import annotations

import random

import pytest

from thaasbai.bots import fast
from thaasbai.bots.solver import Solver, brute_force_wins
from thaasbai.engine.cards import SUIT_MASKS
from thaasbai.engine.trick import ThaasDeal, TrickDeal

pytestmark = pytest.mark.skipif(not fast.AVAILABLE, reason="endplay is not installed")


def _hybrid():
    from thaasbai.bots.hybrid import HybridSolver

    return HybridSolver("thaas")


def into_trick(rng: random.Random, d: TrickDeal, cards: int) -> TrickDeal:
    """``d`` with up to ``cards`` random legal cards played into its trick (a discard
    among them names the hukum mid-trick)."""
    for _ in range(cards):
        if d.over or len(d.trick) == 3:
            break
        legal = [c for c in range(52) if d.legal_mask() >> c & 1]
        d.play_card(rng.choice(legal))
    return d


def open_positions(rng: random.Random, cards: int, n: int) -> list[TrickDeal]:
    """Implicit-mode Thaas positions with no hukum yet, some mid-trick, some with few
    suits (voids, so discards, early), some where a discard already named the hukum."""
    from test_solver import open_implicit, two_suit_position

    out = []
    while len(out) < n:
        if rng.random() < 0.5 or 4 * cards > 26:  # two suits hold 26 cards
            d = open_implicit(rng, ThaasDeal, cards)
        else:
            d = two_suit_position(rng, ThaasDeal, "implicit", cards)
            d.hukum = -1
        out.append(into_trick(rng, d, rng.randrange(4)))
    return out


def test_hybrid_matches_brute_force_minimax_on_small_open_positions():
    rng = random.Random(31)
    for d in open_positions(rng, 3, 40):
        for team in (0, 1):
            assert _hybrid().wins(d, team) == brute_force_wins(d, team)


@pytest.mark.parametrize("cards", [5, 6, 7])
def test_hybrid_matches_the_pure_solver_before_the_hukum_is_set(cards):
    rng = random.Random(f"open{cards}")
    asked_dds = 0
    for d in open_positions(rng, cards, 16):
        for team in (0, 1):
            hybrid = _hybrid()
            assert hybrid.wins(d, team) == Solver("thaas").wins(d, team)
            asked_dds += hybrid.dds_calls > 0
    assert asked_dds >= 16  # the DDS path was exercised, not only the cut-offs


def test_hybrid_matches_the_pure_solver_in_played_down_deals():
    """Positions reached by Normal play (7 cards a hand and a few into the trick): the
    hukum open in some, known in others (those go to DDS whole)."""
    from test_solver import played_down

    rng = random.Random(32)
    for _ in range(12):
        d = played_down(rng, "thaas", "implicit", 7)
        team = rng.randrange(2)
        assert _hybrid().wins(d, team) == Solver("thaas").wins(d, team)


def test_a_discard_node_at_the_root_is_valued_per_suit():
    """The seat to act is void in the led suit: each of its suits would be the hukum."""
    rng = random.Random(33)
    found = 0
    while found < 12:
        (d,) = open_positions(rng, 5, 1)
        if d.hukum >= 0 or not d.trick or d.hands[d.to_act] & SUIT_MASKS[d.led]:
            continue
        found += 1
        for team in (0, 1):
            assert _hybrid().wins(d, team) == Solver("thaas").wins(d, team)


def test_a_reused_hybrid_solver_gives_the_answers_of_a_fresh_one():
    """Its tables (the discard nodes' bounds, the transposition table) persist between
    calls, over different positions, teams and targets."""
    rng = random.Random(34)
    shared = _hybrid()
    for d in open_positions(rng, 6, 10):
        for team in (0, 1):
            probe = d.copy()
            probe.tricks = [0, 0]
            probe.tricks[team] = rng.randrange(3, 7)
            assert shared.wins(probe, team) == Solver("thaas").wins(probe, team)


def test_the_static_discard_bounds_hold():
    """The bounds set without DDS at a discard node (an un-over-ruffable discard wins
    the trick; a top run of the suit takes its tricks) contain DDS's exact value."""
    rng = random.Random(35)
    checked = 0
    while checked < 30:
        (d,) = open_positions(rng, rng.choice((4, 6, 8)), 1)
        seat = d.to_act
        if d.hukum >= 0 or not d.trick or d.hands[seat] & SUIT_MASKS[d.led]:
            continue
        solver = _hybrid()
        solver.hands = d.hands[:]
        bounds = solver._static_bounds(seat, len(d.trick), d.led)
        for h in range(4):
            mine = d.hands[seat] & SUIT_MASKS[h]
            lo, hi = bounds[h]
            if not mine:
                assert hi < 0
                continue
            bridge = d.copy()
            bridge.hukum = h
            exact = max(t for c, t in fast.card_tricks(bridge).items() if mine >> c & 1)
            assert lo <= exact <= hi
        checked += 1


def test_trump_reaches_and_reaches_agree_with_dds_scores():
    from test_solver import played_down

    rng = random.Random(36)
    for _ in range(10):
        d = played_down(rng, "thaas", "declared", rng.choice((5, 8)))
        scores = fast.card_tricks(d)
        left = d.hands[d.to_act].bit_count()
        trump = SUIT_MASKS[d.hukum]
        for target in range(1, left + 1):
            assert fast.reaches(d.hands, d.leader, d.trick, d.hukum, target) == any(
                t >= target for t in scores.values()
            )
            assert fast.trump_reaches(d.hands, d.leader, d.trick, d.hukum, target) == any(
                t >= target for c, t in scores.items() if trump >> c & 1
            )


def test_the_hybrid_solver_is_for_thaas_only():
    from thaasbai.bots.hybrid import HybridSolver

    with pytest.raises(ValueError):
        HybridSolver("dhihaeh")
