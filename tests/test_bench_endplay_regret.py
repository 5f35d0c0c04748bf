"""bench/endplay_regret.py: the move-by-move double-dummy screen of session 32, and its
split of the regret by where in the deal a decision falls (docs/STRENGTH.md)."""

from __future__ import annotations

import pytest
from scripts import load_script

from thaasbai.bots import fast
from thaasbai.bots.dd_outcomes import team_outcomes

pytestmark = pytest.mark.skipif(not fast.AVAILABLE, reason="endplay is not installed")


@pytest.fixture(scope="module")
def screen():
    return load_script("bench/endplay_regret.py")


@pytest.fixture(scope="module")
def positions(screen):
    found = screen.critical_positions("none", 2, 3)
    assert len(found) >= 5
    return found


class Oracle:
    """A test double that reads the real deal: the best or the worst card for its team."""

    def __init__(self, positions, best: bool) -> None:
        self.deals = {id(view): deal for view, deal in positions}
        self.best = best

    def choose(self, view, rng, ms):
        results = team_outcomes(self.deals[id(view)], view.seat & 1)
        pick = max if self.best else min
        return pick(results, key=lambda c: (results[c][0], c))


def test_every_hand_size_falls_in_one_band(screen):
    assert {screen.cards_band(c) for c in range(1, 14)} == set(screen.BANDS)
    assert screen.cards_band(13) == screen.cards_band(12) == "12-13"
    assert screen.cards_band(9) == "9-11" and screen.cards_band(8) == "6-8"


def test_the_best_card_gives_up_nothing_and_the_worst_every_kept_position(screen, positions):
    best, each_best = screen.regret(Oracle(positions, True), positions, 0)
    worst, each_worst = screen.regret(Oracle(positions, False), positions, 0)
    assert best["win_regret"] == 0 and set(each_best) == {0}
    # Kept positions are those where the cards differ in who wins: the worst card loses.
    assert worst["win_regret"] == len(positions) and set(each_worst) == {1}
    assert sum(worst["win_regret_by_cards"].values()) == len(positions)
    assert list(worst["win_regret_by_cards"]) == [
        b for b in screen.BANDS if b in worst["win_regret_by_cards"]
    ]
    assert screen.paired(each_worst, each_best) == {
        "worse_than_first": len(positions),
        "better_than_first": 0,
    }
