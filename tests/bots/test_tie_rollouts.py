"""The exact endgame's tie-break by rollouts (``UltraBot(end_ties="rollouts")``)."""

from __future__ import annotations

import random

import pytest

from thaasbai.bots.hard import MIN_WORLDS
from thaasbai.bots.inference import sample_world
from thaasbai.bots.normal import NormalBot
from thaasbai.bots.rollout import history_voids, trick_rollout, trick_value
from thaasbai.bots.search_common import candidates, forced_action, heuristic_choice
from thaasbai.bots.tie_rollouts import TieRollouts
from thaasbai.bots.ultra import UltraBot
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import TrickView, view_for


def _endgame_views(cards: int, n: int, seed: int = 0) -> list[TrickView]:
    """Views at ``cards`` cards a hand, hukum known, with a choice that includes Normal's
    card, from Normal's deals."""
    out: list[TrickView] = []
    bot = NormalBot()
    while len(out) < n:
        match = new_match(GameOptions(game="thaas", hukum="implicit"), rng=random.Random(seed))
        match.start_deal(rng=random.Random(seed))
        while not match.current.over:
            view = view_for(match, match.current.to_act)
            if (
                isinstance(view, TrickView)
                and view.hand.bit_count() == cards
                and match.current.hukum >= 0
                and forced_action(view) is None
                and len(candidates(view)) > 1
                and heuristic_choice(view) in candidates(view)
            ):
                out.append(view)
                break
            match.apply(view.seat, bot.choose(view, random.Random(0)))
        seed += 1
    return out


def _ties(view: TrickView) -> TieRollouts:
    return TieRollouts(view, candidates(view), heuristic_choice(view))


def test_an_unknown_end_ties_is_refused():
    with pytest.raises(ValueError, match="end_ties"):
        UltraBot(end_ties="coin")


def test_a_world_is_scored_by_playing_each_card_to_the_end_and_left_unchanged():
    view = _endgame_views(5, 1)[0]
    ties = _ties(view)
    world = sample_world(view, random.Random(3))
    before = world.copy()
    vals = ties.values(world, random.Random(0))
    assert world.hands == before.hands and world.trick == before.trick
    assert len(vals) == len(ties.moves)
    for v in vals:
        # A finished deal: a win scores at least 0.98, a loss at most 0.02.
        assert v >= 0.98 or v <= 0.02
    # The rollouts are Normal's deterministic play: the same world scores the same.
    assert vals == ties.values(world, random.Random(99))
    # Each card's score is Normal's play to the end after it, reading the voids shown.
    for a, v in zip(ties.moves, vals, strict=True):
        st = world.copy()
        st.play_card(a)
        trick_rollout(st, random.Random(0), 0.0, history_voids(st))
        assert st.over and trick_value(st, view.seat & 1) == v


def test_another_tied_card_must_clear_the_bar_on_enough_worlds():
    view = _endgame_views(5, 1)[0]
    ties = _ties(view)
    di = ties.moves.index(ties.default)
    other = next(a for a in ties.moves if a != ties.default)
    oi = ties.moves.index(other)

    def world(default_value: float, other_value: float) -> list[float]:
        vals = [0.0] * len(ties.moves)
        vals[di], vals[oi] = default_value, other_value
        return vals

    tied = [ties.default, other]
    for _ in range(MIN_WORLDS - 1):
        ties.record(world(0.0, 1.0), 1.0)
    assert ties.choose(tied, 0.75) == ties.default  # too few worlds to judge
    ties.record(world(0.0, 1.0), 1.0)
    assert ties.choose(tied, 0.75) == other  # wins every world Normal's card loses
    # Not among the tied cards, it is never played, however well it rolls out.
    assert ties.choose([ties.default], 0.75) == ties.default
    # As many worlds the other way: no gain, Normal's card stays.
    for _ in range(MIN_WORLDS):
        ties.record(world(1.0, 0.0), 1.0)
    assert ties.choose(tied, 0.75) == ties.default


def test_without_normals_card_the_tied_card_that_rolls_out_best_is_played():
    view = _endgame_views(5, 1)[0]
    ties = _ties(view)
    others = [a for a in ties.moves if a != ties.default]
    if len(others) < 2:
        others = ties.moves[:2]
    a, b = others[:2]
    vals = [0.0] * len(ties.moves)
    vals[ties.moves.index(b)] = 1.0
    ties.record(vals, 1.0)
    assert ties.choose([a, b], 0.75) == b


def test_the_tie_break_only_chooses_among_the_cards_that_win_the_most_worlds():
    """With the same worlds (an iteration count, the same seed) the two rules see the same
    solves: they may differ only where several cards tie at the top, and the card chosen
    is one of them."""
    differ = 0
    several = 0
    for i, view in enumerate(_endgame_views(5, 12, seed=40) + _endgame_views(7, 6, seed=80)):
        plain = UltraBot(iterations=40)
        ties = UltraBot(iterations=40, end_ties="rollouts")
        a = plain.choose(view, random.Random(i))
        b = ties.choose(view, random.Random(i))
        assert ties.last_mode == "solver"
        assert b in view.legal
        assert b in ties.last_tied
        several += len(ties.last_tied) > 1
        if a != b:
            differ += 1
            assert len(ties.last_tied) > 1
            assert a in ties.last_tied
    assert several >= 3
    assert differ >= 1
