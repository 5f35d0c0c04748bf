"""An online room's hint is worked out by the client from its own seat's view JSON (what
the server sends as ``"view"``) and nothing else: parsed back it is the engine's own view
for that seat, the hint is legal, and moving the cards the seat cannot see changes
neither the JSON nor the hint."""

from __future__ import annotations

import asyncio
import json
import random

from knowledge import reshuffled

from tests.bots.conftest import SETUPS, random_position
from tests.bots.test_no_peeking import hidden_positions
from thaasbai.bots import finish
from thaasbai.bots.ultra import UltraBot
from thaasbai.engine.actions import action_from_json
from thaasbai.engine.views import view_for, view_from_json
from thaasbai.learn import hint as hint_module
from thaasbai.learn.hint import hint_steps, hint_steps_from_json
from thaasbai.learn.storage import MemoryStorage
from thaasbai.ui.learning import Learning, hints_offered
from thaasbai.ui.session import SessionState


def fixed_bot() -> UltraBot:
    return UltraBot(iterations=20)  # a fixed amount of search: the clock cannot change it


def sent(match, seat) -> dict:
    """The seat's view as it arrives over the wire."""
    return json.loads(json.dumps(view_for(match, seat).to_json()))


def positions(n: int, seed: int):
    rng = random.Random(seed)
    return [random_position(rng, *SETUPS[i % len(SETUPS)]) for i in range(n)]


def test_the_view_parsed_from_the_json_is_the_engines_own_for_that_seat():
    for match in [*positions(65, seed=21), *hidden_positions(3, seed=21)]:
        for seat in range(match.seats):
            assert view_from_json(sent(match, seat)) == view_for(match, seat)


def test_a_hint_from_the_json_is_legal_and_the_same_as_from_the_engines_view():
    for match in positions(39, seed=22):
        seat = match.current.to_act
        from_json = finish(
            hint_steps_from_json(sent(match, seat), random.Random(5), bot=fixed_bot())
        )
        direct = finish(hint_steps(view_for(match, seat), random.Random(5), bot=fixed_bot()))
        assert from_json == direct
        assert from_json.action in view_for(match, seat).legal


def test_moving_the_cards_the_seat_cannot_see_changes_neither_its_json_nor_its_hint():
    rng = random.Random(23)
    moved = 0
    for match in [*positions(26, seed=23), *hidden_positions(3, seed=23)]:
        seat = match.current.to_act
        other = reshuffled(match, seat, rng)  # the leak oracle's reshuffle, from the record
        assert sent(other, seat) == sent(match, seat)
        first = finish(hint_steps_from_json(sent(match, seat), random.Random(1), bot=fixed_bot()))
        again = finish(hint_steps_from_json(sent(other, seat), random.Random(1), bot=fixed_bot()))
        assert again == first
        moved += other.current.hands != match.current.hands
    assert moved >= 10  # the reshuffles did move hidden cards


class JsonOnlyRoom:
    """What an online table holds of a room: its last state message, nothing more."""

    online = True

    def __init__(self, view: dict, lobby: dict, version: int = 7) -> None:
        self.msg = {"view": view, "room": lobby, "version": version, "seat": view["seat"]}

    def state(self) -> SessionState:
        m = self.msg
        return SessionState(m["seat"], m["view"], m["room"], m["version"], online=True)


def _quick(monkeypatch):
    """The app's hint on a fixed, small search (the real one is Ultra on 600 ms)."""
    real = hint_module.hint_steps

    def steps(view, rng, budget_ms=600, bot=None):
        return real(view, rng, budget_ms, bot or fixed_bot())

    monkeypatch.setattr(hint_module, "hint_steps", steps)


def test_the_app_hints_online_only_where_the_room_allows_from_the_state_alone(monkeypatch):
    _quick(monkeypatch)
    learning = Learning(MemoryStorage())
    for match in positions(13, seed=24):
        seat = match.current.to_act
        view = sent(match, seat)
        allowed = JsonOnlyRoom(view, {"hints": True})
        assert hints_offered(allowed)
        h = asyncio.run(learning.hint(allowed))
        assert h is not None and h.version == 7
        assert action_from_json(h.action) in view_for(match, seat).legal
        for lobby in ({"hints": False}, {}):
            room = JsonOnlyRoom(view, lobby)
            assert not hints_offered(room)
            assert asyncio.run(learning.hint(room)) is None


def test_no_hint_off_turn_for_a_spectator_or_once_the_table_moved_on(monkeypatch):
    _quick(monkeypatch)
    learning = Learning(MemoryStorage())
    match = positions(1, seed=25)[0]
    seat = match.current.to_act
    waiting = (seat + 1) % match.seats
    assert asyncio.run(learning.hint(JsonOnlyRoom(sent(match, waiting), {"hints": True}))) is None
    spectator = JsonOnlyRoom(view_for(match, None).to_json(), {"hints": True})
    assert not hints_offered(spectator) and asyncio.run(learning.hint(spectator)) is None
    # The state moves on while the hint is worked out: it is dropped.
    room = JsonOnlyRoom(sent(match, seat), {"hints": True})
    real = hint_module.hint_steps

    def moving(view, rng, budget_ms=600, bot=None):
        room.msg = {**room.msg, "version": room.msg["version"] + 1}
        return real(view, rng, budget_ms, fixed_bot())

    monkeypatch.setattr(hint_module, "hint_steps", moving)
    assert asyncio.run(learning.hint(room)) is None
