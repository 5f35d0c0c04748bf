"""Benchmark: N rooms x 4 simulated WebSocket players against a real ``thaasbai serve``.

    python bench/rooms.py --rooms 500 --duration 30 --think 0.5
    python bench/rooms.py --rooms 200 --store redis://127.0.0.1:6379/0 --processes 2

Starts the server in its own process (SQLite store in a temporary directory; or
``--processes N`` servers sharing ``--store redis://...``, with every room's four clients
spread round-robin over them, so most actions cross processes through Redis; or with
``--affinity`` all four on the room's process, as a balancer hashing on the code), creates
the rooms over HTTP, connects four clients per room (all human seats), and lets each client
play a random legal card from its view whenever it is its turn (after ``--think`` seconds
on average).  Prints actions per second, the p50/p99 latency from sending an action to
*every* seat of that room holding the new state, and the server's memory per room.
This is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_s(pid: int) -> float:
    """User + system CPU seconds the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Room:
    """Bookkeeping of one room: which action is waiting to reach all four seats."""

    def __init__(self, code: str) -> None:
        self.code = code
        # version acted on -> (sent at, seats that have the newer state)
        self.pending: dict[int, tuple[float, set[int]]] = {}


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.errors = 0
        self.recording = False


async def player(
    ws_base: str,
    room: Room,
    seat: int,
    token: str,
    stats: Stats,
    think: float,
    stop: asyncio.Event,
    rng: random.Random,
) -> None:
    url = f"{ws_base}/api/rooms/{room.code}/ws?token={token}"
    async with websockets.connect(url, max_size=2**22, open_timeout=60) as ws:
        act_task: asyncio.Task | None = None
        async for text in ws:
            now = time.perf_counter()
            msg = json.loads(text)
            if msg["type"] == "error":
                stats.errors += 1
                continue
            if msg["type"] != "state":
                continue
            version = msg["version"]
            for acted_on in [v for v in room.pending if v < version]:
                sent, seen = room.pending[acted_on]
                seen.add(seat)
                if len(seen) == 4:
                    if stats.recording:
                        stats.latencies.append(now - sent)
                    del room.pending[acted_on]
            if stop.is_set():
                break
            view = msg["view"]
            if view is None:
                continue
            if view["status"] == "over" and seat == 0:
                kind = "rematch" if view["match"]["over"] else "next_deal"
                await ws.send(json.dumps({"type": kind, "version": version}))
            elif view["to_act"] == seat and view["legal"]:
                if act_task is not None:
                    act_task.cancel()
                action = rng.choice(view["legal"])
                delay = rng.uniform(0, 2 * think) if think else 0.0
                act_task = asyncio.create_task(act(ws, room, version, action, delay, stats, stop))


async def act(
    ws, room: Room, version: int, action: dict, delay: float, stats: Stats, stop: asyncio.Event
) -> None:
    if delay:
        await asyncio.sleep(delay)
    if stop.is_set():
        return
    room.pending[version] = (time.perf_counter(), set())
    stats.actions += 1 if stats.recording else 0
    with contextlib.suppress(websockets.ConnectionClosed):
        await ws.send(json.dumps({"type": "act", "version": version, "action": action}))


async def main_async(args: argparse.Namespace) -> None:
    if args.processes > 1 and not args.store.startswith("redis"):
        raise SystemExit("--processes above 1 needs a shared --store redis://...")
    data_dir = tempfile.mkdtemp(prefix="thaasbai-bench-")
    # One client address for every player: lift the per-address limits.
    env = dict(
        os.environ,
        THAASBAI_HTTP_RATE="0",
        THAASBAI_WS_PER_ADDRESS="1000000",
        PYTHONPATH=str(ROOT),
    )
    where = ["--store", args.store] if args.store else ["--data-dir", data_dir]
    ports = [free_port() for _ in range(args.processes)]
    servers = [
        subprocess.Popen(
            [sys.executable, "-m", "thaasbai", "serve", "--port", str(port), *where],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=open(Path(data_dir) / f"server-{port}.log", "wb"),  # noqa: SIM115
        )
        for port in ports
    ]
    print(f"server logs: {data_dir}/server-*.log", flush=True)
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        https = [httpx.AsyncClient(base_url=b, timeout=30) for b in bases]
        for http in https:
            for _ in range(600):
                try:
                    if (await http.get("/healthz")).status_code == 200:
                        break
                except httpx.HTTPError:
                    await asyncio.sleep(0.1)
        rss0 = sum(rss_kib(s.pid) for s in servers)
        rooms: list[tuple[Room, list[str]]] = []
        sem = asyncio.Semaphore(32)

        async def make_room(i: int) -> None:
            async with sem:
                http = https[i % len(https)]
                r = (await http.post("/api/rooms", json={"game": "thaas"})).json()
                tokens = [r["token"]]
                for seat in (1, 2, 3):
                    other = https[(i + seat) % len(https)]
                    j = await other.post(f"/api/rooms/{r['code']}/join", json={"seat": seat})
                    tokens.append(j.json()["token"])
                rooms.append((Room(r["code"]), tokens))

        await asyncio.gather(*(make_room(i) for i in range(args.rooms)))
        for http in https:
            await http.aclose()

        stats = Stats()
        stop = asyncio.Event()
        rng = random.Random(args.seed)
        ws_bases = [b.replace("http://", "ws://") for b in bases]
        tasks = []
        for n, (room, tokens) in enumerate(rooms):
            for seat, token in enumerate(tokens):
                tasks.append(
                    asyncio.create_task(
                        player(
                            ws_bases[(n if args.affinity else n + seat) % len(ws_bases)],
                            room,
                            seat,
                            token,
                            stats,
                            args.think,
                            stop,
                            random.Random(rng.random()),
                        )
                    )
                )
                if len(tasks) % 50 == 0:
                    await asyncio.sleep(0.05)  # do not stampede the accept queue
        await asyncio.sleep(2)
        # Start every room (the host, seat 0, starts it, from one more connection).
        starters = []
        for n, (room, tokens) in enumerate(rooms):
            starters.append(start_room(ws_bases[n % len(ws_bases)], room.code, tokens[0]))
        await asyncio.gather(*starters)
        await asyncio.sleep(args.warmup)
        lags: list[float] = []
        lag_task = asyncio.create_task(loop_lag(lags))
        cpu0 = sum(cpu_s(s.pid) for s in servers)
        stats.recording = True
        t0 = time.perf_counter()
        await asyncio.sleep(args.duration)
        stats.recording = False
        elapsed = time.perf_counter() - t0
        cpu1 = sum(cpu_s(s.pid) for s in servers)
        lag_task.cancel()
        rss1 = sum(rss_kib(s.pid) for s in servers)
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(10)

    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    store = args.store or "sqlite"
    print(
        f"rooms: {args.rooms} x 4 clients, think {args.think}s, {elapsed:.1f}s measured; "
        f"store {store}, {args.processes} server process(es)"
    )
    print(
        f"actions/s: {stats.actions / elapsed:.0f}  ({stats.actions} actions, "
        f"{stats.errors} refused)"
    )
    print(
        f"latency action -> all 4 seats: p50 {pct(0.5):.1f} ms  p99 {pct(0.99):.1f} ms  "
        f"max {lat[-1] * 1000 if lat else float('nan'):.1f} ms  (n={len(lat)})"
    )
    print(
        f"server CPU (all processes): {(cpu1 - cpu0) / elapsed:.2f} cores busy, "
        f"{(cpu1 - cpu0) / max(1, stats.actions) * 1000:.2f} ms per action"
    )
    if lat:
        print(f"mean {statistics.fmean(lat) * 1000:.1f} ms")
    if lags:
        lags.sort()
        print(
            f"client event-loop lag: p50 {lags[len(lags) // 2] * 1000:.1f} ms  "
            f"p99 {lags[int(len(lags) * 0.99)] * 1000:.1f} ms"
        )
    print(
        f"server RSS (all processes): {rss0 / 1024:.1f} MiB idle -> "
        f"{rss1 / 1024:.1f} MiB with rooms; "
        f"{(rss1 - rss0) / args.rooms:.1f} KiB per room (4 connections each)"
    )


async def loop_lag(lags: list[float]) -> None:
    """How late this (client) process's event loop wakes up: shows a client bottleneck."""
    while True:
        t = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(time.perf_counter() - t - 0.01)


async def start_room(ws_base: str, code: str, token: str) -> None:
    url = f"{ws_base}/api/rooms/{code}/ws?token={token}"
    async with websockets.connect(url, open_timeout=60) as ws:
        msg = json.loads(await ws.recv())
        await ws.send(json.dumps({"type": "start", "version": msg["version"]}))
        await ws.recv()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rooms", type=int, default=500)
    p.add_argument("--duration", type=float, default=30.0)
    p.add_argument("--warmup", type=float, default=3.0)
    p.add_argument("--think", type=float, default=0.5, help="mean seconds before a move")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--store", default="", help="empty for SQLite, or redis://HOST:PORT/DB")
    p.add_argument("--processes", type=int, default=1, help="server processes (shared store)")
    p.add_argument(
        "--affinity",
        action="store_true",
        help="all four clients of a room on one process (as a balancer hashing on the room code)",
    )
    asyncio.run(main_async(p.parse_args()))


if __name__ == "__main__":
    main()
