"""The arena: duplicate deals, the JSON summary, and a real strength check."""

from __future__ import annotations

import json

import pytest

from thaasbai.arena import ArenaConfig, play_deal, run, wilson
from thaasbai.cli import main


def test_arena_json_is_printed_last_with_every_field(capsys):
    code = main(
        [
            "arena",
            "--game",
            "thaas",
            "--a",
            "hard",
            "--b",
            "easy",
            "--deals",
            "2",
            "--budget-ms",
            "5",
            "--json",
        ]
    )
    assert code == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out.strip().splitlines()[-1])
    for key in (
        "game",
        "a",
        "b",
        "deals",
        "a_win_rate",
        "ci95",
        "a_ms_per_move_p95",
        "b_ms_per_move_p95",
    ):
        assert key in out
    assert out["deals"] == 2 and out["games"] == 4
    lo, hi = out["ci95"]
    assert 0 <= lo <= out["a_win_rate"] <= hi <= 1
    assert "deals" in captured.err  # the progress bar goes to standard error


def test_thulla_arena_reports_the_bhabhi_rate(capsys):
    main(
        [
            "arena",
            "--game",
            "thulla",
            "--seats",
            "3",
            "--a",
            "ultra",
            "--b",
            "normal",
            "--deals",
            "3",
            "--budget-ms",
            "5",
            "--json",
            "--quiet",
        ]
    )
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["games"] == 3 and out["seats"] == 3
    assert out["a_bhabhi_rate"] in (0, 1 / 3, 2 / 3, 1)  # a count of the 3 rounds
    lo, hi = out["ci95"]
    assert lo <= out["a_bhabhi_rate"] <= hi


def test_thulla_arena_summary_counts_the_rounds_a_lost():
    """The summary's Bhabhi rate is the share of its rounds in which A was the Bhabhi."""
    cfg = ArenaConfig(game="thulla", seats=4, a="normal", b="easy", deals=4, seed=8)
    lost = [x for i in range(cfg.deals) for x in play_deal(cfg, i).a_bhabhi]
    out = run(cfg)
    assert out["games"] == len(lost) == 4
    assert out["a_bhabhi_rate"] == sum(lost) / len(lost)
    assert out["ci95"] == list(wilson(sum(lost), len(lost)))


def test_duplicate_deals_cancel_the_cards():
    """The same bot on both sides wins exactly one of the two plays of each deal."""
    cfg = ArenaConfig(game="dhihaeh", hukum="declared", a="normal", b="normal", deals=6)
    for i in range(6):
        assert sum(play_deal(cfg, i).a_points) == 1.0


def test_wilson_interval_contains_the_rate():
    lo, hi = wilson(30, 40)
    assert lo < 0.75 < hi


def test_normal_beats_easy_over_40_duplicate_deals():
    out = run(ArenaConfig(game="thaas", hukum="implicit", a="normal", b="easy", deals=40, seed=3))
    assert out["ci95"][0] > 0.5, out


@pytest.mark.parametrize("n", [1, 3, 7, 10, 49, 200])
def test_wilson_interval_always_contains_the_observed_rate(n):
    for wins in (0, n // 3, n):
        lo, hi = wilson(wins, n)
        assert 0 <= lo <= wins / n <= hi <= 1
