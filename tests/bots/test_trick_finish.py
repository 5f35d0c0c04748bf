"""Ultra's Thaas and Dhihaeh rollouts that end with the exact solver (bots/trick_finish)."""

from __future__ import annotations

import random

import pytest

from thaasbai.bots.rollout import history_voids, trick_rollout, trick_value
from thaasbai.bots.solver import brute_force_wins
from thaasbai.bots.trick_finish import TrickFinish
from thaasbai.engine.trick import TrickDeal

TRICK_SETUPS = [
    (game, 4, mode)
    for game in ("thaas", "dhihaeh")
    for mode in ("implicit", "declared", "hidden", "none")
]


def deals(positions, n: int, seed: int) -> list[TrickDeal]:
    """Deals in every trick game and hukum mode, mid-play (the declaration made)."""
    out = []
    for match in positions(n, seed=seed, setups=TRICK_SETUPS):
        if not match.current.declaring:
            out.append(match.current.copy())
    return out


def outcome(d: TrickDeal) -> tuple:
    return (d.over, d.winner, tuple(d.tricks), tuple(d.tens), tuple(d.hands), d.hukum)


@pytest.mark.parametrize("cards", [3, 5])
def test_a_rollout_stopped_and_taken_up_again_ends_as_one_played_through(positions, cards):
    """Stopped where the solver would take over, a rollout goes on with the voids it had
    seen so far and ends exactly as one played through without a stop."""
    stops = 0
    for d in deals(positions, 60, seed=cards):
        voids = history_voids(d)
        whole = d.copy()
        trick_rollout(whole, random.Random(0), 0.0, voids)
        parts = d.copy()
        seen = trick_rollout(parts, random.Random(0), 0.0, voids, cards)
        if not parts.over:
            stops += 1
            assert not parts.trick
            assert all(h.bit_count() <= cards for h in parts.hands)
        trick_rollout(parts, random.Random(0), 0.0, seen)
        assert outcome(parts) == outcome(whole)
    assert stops >= 15


def test_an_ending_is_valued_with_best_play_by_all_four(positions):
    """From the stop the world is won or lost as minimax over every card says, not as
    Normal's play of it; a deal settled before the stop scores as the rollout does."""
    cards = 2  # small enough for plain minimax, the independent judge
    solved = differs = 0
    for d in deals(positions, 120, seed=11):
        team = d.to_act & 1
        voids = history_voids(d)
        got = TrickFinish(cards).rollout_value(d.copy(), team, random.Random(0), 0.0, voids)
        played = d.copy()
        trick_rollout(played, random.Random(0), 0.0, voids)
        ending = d.copy()
        trick_rollout(ending, random.Random(0), 0.0, voids, cards)
        if ending.over:
            assert got == trick_value(played, team)
            continue
        if ending.set_aside >= 0 and not ending.revealed:
            continue  # the face-down hukum: no solve (the next test)
        win = brute_force_wins(ending, team)
        margin = 0.02 * ending.tricks[team] / max(1, ending.tricks_played)
        assert got == pytest.approx(0.98 * win + margin)
        solved += 1
        differs += win != (played.winner == team)
    assert solved >= 20
    assert differs >= 1  # best play is not Normal's play


def test_an_ending_the_solver_cannot_take_is_rolled_out(positions):
    """Past its node limit, or with the hidden hukum still face down, the solver gives
    up and Normal's rollout plays the ending, with the voids the rollout had seen."""
    finish = TrickFinish(5, max_nodes=1)
    gave_up = hidden = 0
    for d in deals(positions, 40, seed=7):
        team = d.to_act & 1
        voids = history_voids(d)
        played = d.copy()
        trick_rollout(played, random.Random(0), 0.0, voids)
        before = finish.aborted
        got = finish.rollout_value(d.copy(), team, random.Random(0), 0.0, voids)
        if finish.aborted > before:  # (a few endings are settled by bounds, no search)
            assert got == trick_value(played, team)
            gave_up += 1
            hidden += d.set_aside >= 0 and not d.revealed
    assert gave_up >= 10 and hidden >= 1


def test_each_move_starts_with_empty_tables(positions):
    """Whether an ending fits the limit must not depend on earlier moves' worlds."""
    finish = TrickFinish(5)
    for d in deals(positions, 16, seed=3):
        finish.rollout_value(d.copy(), d.to_act & 1, random.Random(0), 0.0, history_voids(d))
    assert finish.solved >= 1
    assert any(s.tt for s in finish._solvers.values())
    finish.fresh()
    assert not finish._solvers
