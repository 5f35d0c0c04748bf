"""Hard keeps Normal's move unless the paired samples show a better one."""

from __future__ import annotations

import random

from thaasbai.bots.hard import MIN_WORLDS, HardBot
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
