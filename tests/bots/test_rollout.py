"""Rollouts play exactly as Normal bots would, so Hard's paired comparisons model them."""

from __future__ import annotations

import copy
import random

from thaasbai.bots.inference import thulla_knowledge
from thaasbai.bots.normal import NormalBot
from thaasbai.bots.rollout import history_voids, thulla_rollout, trick_rollout
from thaasbai.engine.views import view_for


def play_out_with_normal(match):
    """Finish the match's current deal with Normal bots through the views."""
    bot = NormalBot()
    rng = random.Random(0)
    d = match.current
    while not d.over:
        seat = d.to_act
        match.apply(seat, bot.choose(view_for(match, seat), rng))
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
