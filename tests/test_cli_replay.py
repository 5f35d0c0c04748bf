"""`thaasbai replay FILE` and `thaasbai replay -`, run as a real process (RECORD.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from thaasbai.engine import action_to_json, describe, replay

ROOT = Path(__file__).resolve().parent.parent

TRICK_DEAL_KEYS = {
    "status",
    "dealer",
    "hukum",
    "tricks",
    "winner",
    "sweep",
    "tricks_played",
    "to_act",
    "legal",
    "hands",
}
THULLA_DEAL_KEYS = {
    "status",
    "dealer",
    "out",
    "bhabhi",
    "draw",
    "reveal",
    "can_give_up",
    "to_act",
    "legal",
    "hands",
}


def run(args: list[str], stdin: str | bytes | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run(
        [sys.executable, "-m", "thaasbai", "replay", *args],
        input=data,
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def replay_text(text: str | bytes, tmp_path: Path, via_stdin: bool = False):
    if via_stdin:
        return run(["-"], text)
    path = tmp_path / "record.json"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return run([str(path)])


def single_json(stdout: bytes) -> dict:
    """Standard output holds exactly one JSON document and nothing else."""
    text = stdout.decode()
    assert text.endswith("\n") and text.count("\n") == 1
    return json.loads(text)


def assert_error(proc, deal, action) -> dict:
    assert proc.returncode == 2
    doc = single_json(proc.stdout)
    assert set(doc) == {"error", "deal", "action"}
    assert isinstance(doc["error"], str) and doc["error"]
    assert (doc["deal"], doc["action"]) == (deal, action)
    assert b"Traceback" not in proc.stderr
    return doc


THAAS = {
    "game": "thaas",
    "seats": 4,
    "options": {"hukum": "implicit", "best_of": 3},
    "seed": 7,
    "deals": [{"dealer": 3, "actions": []}],
}
DHIHAEH = {**THAAS, "game": "dhihaeh"}
THULLA = {"game": "thulla", "seats": 3, "seed": 7, "deals": [{"dealer": 0}]}


@pytest.mark.parametrize("via_stdin", [False, True])
def test_replay_thaas_prints_exactly_the_thaas_fields(tmp_path, via_stdin):
    proc = replay_text(json.dumps(THAAS), tmp_path, via_stdin)
    assert proc.returncode == 0, proc.stderr
    doc = single_json(proc.stdout)
    assert set(doc) == {"game", "deals", "match"}
    assert doc["game"] == "thaas"
    assert set(doc["deals"][0]) == TRICK_DEAL_KEYS
    assert set(doc["match"]) == {"over", "winner", "deals_won"}
    assert doc["deals"][0]["to_act"] == 0
    assert proc.stderr == b""


def test_replay_dhihaeh_adds_tens_bang_and_bangs(tmp_path):
    proc = replay_text(json.dumps(DHIHAEH), tmp_path)
    assert proc.returncode == 0, proc.stderr
    doc = single_json(proc.stdout)
    assert set(doc["deals"][0]) == TRICK_DEAL_KEYS | {"tens", "bang"}
    assert set(doc["match"]) == {"over", "winner", "deals_won", "bangs"}


@pytest.mark.parametrize("via_stdin", [False, True])
def test_replay_thulla_prints_exactly_the_thulla_fields(tmp_path, via_stdin):
    proc = replay_text(json.dumps(THULLA), tmp_path, via_stdin)
    assert proc.returncode == 0, proc.stderr
    doc = single_json(proc.stdout)
    assert set(doc["deals"][0]) == THULLA_DEAL_KEYS
    assert set(doc["match"]) == {"bhabhi_count"}
    assert doc["deals"][0]["legal"] == [{"play": "AS"}]


def test_replay_of_a_played_record_matches_the_engine(tmp_path):
    record = {**THAAS, "deals": [{"dealer": 3, "actions": []}]}
    match = replay(record)
    deal = match.current
    actions = []
    while not deal.over:
        action = deal.legal_actions()[-1]
        actions.append({"seat": deal.to_act, **action_to_json(action)})
        match.apply(deal.to_act, action)
    record["deals"][0]["actions"] = actions
    proc = replay_text(json.dumps(record), tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert single_json(proc.stdout) == describe(replay(record))


@pytest.mark.parametrize("via_stdin", [False, True])
@pytest.mark.parametrize("text", ["{", "not json", "", '{"game": "thaas",}', "[1, 2"])
def test_replay_malformed_json_exits_2_with_the_error_object(tmp_path, text, via_stdin):
    assert_error(replay_text(text, tmp_path, via_stdin), None, None)


def test_replay_unreadable_file_exits_2(tmp_path):
    assert_error(run([str(tmp_path / "missing.json")]), None, None)
    assert_error(run([str(tmp_path)]), None, None)  # a directory
    assert_error(replay_text(b"\xff\xfe{\x00", tmp_path), None, None)  # not UTF-8


ONE_SUIT_EACH = [[rank + suit for rank in "AKQJT98765432"] for suit in "SHDC"]


@pytest.mark.parametrize(
    ("actions", "index", "words"),
    [
        (
            [{"seat": 0, "play": "AS"}, {"seat": 1, "play": "AH"}, {"seat": 2, "play": "2S"}],
            2,
            "does not hold",
        ),
        ([{"seat": 1, "play": "AH"}], 0, "turn"),
        ([{"seat": 0, "play": "AS"}, {"seat": 1, "declare": "H"}], 1, "card"),
        ([{"seat": 0, "play": "AS"}, {"seat": 1, "play": "ZZ"}], 1, "not a card"),
        ([{"seat": 0, "play": "AS"}, {"play": "AH"}], 1, "seat"),
    ],
)
def test_replay_illegal_action_exits_2_naming_deal_and_action(tmp_path, actions, index, words):
    record = {
        "game": "thaas",
        "seats": 4,
        "deals": [{"dealer": 3, "hands": ONE_SUIT_EACH, "actions": actions}],
    }
    doc = assert_error(replay_text(json.dumps(record), tmp_path), 0, index)
    assert words in doc["error"]


def test_replay_illegal_action_in_a_later_deal_names_that_deal(tmp_path):
    # A Thulla series at two seats: the first round ends when seat 0 gives up; the second
    # when seat 1 gives up, and then seat 0 still plays a card in it.
    record = {
        "game": "thulla",
        "seats": 2,
        "seed": 4,
        "deals": [
            {"dealer": 0, "actions": [{"seat": 0, "give_up": True}]},
            {"actions": [{"seat": 1, "give_up": True}, {"seat": 0, "play": "2C"}]},
        ],
    }
    doc = assert_error(replay_text(json.dumps(record), tmp_path), 1, 1)
    assert "over" in doc["error"]


def test_replay_action_after_the_deal_ended_names_the_next_action(tmp_path):
    record = {
        "game": "thulla",
        "seats": 2,
        "seed": 1,
        "deals": [
            {"dealer": 0, "actions": [{"seat": 0, "give_up": True}, {"seat": 1, "give_up": True}]}
        ],
    }
    doc = assert_error(replay_text(json.dumps(record), tmp_path), 0, 1)
    assert "over" in doc["error"]


@pytest.mark.parametrize(
    ("record", "deal", "action"),
    [
        ({"game": "chess", "seats": 4, "deals": []}, None, None),
        ({"game": [], "seats": 4, "deals": []}, None, None),
        ({"game": "thaas", "seats": 4, "deals": [], "extra": 1}, None, None),
        ({"game": "thaas", "seats": 4, "deals": [{"dealer": 0, "hands": []}]}, 0, None),
        (
            {"game": "thulla", "seats": 2, "seed": 1, "deals": [{"dealer": 0, "set_aside": "2C"}]},
            0,
            None,
        ),
        (
            {
                "game": "thulla",
                "seats": 2,
                "seed": 1,
                "deals": [{"dealer": 0, "actions": [{"seat": 0, "fly": True}]}],
            },
            0,
            0,
        ),
        ([1, 2, 3], None, None),
    ],
)
def test_replay_malformed_record_exits_2(tmp_path, record, deal, action):
    assert_error(replay_text(json.dumps(record), tmp_path), deal, action)


def test_replay_deeply_nested_json_exits_2_without_a_traceback(tmp_path):
    assert_error(replay_text("[" * 100_000 + "]" * 100_000, tmp_path), None, None)
    assert_error(replay_text('{"game": ' + "[" * 100_000, tmp_path), None, None)
