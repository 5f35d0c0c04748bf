"""No leaks from a solo table: at every point of many random games in every set-up, each
seat's view (and a spectator's) names only cards the record says it may know, shows its own
hand exactly and every seat's card count.  The oracle (``tests/knowledge.py``) works from
the record, never from the views it judges."""

from __future__ import annotations

import json
import random

import pytest
from knowledge import check_message, timeline

from thaasbai.engine import GameOptions, to_record
from thaasbai.engine.actions import ACCEPT, GIVE_UP, HAND_CALL
from thaasbai.table import Table

SETUPS = [
    ("thaas", 4, "implicit", 3),
    ("thaas", 4, "declared", 3),
    ("thaas", 4, "hidden", 5),
    ("thaas", 4, "none", 1),
    ("dhihaeh", 4, "hidden", 3),
    ("dhihaeh", 4, "implicit", 1),
    ("thulla", 2, "implicit", 1),
    ("thulla", 3, "implicit", 1),
    ("thulla", 4, "implicit", 1),
    ("thulla", 5, "implicit", 1),
    ("thulla", 6, "implicit", 1),
]


def pick(rng: random.Random, legal: list[int]) -> int:
    """A random legal action that makes (and accepts) Hand Calls often and gives up rarely."""
    if HAND_CALL in legal and rng.random() < 0.5:
        return HAND_CALL
    if ACCEPT in legal and rng.random() < 0.6:
        return ACCEPT
    rest = [a for a in legal if a not in (HAND_CALL, GIVE_UP)]
    if GIVE_UP in legal and (not rest or rng.random() < 0.01):
        return GIVE_UP
    return rng.choice(rest)


def views_of(table: Table) -> list[tuple[int | None, str, dict]]:
    seats = [*range(table.options.seats), None]
    return [(s, json.dumps(v := table.view(s).to_json()), v) for s in seats]


def play_and_check(game: str, seats: int, hukum: str, best_of: int, seed: int) -> dict:
    """Play a whole match (Thulla: two rounds) at random; check every view at every point.
    Returns how often each kind of hidden information was on the table."""
    rng = random.Random(seed)
    table = Table(GameOptions(game, seats, hukum, best_of), bot_level="easy", rng=rng)
    table.start()
    kinds = {"face_down": 0, "picked_up": 0, "handed_over": 0, "points": 0}
    for _ in range(2 if game == "thulla" else best_of):
        points = [views_of(table)]
        deal = table.match.current
        while not deal.over:
            seat = deal.to_act
            legal = deal.legal_actions(seat)
            givers = deal.can_give_up() if game == "thulla" else []
            if givers and rng.random() < 0.01:
                table.submit(rng.choice(givers), GIVE_UP, table.version)
            else:
                table.submit(seat, pick(rng, legal), table.version)
            points.append(views_of(table))
        facts = timeline(to_record(table.match))
        assert len(facts) == len(points)
        for fact, views in zip(facts, points, strict=True):
            kinds["points"] += 1
            kinds["face_down"] += fact.face_down is not None
            if game == "thulla":
                kinds["picked_up"] += any(h & fact.shown for h in fact.hands)
            for seat, raw, view in views:
                check_message(raw, seat, fact, view)
        if game == "thulla":
            kinds["handed_over"] += sum(ok for _, _, _, ok, _ in deal.calls)
        if table.match.over:
            break
        table.next_deal()
    return kinds


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s[0]}-{s[1]}-{s[2]}")
def test_every_view_at_every_point_names_only_cards_its_seat_may_know(setup):
    kinds = {"face_down": 0, "picked_up": 0, "handed_over": 0, "points": 0}
    for seed in range(6):
        for k, n in play_and_check(*setup, seed=seed).items():
            kinds[k] += n
    assert kinds["points"] > 100
    # The games went where hidden information is: the kinds this set-up has all occurred.
    game, seats, hukum, _ = setup
    if hukum == "hidden":
        assert kinds["face_down"] > 10
    if game == "thulla":
        assert kinds["picked_up"] > 10
        if seats >= 3:
            assert kinds["handed_over"] > 0
