"""bench/arena_variant.py's pooling and comparing of runs: the figures STRENGTH.md quotes
across several seeds come from these, so deals of different runs must stay apart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scripts import load_script


@pytest.fixture(scope="module")
def variant():
    return load_script("bench/arena_variant.py")


def write_run(path: Path, plays: list[list[float]], seed: int) -> Path:
    lines = [json.dumps({"deal": i, "points": p}) for i, p in enumerate(plays)]
    lines.append(json.dumps({"a_win_rate": 0.0, "seed": seed}))  # the summary: not a deal
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_pooled_runs_count_every_deal_of_every_run(variant, tmp_path):
    first = write_run(tmp_path / "s1.jsonl", [[1, 1], [0, 1], [0, 0]], 1)
    second = write_run(tmp_path / "s2.jsonl", [[1, 1], [1, 0]], 2)
    out = variant.pool([first, second])
    # Deal 0 and deal 1 of each run are other deals: five deals, not three.
    assert out["deals"] == 5 and out["split_deals"] == 2
    assert out["a_win_rate"] == pytest.approx((1 + 0.5 + 0 + 1 + 0.5) / 5)
    lo, hi = out["paired_ci95"]
    assert lo < out["a_win_rate"] < hi


def test_lists_of_runs_compare_seed_by_seed(variant, tmp_path):
    a1 = write_run(tmp_path / "a1.jsonl", [[1, 1], [0, 1]], 1)
    a2 = write_run(tmp_path / "a2.jsonl", [[0, 0], [1, 1]], 2)
    b1 = write_run(tmp_path / "b1.jsonl", [[0, 1], [0, 1]], 1)
    b2 = write_run(tmp_path / "b2.jsonl", [[0, 1], [1, 1]], 2)
    out = variant.compare([a1, a2], [b1, b2])
    # Per deal: +0.5, 0, -0.5, 0 (each run against the same seed's run, not pooled).
    assert out["deals"] == 4 and out["difference"] == pytest.approx(0.0)
    assert out["first_better"] == 1 and out["second_better"] == 1
    with pytest.raises(SystemExit):
        variant.compare([a1, a2], [b1])


def test_pooling_and_comparing_at_once_is_refused(variant, tmp_path, capsys):
    """Asked for both, the bench must say so rather than print one and drop the other."""
    run = write_run(tmp_path / "s1.jsonl", [[1, 1]], 1)
    with pytest.raises(SystemExit):
        variant.main(["--pool", str(run), "--compare", str(run), str(run)])
    assert "not allowed with argument" in capsys.readouterr().err


def test_ultra_plays_on_the_budget_asked_for_and_the_run_says_so(variant, monkeypatch, capsys):
    """``--ultra-ms``: every Ultra the arena builds thinks that long a move; B keeps its own."""
    arena = variant.arena
    budgets = []

    def play_deal(cfg, index):
        budgets.append((arena.make_bot("ultra").default_budget_ms, arena.make_bot("hard")))
        return arena.DealResult(a_points=[1.0, 0.0], a_ms=[5.0], b_ms=[5.0])

    monkeypatch.setattr(arena, "play_deal", play_deal)
    variant.main(["--deals", "2", "--ultra-ms", "900", "--b", "hard"])
    assert [ms for ms, _ in budgets] == [900, 900]
    assert all(hard.default_budget_ms == 200 for _, hard in budgets)
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert summary["ultra_ms"] == 900 and summary["games"] == 4
    budgets.clear()
    variant.main(["--deals", "1"])
    assert budgets[0][0] == variant.UltraBot.default_budget_ms


def test_a_budget_of_no_time_is_refused_before_any_deal(variant, monkeypatch, capsys):
    monkeypatch.setattr(variant.arena, "play_deal", lambda cfg, index: pytest.fail("played"))
    with pytest.raises(SystemExit):
        variant.main(["--deals", "1", "--ultra-ms", "0"])
    assert "--ultra-ms must be a positive" in capsys.readouterr().err
