"""Dhihaeh, rule by rule (RULES.md, "Dhihaeh"), each from a readable record.

The deal, trick play, teams and hukum modes are Thaas's (tested in test_thaas_rules.py);
here the tests show that they carry over, and test what differs: the tens.
"""

from __future__ import annotations

import pytest

from thaasbai.engine import view_for

from .deals import (
    LEADER_WINS,
    LEADER_WINS_BANG,
    ONE_SUIT_EACH,
    OTHER_WINS,
    OTHER_WINS_BANG,
    led_by,
)
from .scenarios import Scenario


def dhihaeh(hukum: str = "none", best_of: int = 1) -> Scenario:
    return Scenario(game="dhihaeh", hukum=hukum, best_of=best_of)


# Dealer 3, seat 0 leads, hukum "none".  Seat 0 wins ten spade leads (the 10S falls to
# it); then it leads its 2H and seat 1 wins the last three tricks, with the tens of
# hearts, diamonds and clubs that seat 2 must follow with.
THREE_TENS_HANDS = {
    0: "AS KS QS JS 9S 8S 7S 6S 5S 4S 2H 2D 2C",
    1: "AH AD AC KH QH JH 9H 8H 7H 6H 5H 4H 3H",
    2: "TH TD TC KD QD JD 9D 8D 7D 6D 5D 4D 3D",
    3: "TS 3S 2S KC QC JC 9C 8C 7C 6C 5C 4C 3C",
}
THREE_TENS_PLAY = (
    "AS KH KD TS | KS QH QD 3S | QS JH JD 2S | JS 9H 9D KC | 9S 8H 8D QC"
    " | 8S 7H 7D JC | 7S 6H 6D 9C | 6S 5H 5D 8C | 5S 4H 4D 7C | 4S 3H 3D 6C"
    " | 2H AH TH 5C | AD TD 4C 2D | AC TC 3C 2C"
)


def test_dhihaeh_all_13_tricks_are_played_without_a_lock():
    # The deal Thaas ends at 7-1 after eight tricks goes on in Dhihaeh.
    sc = dhihaeh().deal(
        THREE_TENS_HANDS,
        "AS KH KD TS | KS QH QD 3S | QS JH JD 2S | JS 9H 9D KC | 9S 8H 8D QC"
        " | 8S 7H 7D JC | 7S 6H 6D 9C | 2H AH TH 5C",
        dealer=3,
    )
    _, out = sc.run()
    deal = out["deals"][0]
    assert deal["tricks"] == [7, 1]
    assert deal["status"] == "in_progress"


def test_dhihaeh_team_with_three_tens_wins_the_deal_with_fewer_tricks():
    _, out = dhihaeh().deal(THREE_TENS_HANDS, THREE_TENS_PLAY, dealer=3).run()
    deal = out["deals"][0]
    assert deal["tricks"] == [10, 3]
    assert deal["tens"] == [1, 3]
    assert deal["winner"] == 1
    assert (deal["bang"], deal["sweep"]) == (False, False)
    assert deal["tricks_played"] == 13


def test_dhihaeh_two_tens_each_the_team_with_more_tricks_wins():
    # As above, but seat 1 throws its 10H on a spade trick and seat 2 follows the
    # heart lead with the 9H: two tens each, and team 0's ten tricks win the deal.
    hands = dict(THREE_TENS_HANDS)
    hands[1] = "AH AD AC KH QH JH TH 8H 7H 6H 5H 4H 3H"
    hands[2] = "9H TD TC KD QD JD 9D 8D 7D 6D 5D 4D 3D"
    play = THREE_TENS_PLAY.replace("JS 9H 9D KC", "JS TH 9D KC").replace(
        "2H AH TH 5C", "2H AH 9H 5C"
    )
    _, out = dhihaeh().deal(hands, play, dealer=3).run()
    deal = out["deals"][0]
    assert deal["tens"] == [2, 2]
    assert deal["tricks"] == [10, 3]
    assert deal["winner"] == 0


def test_dhihaeh_bang_is_all_four_tens_to_one_team():
    _, out = dhihaeh().deal(LEADER_WINS_BANG, "...", dealer=3).run()
    deal = out["deals"][0]
    assert deal["tens"] == [4, 0]
    assert deal["tricks"] == [12, 1]
    assert (deal["winner"], deal["bang"], deal["sweep"]) == (0, True, False)
    assert out["match"]["bangs"] == [1, 0]


def test_dhihaeh_big_bang_is_all_13_tricks_and_is_reported_as_sweep():
    _, out = dhihaeh(best_of=5).deal(ONE_SUIT_EACH, "...", dealer=3).run()
    deal = out["deals"][0]
    assert deal["tricks"] == [13, 0]
    assert (deal["sweep"], deal["bang"]) == (True, True)


def test_dhihaeh_big_bang_ends_match():
    # A best of 5, ended by a Big Bang in the first deal.
    sc = dhihaeh(best_of=5).deal(led_by(ONE_SUIT_EACH), "...", dealer=3)
    _, out = sc.run()
    assert out["match"] == {"over": True, "winner": 0, "deals_won": [1, 0], "bangs": [1, 0]}
    err = sc.deal(led_by(ONE_SUIT_EACH), "").error()
    assert (err.deal, err.action) == (1, None)


def test_dhihaeh_match_plays_every_deal_even_when_decided_on_deals():
    # Team 0 wins the first two deals of a best of 3; the third is still played.
    sc = dhihaeh(best_of=3).deal(led_by(LEADER_WINS), "...", dealer=3)
    sc.deal(led_by(LEADER_WINS), "...")
    _, out = sc.run()
    assert out["match"] == {"over": False, "winner": None, "deals_won": [2, 0], "bangs": [0, 0]}
    _, out = sc.deal(led_by(OTHER_WINS), "...").run()
    assert out["match"] == {"over": True, "winner": 0, "deals_won": [2, 1], "bangs": [0, 0]}


def test_dhihaeh_match_is_won_by_more_bangs_before_more_deals():
    # Deals: team 0 (no Bang), team 0 (no Bang), team 1 with a Bang.  Team 1 wins.
    sc = dhihaeh(best_of=3).deal(led_by(LEADER_WINS), "...", dealer=3)
    sc.deal(led_by(LEADER_WINS), "...").deal(led_by(OTHER_WINS_BANG), "...")
    _, out = sc.run()
    assert [d["winner"] for d in out["deals"]] == [0, 0, 1]
    assert out["match"] == {"over": True, "winner": 1, "deals_won": [2, 1], "bangs": [0, 1]}


def test_dhihaeh_match_with_equal_bangs_is_won_by_more_deals():
    # Team 0 with a Bang, team 1 with a Bang, then team 1 without: one Bang each, and
    # team 1 won two deals.
    sc = dhihaeh(best_of=3).deal(led_by(LEADER_WINS_BANG), "...", dealer=3)
    sc.deal(led_by(OTHER_WINS_BANG), "...").deal(led_by(LEADER_WINS), "...")
    _, out = sc.run()
    assert [d["winner"] for d in out["deals"]] == [0, 1, 1]
    assert out["match"] == {"over": True, "winner": 1, "deals_won": [1, 2], "bangs": [1, 1]}


@pytest.mark.parametrize("best_of", [1, 3, 5, 7])
def test_dhihaeh_match_is_a_set_number_of_deals(best_of):
    sc = dhihaeh(best_of=best_of).deal(led_by(LEADER_WINS), "...", dealer=3)
    for _ in range(best_of - 1):
        sc.deal(led_by(LEADER_WINS), "...")
    _, out = sc.run()
    assert len(out["deals"]) == best_of
    assert out["match"]["over"] is True
    assert out["match"]["deals_won"] == [best_of, 0]


@pytest.mark.parametrize("leaders_team_wins", [True, False])
def test_dhihaeh_next_leader_passes_as_in_thaas(leaders_team_wins):
    hands = led_by(LEADER_WINS if leaders_team_wins else OTHER_WINS)
    sc = dhihaeh(best_of=3).deal(hands, "...", dealer=1).deal(None, "")
    sc.seed = 4
    _, out = sc.run()
    next_leader = 0 if leaders_team_wins else 3  # seat 2 led the first deal
    assert out["deals"][1]["dealer"] == (next_leader - 1) % 4
    assert out["deals"][1]["to_act"] == next_leader


@pytest.mark.parametrize(
    ("hukum", "actions", "suit", "tricks"),
    [
        ("implicit", "...", "H", [0, 13]),
        ("declared", "declare=C ...", "C", [0, 13]),
        ("hidden", "...", "D", [13, 0]),
        ("none", "...", None, [13, 0]),
    ],
)
def test_dhihaeh_hukum_modes_are_those_of_thaas(hukum, actions, suit, tricks):
    set_aside = "2D" if hukum == "hidden" else None
    sc = dhihaeh(hukum).deal(ONE_SUIT_EACH, actions, dealer=3, set_aside=set_aside)
    match, out = sc.run()
    deal = out["deals"][0]
    assert (deal["hukum"], deal["tricks"]) == (suit, tricks)
    assert view_for(match, 0).hukum_mode == hukum


def test_dhihaeh_teams_and_tens_are_counted_per_team_as_tricks_are_won():
    _, out = dhihaeh().deal(THREE_TENS_HANDS, "AS KH KD TS", dealer=3).run()
    assert out["deals"][0]["tens"] == [1, 0]
    assert out["deals"][0]["tricks"] == [1, 0]


def test_dhihaeh_two_tens_each_and_team_one_has_more_tricks():
    # The deal above turned one seat round: seat 1 leads, so team 1 takes ten tricks.
    hands = dict(THREE_TENS_HANDS)
    hands[1] = "AH AD AC KH QH JH TH 8H 7H 6H 5H 4H 3H"
    hands[2] = "9H TD TC KD QD JD 9D 8D 7D 6D 5D 4D 3D"
    play = THREE_TENS_PLAY.replace("JS 9H 9D KC", "JS TH 9D KC").replace(
        "2H AH TH 5C", "2H AH 9H 5C"
    )
    _, out = dhihaeh().deal(led_by(hands), play, dealer=0).run()
    deal = out["deals"][0]
    assert (deal["tens"], deal["tricks"], deal["winner"]) == ([2, 2], [3, 10], 1)


def test_dhihaeh_big_bang_by_team_one():
    _, out = dhihaeh(best_of=5).deal(led_by(ONE_SUIT_EACH), "...", dealer=0).run()
    deal = out["deals"][0]
    assert deal["tricks"] == [0, 13]
    assert (deal["sweep"], deal["bang"], deal["winner"]) == (True, True, 1)
    assert out["match"]["over"] is True and out["match"]["winner"] == 1
