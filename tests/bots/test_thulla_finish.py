"""Ultra's Thulla rollouts that end with the exact two-player search (bots/thulla_finish)."""

from __future__ import annotations

import random

import pytest

from thaasbai.bots.normal import NormalBot
from thaasbai.bots.rollout import thulla_rollout, thulla_value
from thaasbai.bots.thulla_finish import ExactFinish
from thaasbai.bots.thulla_solver import BHABHI
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.thulla import LEAD, ThullaDeal
from thaasbai.engine.views import view_for
from thaasbai.learn.thulla_endgame import Endgame
from thaasbai.learn.thulla_endgame import TooBig as OracleTooBig


def rounds(n: int, seed: int, seats: int) -> list[tuple[ThullaDeal, list[int]]]:
    """Rounds played by Normal bots for a random number of actions, with some voids
    marked as shown (what a search hands its rollouts)."""
    rng = random.Random(seed)
    bot = NormalBot()
    out = []
    while len(out) < n:
        m = new_match(GameOptions(game="thulla", seats=seats), rng=rng)
        m.start_deal(rng=rng)
        d = m.current
        for _ in range(rng.randrange(0, 40)):
            if d.over:
                break
            m.apply(d.to_act, bot.choose(view_for(m, d.to_act), rng))
        if not d.over:
            out.append((d.copy(), [rng.randrange(16) for _ in range(seats)]))
    return out


def outcome(d: ThullaDeal) -> tuple:
    return (d.over, d.bhabhi, d.draw, tuple(d.out), tuple(d.hands), d.discarded)


@pytest.mark.parametrize("seats", [3, 4, 6])
def test_a_rollout_stopped_and_taken_up_again_ends_as_one_played_through(seats):
    """Stopped where the exact search would take over, a rollout goes on with the voids it
    had seen so far and ends exactly as one played through without a stop."""
    stops = 0
    for d, shown in rounds(40, seed=seats, seats=seats):
        seat = d.to_act
        whole = d.copy()
        thulla_rollout(whole, random.Random(0), 0.0, shown)
        parts = d.copy()
        seen = thulla_rollout(parts, random.Random(0), 0.0, shown, until=seat)
        if not parts.over:
            stops += 1
            assert parts.phase == LEAD
            assert not parts.in_round[seat] or sum(parts.in_round) == 2
        thulla_rollout(parts, random.Random(0), 0.0, seen)
        assert outcome(parts) == outcome(whole)
    assert stops >= 20


def oracle_value(d: ThullaDeal, seat: int) -> float | None:
    """The seat's value with best play by both from a two-player lead, by the engine's own
    minimax (thaasbai.learn's endgame); None when that is too big for it."""
    try:
        return 0.0 if Endgame(seat, 20_000).value(d) == BHABHI else 1.0
    except OracleTooBig:
        return None


@pytest.mark.parametrize("seats", [3, 4])
def test_an_ending_is_valued_with_best_play_by_both(seats):
    """Where only two players are left, the value is the exact one, not Normal's play's;
    a seat out before then is safe, as the rollout scores it."""
    solved = differs = 0
    for d, shown in rounds(50, seed=10 + seats, seats=seats):
        seat = d.to_act
        finish = ExactFinish(max_nodes=200_000, max_cards=52)
        got = finish.rollout_value(d.copy(), seat, random.Random(0), 0.0, shown)
        ending = d.copy()
        thulla_rollout(ending, random.Random(0), 0.0, shown, until=seat)
        played = d.copy()
        thulla_rollout(played, random.Random(0), 0.0, shown)
        if ending.over or not ending.in_round[seat]:
            assert got == thulla_value(played, seat)
            continue
        expected = oracle_value(ending, seat)
        if expected is None:
            continue
        assert got == expected
        solved += 1
        differs += got != thulla_value(played, seat)
    assert solved >= 10
    assert differs >= 1  # best play is not Normal's play


def test_an_ending_too_big_for_the_node_limit_is_rolled_out():
    """Past its node limit the search gives up and Normal's rollout plays the ending, with
    the voids the rollout had seen."""
    finish = ExactFinish(max_nodes=1)
    for d, shown in rounds(30, seed=7, seats=4):
        seat = d.to_act
        played = d.copy()
        thulla_rollout(played, random.Random(0), 0.0, shown)
        got = finish.rollout_value(d.copy(), seat, random.Random(0), 0.0, shown)
        assert got == thulla_value(played, seat)
    assert finish.too_big >= 5 and finish.solved == 0


def test_each_move_starts_with_an_empty_table():
    """Whether an ending fits the limit must not depend on earlier moves' worlds."""
    finish = ExactFinish()
    for d, shown in rounds(10, seed=3, seats=4):
        finish.rollout_value(d.copy(), d.to_act, random.Random(0), 0.0, shown)
    assert finish.solver.table
    finish.fresh()
    assert not finish.solver.table
