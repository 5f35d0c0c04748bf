"""A private ``redis-server`` and real ``thaasbai serve --store redis://...`` processes."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import pytest

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
ROOT = Path(__file__).resolve().parents[2]

needs_redis = pytest.mark.skipif(
    not Path(REDIS_SERVER).exists(), reason="redis-server is not installed (CI installs it)"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """``redis-server`` on a free port, no persistence, killed on exit."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc = subprocess.Popen(
            [
                *(REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--daemonize", "no"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.proc.kill()
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait(10)


class ServeProcess:
    """``python -m thaasbai serve --store redis://...`` (the full app) on a free port."""

    def __init__(self, store: str, **env: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        full_env = dict(
            os.environ,
            PYTHONPATH=str(ROOT),
            THAASBAI_HTTP_RATE="0",
            THAASBAI_WS_RATE="0",
            THAASBAI_BOT_PACE="0.02",
            THAASBAI_GRACE="30",
            THAASBAI_LEASE="1.5",
        )
        full_env.update(env)
        # A pipe nobody reads would fill up and block the server: log to a file instead.
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the process
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "thaasbai", "serve", "--port", str(self.port), "--store", store],
            env=full_env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )

    def wait_ready(self, timeout: float = 60) -> ServeProcess:
        deadline = time.monotonic() + timeout
        while True:
            try:
                r = httpx.get(f"{self.base}/healthz", timeout=1)
                if r.status_code == 200:
                    self.process_id = r.json().get("process")
                    return self
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.proc.kill()
                raise RuntimeError("thaasbai serve did not start:\n" + self.output()[-3000:])
            time.sleep(0.1)

    def output(self) -> str:
        """What the process logged so far."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def kill(self) -> None:
        """``kill -9``: no cleanup at all, as if the machine died."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)


def start_processes(store: str, n: int, **env: str) -> list[ServeProcess]:
    """Start ``n`` processes at once (they import Flet in parallel), then wait for each."""
    procs = [ServeProcess(store, **env) for _ in range(n)]
    try:
        return [p.wait_ready() for p in procs]
    except Exception:
        for p in procs:
            p.kill()
        raise
