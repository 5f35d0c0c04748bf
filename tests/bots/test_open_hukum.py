"""The solvers built around the first discard of an open implicit hukum (searching on,
or DDS after it: skipped without endplay) give the exact answers: those of plain
minimax on small positions and of the plain solver on larger ones, with the hukum
still open, set mid-trick, or known."""

from __future__ import annotations

import random

import pytest

from thaasbai.bots import fast
from thaasbai.bots.open_hukum import HybridSolver, OpenHukumSolver
from thaasbai.bots.solver import Solver, brute_force_wins
from thaasbai.engine.cards import SUIT_MASKS
from thaasbai.engine.trick import ThaasDeal, TrickDeal

NEEDS_DDS = pytest.mark.skipif(not fast.AVAILABLE, reason="endplay is not installed")
KINDS = ["search", pytest.param("dds", marks=NEEDS_DDS)]


def _solver(kind: str = "dds"):
    return HybridSolver("thaas") if kind == "dds" else OpenHukumSolver("thaas")


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


@pytest.mark.parametrize("kind", KINDS)
def test_it_matches_brute_force_minimax_on_small_open_positions(kind):
    rng = random.Random(31)
    for d in open_positions(rng, 3, 60):
        for team in (0, 1):
            assert _solver(kind).wins(d, team) == brute_force_wins(d, team)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("cards", [5, 6, 7, 8])
def test_it_matches_the_plain_solver_before_the_hukum_is_set(cards, kind):
    rng = random.Random(f"open{cards}")
    valued = 0
    for d in open_positions(rng, cards, 40):
        for team in (0, 1):
            solver = _solver(kind)
            assert solver.wins(d, team) == Solver("thaas").wins(d, team)
            valued += bool(solver.discards)
    assert valued >= 40  # discard nodes were valued, not only cut off above them


@NEEDS_DDS
def test_hybrid_matches_the_pure_solver_in_played_down_deals():
    """Positions reached by Normal play (7 cards a hand and a few into the trick): the
    hukum open in some, known in others (those go to DDS whole)."""
    from test_solver import played_down

    rng = random.Random(32)
    for _ in range(12):
        d = played_down(rng, "thaas", "implicit", 7)
        team = rng.randrange(2)
        assert _solver().wins(d, team) == Solver("thaas").wins(d, team)


@pytest.mark.parametrize("kind", KINDS)
def test_a_discard_node_at_the_root_is_valued_per_suit(kind):
    """The seat to act is void in the led suit: each of its suits would be the hukum."""
    rng = random.Random(33)
    found = 0
    while found < 16:
        (d,) = open_positions(rng, 5, 1)
        if d.hukum >= 0 or not d.trick or d.hands[d.to_act] & SUIT_MASKS[d.led]:
            continue
        found += 1
        for team in (0, 1):
            assert _solver(kind).wins(d, team) == Solver("thaas").wins(d, team)


@pytest.mark.parametrize("kind", KINDS)
def test_a_reused_solver_gives_the_answers_of_a_fresh_one(kind):
    """Its tables (the discard nodes' bounds, the transposition table) persist between
    calls, over different positions, teams and targets."""
    rng = random.Random(34)
    shared = _solver(kind)
    for d in open_positions(rng, 6, 10):
        for team in (0, 1):
            probe = d.copy()
            probe.tricks = [0, 0]
            probe.tricks[team] = rng.randrange(3, 7)
            assert shared.wins(probe, team) == Solver("thaas").wins(probe, team)


@NEEDS_DDS
def test_the_static_discard_bounds_hold():
    """The bounds set without DDS at a discard node (an un-over-ruffable discard wins
    the trick; a top run of the suit takes its tricks) contain DDS's exact value."""
    rng = random.Random(35)
    checked = 0
    while checked < 100:
        (d,) = open_positions(rng, rng.choice((4, 6, 8)), 1)
        seat = d.to_act
        if d.hukum >= 0 or not d.trick or d.hands[seat] & SUIT_MASKS[d.led]:
            continue
        solver = _solver("search")
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


@NEEDS_DDS
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


def test_these_solvers_are_for_thaas_only():
    with pytest.raises(ValueError):
        OpenHukumSolver("dhihaeh")
