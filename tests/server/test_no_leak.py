"""No leaks: over many random games with humans and bots, no message to a seat or a
spectator names a card the record says it may not know (Thulla included), every view shows
its own hand and each seat's card count truly, and no message holds a token or a seed."""

from __future__ import annotations

import asyncio
import random

import pytest
from knowledge import Knowledge, check_message, now
from server_harness import Client, LiveServer, create, join, run

from thaasbai.engine import to_record

ROOMS = [
    {"game": "thaas"},
    {"game": "thaas", "options": {"hukum": "declared", "best_of": 3}},
    {"game": "thaas", "options": {"hukum": "hidden", "best_of": 3}},
    {"game": "thaas", "options": {"hukum": "none"}},
    {"game": "dhihaeh", "options": {"hukum": "implicit", "best_of": 3}},
    {"game": "dhihaeh", "options": {"hukum": "hidden"}},
    {"game": "thulla", "seats": 3},
    {"game": "thulla", "seats": 4},
    {"game": "thulla", "seats": 5},
    {"game": "thulla", "seats": 6},
    {"game": "thaas", "options": {"hukum": "hidden"}},
    {"game": "dhihaeh", "options": {"hukum": "declared"}},
]


class Truth:
    """The record of each room as the server rendered each version (the record, not a
    view: the oracle in ``tests/knowledge.py`` works out from it what each seat may know)."""

    def __init__(self, service) -> None:
        self.at: dict[tuple[str, int], dict] = {}
        self._facts: dict[tuple[str, int], Knowledge] = {}
        original = service.renderer

        def renderer(room):
            table = room.table
            if table.match is not None:
                self.at[(room.code, table.version)] = to_record(table.match)
            return original(room)

        service.renderer = renderer

    def fact(self, code: str, version: int) -> Knowledge:
        key = (code, version)
        if key not in self._facts:
            self._facts[key] = now(self.at[key])
        return self._facts[key]


async def play_human(client: Client, rng: random.Random, rounds: int) -> None:
    while True:
        st = await client.state(timeout=20)
        view = st["view"]
        if view is None:
            continue
        if view["status"] == "over":
            done = view["match"].get("over") or view["match"].get("rounds_played", 0) >= rounds
            if done:
                return
            await client.send({"type": "next_deal", "version": st["version"]})
        elif view["to_act"] == st["seat"] and view["legal"]:
            action = rng.choice(view["legal"])
            await client.send({"type": "act", "version": st["version"], "action": action})


async def play_room(server, spec: dict, rng: random.Random, truth: Truth) -> None:
    body = create(server.base, bots="easy", **spec)
    code = body["code"]
    seats = spec.get("seats", 4)
    humans = [(0, body["token"])]
    for seat in rng.sample(range(1, seats), rng.randrange(0, seats - 1)):
        humans.append((seat, join(server.base, code, seat=seat).json()["token"]))
    tokens = [t for _, t in humans]
    clients = [Client(server.ws_base, code, t) for _, t in humans]
    spectator = Client(server.ws_base, code)
    for c in [*clients, spectator]:
        await c.__aenter__()
    st = await clients[0].state()
    await clients[0].send({"type": "start", "version": st["version"]})
    await asyncio.gather(*(play_human(c, random.Random(rng.random()), 2) for c in clients))
    await spectator.drain(0.2)
    for c in [*clients, spectator]:
        await c.__aexit__()

    checked = 0
    for c in [*clients, spectator]:
        fact = seat = None
        for raw, msg in zip(c.raw, c.messages, strict=True):
            for token in tokens:
                assert token not in raw
            assert "seed" not in raw
            if msg["type"] == "state" and msg["view"] is not None:
                seat = msg["seat"]
                fact = truth.fact(code, msg["version"])
                check_message(raw, seat, fact, msg["view"])
                checked += 1
            elif fact is not None:  # errors and the like: judged by the last state's facts
                check_message(raw, seat, fact, None)
    assert checked > 20


@pytest.mark.parametrize("seed", [20240607, 7])
def test_no_message_to_a_seat_holds_a_card_hidden_from_it(seed):
    with LiveServer() as server:
        truth = Truth(server.service)
        rng = random.Random(seed)

        async def go():
            await asyncio.gather(
                *(play_room(server, spec, random.Random(rng.random()), truth) for spec in ROOMS)
            )

        run(go())
        assert len(truth.at) > 300
