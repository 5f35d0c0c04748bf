"""A search's world source: the reading's fast path draws what the replay would."""

from __future__ import annotations

import random
from functools import partial

from test_trick_reading import half_normal_match

from thaasbai.bots.inference import check_world, knowledge, play_likelihood, sample_world
from thaasbai.bots.trick_reading import TrickReading
from thaasbai.bots.world_source import WorldSource
from thaasbai.engine.views import view_for

P = 0.85


def _view(seed: int):
    match = half_normal_match("thaas", "none", 26, seed)
    return view_for(match, match.current.to_act)


def test_with_a_reading_the_roulette_keeps_the_same_worlds_at_the_same_weights():
    """The reading weighs a world from its hands and builds it only when kept; with the
    same random numbers it keeps exactly the worlds, and weights, of the replay."""
    for seed in range(3):
        view = _view(seed)
        k = knowledge(view)
        reading = TrickReading(view, sample_world(view, random.Random(9), k), P, 0.7)
        replay = partial(play_likelihood, partner_p=0.7)
        fast = WorldSource(view, random.Random(seed), k, reading, P, roulette=0.3)
        slow = WorldSource(view, random.Random(seed), k, replay, P, roulette=0.3)
        dropped = 0
        for _ in range(300):
            (a, wa), (b, wb) = fast.draw(), slow.draw()
            assert wa == wb
            if a is None:
                assert b is None
                dropped += 1
                continue
            assert a.hands == b.hands
            check_world(view, a)
        assert 0 < dropped < 300


def test_without_a_reading_every_world_weighs_one_and_none_is_dropped():
    view = _view(4)
    source = WorldSource(view, random.Random(1), knowledge(view), roulette=0.3)
    for _ in range(50):
        world, w = source.draw()
        assert w == 1.0
        check_world(view, world)


def test_without_a_roulette_every_world_keeps_its_reading_weight():
    view = _view(5)
    k = knowledge(view)
    reading = TrickReading(view, sample_world(view, random.Random(2), k), P)
    source = WorldSource(view, random.Random(3), k, reading, P)
    weights = set()
    for _ in range(100):
        world, w = source.draw()
        assert w == play_likelihood(view, world, P) > 0.0
        weights.add(w)
    assert len(weights) > 1
