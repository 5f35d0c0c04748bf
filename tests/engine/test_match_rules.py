"""Thaas matches (RULES.md, "The match"): best_of, the sweep, and how the lead passes."""

from __future__ import annotations

import random

import pytest

from thaasbai.engine import GameOptions, RecordError, SetupError, describe, new_match, replay

from .deals import LEADER_WINS, ONE_SUIT_EACH, OTHER_SWEEPS, OTHER_WINS, led_by
from .scenarios import Scenario

LEADER = led_by(LEADER_WINS)  # the first leader's team wins, 12-1
OTHER = led_by(OTHER_WINS)  # the other team wins, 12-1


def thaas(best_of: int) -> Scenario:
    return Scenario(game="thaas", hukum="none", best_of=best_of)


def test_match_best_of_3_ends_as_soon_as_a_team_has_two_deals():
    # Dealer 3, so seat 0 leads; team 0 wins; seat 2 leads the second deal; team 0 again.
    sc = thaas(3).deal(LEADER, "...", dealer=3).deal(LEADER, "...")
    _, out = sc.run()
    assert [d["winner"] for d in out["deals"]] == [0, 0]
    assert out["match"] == {"over": True, "winner": 0, "deals_won": [2, 0]}


def test_match_extra_deal_after_the_match_is_over_is_refused():
    sc = thaas(3).deal(LEADER, "...", dealer=3).deal(LEADER, "...").deal(LEADER, "")
    err = sc.error()
    assert (err.deal, err.action) == (2, None)
    assert "over" in err.message


def test_match_best_of_3_goes_to_a_third_deal_when_the_first_two_split():
    sc = thaas(3).deal(LEADER, "...", dealer=3).deal(OTHER, "...")
    _, out = sc.run()
    assert out["match"] == {"over": False, "winner": None, "deals_won": [1, 1]}
    _, out = sc.deal(LEADER, "...").run()
    assert out["match"]["over"] is True
    assert out["match"]["deals_won"] in ([2, 1], [1, 2])


@pytest.mark.parametrize(("best_of", "needed"), [(1, 1), (3, 2), (5, 3), (7, 4)])
def test_match_is_won_with_best_of_plus_one_over_two_deals(best_of, needed):
    sc = thaas(best_of).deal(LEADER, "...", dealer=3)
    for _ in range(needed - 1):
        _, out = sc.run()
        assert out["match"]["over"] is False
        sc.deal(LEADER, "...")
    _, out = sc.run()
    assert out["match"] == {"over": True, "winner": 0, "deals_won": [needed, 0]}


def test_match_sweep_ends_match_at_once():
    # Best of 7, but seat 0's team sweeps the first deal and wins the match.
    sc = thaas(7).deal(led_by(ONE_SUIT_EACH), "...", dealer=3)
    _, out = sc.run()
    assert out["deals"][0]["sweep"] is True
    assert out["match"] == {"over": True, "winner": 0, "deals_won": [1, 0]}


def test_match_sweep_by_the_team_behind_still_wins_the_match():
    # Team 0 wins the first two deals of a best of 7; team 1 sweeps the third.
    sc = thaas(7).deal(LEADER, "...", dealer=3).deal(LEADER, "...")
    sc.deal(led_by(OTHER_SWEEPS), "...")
    _, out = sc.run()
    assert out["deals"][2]["sweep"] is True
    assert out["match"] == {"over": True, "winner": 1, "deals_won": [2, 1]}


@pytest.mark.parametrize("first_dealer", [0, 1, 2, 3])
@pytest.mark.parametrize("leaders_team_wins", [True, False])
def test_match_next_leader_is_first_seat_of_winning_team_after_previous_leader(
    first_dealer, leaders_team_wins
):
    leader = (first_dealer + 1) % 4
    sc = thaas(3).deal(LEADER if leaders_team_wins else OTHER, "...", dealer=first_dealer)
    sc.deal(None, "")
    sc.seed = 1
    _, out = sc.run()
    winner = out["deals"][0]["winner"]
    # The first seat after the previous leader that belongs to the winning team: the
    # leader's partner if the leader's team won, else the seat on the leader's left.
    next_leader = (leader + 2) % 4 if leaders_team_wins else (leader + 1) % 4
    assert next_leader % 2 == winner
    assert out["deals"][1]["dealer"] == (next_leader - 1) % 4
    assert out["deals"][1]["to_act"] == next_leader


def test_match_later_dealer_may_be_omitted_but_a_wrong_one_is_refused():
    sc = thaas(3).deal(LEADER, "...", dealer=3).deal(LEADER, "...", dealer=1)
    _, out = sc.run()
    assert out["deals"][1]["dealer"] == 1
    sc = thaas(3).deal(LEADER, "...", dealer=3).deal(LEADER, "...", dealer=0)
    err = sc.error()
    assert (err.deal, err.action) == (1, None)
    assert "seat 1 by the rules" in err.message


def test_match_first_dealer_is_chosen_at_random():
    options = GameOptions(game="thaas")
    dealers = {new_match(options, rng=random.Random(i)).first_dealer for i in range(64)}
    assert dealers == {0, 1, 2, 3}


def test_match_record_needs_the_first_dealer():
    record = Scenario(game="thaas", seed=1).deal(None, dealer=0).record()
    del record["deals"][0]["dealer"]
    with pytest.raises(RecordError) as info:
        replay(record)
    assert (info.value.deal, info.value.action) == (0, None)


@pytest.mark.parametrize("best_of", [0, 2, 4, 9, -1])
def test_match_best_of_must_be_1_3_5_or_7(best_of):
    with pytest.raises(SetupError):
        GameOptions(game="thaas", best_of=best_of)


def test_match_defaults_are_best_of_1_and_implicit_hukum():
    options = GameOptions(game="thaas")
    assert (options.best_of, options.hukum) == (1, "implicit")
    record = {"game": "thaas", "seats": 4, "seed": 3, "deals": [{"dealer": 0}]}
    match = replay(record)
    assert match.options == options
    assert describe(match)["match"] == {"over": False, "winner": None, "deals_won": [0, 0]}


def test_match_deal_in_progress_must_be_the_last():
    record = thaas(3).deal(LEADER, "AS", dealer=3).record()
    record["deals"].append({"hands": record["deals"][0]["hands"], "actions": []})
    with pytest.raises(RecordError) as info:
        replay(record)
    assert (info.value.deal, info.value.action) == (0, None)
    assert "stops before its end" in info.value.message
