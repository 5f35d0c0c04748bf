"""``thaasbai serve --certfile/--keyfile`` serves HTTPS (what a phone needs to install the app)."""

from __future__ import annotations

import shutil
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl not installed")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_speaks_https_with_a_certificate(tmp_path: Path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    openssl = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
    subprocess.run(
        [*openssl, "-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )
    port = free_port()
    serve = [sys.executable, "-m", "thaasbai", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        [*serve, "--certfile", str(cert), "--keyfile", str(key), "--data-dir", str(tmp_path)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    context = ssl.create_default_context(cafile=str(cert))
    context.check_hostname = False
    try:
        deadline = time.monotonic() + 180  # may build the static app first
        while True:
            try:
                with urllib.request.urlopen(
                    f"https://127.0.0.1:{port}/healthz", context=context, timeout=2
                ) as resp:
                    assert resp.status == 200
                break
            except OSError:
                assert proc.poll() is None, proc.stdout.read()
                assert time.monotonic() < deadline, "serve did not start"
                time.sleep(0.2)
        with urllib.request.urlopen(f"https://127.0.0.1:{port}/", context=context) as resp:
            assert b"<title>Thaasbai</title>" in resp.read()
        with pytest.raises(OSError):  # plain HTTP is not what this port speaks
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5).read()
    finally:
        proc.terminate()
        out = proc.communicate(timeout=20)[0]
    assert f"https://127.0.0.1:{port}" in out  # the URL it printed to open
