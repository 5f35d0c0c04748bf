"""Determinisation: every sampled world agrees with everything the seat has seen."""

from __future__ import annotations

import copy
import random

from thaasbai.bots.inference import check_world, play_likelihood, sample_world
from thaasbai.engine.views import TrickView, view_for


def test_every_sampled_world_matches_the_view(positions):
    rng = random.Random(7)
    for match in positions(130, seed=1):
        deal = match.current
        for seat in range(match.seats):
            view = view_for(match, seat)
            if view.hand_sizes[seat] == 0:
                continue
            for _ in range(3):
                world = sample_world(view, rng)
                check_world(view, world)
                # The world, put in place of the real deal, shows this seat the same view.
                other = copy.copy(match)
                other.deals = [*match.deals[:-1], world]
                assert view_for(other, seat) == view
        check_world(view_for(match, deal.to_act), deal)


def test_the_real_deal_is_a_possible_world(positions):
    for match in positions(60, seed=2):
        for seat in range(match.seats):
            view = view_for(match, seat)
            if view.hand_sizes[seat]:
                check_world(view, match.current)


def test_worlds_that_explain_the_plays_weigh_more_than_zero(positions):
    rng = random.Random(3)
    for match in positions(40, seed=4):
        view = view_for(match, match.current.to_act)
        if isinstance(view, TrickView):
            assert play_likelihood(view, sample_world(view, rng)) > 0
            assert play_likelihood(view, match.current) > 0
