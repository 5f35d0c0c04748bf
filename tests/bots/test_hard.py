"""Hard keeps Normal's move unless the paired samples show a better one."""

from __future__ import annotations

import random

from thaasbai.bots.hard import MIN_WORLDS, HardBot, clears_bar
from thaasbai.bots.search_common import candidates, forced_action, heuristic_choice
from thaasbai.engine.views import view_for


def test_hard_plays_normals_move_when_it_has_too_few_worlds_to_judge(positions):
    bot = HardBot(iterations=MIN_WORLDS - 1)
    for match in positions(26, seed=31):
        view = view_for(match, match.current.to_act)
        if forced_action(view) is not None or len(candidates(view)) == 1:
            continue
        assert bot.choose(view, random.Random(1)) == heuristic_choice(view)


def test_hard_with_an_impossible_bar_never_leaves_normals_move(positions):
    bot = HardBot(iterations=8, z=1e9)
    for match in positions(13, seed=32):
        view = view_for(match, match.current.to_act)
        if forced_action(view) is None and len(candidates(view)) > 1:
            assert bot.choose(view, random.Random(2)) == heuristic_choice(view)


def _paired(gains: list[float]) -> tuple[float, float, float, float]:
    """The sums the search keeps for one move's gains over Normal's, one world each."""
    return sum(gains), sum(g * g for g in gains), float(len(gains)), float(len(gains))


def test_a_gain_clears_the_bar_only_when_it_stands_out_from_its_noise():
    steady = _paired([1.0] * 6 + [0.0] * 2)  # better in 6 worlds of 8, never worse
    assert clears_bar(*steady, z=1.5)
    noisy = _paired([1.0] * 5 + [-1.0] * 3)  # better in 5, worse in 3
    assert not clears_bar(*noisy, z=1.5)
    assert clears_bar(*noisy, z=0.5)  # a lower bar lets the same lead through
    assert not clears_bar(*_paired([0.0] * 8), z=0.0)  # no gain never clears
    assert not clears_bar(*steady, z=0.0, margin=0.8)  # nor one under the margin
