"""A view's JSON (what the room server sends a seat) parses back to the very view the
engine made: ``view_from_json(v.to_json()) == v`` at every step of whole matches in every
game, for every seat and a spectator, after the JSON has been over the wire."""

from __future__ import annotations

import json
import random

import pytest

from tests.bots.conftest import SETUPS, random_position
from tests.bots.test_no_peeking import hidden_positions
from thaasbai.engine import ViewParseError, view_for, view_from_json
from thaasbai.engine.actions import GIVE_UP, HAND_CALL
from thaasbai.engine.match import GameOptions
from thaasbai.table import BOT, Table


def wire(view) -> dict:
    """The view as a client receives it: JSON text, parsed."""
    return json.loads(json.dumps(view.to_json()))


def seats_and_spectator(n: int) -> list[int | None]:
    return [*range(n), None]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: "-".join(map(str, s)))
def test_every_view_of_whole_matches_at_a_table_parses_back_to_the_tables_own(setup):
    game, seats, hukum = setup
    rng = random.Random(SETUPS.index(setup))
    best_of = 3 if game != "thulla" else 1
    t = Table(GameOptions(game=game, seats=seats, hukum=hukum, best_of=best_of), rng=rng)
    for s in range(seats):
        t.sit(s, f"bot {s}", BOT, "easy")
    t.start()
    checked = 0
    for _ in range(3):  # three deals (Thulla: rounds), so the match fields move too
        while True:
            for s in seats_and_spectator(seats):
                view = t.view(s)
                assert view_from_json(wire(view)) == view
                checked += 1
            if t.match.current.over:
                break
            d = t.match.current
            legal = d.legal_actions(d.to_act)
            if HAND_CALL in legal and rng.random() < 0.5:
                a = HAND_CALL
            else:
                a = rng.choice([x for x in legal if x != GIVE_UP] or legal)
            t.submit(d.to_act, a)
        if t.match.over:
            break
        t.next_deal()
    assert checked > 50


def test_views_holding_every_kind_of_hidden_information_parse_back():
    rng = random.Random(5)
    matches = [random_position(rng, *SETUPS[i % len(SETUPS)]) for i in range(60)]
    for match in [*matches, *hidden_positions(4, seed=8)]:
        for s in seats_and_spectator(match.seats):
            view = view_for(match, s)
            assert view_from_json(wire(view)) == view


def test_thulla_give_ups_and_hand_calls_parse_back():
    """Rounds that end by giving up, with Hand Calls accepted and refused on the way."""
    rng = random.Random(12)
    seen = {"give_up": 0, "accepted": 0, "refused": 0}
    for i in range(120):
        t = Table(GameOptions(game="thulla", seats=3 + i % 4), rng=rng)
        for s in range(t.options.seats):
            t.sit(s, "b", BOT, "easy")
        t.start()
        d = t.match.current
        while not d.over:
            seat = d.to_act
            giving = [s for s in d.can_give_up() if rng.random() < 0.05]
            if giving:
                t.submit(giving[0], GIVE_UP)
                seen["give_up"] += 1
                break
            legal = [a for a in d.legal_actions(seat) if a != GIVE_UP]
            a = HAND_CALL if HAND_CALL in legal and rng.random() < 0.4 else rng.choice(legal)
            t.submit(seat, a)
        for c in d.calls:
            seen["accepted" if c[3] else "refused"] += 1
        for s in seats_and_spectator(d.seats):
            view = t.view(s)
            assert view_from_json(wire(view)) == view
    assert min(seen.values()) > 0, seen


@pytest.mark.parametrize(
    "change",
    [
        lambda v: v.pop("hand"),
        lambda v: v.update(hand=["AS", "AS"]),
        lambda v: v.update(seat=9),
        lambda v: v.update(game="poker"),
        lambda v: v.update(legal=[{"play": "XX"}]),
        lambda v: v["history"].append(
            {"leader": 0, "cards": ["TS", "2S", "3S", "4S"], "winner": 1}
        ),
    ],
)
def test_a_view_that_the_engine_would_not_write_is_refused(change):
    rng = random.Random(3)
    match = random_position(rng, "dhihaeh", 4, "implicit")
    view = wire(view_for(match, 0))
    change(view)
    with pytest.raises(ViewParseError):
        view_from_json(view)


def test_a_thulla_discard_count_that_disagrees_with_the_tricks_is_refused():
    rng = random.Random(4)
    match = random_position(rng, "thulla", 4, "implicit")
    view = wire(view_for(match, 0))
    view["discarded"] += 1
    with pytest.raises(ViewParseError):
        view_from_json(view)
