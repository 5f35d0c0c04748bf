"""Solo and online play refuse the same bad request with the same code, in PROTOCOL.md's
order (the game's state, then the turn, then the version, then the action), and a refused
request changes nothing.  Each case is sent to a solo :class:`Table` and to a room on a
live server, both brought to the same stage with every seat held by a human, so nothing
moves unless the test moves it."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from server_harness import Client, LiveServer, create, join, run, snapshot

from thaasbai.engine import GameOptions, action_from_json, format_card
from thaasbai.table import Table, TableError

ALL_CARDS = [format_card(c) for c in range(52)]


@dataclass(frozen=True)
class Stage:
    """A table brought to one point of a game: its options, and how far to play."""

    game: str
    seats: int
    best_of: int
    reached: Callable[[dict[str, Any] | None], bool]  # on seat 0's view; None: the lobby
    start: bool = True


LOBBY = Stage("thaas", 4, 1, lambda view: True, start=False)
DEAL = Stage("thaas", 4, 1, lambda view: view["status"] == "in_progress")
# Thulla's match never ends, so its first round over is "between deals" whatever happened.
DEAL_OVER = Stage("thulla", 3, 1, lambda view: view["status"] == "over")
MATCH_OVER = Stage("thaas", 4, 1, lambda view: view["match"]["over"])


def act(action: str, dv: int = 0) -> tuple[str, str, int]:
    return ("act", action, dv)


def msg(kind: str, dv: int = 0) -> tuple[str, str, int]:
    return (kind, "", dv)


# (stage, who sends, (message type, action kind, version offset), the expected code).
# "to_act" is the seat whose decision is awaited, "other" the next seat, "host" seat 0.
# Actions: "mine" is a card in the sender's hand, "legal" its first legal action,
# "not_mine" a card it does not hold.
CASES = [
    (LOBBY, "host", act("AS"), "not_started"),
    (LOBBY, "host", act("AS", -1), "not_started"),
    (LOBBY, "host", msg("next_deal"), "not_started"),
    (LOBBY, "host", msg("rematch", -1), "not_started"),
    (LOBBY, "host", msg("start", -1), "stale_version"),
    (LOBBY, "host", msg("start", +1), "stale_version"),
    (DEAL, "other", act("mine"), "not_your_turn"),
    (DEAL, "other", act("mine", -1), "not_your_turn"),
    (DEAL, "to_act", act("legal", -1), "stale_version"),
    (DEAL, "to_act", act("legal", +1), "stale_version"),
    (DEAL, "to_act", act("not_mine", -1), "stale_version"),
    (DEAL, "to_act", act("not_mine"), "illegal"),
    (DEAL, "host", msg("start"), "already_started"),
    (DEAL, "host", msg("start", -1), "already_started"),
    (DEAL, "to_act", msg("next_deal", -1), "deal_in_progress"),
    (DEAL, "other", msg("rematch"), "game_in_progress"),
    (DEAL_OVER, "host", act("AS"), "game_over"),
    (DEAL_OVER, "host", act("AS", -1), "game_over"),
    (DEAL_OVER, "host", msg("rematch"), "game_in_progress"),
    (DEAL_OVER, "host", msg("next_deal", -1), "stale_version"),
    (DEAL_OVER, "host", msg("next_deal", +1), "stale_version"),
    (MATCH_OVER, "host", act("AS", -1), "game_over"),
    (MATCH_OVER, "host", msg("next_deal"), "game_over"),
    (MATCH_OVER, "host", msg("next_deal", -1), "game_over"),
    (MATCH_OVER, "host", msg("rematch", -1), "stale_version"),
    (MATCH_OVER, "host", msg("start"), "already_started"),
]
NAMES = {id(LOBBY): "lobby", id(DEAL): "deal", id(DEAL_OVER): "deal_over"}
NAMES[id(MATCH_OVER)] = "match_over"


def case_id(case: tuple) -> str:
    stage, sender, (kind, action, dv), code = case
    version = {0: "v", -1: "old", 1: "future"}[dv]
    return f"{NAMES[id(stage)]}-{sender}-{kind}{'-' + action if action else ''}-{version}-{code}"


def sender_of(who: str, view: dict[str, Any] | None, seats: int) -> int:
    if who == "host" or view is None or view["to_act"] is None:
        return 0
    return view["to_act"] if who == "to_act" else (view["to_act"] + 1) % seats


def message(
    spec: tuple[str, str, int], view: dict[str, Any] | None, version: int
) -> dict[str, Any]:
    """The protocol message of a case, for the sender whose own view is ``view``."""
    kind, action, dv = spec
    out: dict[str, Any] = {"type": kind, "version": version + dv}
    if kind == "act":
        if action == "legal":
            out["action"] = view["legal"][0]
        elif action == "mine":
            out["action"] = {"play": view["hand"][0]}
        elif action == "not_mine":
            out["action"] = {"play": next(c for c in ALL_CARDS if c not in view["hand"])}
        else:
            out["action"] = {"play": action}
    return out


# -- solo: a Table, called the way the app calls it ------------------------------------------


def solo_at(stage: Stage) -> Table:
    options = GameOptions(stage.game, stage.seats, best_of=stage.best_of)
    table = Table(options, bot_level="easy", rng=random.Random(11))
    for seat in range(stage.seats):
        table.sit(seat, f"Player {seat + 1}")
    if stage.start:
        table.start()
    while not stage.reached(_json(table, 0)):
        seat = table.to_act
        table.submit(seat, action_from_json(_json(table, seat)["legal"][0]), table.version)
    return table


def _json(table: Table, seat: int) -> dict[str, Any] | None:
    view = table.view(seat)
    return view.to_json() if view is not None else None


def solo_refusal(table: Table, seat: int, msg: dict[str, Any]) -> str | None:
    """The code the table refuses ``msg`` from ``seat`` with (``None``: it was accepted)."""
    try:
        match msg["type"]:
            case "act":
                table.submit(seat, action_from_json(msg["action"]), msg["version"])
            case "start":
                table.start(msg["version"])
            case "next_deal":
                table.next_deal(msg["version"])
            case "rematch":
                table.rematch(msg["version"])
    except TableError as exc:
        return exc.code
    return None


# -- online: a room on a live server, one WebSocket per seat ---------------------------------


@pytest.fixture(scope="module")
def server():
    with LiveServer(grace_s=600.0) as s:
        yield s


async def online_at(server, stage: Stage) -> tuple[str, list[Client]]:
    options = {"best_of": stage.best_of} if stage.game != "thulla" else {}
    body = create(server.base, game=stage.game, seats=stage.seats, options=options)
    code = body["code"]
    tokens = [body["token"]] + [
        join(server.base, code, seat=seat).json()["token"] for seat in range(1, stage.seats)
    ]
    clients = []
    for token in tokens:
        client = await Client(server.ws_base, code, token).__aenter__()
        clients.append(client)
    everyone = lambda m: all(s["connected"] for s in m["room"]["seat_list"])  # noqa: E731
    for client in clients:
        await client.until(everyone)
    if stage.start:
        v = clients[0].last_state["version"]
        await clients[0].send({"type": "start", "version": v})
        await _all_past(clients, v)
    while not stage.reached(clients[0].last_state["view"]):
        st = clients[0].last_state
        seat = st["view"]["to_act"]
        mine = clients[seat].last_state
        await clients[seat].send(
            {"type": "act", "version": mine["version"], "action": mine["view"]["legal"][0]}
        )
        await _all_past(clients, mine["version"])
    return code, clients


async def _all_past(clients: list[Client], version: int) -> None:
    for client in clients:
        await client.until(lambda m: m["version"] > version)


async def online_refusal(client: Client, msg: dict[str, Any]) -> str | None:
    await client.send(msg)
    answer = await client.wait_for(lambda m: m["type"] in ("error", "state"))
    return answer["code"] if answer["type"] == "error" else None


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_solo_and_online_refuse_a_bad_request_with_the_same_code(server, case) -> None:
    stage, who, spec, expected = case

    table = solo_at(stage)
    seat = sender_of(who, _json(table, 0), stage.seats)
    before = json.dumps(table.to_json(), sort_keys=True)
    solo = solo_refusal(table, seat, message(spec, _json(table, seat), table.version))
    assert json.dumps(table.to_json(), sort_keys=True) == before

    async def go() -> str | None:
        code, clients = await online_at(server, stage)
        try:
            seat = sender_of(who, clients[0].last_state["view"], stage.seats)
            st = clients[seat].last_state
            before = snapshot(server, code)
            refused = await online_refusal(clients[seat], message(spec, st["view"], st["version"]))
            assert snapshot(server, code) == before
            return refused
        finally:
            for client in clients:
                await client.__aexit__()

    online = run(go())
    assert (solo, online) == (expected, expected)
