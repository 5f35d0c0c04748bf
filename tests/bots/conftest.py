"""Random mid-game positions in every game, for the bot tests."""

from __future__ import annotations

import random

import pytest

from thaasbai.engine.actions import GIVE_UP, HAND_CALL
from thaasbai.engine.match import GameOptions, Match, new_match

SETUPS = [
    ("thaas", 4, "implicit"),
    ("thaas", 4, "declared"),
    ("thaas", 4, "hidden"),
    ("thaas", 4, "none"),
    ("dhihaeh", 4, "implicit"),
    ("dhihaeh", 4, "declared"),
    ("dhihaeh", 4, "hidden"),
    ("dhihaeh", 4, "none"),
    ("thulla", 2, "implicit"),
    ("thulla", 3, "implicit"),
    ("thulla", 4, "implicit"),
    ("thulla", 5, "implicit"),
    ("thulla", 6, "implicit"),
]


def random_position(rng: random.Random, game: str, seats: int, hukum: str) -> Match:
    """A match whose current deal was played at random for a random number of actions
    (Hand Calls made and answered both ways) and is not over."""
    while True:
        m = new_match(GameOptions(game=game, seats=seats, hukum=hukum), rng=rng)
        m.start_deal(rng=rng)
        d = m.current
        steps = rng.randrange(0, 60 if game != "thulla" else 120)
        for _ in range(steps):
            if d.over:
                break
            seat = d.to_act
            legal = [a for a in d.legal_actions(seat) if a != GIVE_UP]
            if HAND_CALL in legal and rng.random() < 0.7:
                legal.remove(HAND_CALL)
            m.apply(seat, rng.choice(legal))
        if not d.over:
            return m


@pytest.fixture
def positions():
    """``positions(n, seed)``: n random positions cycling through every game set-up (or
    through ``setups``)."""

    def make(n: int, seed: int = 0, setups: list[tuple[str, int, str]] = SETUPS) -> list[Match]:
        rng = random.Random(seed)
        return [random_position(rng, *setups[i % len(setups)]) for i in range(n)]

    return make
