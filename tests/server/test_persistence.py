"""Persistence: rooms are saved as the game goes, survive restarts (in-process and a real
``thaasbai serve`` killed mid-game), and finished or idle rooms expire."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import httpx
import pytest
from server_harness import FAST, Client, LiveServer, create, free_socket, join, run

from thaasbai.server.sqlite_store import SQLiteStore
from thaasbai.server.store import MemoryStore, StoreConflict
from thaasbai.server.tokens import hash_token


@pytest.mark.parametrize("make", [MemoryStore, "sqlite"])
def test_store_saves_are_compare_and_set_on_the_revision(make, tmp_path):
    async def go():
        store = SQLiteStore(tmp_path / "r.sqlite3") if make == "sqlite" else make()
        assert await store.create("ABCDEF", b"one", time.time() + 60)
        assert not await store.create("ABCDEF", b"other", time.time() + 60)
        assert await store.load("ABCDEF") == (1, b"one")
        assert await store.save("ABCDEF", b"two", 1, time.time() + 60) == 2
        with pytest.raises(StoreConflict):
            await store.save("ABCDEF", b"lost", 1, time.time() + 60)
        assert await store.load("ABCDEF") == (2, b"two")
        assert await store.load("ZZZZZZ") is None
        await store.create("GHJKLM", b"old", time.time() - 1)
        assert await store.expire(time.time()) == ["GHJKLM"]
        assert await store.load("GHJKLM") is None and await store.load("ABCDEF") is not None
        await store.close()

    run(go())


def test_tokens_are_stored_only_as_hashes(tmp_path):
    with LiveServer(FAST, store="", data_dir=str(tmp_path)) as s:
        body = create(s.base)
        other = join(s.base, body["code"]).json()
    raw = (tmp_path / "rooms.sqlite3").read_bytes()
    for path in tmp_path.iterdir():  # the WAL holds recent pages
        raw += path.read_bytes()
    for token in (body["token"], other["token"]):
        assert token.encode() not in raw
        assert hash_token(token).encode() in raw


def test_a_restarted_server_carries_on_with_the_same_tokens(tmp_path):
    rng = random.Random(3)
    with LiveServer(FAST, store="", data_dir=str(tmp_path)) as s:
        body = create(s.base, game="thaas", options={"best_of": 3})
        code = body["code"]
        guest = join(s.base, code, seat=2, name="Ibrahim").json()

        async def before():
            async with Client(s.ws_base, code, body["token"]) as c:
                st = await c.state()
                await c.send({"type": "start", "version": st["version"]})
                for _ in range(3):
                    st = await c.until(lambda m: m["view"] and m["view"]["to_act"] in (0, 2))
                    if st["view"]["to_act"] == 2:
                        break
                    action = rng.choice(st["view"]["legal"])
                    await c.send({"type": "act", "version": st["version"], "action": action})
                    await c.state(lambda m, v=st["version"]: m["version"] > v)
                # The room now waits for a human (seat 0 here, or the absent seat 2).
                return await c.until(lambda m: m["view"] and m["view"]["to_act"] in (0, 2))

        last = run(before())

    with LiveServer(FAST, store="", data_dir=str(tmp_path)) as s2:
        assert httpx.get(f"{s2.base}/api/rooms/{code}").json()["seat_list"][2]["name"] == "Ibrahim"

        async def after():
            async with Client(s2.ws_base, code, body["token"]) as c:
                st = await c.state()
                assert st["version"] == last["version"]
                assert st["view"] == last["view"] | {"seat": 0}
            async with Client(s2.ws_base, code, guest["token"]) as g:
                st = await g.state()
                assert st["seat"] == 2 and len(st["view"]["hand"]) == st["view"]["hand_sizes"][2]

        run(after())


def status_when(url: str, status: int, timeout: float = 15.0) -> float:
    """Poll ``url`` until it answers ``status``; the wall-clock time when it first did."""
    deadline = time.monotonic() + timeout
    while httpx.get(url).status_code != status:
        assert time.monotonic() < deadline, f"{url} never answered {status}"
        time.sleep(0.02)
    return time.time()


def test_a_finished_room_expires_by_the_finished_ttl():
    # The idle TTL is far off, so only the finished TTL can remove the finished room.
    with LiveServer(FAST, finished_ttl_s=0.3, idle_ttl_s=600, sweep_every_s=0.05) as s:
        idle = create(s.base)["code"]
        body = create(s.base, game="thaas")
        code = body["code"]

        async def go():
            async with Client(s.ws_base, code, body["token"]) as c:
                st = await c.state()
                await c.send({"type": "start", "version": st["version"]})
                while True:
                    st = await c.state(timeout=20)
                    if st["view"] and st["view"]["status"] == "over":
                        return
                    if st["view"] and st["view"]["to_act"] == 0:
                        action = st["view"]["legal"][0]
                        await c.send({"type": "act", "version": st["version"], "action": action})

        run(go())
        status_when(f"{s.base}/api/rooms/{code}", 404)
        assert httpx.get(f"{s.base}/api/rooms/{idle}").status_code == 200


def test_an_idle_room_expires_by_the_idle_ttl_and_not_before():
    with LiveServer(FAST, finished_ttl_s=600, idle_ttl_s=1.0, sweep_every_s=0.05) as s:
        before = time.time()
        code = create(s.base)["code"]
        gone = status_when(f"{s.base}/api/rooms/{code}", 404)
        # It was saved after ``before``, so it may not expire earlier than its TTL from then.
        assert gone >= before + 1.0


class ServeProcess:
    """``python -m thaasbai serve`` as a real subprocess (the full app, Flet included)."""

    def __init__(self, data_dir, port: int) -> None:
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        env = dict(os.environ, THAASBAI_BOT_PACE="0", THAASBAI_HTTP_RATE="0")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "thaasbai",
                "serve",
                "--port",
                str(port),
                "--data-dir",
                str(data_dir),
                "--grace",
                "30",
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{self.base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.proc.kill()
                raise RuntimeError(self.proc.stderr.read().decode()[-2000:])
            time.sleep(0.1)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)


# A freshly started process (the full app) answers its first messages more slowly than
# the in-process servers; the waits are generous so a busy machine does not fail the test.
SLOW = 20.0


def test_the_real_server_killed_mid_game_carries_on_after_a_restart(tmp_path):
    sock = free_socket()
    port = sock.getsockname()[1]
    sock.close()
    srv = ServeProcess(tmp_path, port)
    try:
        body = create(srv.base, game="dhihaeh")
        code = body["code"]
        assert body["invite_url"] == f"http://127.0.0.1:{port}/join/{code}"
        page = httpx.get(body["invite_url"])  # the invite link opens the web app
        assert page.status_code == 200 and "<html" in page.text.lower()
        ws = srv.base.replace("http", "ws")

        async def before():
            async with Client(ws, code, body["token"]) as c:
                st = await c.state(timeout=SLOW)
                await c.send({"type": "start", "version": st["version"]})
                st = await c.until(lambda m: m["view"] and m["view"]["to_act"] == 0, SLOW)
                await c.send(
                    {"type": "act", "version": st["version"], "action": st["view"]["legal"][-1]}
                )
                # The bots have played round to seat 0 again, and the room waits for it.
                return await c.state(
                    lambda m, v=st["version"]: m["view"]["to_act"] == 0 and m["version"] > v,
                    SLOW,
                )

        last = run(before())
        srv.kill()
        srv = ServeProcess(tmp_path, port)

        async def after():
            async with Client(ws, code, body["token"]) as c:
                st = await c.state(timeout=SLOW)
                assert st["version"] == last["version"]
                assert st["view"]["hand"] == last["view"]["hand"]
                assert st["view"]["history"] == last["view"]["history"]
                await c.send(
                    {"type": "act", "version": st["version"], "action": st["view"]["legal"][0]}
                )
                st2 = await c.state(lambda m: m["version"] > st["version"], SLOW)
                assert len(st2["view"]["hand"]) == len(st["view"]["hand"]) - 1

        run(after())
    finally:
        srv.kill()
