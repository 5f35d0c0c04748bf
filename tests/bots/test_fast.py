"""The optional endplay path agrees with the pure-Python solver (skipped without endplay)."""

from __future__ import annotations

import random

import pytest

from thaasbai.bots import fast
from thaasbai.bots.solver import Solver
from thaasbai.bots.ultra import UltraBot
from thaasbai.engine.cards import cards_of
from thaasbai.engine.views import view_for

pytestmark = pytest.mark.skipif(not fast.AVAILABLE, reason="endplay is not installed")


def test_double_dummy_results_match_the_exact_solver(positions):
    from test_solver import played_down

    rng = random.Random(12)
    checked = 0
    for hukum in ("declared", "none", "implicit"):
        for _ in range(8):
            d = played_down(rng, "thaas", hukum, 5)
            if not fast.maps_to_bridge(d):
                continue
            wins = fast.move_wins(d, 0)
            for c, won in wins.items():
                nd = d.copy()
                nd.play_card(c)
                assert Solver("thaas").wins(nd, 0) == won
            checked += 1
    assert checked >= 10


def test_the_exact_solver_agrees_with_dds_on_larger_positions():
    """DDS is an exact oracle where the deal is bridge play: the pure-Python solver's
    cut-offs (cashing runs, top hukum cards) must give its answer at 7 cards a hand too."""
    from test_solver import played_down

    rng = random.Random(21)
    for hukum in ("declared", "none", "implicit"):
        for _ in range(6):
            d = played_down(rng, "thaas", hukum, 7)
            if not fast.maps_to_bridge(d):
                continue
            team = d.to_act & 1
            wins = fast.move_wins(d, team)
            assert Solver("thaas").wins(d, team) == any(wins.values())


# Every way Ultra's endplay can score its worlds: a win count on Normal-weighted worlds
# (the default), exact tricks as the tie-break, the tricks' margin, uniform worlds,
# postponed reasoning at every hand size, chains, ties broken by Normal rollouts.
ENDPLAYS = [
    {"end_score": "wins"},
    {"end_score": "tricks"},
    {"end_score": "tricks", "end_p_match": 0.0},
    {"end_score": "margin"},
    {"end_postpone": 13},
    {"end_reader": "chain"},
    {"end_ties": "rollouts"},
    {"bottom": 0.3},
]


def test_team_outcomes_agree_with_the_target_mode(positions):
    """Exact trick counts and the target mode say the same about who wins, and the tricks
    are the whole deal's: a won card gives the team at least 7."""
    from test_solver import played_down

    from thaasbai.bots.dd_outcomes import team_outcomes

    rng = random.Random(31)
    checked = 0
    for hukum in ("declared", "none"):
        for cards in (3, 6, 9, 12):
            d = played_down(rng, "thaas", hukum, cards)
            if not fast.maps_to_bridge(d):
                continue
            for team in (0, 1):
                out = team_outcomes(d, team)
                wins = fast.move_wins(d, team)
                assert set(out) == set(wins)
                for c, (won, tricks) in out.items():
                    assert bool(won) == wins[c] == (tricks >= 7)
                    assert d.tricks[team] <= tricks <= 13 - d.tricks[1 - team]
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize("kw", ENDPLAYS, ids=lambda kw: "-".join(map(str, kw.values())))
def test_ultra_with_endplay_returns_legal_moves(positions, kw):
    bot = UltraBot(iterations=5, fast=True, **kw)
    for match in positions(26, seed=8):
        view = view_for(match, match.current.to_act)
        assert bot.choose(view, random.Random(1)) in view.legal


@pytest.mark.parametrize("kw", ENDPLAYS, ids=lambda kw: "-".join(map(str, kw.values())))
def test_ultra_with_endplay_sees_only_its_view(positions, kw):
    """The endplay path (DDS on Ultra's weighted worlds) chooses the same card however the
    unseen cards lie, as every other search path does (tests/bots/test_no_peeking.py)."""
    from knowledge import reshuffled

    bot = UltraBot(iterations=5, fast=True, **kw)
    shuffle_rng = random.Random(13)
    searched = 0
    for match in positions(39, seed=9):
        seat = match.current.to_act
        view = view_for(match, seat)
        other_view = view_for(reshuffled(match, seat, shuffle_rng), seat)
        assert other_view == view
        first = bot.choose(view, random.Random(42))
        searched += bot.last_mode == "endplay"
        assert bot.choose(other_view, random.Random(42)) == first
    assert searched >= 3


def test_every_card_mode_groups_each_legal_card_once_with_its_tricks():
    """``solve_all`` (the reading screen's DDS call) gives each group of equivalent cards
    the tricks that scoring each card on its own (``card_tricks``) gives it."""
    from test_solver import played_down

    rng = random.Random(41)
    for cards in (2, 5, 8):
        d = played_down(rng, "thaas", "none", cards)
        fut = fast.solve_all(d.hands, d.leader, d.trick, d.hukum)
        each = fast.card_tricks(d)
        seen = 0
        for i in range(fut.cards):
            group = fast.group_mask(fut, i)
            assert group and not group & seen
            seen |= group
            assert {each[c] for c in range(52) if group >> c & 1} == {fut.score[i]}
        assert seen == d.legal_mask()


def test_the_margin_score_ranks_cards_by_their_tricks_and_splits_the_win_line():
    """Each card scores a logistic of its double-dummy tricks: more tricks score more, a
    card that makes 7 more than half a world and one that makes 6 less."""
    from test_solver import played_down

    from thaasbai.bots.dd_outcomes import team_outcomes

    rng = random.Random(5)
    spread = 0
    for _ in range(12):
        d = played_down(rng, "thaas", "none", 8)
        team = d.to_act & 1
        moves = cards_of(d.legal_mask())
        score = dict.fromkeys(moves, 0.0)
        UltraBot._score_world(d, 1.0, team, moves, score, Solver("thaas"), True, True, True)
        out = team_outcomes(d, team)
        for a in moves:
            assert (score[a] > 0.5) == bool(out[a][0])
            for b in moves:
                if out[a][1] > out[b][1]:
                    assert score[a] > score[b]
        spread += len({t for _, t in out.values()}) > 1
    assert spread > 0
