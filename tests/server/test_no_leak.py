"""No leaks: over many random games with humans and bots, no message to a seat holds a
card hidden from that seat, and no message holds a token or a seed."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from server_harness import CARD, Client, LiveServer, create, join, run

from thaasbai.engine.cards import cards_of, format_card

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
    """What the server knew when it rendered each version of each room."""

    def __init__(self, service) -> None:
        self.at: dict[tuple[str, int], dict] = {}
        original = service._renderer

        def renderer(room):
            table = room.table
            if table.match is not None:
                deal = table.match.current
                public = table.view(None).to_json()
                self.at[(room.code, table.version)] = {
                    "hands": [{format_card(c) for c in cards_of(h)} for h in deal.hands],
                    "public": set(CARD.findall(json.dumps(public))),
                    "set_aside": (
                        format_card(deal.set_aside)
                        if getattr(deal, "set_aside", -1) >= 0 and not deal.revealed
                        else None
                    ),
                    "game": table.options.game,
                    "over": deal.over,
                }
            return original(room)

        service._renderer = renderer


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
        for raw, msg in zip(c.raw, c.messages, strict=True):
            for token in tokens:
                assert token not in raw
            assert "seed" not in raw
            if msg["type"] != "state" or msg["view"] is None:
                continue
            fact = truth.at[(code, msg["version"])]
            seat = msg["seat"]
            own = fact["hands"][seat] if seat is not None else set()
            seen = set(CARD.findall(raw))
            assert seen <= fact["public"] | own, (spec, seat, seen - fact["public"] - own)
            assert set(msg["view"]["hand"]) == own
            hidden_elsewhere = (
                set().union(*(h for i, h in enumerate(fact["hands"]) if i != seat)) - own
            )
            if fact["game"] != "thulla":  # Thulla's picked-up cards were played in public
                leaked = seen & hidden_elsewhere - {msg["view"].get("revealed_card")}
                assert not leaked, (spec, seat, leaked, fact, raw)
                assert fact["set_aside"] is None or fact["set_aside"] not in seen - own
            checked += 1
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
