"""bench/reading_score.py's double-dummy reader: the screen behind session 31's finding
that it places the unseen cards worse than the Normal model (docs/STRENGTH.md)."""

from __future__ import annotations

import random

import pytest
from scripts import load_script

from thaasbai.bots import fast
from thaasbai.bots.postponed import best_card
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import view_for

pytestmark = pytest.mark.skipif(not fast.AVAILABLE, reason="endplay is not installed")


@pytest.fixture(scope="module")
def screen():
    return load_script("bench/reading_score.py")


def worst_card(d) -> int:
    """The card that takes the fewest tricks for the side to act (double dummy)."""
    tricks = fast.card_tricks(d)
    return min(tricks, key=lambda c: (tricks[c], c))


def play_until(seed: int, chooser, cards: int):
    """A `none` deal in which every seat plays ``chooser``'s card from the real deal,
    until seat 0 is to act with ``cards`` cards."""
    rng = random.Random(seed)
    m = new_match(GameOptions(game="thaas", hukum="none"), rng=rng)
    m.start_deal(rng=rng)
    d = m.current
    while not (d.to_act == 0 and d.hands[0].bit_count() == cards):
        m.apply(d.to_act, chooser(d))
    return m


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_best_play_explains_the_real_deal_better_than_worst_play(screen, seed):
    """Seats that played double-dummy best cards leave the real deal more likely under the
    reader than seats that played the worst ones."""
    weights = []
    for chooser in (best_card, worst_card):
        m = play_until(seed, chooser, 6)
        view = view_for(m, 0)
        weights.append(screen.dd_likelihood(view, m.current, 2.0, 13))
    best, worst = weights
    assert 0.0 < worst < best <= 1.0
    assert worst < 1e-3
