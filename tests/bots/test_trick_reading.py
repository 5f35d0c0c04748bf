"""TrickReading weighs a world as play_likelihood does, from the world's hands alone."""

from __future__ import annotations

import random

import pytest

from thaasbai.bots.inference import knowledge, play_likelihood, sample_world
from thaasbai.bots.search_common import heuristic_choice
from thaasbai.bots.trick_reading import TrickReading
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import view_for


def half_normal_match(game: str, hukum: str, actions: int, seed: int):
    """A deal where every other card is Normal's and the rest are random legal cards, so
    the worlds weigh both kinds of factor."""
    rng = random.Random(seed)
    match = new_match(GameOptions(game=game, hukum=hukum), rng=rng)
    match.start_deal(rng=rng)
    for _ in range(actions):
        d = match.current
        if d.over:
            break
        seat = d.to_act
        view = view_for(match, seat)
        action = heuristic_choice(view) if rng.random() < 0.5 else rng.choice(view.legal)
        match.apply(seat, action)
    return match


@pytest.mark.parametrize("game", ["thaas", "dhihaeh"])
@pytest.mark.parametrize("hukum", ["implicit", "declared", "none"])
def test_the_reading_weighs_every_world_as_play_likelihood_does(game, hukum):
    rng = random.Random(11)
    checked = read_down = 0
    for seed in range(5):
        match = half_normal_match(game, hukum, 12 + 7 * seed, seed)
        if match.current.over:
            continue
        view = view_for(match, match.current.to_act)
        k = knowledge(view)
        for p, partner_p, bottom in ((0.85, 0.7, 1.0), (0.6, None, 1.0), (0.85, 0.7, 0.2)):
            reading = TrickReading(view, sample_world(view, rng, k), p, partner_p, bottom=bottom)
            worlds = [sample_world(view, rng, k) for _ in range(40)] + [match.current]
            for world in worlds:
                expected = play_likelihood(view, world, p, partner_p=partner_p, bottom=bottom)
                assert reading.weight(world.hands) == expected
                for floor in (expected * 0.5, expected * 2.0, 1e-6):
                    assert reading.weight(world.hands, floor) == play_likelihood(
                        view, world, p, floor, partner_p, bottom=bottom
                    )
                checked += 1
                if bottom < 1.0:
                    plain = play_likelihood(view, world, p, partner_p=partner_p)
                    read_down += expected < plain
    assert checked >= 450
    # Random legal cards follow from above equal cards often enough that some worlds
    # are read down for it: the bottom factor is exercised, not just passed along.
    assert read_down >= 10


def test_followers_are_weighed_from_the_memo_once_seen():
    """The point of the reading: a follow's factor is computed once per holding of the
    led suit, so many worlds share it (the memo holds fewer entries than worlds weighed)."""
    match = half_normal_match("thaas", "none", 30, 3)
    view = view_for(match, match.current.to_act)
    rng = random.Random(2)
    k = knowledge(view)
    reading = TrickReading(view, sample_world(view, rng, k), 0.85)
    for _ in range(200):
        reading.weight(sample_world(view, rng, k).hands)
    follows = [m for p, m in zip(reading.plays, reading._memos, strict=True) if p.key]
    assert follows
    assert all(len(m) < 200 for m in follows)


def test_hidden_mode_is_refused():
    match = half_normal_match("thaas", "hidden", 6, 1)
    view = view_for(match, match.current.to_act)
    with pytest.raises(ValueError, match="hidden"):
        TrickReading(view, match.current)
