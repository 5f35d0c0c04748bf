"""bench/normal_rules.py: each side plays its own rules, and a flag that does not exist is
refused rather than read as a rule that changed nothing."""

from __future__ import annotations

import pytest
from scripts import load_script

from thaasbai import arena
from thaasbai.bots import trick_policy


@pytest.fixture(scope="module")
def rules():
    return load_script("bench/normal_rules.py")


def test_the_same_rules_on_both_sides_split_every_deal(rules):
    cfg = arena.ArenaConfig(hukum="implicit", deals=30, seed=5)
    out = rules.duel(cfg, {}, {})
    assert out["a_rate"] == 0.5 and out["split_deals"] == 30


def test_each_side_plays_its_own_rules_and_the_module_is_left_as_it_was(rules):
    cfg = arena.ArenaConfig(hukum="implicit", deals=300, seed=5)
    before = trick_policy.OPEN_SECOND_HAND_LOW
    out = rules.duel(cfg, {}, {"OPEN_SECOND_HAND_LOW": False, "OPEN_SHORT_MASTER": False})
    assert out["split_deals"] < 300  # the rules changed some deals' winners
    assert trick_policy.OPEN_SECOND_HAND_LOW is before


def test_a_flag_the_policy_lacks_is_refused(rules):
    with pytest.raises(ValueError, match="NO_SUCH_RULE"):
        rules.FlaggedNormal({"NO_SUCH_RULE": True})
