"""Ultra's card reading in Thulla: a world is weighed by how well it explains the other
seats' plays, had they played like Normal (``bots.thulla_reading``)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from thaasbai.bots.inference import check_world, knowledge, sample_world
from thaasbai.bots.normal import NormalBot
from thaasbai.bots.posterior import PosteriorSampler
from thaasbai.bots.thulla_reading import ThullaReading, start_hands, thulla_play_likelihood
from thaasbai.bots.ultra import UltraBot
from thaasbai.engine.match import GameOptions, Match, new_match
from thaasbai.engine.views import ThullaView, view_for

P = 0.85


def normal_round(seed: int, seats: int, plays: int) -> tuple[Match, int]:
    """A Thulla round played ``plays`` actions by Normal bots (fewer if it ends), and
    how many of those were a choice (more than one legal card) for a seat other than
    the one to act at the end."""
    rng = random.Random(seed)
    m = new_match(GameOptions(game="thulla", seats=seats), rng=rng)
    m.start_deal(rng=rng)
    bot = NormalBot()
    log = []
    for _ in range(plays):
        d = m.current
        if d.over:
            break
        view = view_for(m, d.to_act)
        cards = [a for a in view.legal if a < 52]
        a = bot.choose(view, rng)
        log.append((d.to_act, len(cards) > 1 and a < 52))
        m.apply(d.to_act, a)
    me = m.current.to_act
    return m, sum(1 for seat, choice in log if choice and seat != me)


def mid_round(seats: int, plays: int, n: int) -> list[tuple[Match, int]]:
    out = []
    seed = 0
    while len(out) < n:
        m, choices = normal_round(seed, seats, plays)
        seed += 1
        if not m.current.over and not m.current.calls:
            out.append((m, choices))
    return out


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_the_round_is_taken_back_to_the_hands_it_was_dealt(seats):
    """Every card played goes back to its player, every pick-up out of its taker's hand:
    in the real deal that gives the dealt hands, through any number of pick-ups."""
    pickups = 0
    for m, _ in mid_round(seats, 70, 8):
        d = m.current
        view = view_for(m, d.to_act)
        assert start_hands(view, d) == list(d.start_hands)
        pickups += sum(1 for h in view.history if h[2])
    assert pickups >= 8


@pytest.mark.parametrize("seats", [3, 4, 6])
def test_the_real_deal_explains_every_play_of_normal_bots(seats):
    """Normal bots played every card Normal would: the real deal weighs p_match once for
    each of their choices, and a world that a seat's play contradicts weighs less."""
    lighter = 0
    for m, choices in mid_round(seats, 24, 6):
        d = m.current
        view = view_for(m, d.to_act)
        assert isinstance(view, ThullaView)
        assert thulla_play_likelihood(view, d, P) == pytest.approx(P**choices)
        rng = random.Random(choices)
        for _ in range(20):
            world = sample_world(view, rng)
            check_world(view, world)
            w = thulla_play_likelihood(view, world, P)
            assert w > 0.0
            lighter += w < P**choices * 0.99
    assert lighter >= 20  # the plays tell worlds apart


def test_a_world_below_the_floor_is_dropped_and_a_hand_call_is_not_read():
    m, _ = mid_round(4, 30, 1)[0]
    d = m.current
    view = view_for(m, d.to_act)
    exact = thulla_play_likelihood(view, d, P)
    assert thulla_play_likelihood(view, d, P, floor=exact * 0.999) == exact
    rng = random.Random(5)
    worlds = [sample_world(view, rng) for _ in range(40)]
    light = [w for w in worlds if thulla_play_likelihood(view, w, P) < exact * 0.5]
    assert light
    assert all(thulla_play_likelihood(view, w, P, floor=exact * 0.5) == 0.0 for w in light)
    called = replace(view, calls=((0, 1, 2, False, 0),))
    assert thulla_play_likelihood(called, d, P) == 1.0


def test_ultra_reads_thulla_cards_and_still_plays_legal_moves():
    for reader in ("roulette", "chain"):
        ultra = UltraBot(iterations=30, thulla_reader=reader)
        flat = 0
        for m, _ in mid_round(4, 20, 4):
            view = view_for(m, m.current.to_act)
            a = ultra.choose(view, random.Random(2))
            assert a in view.legal
            if ultra.last_mode == "flat":
                flat += 1
                stats = ultra.last_stats
                assert stats["worlds"] <= stats["sampled"] == 30
                if reader == "roulette":  # weighed worlds: fewer count than were drawn
                    assert stats["effective"] < stats["worlds"] or stats["worlds"] < 30
        assert flat >= 3


def test_chains_draw_thulla_worlds_that_explain_the_play():
    """The Metropolis chains (``posterior``) walk Thulla worlds too: every world agrees
    with the view, and they explain the play far better than independent samples."""
    chained = sampled = 0.0
    for m, _ in mid_round(4, 24, 4):
        view = view_for(m, m.current.to_act)
        rng = random.Random(9)
        k = knowledge(view)
        chains = PosteriorSampler(view, rng, k, P, likelihood=thulla_play_likelihood)
        for _ in range(24):
            world = chains.draw()
            check_world(view, world)
            chained += thulla_play_likelihood(view, world, P)
            sampled += thulla_play_likelihood(view, sample_world(view, rng, k), P)
        assert chains.accepted > 0
    assert chained > 3 * sampled


def test_the_reading_split_by_seat_weighs_every_world_as_the_replay_does():
    """``ThullaReading`` takes each seat's hand back through its later pick-ups and plays
    without the engine, and keeps follows' factors by the led suit's cards: the product of
    its factors is the replay's likelihood, in the real deal and in sampled worlds, and
    a floor drops the same worlds."""
    pickups = told_apart = 0
    for seats, plays in [(3, 40), (4, 30), (4, 60), (4, 90), (5, 70), (6, 50)]:
        for m, _ in mid_round(seats, plays, 3):
            view = view_for(m, m.current.to_act)
            pickups += sum(1 for h in view.history if h[2])
            rng = random.Random(seats * 100 + plays)
            k = knowledge(view)
            worlds = [m.current] + [sample_world(view, rng, k) for _ in range(40)]
            reading = ThullaReading(view, worlds[1], P)
            weights = [thulla_play_likelihood(view, w, P) for w in worlds]
            told_apart += len(set(weights)) > 2
            for world, w in zip(worlds, weights, strict=True):
                assert reading.weight(world.hands) == pytest.approx(w, rel=1e-9)
                assert reading.weight(world.hands, w * 1.01) == 0.0
                assert reading.weight(world.hands, w * 0.99) == pytest.approx(w, rel=1e-9)
    assert pickups >= 10
    assert told_apart >= 6  # the plays weigh worlds differently


def test_chains_walk_the_same_worlds_when_they_weigh_only_the_two_swapped_hands():
    """The Metropolis test on the two changed seats' factors is the test on the whole
    weight (the other factors cancel), drawing the same random numbers: from the same
    seed the factored chains hand out the very worlds the replaying ones do."""
    distinct = 0
    for m, _ in mid_round(4, 24, 3):
        view = view_for(m, m.current.to_act)
        k = knowledge(view)
        reading = ThullaReading(view, m.current, P)
        plain = PosteriorSampler(view, random.Random(4), k, P, likelihood=thulla_play_likelihood)
        split = PosteriorSampler(
            view, random.Random(4), k, P, likelihood=thulla_play_likelihood, factors=reading
        )
        drawn = [(plain.draw().hands, split.draw().hands) for _ in range(30)]
        assert all(a == b for a, b in drawn)
        assert split.accepted == plain.accepted > 0
        distinct += len({tuple(a) for a, _ in drawn})
    assert distinct > 30


def test_an_unknown_thulla_reader_is_refused():
    with pytest.raises(ValueError, match="thulla_reader"):
        UltraBot(thulla_reader="tarot")
