"""No bot can reach hidden state: reshuffling the unseen cards leaves its choice unchanged,
and every bot returns only legal actions."""

from __future__ import annotations

import copy
import random

import pytest

from thaasbai.bots.easy import EasyBot
from thaasbai.bots.hard import HardBot
from thaasbai.bots.inference import sample_world
from thaasbai.bots.normal import NormalBot
from thaasbai.bots.ultra import UltraBot
from thaasbai.engine.views import view_for


def fixed_bots():
    """Every level, with iteration budgets so wall-clock time cannot change a choice."""
    return [
        EasyBot(),
        NormalBot(),
        HardBot(iterations=6),
        UltraBot(iterations=25),
        UltraBot(iterations=25, trick_search="ismcts"),
        UltraBot(iterations=25, reader="chain"),
    ]


@pytest.mark.parametrize("bot", fixed_bots(), ids=lambda b: b.level)
def test_choice_is_unchanged_when_unseen_cards_are_reshuffled(bot, positions):
    shuffle_rng = random.Random(11)
    for match in positions(26, seed=5):
        seat = match.current.to_act
        view = view_for(match, seat)
        world = sample_world(view, shuffle_rng)  # the opponents' unseen cards, redealt
        other = copy.copy(match)
        other.deals = [*match.deals[:-1], world]
        other_view = view_for(other, seat)
        assert other_view == view
        first = bot.choose(view, random.Random(42))
        second = bot.choose(other_view, random.Random(42))
        assert first == second


@pytest.mark.parametrize("bot", fixed_bots(), ids=lambda b: b.level)
def test_bots_only_return_legal_actions(bot, positions):
    rng = random.Random(3)
    for match in positions(52, seed=6):
        view = view_for(match, match.current.to_act)
        assert bot.choose(view, rng) in view.legal


def test_bots_answer_a_hand_call_and_play_whole_rounds_legally():
    """Whole Thulla rounds and Thaas deals through the engine's own validation."""
    from thaasbai.engine.match import GameOptions, new_match

    rng = random.Random(9)
    for game, seats in (("thulla", 3), ("thulla", 5), ("dhihaeh", 4)):
        m = new_match(GameOptions(game=game, seats=seats, hukum="hidden"), rng=rng)
        m.start_deal(rng=rng)
        bots = [NormalBot(), HardBot(iterations=2)]
        d = m.current
        for _ in range(2000):
            if d.over:
                break
            seat = d.to_act
            m.apply(seat, bots[seat % 2].choose(view_for(m, seat), rng))
        assert d.over
