"""Ultra's ``team_rules`` option: its own side plays the Normal bot's own rules (the
open-hukum race) in its default move, its rollouts and its reading of the partner, while
the other side is modelled without them, as Hard plays."""

from __future__ import annotations

import copy
import random

import pytest

from thaasbai.bots.base import finish
from thaasbai.bots.budget import Budget
from thaasbai.bots.hard import flat_search_steps, move_to_beat
from thaasbai.bots.inference import knowledge, play_likelihood, sample_world
from thaasbai.bots.normal import NormalBot, trick_action
from thaasbai.bots.rollout import history_voids, trick_rollout
from thaasbai.bots.search_common import candidates, heuristic_choice
from thaasbai.bots.trick_finish import TrickFinish
from thaasbai.bots.trick_reading import TrickReading
from thaasbai.bots.ultra import ENDGAME_CARDS, UltraBot
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import view_for


def fresh_deal(seed: int, game: str = "thaas"):
    match = new_match(GameOptions(game=game, hukum="implicit"), rng=random.Random(seed))
    match.start_deal(rng=random.Random(seed))
    return match


def play_out(match, rules_team: int):
    """Finish the deal through the views: ``rules_team``'s seats play the Normal bot's
    card, the others the search bots' model of Normal."""
    bot = NormalBot()
    d = match.current
    while not d.over:
        seat = d.to_act
        view = view_for(match, seat)
        if (seat & 1) == rules_team:
            action = bot.choose(view, random.Random(0))
        else:
            action = heuristic_choice(view)
        match.apply(seat, action)
    return d


@pytest.mark.parametrize("game", ["thaas", "dhihaeh"])
def test_a_rollout_plays_the_rules_team_as_the_normal_bot_and_the_other_as_the_model(game):
    differs = 0
    for seed in range(20):
        match = fresh_deal(seed, game)
        team = seed & 1
        rolled = match.current.copy()
        trick_rollout(rolled, random.Random(1), 0.0, history_voids(rolled), rules_team=team)
        real = play_out(copy.deepcopy(match), team)
        assert rolled.history == real.history and rolled.winner == real.winner
        plain = match.current.copy()
        trick_rollout(plain, random.Random(1), 0.0, history_voids(plain))
        differs += plain.history != rolled.history
    assert differs > 0  # the rules do act in some of these deals


def test_rollouts_that_end_exactly_play_the_rules_team_by_the_rules_too():
    differs = 0
    for seed in range(20):
        match = fresh_deal(seed)
        team = seed & 1
        rolled = match.current.copy()
        trick_rollout(rolled, random.Random(1), 0.0, history_voids(rolled), rules_team=team)
        finished = match.current.copy()
        TrickFinish(4).rollout_value(
            finished, team, random.Random(1), 0.0, history_voids(finished), rules_team=team
        )
        # Up to where the solver took over, the same cards as the rules rollout's.
        assert finished.history == rolled.history[: len(finished.history)]
        plain = match.current.copy()
        TrickFinish(4).rollout_value(plain, team, random.Random(1), 0.0, history_voids(plain))
        differs += plain.history != finished.history
    assert differs > 0


def views_where_the_rules_differ(limit: int = 6):
    """Views of Normal-bot deals (open hukum) where the Normal bot's card is not the
    search bots' default."""
    out = []
    for seed in range(40):
        match = fresh_deal(seed)
        bot = NormalBot()
        while not match.current.over and len(out) < limit:
            seat = match.current.to_act
            view = view_for(match, seat)
            mine = bot.choose(view, random.Random(0))
            if mine != heuristic_choice(view) and len(view.legal) > 1:
                out.append(view)
            match.apply(seat, mine)
        if len(out) >= limit:
            break
    assert len(out) == limit
    return out


def test_the_move_to_beat_is_the_normal_bots_card():
    for view in views_where_the_rules_differ():
        assert move_to_beat(view, team_rules=True) == trick_action(view, bot_rules=True)
        assert move_to_beat(view, team_rules=False) == heuristic_choice(view)
        assert move_to_beat(view, team_rules=True) != heuristic_choice(view)
        # On too few worlds to judge a difference the search keeps the move to beat.
        few = Budget(10_000, 2)
        with_rules = finish(
            flat_search_steps(
                view, random.Random(3), candidates(view), few, z=0.75, team_rules=True
            )
        )
        assert with_rules == trick_action(view, bot_rules=True)
        without = finish(
            flat_search_steps(view, random.Random(3), candidates(view), Budget(10_000, 2))
        )
        assert without == heuristic_choice(view)
        # A move to beat the caller passes in is the one kept (Ultra works it out once).
        given = finish(
            flat_search_steps(
                view,
                random.Random(3),
                candidates(view),
                Budget(10_000, 2),
                default=trick_action(view, bot_rules=True),
            )
        )
        assert given == trick_action(view, bot_rules=True)


def partner_rules_match(seed: int):
    """An open-hukum deal part played by Normal bots, seen by a seat whose partner has
    played some cards."""
    match = fresh_deal(seed)
    bot = NormalBot()
    for _ in range(9 + seed % 4):
        d = match.current
        if d.over or d.hukum >= 0:
            break
        seat = d.to_act
        match.apply(seat, bot.choose(view_for(match, seat), random.Random(0)))
    return match


def test_the_reading_of_a_partner_with_the_rules_weighs_as_play_likelihood_does():
    rng = random.Random(5)
    checked = differs = 0
    for seed in range(12):
        match = partner_rules_match(seed)
        if match.current.over:
            continue
        view = view_for(match, match.current.to_act)
        k = knowledge(view)
        ruled = TrickReading(view, sample_world(view, rng, k), 0.85, 0.7, partner_rules=True)
        plain = TrickReading(view, sample_world(view, rng, k), 0.85, 0.7)
        for world in [sample_world(view, rng, k) for _ in range(30)] + [match.current]:
            expected = play_likelihood(view, world, 0.85, partner_p=0.7, partner_rules=True)
            assert ruled.weight(world.hands) == expected
            assert plain.weight(world.hands) == play_likelihood(view, world, 0.85, partner_p=0.7)
            differs += expected != plain.weight(world.hands)
            checked += 1
    assert checked >= 200
    assert differs > 0  # read with the rules, some worlds weigh otherwise


def test_the_partner_read_with_the_rules_explains_a_normal_bot_partner_better():
    """A partner that plays the Normal bot's card is read at ``partner_p`` on every play
    only when it is read with the rules: on the true deal the ruled reading weighs more."""
    better = 0
    for seed in range(12):
        match = partner_rules_match(seed)
        if match.current.over:
            continue
        view = view_for(match, match.current.to_act)
        ruled = play_likelihood(view, match.current, 0.85, partner_p=0.7, partner_rules=True)
        plain = play_likelihood(view, match.current, 0.85, partner_p=0.7)
        assert ruled >= plain or ruled == pytest.approx(plain)
        better += ruled > plain * 1.0001
    assert better > 0


def test_ultra_with_team_rules_plays_only_legal_cards():
    rng = random.Random(7)
    bot = UltraBot(iterations=12, team_rules=True)
    for seed in range(3):
        match = fresh_deal(100 + seed)
        while not match.current.over:
            seat = match.current.to_act
            view = view_for(match, seat)
            action = bot.choose(view, rng)
            assert action in view.legal
            match.apply(seat, action)


def test_ultra_plays_its_own_sides_rules_by_default():
    # On an impossible bar Ultra keeps its move to beat: by default the Normal bot's card.
    searched = [
        v for v in views_where_the_rules_differ() if v.hand.bit_count() > ENDGAME_CARDS[v.game]
    ]
    assert searched
    for view in searched:
        bot = UltraBot(iterations=20, z=1e9)
        assert bot.choose(view, random.Random(1)) == trick_action(view, bot_rules=True)
        assert bot.last_mode == "flat"
