"""Rollouts play exactly as the search bots' model of a Normal player (Normal's rules, as
the search bots' default move plays them), so Hard's paired comparisons model such seats.
The Normal bot itself adds its rules while the implicit hukum is open (session 26), which
the model leaves out."""

from __future__ import annotations

import copy
import random

from thaasbai.bots.inference import thulla_knowledge
from thaasbai.bots.rollout import history_voids, thulla_rollout, trick_rollout
from thaasbai.bots.search_common import heuristic_choice
from thaasbai.engine.views import view_for


def play_out_with_normal(match):
    """Finish the match's current deal with the search bots' Normal move through the views."""
    d = match.current
    while not d.over:
        seat = d.to_act
        match.apply(seat, heuristic_choice(view_for(match, seat)))
    return d


def test_trick_rollout_reading_the_shown_voids_plays_as_normal_bots(positions):
    checked = 0
    for match in positions(40, seed=21):
        d = match.current
        if d.game == "thulla" or d.declaring:
            continue
        rolled = d.copy()
        trick_rollout(rolled, random.Random(1), 0.0, history_voids(rolled))
        real = play_out_with_normal(copy.deepcopy(match))
        assert rolled.history == real.history and rolled.winner == real.winner
        checked += 1
    assert checked >= 15


def test_thulla_rollout_reading_the_shown_voids_plays_as_normal_bots(positions):
    checked = 0
    for match in positions(60, seed=22):
        d = match.current
        if d.game != "thulla" or d.phase == "answer":
            continue
        rolled = d.copy()
        voids = list(thulla_knowledge(view_for(match, d.to_act)).voids)
        thulla_rollout(rolled, random.Random(1), 0.0, voids)
        real = play_out_with_normal(copy.deepcopy(match))
        if not real.over or not rolled.over:
            continue  # a round that cycles is cut short by the rollout
        assert rolled.history == real.history and rolled.bhabhi == real.bhabhi
        checked += 1
    assert checked >= 10


def test_trick_rollout_with_no_hukum_plays_as_normal_bots(positions):
    """With no hukum Normal also reads the suits each seat led last; a rollout started
    mid-deal (and mid-trick) must read them from the history as the bots do."""
    for match in positions(24, seed=4, setups=[("thaas", 4, "none"), ("dhihaeh", 4, "none")]):
        d = match.current
        rolled = d.copy()
        trick_rollout(rolled, random.Random(1), 0.0, history_voids(rolled))
        real = play_out_with_normal(copy.deepcopy(match))
        assert rolled.history == real.history and rolled.winner == real.winner


def test_trick_rollout_from_an_open_implicit_hukum_leaves_out_the_normal_bots_rules():
    """Started before the implicit hukum is named, a rollout still plays as the model
    does, and on some deals that is not how the Normal bot plays them."""
    from thaasbai.bots.normal import NormalBot
    from thaasbai.engine.match import GameOptions, new_match

    differs = 0
    for seed in range(20):
        match = new_match(GameOptions(game="thaas", hukum="implicit"), rng=random.Random(seed))
        match.start_deal(rng=random.Random(seed))
        assert match.current.hukum < 0
        rolled = match.current.copy()
        trick_rollout(rolled, random.Random(1), 0.0, history_voids(rolled))
        model = play_out_with_normal(copy.deepcopy(match))
        assert rolled.history == model.history and rolled.winner == model.winner
        bot = NormalBot()
        real = copy.deepcopy(match)
        while not real.current.over:
            seat = real.current.to_act
            real.apply(seat, bot.choose(view_for(real, seat), random.Random(0)))
        differs += real.current.history != model.history
    assert differs > 0
