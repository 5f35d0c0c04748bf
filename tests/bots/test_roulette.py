"""Russian roulette drops light worlds without changing any world's expected weight."""

from __future__ import annotations

import random

import pytest

from thaasbai.bots.roulette import Roulette


def test_a_light_world_keeps_its_expected_weight():
    wheel = Roulette(0.5)
    assert wheel.weight(1.0, wheel.floor(random.Random(0))) == 1.0  # sets the bar: 0.5
    rng = random.Random(1)
    for w in (0.4, 0.1, 0.01):
        n = 40_000
        kept = [wheel.weight(w, wheel.floor(rng)) for _ in range(n)]
        assert set(kept) <= {0.0, 0.5}  # dropped, or raised to the bar
        assert abs(sum(kept) / n - w) < 0.02 * max(w, 0.05)


def test_worlds_at_or_above_the_bar_are_always_kept_and_raise_it():
    wheel = Roulette(0.25)
    rng = random.Random(2)
    assert wheel.weight(0.2, wheel.floor(rng)) == 0.2
    assert wheel.bar == pytest.approx(0.05)
    assert all(wheel.weight(0.05, wheel.floor(rng)) == 0.05 for _ in range(100))
    assert wheel.weight(4.0, wheel.floor(rng)) == 4.0
    assert wheel.bar == pytest.approx(1.0)


def test_a_fraction_outside_the_unit_interval_is_refused():
    for bad in (0.0, -0.1, 1.5):
        with pytest.raises(ValueError):
            Roulette(bad)
