"""Ultra's card reading: a sharper model, roulette on light worlds, a lower bar."""

from __future__ import annotations

import random

import pytest

from thaasbai.bots.common import bottom_equivalent
from thaasbai.bots.hard import move_to_beat
from thaasbai.bots.normal import NormalBot
from thaasbai.bots.search_common import (
    candidates,
    forced_action,
    heuristic_choice,
    is_thulla_throw,
    live_cards,
)
from thaasbai.bots.ultra import ENDGAME_CARDS, UltraBot
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import TrickView, view_for


def _mid_deal_views(n: int):
    """Views of the seat to act, a few tricks into Normal-played Thaas deals, with a choice
    for the flat search (before the solver's endgame)."""
    out = []
    seed = 0
    while len(out) < n:
        match = new_match(GameOptions(game="thaas", hukum="implicit"), rng=random.Random(seed))
        match.start_deal(rng=random.Random(seed))
        bot = NormalBot()
        for _ in range(14 + seed % 10):
            seat = match.current.to_act
            match.apply(seat, bot.choose(view_for(match, seat), random.Random(0)))
        view = view_for(match, match.current.to_act)
        if (
            forced_action(view) is None
            and len(candidates(view)) > 1
            and view.hand.bit_count() > ENDGAME_CARDS["thaas"]
        ):
            out.append(view)
        seed += 1
    return out


def test_ultra_spends_its_rollouts_on_the_worlds_that_explain_the_play():
    """By default light worlds go through the roulette: fewer worlds are rolled out than
    sampled, and they count for more than Hard-style weighting of as many samples."""
    views = _mid_deal_views(6)
    dropped = 0
    gain = 0
    for view in views:
        roulette = UltraBot(iterations=300)
        roulette.choose(view, random.Random(1))
        weights = UltraBot(iterations=300, reader="weights")
        weights.choose(view, random.Random(1))
        assert weights.last_stats["worlds"] == weights.last_stats["sampled"] == 300
        assert roulette.last_stats["sampled"] == 300
        dropped += roulette.last_stats["worlds"] < 300
        # Per world rolled out, the roulette's worlds are worth more.
        gain += (
            roulette.last_stats["effective"] / roulette.last_stats["worlds"]
            > weights.last_stats["effective"] / 300
        )
    assert dropped == len(views)
    assert gain >= len(views) - 1


def test_every_reader_plays_a_legal_move():
    for view in _mid_deal_views(3):
        for reader in ("roulette", "chain", "weights"):
            bot = UltraBot(iterations=40, reader=reader)
            assert bot.choose(view, random.Random(2)) in view.legal
            assert bot.last_mode == "flat"


def test_an_impossible_bar_keeps_the_move_to_beat():
    for view in _mid_deal_views(4):
        assert isinstance(view, TrickView)
        # By default its own side plays the rules: the move to beat is the Normal bot's card.
        bot = UltraBot(iterations=60, z=1e9)
        assert bot.choose(view, random.Random(3)) == move_to_beat(view, team_rules=True)
        # Without them, the search bots' shared model of Normal.
        bot = UltraBot(iterations=60, z=1e9, team_rules=False)
        assert bot.choose(view, random.Random(3)) == heuristic_choice(view)


def test_an_unknown_reader_is_refused():
    with pytest.raises(ValueError, match="reader"):
        UltraBot(reader="telepathy")


def _view_with_cards(cards: int, seed: int) -> TrickView:
    """The first view with a choice to make at ``cards`` cards a hand in a Normal-played
    implicit Thaas deal."""
    while True:
        match = new_match(GameOptions(game="thaas", hukum="implicit"), rng=random.Random(seed))
        match.start_deal(rng=random.Random(seed))
        bot = NormalBot()
        while not match.current.over:
            view = view_for(match, match.current.to_act)
            if (
                isinstance(view, TrickView)
                and view.hand.bit_count() == cards
                and forced_action(view) is None
                and len(candidates(view)) > 1
            ):
                return view
            match.apply(view.seat, bot.choose(view, random.Random(0)))
        seed += 1


def test_the_exact_endgame_starts_where_it_is_told():
    """By default the solver takes over at ENDGAME_CARDS cards a hand; ``endgame_cards``
    moves that point either way (bench/endgame_regret.py compares them)."""
    start = ENDGAME_CARDS["thaas"]
    at_start = _view_with_cards(start, 0)
    above = _view_with_cards(start + 1, 0)
    for view, kw, mode in (
        (at_start, {}, "solver"),
        (above, {}, "flat"),
        (above, {"endgame_cards": start + 1}, "solver"),
        (at_start, {"endgame_cards": start - 1}, "flat"),
    ):
        bot = UltraBot(iterations=3, **kw)
        assert bot.choose(view, random.Random(4)) in view.legal
        assert bot.last_mode == mode


def test_the_endgame_solves_only_the_worlds_its_roulette_keeps():
    """By default (``end_roulette``) the exact endgame solves fewer worlds than it
    samples, and they are worth more per solve; with ``end_roulette=0`` every sampled
    world is solved."""
    start = ENDGAME_CARDS["thaas"]
    dropped = 0
    gain = 0
    for seed in range(4):
        view = _view_with_cards(start, seed * 7)
        plain = UltraBot(iterations=200, end_roulette=0.0)
        assert plain.choose(view, random.Random(5)) in view.legal
        assert plain.last_mode == "solver"
        assert plain.last_stats["worlds"] == plain.last_stats["sampled"] == 200
        wheel = UltraBot(iterations=200)
        assert wheel.choose(view, random.Random(5)) in view.legal
        assert wheel.last_mode == "solver"
        assert wheel.last_stats["sampled"] == 200
        assert 1 <= wheel.last_stats["worlds"] <= 200
        dropped += wheel.last_stats["worlds"] < 200
        gain += (
            wheel.last_stats["effective"] / wheel.last_stats["worlds"]
            > plain.last_stats["effective"] / 200
        )
    assert dropped >= 3
    assert gain >= 3


def test_a_negative_end_postpone_is_refused():
    with pytest.raises(ValueError, match="end_postpone"):
        UltraBot(end_postpone=-1)


def test_an_unknown_end_reader_is_refused():
    with pytest.raises(ValueError, match="end_reader"):
        UltraBot(end_reader="weights")  # the flat search's reader, not the endgame's


def test_an_end_roulette_outside_zero_to_one_is_refused():
    with pytest.raises(ValueError, match="end_roulette"):
        UltraBot(end_roulette=1.5)


@pytest.mark.parametrize("p", [0.0, 1.0, 1.2])
def test_a_partner_p_that_is_not_a_probability_strictly_between_0_and_1_is_refused(p):
    with pytest.raises(ValueError, match="partner_p"):
        UltraBot(partner_p=p)


def test_a_negative_trick_finish_is_refused():
    with pytest.raises(ValueError, match="trick_finish_cards"):
        UltraBot(trick_finish_cards=-1)


def test_the_flat_search_ends_its_rollouts_exactly_when_asked(positions):
    """With ``trick_finish_cards`` the flat search's Thaas and Dhihaeh rollouts go to the
    solver (the default leaves them to Normal): the finish is used, and the card is legal."""
    bot = UltraBot(iterations=20, trick_finish_cards=5)
    assert UltraBot().trick_finish is None
    searched = 0
    for match in positions(16, seed=5, setups=[("thaas", 4, "implicit"), ("dhihaeh", 4, "none")]):
        view = view_for(match, match.current.to_act)
        if view.declaring or view.hand.bit_count() <= 7 or len(view.legal) < 2:
            continue
        action = bot.choose(view, random.Random(0))
        assert action in view.legal
        searched += bot.last_mode == "flat"
    assert searched >= 4
    assert bot.trick_finish.solved >= 20


def _thulla_throw_views(n: int) -> list:
    """Views of a 4-seat Thulla seat that cannot follow and holds two cards of one suit
    next to each other in rank once the discarded cards are gone (alike for the rollouts,
    not as a thulla)."""
    out = []
    seed = 0
    bot = NormalBot()
    while len(out) < n and seed < 400:
        rng = random.Random(seed)
        match = new_match(GameOptions(game="thulla", seats=4), rng=rng)
        match.start_deal(rng=rng)
        for _ in range(200):
            d = match.current
            if d.over:
                break
            view = view_for(match, d.to_act)
            if is_thulla_throw(view) and forced_action(view) is None:
                cards = [a for a in view.legal if a < 52]
                live = live_cards(view)
                if any(bottom_equivalent(c, view.hand, live) != c for c in cards):
                    out.append(view)
                    break
            match.apply(d.to_act, bot.choose(view, rng))
        seed += 1
    return out


def test_ultra_can_try_every_card_it_can_throw_on_a_thulla():
    """Neighbouring cards are one candidate when following, but a thrown card goes to the
    seat that picks up: with ``thulla_throws`` Ultra's search keeps each of them (Hard's,
    and Ultra's by default, still merge them)."""
    views = _thulla_throw_views(5)
    assert len(views) == 5
    for view in views:
        cards = sorted(a for a in view.legal if a < 52)
        assert sorted(a for a in candidates(view, thulla_throws=True) if a < 52) == cards
        assert len([a for a in candidates(view) if a < 52]) < len(cards)
    ultra = UltraBot(iterations=40, thulla_throws=True)
    for view in views:
        assert ultra.choose(view, random.Random(1)) in view.legal


def test_a_thulla_seat_that_can_follow_keeps_merging_neighbours():
    rng = random.Random(3)
    match = new_match(GameOptions(game="thulla", seats=4), rng=rng)
    match.start_deal(rng=rng)
    bot = NormalBot()
    seen = 0
    for _ in range(300):
        d = match.current
        if d.over:
            break
        view = view_for(match, d.to_act)
        if not is_thulla_throw(view):
            assert candidates(view, thulla_throws=True) == candidates(view)
            seen += 1
        match.apply(d.to_act, bot.choose(view, rng))
    assert seen > 20


def test_a_bottom_weight_outside_zero_to_one_is_refused():
    for bad in (0.0, -0.5, 1.5):
        with pytest.raises(ValueError, match="bottom"):
            UltraBot(bottom=bad)
