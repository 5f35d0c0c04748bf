"""Three real ``thaasbai serve --store redis://...`` processes sharing one real Redis:
one room's players spread across them, a process killed mid-game, conflicting actions
through two processes at once, and every process restarted."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import httpx
import pytest
import redis
import websockets
from redis_harness import RedisServer, ServeProcess, needs_redis, start_processes
from server_harness import Client

from thaasbai.server.codes import hint

pytestmark = [pytest.mark.redis, needs_redis, pytest.mark.timeout(240)]


class Cluster:
    def __init__(self) -> None:
        self.redis = RedisServer()
        self.procs: list[ServeProcess] = start_processes(self.redis.url, 3)
        self.r = redis.Redis.from_url(self.redis.url)

    def alive(self) -> list[ServeProcess]:
        return [p for p in self.procs if p.proc.poll() is None]

    def lease_holder(self, code: str) -> ServeProcess | None:
        owner = self.r.get(f"thaasbai:lease:{code}")
        for p in self.alive():
            if owner is not None and p.process_id == owner.decode():
                return p
        return None

    def stop(self) -> None:
        for p in self.procs:
            p.kill()
        self.redis.stop()


@pytest.fixture(scope="module")
def cluster():
    c = Cluster()
    yield c
    c.stop()


def create(base: str, **body) -> dict:
    body = {"name": "Host", "bots": "easy", "game": "thaas", **body}
    r = httpx.post(f"{base}/api/rooms", json=body, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()


def join(base: str, code: str, seat: int) -> str:
    r = httpx.post(f"{base}/api/rooms/{code}/join", json={"seat": seat}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()["token"]


async def play_deal(
    code: str,
    token: str | None,
    seat: int | None,
    bases: Callable[[], list[str]],
    versions: list[int],
    *,
    start: bool = False,
    reconnects: list[str] | None = None,
) -> dict:
    """Connect, play ``legal[0]`` on this seat's turns until the deal is over.

    When the connection drops (its process died), reconnect with the same token to the
    next live process; ``reconnects`` records where."""
    tried = 0
    while True:
        live = bases()
        base = live[tried % len(live)]
        try:
            async with Client(base, code, token) as c:
                if reconnects is not None and tried:
                    reconnects.append(base)
                while True:
                    st = await c.state(timeout=30)
                    versions.append(st["version"])
                    view = st["view"]
                    if start and not st["room"]["started"]:
                        await c.send({"type": "start", "version": st["version"]})
                        start = False
                    if view is not None and view["status"] == "over":
                        return st
                    if view is not None and view["to_act"] == seat and view["legal"]:
                        action = view["legal"][0]
                        await c.send({"type": "act", "version": st["version"], "action": action})
        except (websockets.ConnectionClosed, OSError, TimeoutError):
            tried += 1
            await asyncio.sleep(0.1)


def test_players_of_one_room_on_three_processes_play_a_full_deal(cluster):
    p0, p1, p2 = cluster.procs
    body = create(p0.base)
    code = body["code"]
    t1 = join(p1.base, code, 1)
    t2 = join(p2.base, code, 2)  # seat 3 stays a bot
    logs: list[list[int]] = [[], [], [], []]

    async def go():
        return await asyncio.gather(
            play_deal(code, body["token"], 0, lambda: [p0.ws], logs[0], start=True),
            play_deal(code, t1, 1, lambda: [p1.ws], logs[1]),
            play_deal(code, t2, 2, lambda: [p2.ws], logs[2]),
            play_deal(code, None, None, lambda: [p1.ws], logs[3]),  # a spectator
        )

    finals = asyncio.run(go())
    last = {f["version"] for f in finals}
    assert len(last) == 1, last  # every process serves the same final state
    for versions in logs:
        assert versions == sorted(versions)  # never an older state after a newer one
    # Every client saw every state from the deal's first one (the deal start) on.
    first = min(v for v in logs[0] if v >= max(log[0] for log in logs))
    for versions in logs:
        missing = set(range(first, max(last) + 1)) - set(versions)
        assert not missing, (len(missing), sorted(missing)[:10])
    scores = [f["view"]["hand_sizes"] for f in finals[:3]]
    assert scores[0] == scores[1] == scores[2]


def test_conflicting_actions_through_two_processes_exactly_one_wins(cluster):
    p0, p1, _ = cluster.procs
    body = create(p0.base, bots="easy")
    code, token = body["code"], body["token"]

    async def go():
        async with Client(p0.ws, code, token) as a, Client(p1.ws, code, token) as b:
            st = await a.state()
            await b.state()
            await a.send({"type": "start", "version": st["version"]})
            rounds = 0
            while rounds < 6:
                sa = await a.until(lambda m: m["view"] and m["view"]["to_act"] in (0, None))
                if sa["view"]["status"] == "over":
                    break
                sb = await b.until(lambda m, v=sa["version"]: m["version"] >= v)
                assert sb["version"] == sa["version"]  # both processes hold the same state
                legal = sa["view"]["legal"]
                hand = len(sa["view"]["hand"])
                await asyncio.gather(  # same seat, same version, different actions, at once
                    a.send({"type": "act", "version": sa["version"], "action": legal[0]}),
                    b.send({"type": "act", "version": sa["version"], "action": legal[-1]}),
                )
                outcomes = []
                for c in (a, b):
                    m = await c.wait_for(
                        lambda m, v=sa["version"]: (
                            m["type"] == "error" or (m["type"] == "state" and m["version"] > v)
                        )
                    )
                    if m["type"] == "state":  # the winner's state may come before an error
                        await c.drain(0.3)
                        m = next((x for x in c.messages if x["type"] == "error"), m)
                    outcomes.append(m)
                errors = [m for m in outcomes if m["type"] == "error"]
                assert len(errors) == 1, outcomes
                assert errors[0]["code"] in ("stale_version", "not_your_turn")
                after = await a.until(lambda m, v=sa["version"]: m["version"] > v)
                if "card" in legal[0]:  # one card left the hand, not two
                    assert len(after["view"]["hand"]) == hand - 1
                a.messages.clear()
                b.messages.clear()
                rounds += 1
            assert rounds >= 2

    asyncio.run(go())
    # At least one race was decided by the store's compare-and-set, not a local check.
    logs = p0.output() + p1.output()
    assert f"room {hint(code)} changed elsewhere" in logs  # logs never hold a full code


def test_a_process_killed_mid_game_loses_nothing_and_bots_are_taken_over(cluster):
    p0, p1, p2 = cluster.procs
    body = create(p0.base)
    code = body["code"]
    t1 = join(p1.base, code, 1)
    logs: list[list[int]] = [[], [], []]
    moved: list[str] = []

    async def killer() -> ServeProcess:
        while max(logs[0], default=0) < 12:
            await asyncio.sleep(0.02)
        deadline = time.monotonic() + 10
        victim = cluster.lease_holder(code)
        while victim is None and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
            victim = cluster.lease_holder(code)
        assert victim is not None, "nobody drives the room's bots"
        victim.kill()
        return victim

    def others(first: ServeProcess) -> Callable[[], list[str]]:
        return lambda: [p.ws for p in [first, *cluster.procs] if p.proc.poll() is None]

    async def go():
        return await asyncio.gather(
            play_deal(code, body["token"], 0, others(p0), logs[0], start=True, reconnects=moved),
            play_deal(code, t1, 1, others(p1), logs[1], reconnects=moved),
            play_deal(code, None, None, others(p2), logs[2], reconnects=moved),
            killer(),
        )

    *finals, victim = asyncio.run(go())
    assert len({f["version"] for f in finals}) == 1
    assert finals[0]["view"]["status"] == "over"
    survivors = [p for p in cluster.procs if p is not victim]
    assert all(p.ws != victim.ws for p in survivors)
    assert len(moved) >= 1  # the victim's clients reconnected elsewhere
    # Bots kept playing after the kill: someone alive drove them to the end of the deal.
    holder_after = cluster.r.get(f"thaasbai:lease:{code}")
    assert holder_after is None or holder_after.decode() != victim.process_id
    cluster.procs = [*survivors, ServeProcess(cluster.redis.url).wait_ready()]


def test_rooms_carry_on_from_redis_when_every_process_restarts(cluster):
    p0 = cluster.procs[0]
    body = create(p0.base, options={"best_of": 3})
    code = body["code"]
    before: list[int] = []

    async def some_moves() -> dict:
        async with Client(p0.ws, code, body["token"]) as c:
            st = await c.state()
            await c.send({"type": "start", "version": st["version"]})
            while True:
                st = await c.until(lambda m: m["view"] and m["view"]["to_act"] == 0)
                before.append(st["version"])
                if len(before) >= 3:
                    await c.drain(0.3)
                    return c.last_state
                action = st["view"]["legal"][0]
                await c.send({"type": "act", "version": st["version"], "action": action})
                await c.state(lambda m, v=st["version"]: m["version"] > v)

    last = asyncio.run(some_moves())
    for p in cluster.procs:
        p.kill()
    cluster.procs = start_processes(cluster.redis.url, 3)
    q = cluster.procs[1]
    assert httpx.get(f"{q.base}/api/rooms/{code}").json()["started"]

    async def after() -> dict:
        async with Client(q.ws, code, body["token"]) as c:
            st = await c.state()
            assert st["version"] == last["version"]
            assert st["view"]["hand"] == last["view"]["hand"]
        versions: list[int] = []
        return await play_deal(code, body["token"], 0, lambda: [q.ws], versions)

    final = asyncio.run(after())
    assert final["view"]["status"] == "over"
