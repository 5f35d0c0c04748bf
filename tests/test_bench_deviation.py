"""bench/deviation.py's count of cards that leave Normal's: the figures behind Ultra's
``P_MATCH`` and ``PARTNER_P`` (docs/STRENGTH.md) come from it."""

from __future__ import annotations

import pytest
from scripts import load_script

from thaasbai import arena
from thaasbai.bots.common import alike
from thaasbai.bots.search_common import heuristic_choice
from thaasbai.engine.cards import FULL_DECK


@pytest.fixture(scope="module")
def deviation():
    return load_script("bench/deviation.py")


class NormalsCard:
    """Plays exactly the card Normal's rules pick."""

    level = "model"

    def choose(self, view, rng, budget_ms=None):
        return heuristic_choice(view)


class OtherCard:
    """Plays a legal card unlike Normal's whenever there is one."""

    level = "contrary"

    def choose(self, view, rng, budget_ms=None):
        normal = heuristic_choice(view)
        live = FULL_DECK & ~view.played
        unlike = [c for c in view.legal if c < 52 and not alike(normal, c, view.hand, live)]
        return unlike[0] if unlike else normal


def test_a_bot_playing_normals_card_never_counts_as_leaving_it(deviation, monkeypatch):
    monkeypatch.setattr(arena, "make_bot", lambda level, fast=False: NormalsCard())
    counts = deviation.measure(arena.ArenaConfig(hukum="implicit", deals=1, seed=3))
    assert sum(counts.values()) > 20  # every seat's real choices of both plays were counted
    assert not any(left for (_, _, _, left), n in counts.items() if n)


def test_a_bot_that_avoids_normals_card_counts_every_time_it_could(deviation, monkeypatch):
    made = iter([OtherCard(), NormalsCard()] * 4)  # seats 0 and 2 contrary in both plays
    monkeypatch.setattr(arena, "make_bot", lambda level, fast=False: next(made))
    counts = deviation.measure(arena.ArenaConfig(hukum="none", deals=1, seed=3))
    left = sum(n for (level, _, _, gone), n in counts.items() if level == "contrary" and gone)
    kept = sum(n for (level, _, _, gone), n in counts.items() if level == "contrary" and not gone)
    assert left > 10
    assert kept < left / 2  # kept only where every legal card was alike Normal's
    lines = deviation.report(counts)
    assert any(line.startswith("contrary") for line in lines)
    assert any(line.startswith("model") and line.endswith("0.0%") for line in lines)
