"""A kept game replays to the identical final state through ``thaasbai replay`` (a real
process: native only)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from thaasbai.engine.record import describe
from thaasbai.learn.history import HistoryStore
from thaasbai.learn.storage import MemoryStorage

from .test_history import played_match, save

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", ["thaas", "dhihaeh", "thulla"])
def test_a_kept_game_replays_to_the_identical_final_state_through_thaasbai_replay(game, tmp_path):
    m = played_match(game, seats=4, hukum="hidden") if game != "thulla" else played_match(game)
    store = HistoryStore(MemoryStorage())
    save(store, m)
    [entry] = asyncio.run(store.load()).entries
    path = tmp_path / "game.json"
    path.write_text(entry.export_text())
    proc = subprocess.run(
        [sys.executable, "-m", "thaasbai", "replay", str(path)],
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert proc.returncode == 0, proc.stdout
    assert json.loads(proc.stdout) == describe(m)
