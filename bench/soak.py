"""Soak: rooms played for minutes (or hours) by clients that drop, reconnect and misbehave,
against a real room server in its own process; reports the server's memory over time, so a
leak shows as a slope.

    python bench/soak.py                          # 3 minutes, 12 rooms at a time
    python bench/soak.py --minutes 60 --rooms 40  # the hour-scale run
    python bench/soak.py --minutes 5 --json       # also print one JSON object last

The server is the room server alone (``server.install`` on a plain Starlette app, wrapped in
``SecurityHeaders``, on uvicorn with ``uvicorn_options``: what ``thaasbai serve`` runs, without
the web app), SQLite in a temporary directory, default limits, bots paced at 50 ms, a 2 s
grace period and finished rooms expiring after 30 s (so rooms do not pile up in memory by
design and any growth is a leak).  Every client has its own loopback address (127.0.x.y), so
the per-address limits apply as in production:

* each room: a host and one or two more humans (the rest bots), one to three spectators
  coming and going; humans play random legal moves, and now and then drop without a close
  (a dead phone), reconnect after up to 3 s (the grace period may hand their seat to a bot
  meanwhile), send junk (malformed, deeply nested, stale, not their turn, an oversized frame
  that gets them closed), and play the match out; then a new room replaces it;
* a guesser tries random codes as fast as the rate limit lets it;
* a hoarder opens more WebSockets than one address may hold, then lets them go;
* a spammer posts bodies that are not JSON.

Prints one line per sample (RSS, open file descriptors, rooms in memory, totals) and at the
end the RSS slope over the second half of the run (MiB per hour).  A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"thaas": {"game": "thaas"}, "dhihaeh": {"game": "dhihaeh"}, "thulla": {"game": "thulla"}}


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def slope_per_hour(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, value), per hour."""
    n = len(points)
    if n < 2:
        return 0.0
    mx = sum(t for t, _ in points) / n
    my = sum(v for _, v in points) / n
    var = sum((t - mx) ** 2 for t, _ in points)
    cov = sum((t - mx) * (v - my) for t, v in points)
    return cov / var * 3600 if var else 0.0


class Addresses:
    """A fresh loopback address per client: 127.0.1.1, 127.0.1.2, ... (all reach lo)."""

    def __init__(self) -> None:
        self.n = 0

    def next(self) -> str:
        self.n += 1
        return f"127.{(self.n >> 16) % 200 + 1}.{(self.n >> 8) & 255}.{self.n & 255 or 1}"


class Soak:
    def __init__(self, args: argparse.Namespace, base: str) -> None:
        self.args = args
        self.base = base
        self.ws_base = base.replace("http://", "ws://")
        self.rng = random.Random(args.seed)
        self.addresses = Addresses()
        self.stop = asyncio.Event()
        self.count: Counter[str] = Counter()

    def http(self, address: str) -> httpx.AsyncClient:
        transport = httpx.AsyncHTTPTransport(local_address=address)
        return httpx.AsyncClient(base_url=self.base, transport=transport, timeout=30)

    async def connect(self, address: str, code: str, token: str | None):
        url = f"{self.ws_base}/api/rooms/{code}/ws" + (f"?token={token}" if token else "")
        return await websockets.connect(
            url, open_timeout=30, max_size=2**22, local_addr=(address, 0)
        )

    # -- a room from creation to the end of its match ------------------------------------

    async def room_forever(self) -> None:
        while not self.stop.is_set():
            try:
                await self.one_room()
            except (OSError, websockets.WebSocketException, httpx.HTTPError, TimeoutError) as exc:
                self.count[f"room failed: {type(exc).__name__}"] += 1

    async def one_room(self) -> None:
        rng = self.rng
        host_address = self.addresses.next()
        async with self.http(host_address) as http:
            game = GAMES[rng.choice(self.args.games.split(","))]
            body = {**game, "name": "Host", "bots": rng.choice(["easy", "normal"])}
            r = await http.post("/api/rooms", json=body)
            r.raise_for_status()
            made = r.json()
        code = made["code"]
        humans = [(host_address, made["token"])]
        for _ in range(rng.randint(1, 2)):
            address = self.addresses.next()
            async with self.http(address) as http:
                r = await http.post(f"/api/rooms/{code}/join", json={"name": "Guest"})
                if r.status_code == 200:
                    humans.append((address, r.json()["token"]))
        self.count["rooms"] += 1
        done = asyncio.Event()
        tasks = [
            asyncio.create_task(self.human(code, address, token, seat == 0, done))
            for seat, (address, token) in enumerate(humans)
        ]
        tasks += [asyncio.create_task(self.spectator(code, done)) for _ in range(rng.randint(1, 3))]
        try:
            await asyncio.wait_for(done.wait(), timeout=600)
        finally:
            done.set()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def human(
        self, code: str, address: str, token: str, host: bool, done: asyncio.Event
    ) -> None:
        rng = self.rng
        while not done.is_set():
            try:
                ws = await self.connect(address, code, token)
            except (OSError, websockets.WebSocketException, TimeoutError):
                self.count["connect failed"] += 1
                await asyncio.sleep(1)
                continue
            dropped = False
            try:
                async for text in ws:
                    msg = json.loads(text)
                    self.count[f"in: {msg['type']}"] += 1
                    if msg["type"] == "error":
                        self.count[f"error: {msg['code']}"] += 1
                    if msg["type"] != "state":
                        continue
                    view, version = msg["view"], msg["version"]
                    if view is None:
                        if host:
                            await ws.send(json.dumps({"type": "start", "version": version}))
                        continue
                    if msg["room"]["over"]:  # the match is over: the room expires soon
                        done.set()
                        break
                    if view["status"] == "over":
                        await ws.send(json.dumps({"type": "next_deal", "version": version}))
                        continue
                    roll = rng.random()
                    if roll < self.args.drop:
                        ws.transport.abort()  # gone without a close frame
                        self.count["dropped"] += 1
                        dropped = True
                        break
                    if roll < self.args.drop + self.args.junk:
                        await ws.send(self.junk(version))
                        self.count["junk sent"] += 1
                    if view["to_act"] == msg["seat"] and view["legal"]:
                        await asyncio.sleep(rng.uniform(0.02, 0.3))
                        action = rng.choice(view["legal"])
                        await ws.send(
                            json.dumps({"type": "act", "version": version, "action": action})
                        )
                        self.count["actions"] += 1
            except websockets.ConnectionClosed as exc:
                code_ = exc.rcvd.code if exc.rcvd else None
                self.count[f"closed: {code_}"] += 1
                dropped = True
            finally:
                with contextlib.suppress(Exception):
                    await ws.close()
            if dropped and not done.is_set():
                await asyncio.sleep(rng.uniform(0.1, 3.0))
                self.count["reconnects"] += 1

    def junk(self, version: int) -> str:
        return self.rng.choice(
            [
                "{not json",
                '{"type": "dance"}',
                '{"type": "act", "version": 1, "action": ' + "[" * 1500 + "]" * 1500 + "}",
                json.dumps({"type": "act", "version": version - 1, "action": {"play": "AS"}}),
                json.dumps({"type": "start", "version": version}),
                json.dumps({"type": "ping", "pad": "x" * 6000}),  # too_large, then closed
                json.dumps({"type": "ping"}),
            ]
        )

    async def spectator(self, code: str, done: asyncio.Event) -> None:
        rng = self.rng
        while not done.is_set():
            try:
                ws = await self.connect(self.addresses.next(), code, None)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(rng.uniform(1, 20)):
                        async for _ in ws:
                            self.count["in: spectator"] += 1
                if rng.random() < 0.5:
                    ws.transport.abort()
                else:
                    await ws.close()
            except (OSError, websockets.WebSocketException, TimeoutError):
                self.count["spectator failed"] += 1
            await asyncio.sleep(rng.uniform(0.5, 5))

    # -- misbehaving clients -------------------------------------------------------------

    async def guesser(self) -> None:
        address = self.addresses.next()
        letters = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
        while not self.stop.is_set():
            code = "".join(self.rng.choice(letters) for _ in range(6))
            try:
                ws = await self.connect(address, code, None)
                msg = json.loads(await ws.recv())
                self.count[f"guess: {msg.get('code', msg['type'])}"] += 1
                await ws.close()
            except (OSError, websockets.WebSocketException, TimeoutError):
                self.count["guess failed"] += 1
            await asyncio.sleep(0.05)

    async def hoarder(self) -> None:
        codes = []
        async with self.http(self.addresses.next()) as http:
            for _ in range(3):  # spread over rooms: below each room's spectator cap
                codes.append((await http.post("/api/rooms", json={"bots": "easy"})).json()["code"])
        while not self.stop.is_set():
            address = self.addresses.next()
            held = []
            for i in range(80):
                try:
                    ws = await self.connect(address, codes[i % 3], None)
                    msg = json.loads(await ws.recv())
                    self.count[f"hoard: {msg.get('code', msg['type'])}"] += 1
                    held.append(ws)
                except (OSError, websockets.WebSocketException, TimeoutError):
                    self.count["hoard failed"] += 1
                await asyncio.sleep(0.45)  # within the rate limit: the socket cap is reached
            await asyncio.sleep(5)
            for ws in held:
                ws.transport.abort()
            await asyncio.sleep(5)

    async def spammer(self) -> None:
        address = self.addresses.next()
        async with self.http(address) as http:
            while not self.stop.is_set():
                kind = self.rng.choice(["text/plain", "application/x-www-form-urlencoded"])
                r = await http.post("/api/rooms", content=b"name=x", headers={"content-type": kind})
                self.count[f"spam: {r.status_code}"] += 1
                await asyncio.sleep(0.2)


def serve(port: int, data_dir: str) -> None:
    """The child process: the room server alone, as ``thaasbai serve`` runs it."""
    import logging

    import uvicorn
    from starlette.applications import Starlette

    from thaasbai.server import ServerConfig, install
    from thaasbai.server.headers import SecurityHeaders
    from thaasbai.server.transport import uvicorn_options

    logging.basicConfig(level=logging.WARNING)
    base = f"http://127.0.0.1:{port}"
    settings = argparse.Namespace(base_url=base, store="", data_dir=data_dir, grace_s=2.0)
    config = ServerConfig.from_settings(settings)
    app = Starlette()
    install(app, config=config)
    if os.getenv("SOAK_TRACE"):
        add_trace_route(app)
    uvicorn.run(
        SecurityHeaders(app),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        **uvicorn_options(config),
    )


def add_trace_route(app) -> None:
    """``GET /_soak/trace``: where Python memory grew since the first call (tracemalloc),
    for ``--trace``; the first call sets the baseline."""
    import tracemalloc

    from starlette.responses import PlainTextResponse

    tracemalloc.start(12)
    baseline: list = []

    async def trace(request):
        snap = tracemalloc.take_snapshot().filter_traces(
            [tracemalloc.Filter(False, tracemalloc.__file__)]
        )
        if not baseline:
            baseline.append(snap)
            return PlainTextResponse("baseline taken\n")
        lines = []
        for stat in snap.compare_to(baseline[0], "traceback")[:8]:
            lines.append(f"{stat.size_diff / 1024:+.0f} KiB, {stat.count_diff:+d} blocks")
            lines += ["    " + line for line in stat.traceback.format()[-12:]]
        return PlainTextResponse("\n".join(lines) + "\n")

    app.router.add_route("/_soak/trace", trace, methods=["GET"])


async def main_async(args: argparse.Namespace) -> dict:
    data_dir = tempfile.mkdtemp(prefix="thaasbai-soak-")
    port = free_port()
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        THAASBAI_BOT_PACE="0.05",
        THAASBAI_FINISHED_TTL="30",
        THAASBAI_BOT_PROCESSES="0",
        **({"SOAK_TRACE": "1"} if args.trace else {}),
    )
    log = open(Path(data_dir) / "server.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(port), "--data-dir", data_dir],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    base = f"http://127.0.0.1:{port}"
    print(f"server pid {proc.pid}, log {data_dir}/server.log", flush=True)
    samples: list[dict] = []
    try:
        async with httpx.AsyncClient(base_url=base, timeout=10) as probe:
            for _ in range(300):
                try:
                    if (await probe.get("/healthz")).status_code == 200:
                        break
                except httpx.HTTPError:
                    await asyncio.sleep(0.1)
            soak = Soak(args, base)
            workers = [asyncio.create_task(soak.room_forever()) for _ in range(args.rooms)]
            workers += [
                asyncio.create_task(w()) for w in (soak.guesser, soak.hoarder, soak.spammer)
            ]
            if args.trace:
                await asyncio.sleep(60)  # past the warm-up: caches and pools filled
                print((await probe.get("/_soak/trace")).text, flush=True)
            start = time.monotonic()
            end = start + args.minutes * 60
            print(" min   RSS MiB  fds  rooms  actions  reconnects  closes", flush=True)
            while True:
                now = time.monotonic()
                rooms = (await probe.get("/healthz")).json()["rooms"]
                c = soak.count
                sample = {
                    "t": round(now - start, 1),
                    "rss_mib": round(rss_kib(proc.pid) / 1024, 1),
                    "fds": open_fds(proc.pid),
                    "rooms_in_memory": rooms,
                    "rooms_played": c["rooms"],
                    "actions": c["actions"],
                    "reconnects": c["reconnects"],
                    "closes": sum(v for k, v in c.items() if k.startswith("closed")),
                }
                samples.append(sample)
                print(
                    f"{sample['t'] / 60:4.1f} {sample['rss_mib']:9.1f} {sample['fds']:4d} "
                    f"{rooms:6d} {sample['actions']:8d} {sample['reconnects']:11d} "
                    f"{sample['closes']:7d}",
                    flush=True,
                )
                if now >= end:
                    break
                await asyncio.sleep(min(args.sample, max(0.1, end - now)))
            soak.stop.set()
            for w in workers:
                w.cancel()
            await asyncio.gather(*workers, return_exceptions=True)
            alive = proc.poll() is None and (await probe.get("/healthz")).status_code == 200
            if args.trace:
                print("Python memory grown since the baseline, by place:", flush=True)
                print((await probe.get("/_soak/trace", timeout=120)).text, flush=True)
    finally:
        proc.terminate()
        proc.wait(10)
    half = [(s["t"], s["rss_mib"]) for s in samples if s["t"] >= samples[-1]["t"] / 2]
    summary = {
        "minutes": args.minutes,
        "rooms_at_a_time": args.rooms,
        "rss_start_mib": samples[0]["rss_mib"],
        "rss_end_mib": samples[-1]["rss_mib"],
        "rss_max_mib": max(s["rss_mib"] for s in samples),
        "rss_slope_mib_per_hour_second_half": round(slope_per_hour(half), 1),
        "fds_end": samples[-1]["fds"],
        "server_alive": alive,
        "counts": dict(sorted(soak.count.items())),
        "samples": samples,
    }
    print(
        f"\nRSS {summary['rss_start_mib']} -> {summary['rss_end_mib']} MiB "
        f"(max {summary['rss_max_mib']}); slope over the second half "
        f"{summary['rss_slope_mib_per_hour_second_half']} MiB/h; "
        f"server {'alive' if alive else 'DEAD'}"
    )
    for key, value in summary["counts"].items():
        print(f"  {key}: {value}")
    return summary


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--minutes", type=float, default=3.0)
    p.add_argument("--rooms", type=int, default=12, help="rooms in play at a time")
    p.add_argument("--sample", type=float, default=10.0, help="seconds between samples")
    p.add_argument("--drop", type=float, default=0.03, help="chance per state to drop")
    p.add_argument("--junk", type=float, default=0.03, help="chance per state to send junk")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--games",
        default="thaas,dhihaeh",
        help="games to play, comma-separated; thulla's random-play matches run for many "
        "minutes, so their growing records would show as a slope of their own",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object last")
    p.add_argument(
        "--trace", action="store_true", help="tracemalloc in the server: where memory grew"
    )
    p.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    p.add_argument("--data-dir", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.serve:
        serve(args.serve, args.data_dir)
        return
    summary = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps(summary))


if __name__ == "__main__":
    main()
