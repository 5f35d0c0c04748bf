"""Two builds of the static app side by side: time to a usable home screen, interleaved.

    python bench/web_ab.py [--rounds 6] LABEL=CHECKOUT:WEB_DIR LABEL=CHECKOUT:WEB_DIR ...

Each variant is served by ``thaasbai serve --web-dir WEB_DIR`` run from its own
checkout (so each build is checked against its own sources, never rebuilt by the
other's). Every round opens, per variant and in alternating order, a fresh browser
context: first visit, repeat visit (the service worker's cache), offline start (the
context offline). On a shared machine only such same-minute pairs compare; prints each
round, then the medians and the load average seen.

For example, the previous commit against the working tree::

    git worktree add /tmp/before HEAD~1
    (cd /tmp/before && python -m thaasbai build-web --out /tmp/before-web)
    python -m thaasbai build-web
    python bench/web_ab.py A=/tmp/before:/tmp/before-web B=.:build/web
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "bench"), str(REPO / "tests" / "e2e")]

from conftest import CHROME_ARGS, CHROMIUM, free_port, sw_controlling  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from web import time_to_home  # noqa: E402

KINDS = ("first", "repeat", "offline")


def serve(checkout: Path, web: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(checkout), "THAASBAI_DATA_DIR": tempfile.mkdtemp()}
    cmd = [sys.executable, "-m", "thaasbai", "serve", "--host", "127.0.0.1"]
    proc = subprocess.Popen(
        [*cmd, "--port", str(port), "--web-dir", str(web)],
        cwd=checkout,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    for _ in range(900):
        try:
            urllib.request.urlopen(url + "healthz", timeout=1)
            return proc, url
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError(f"{checkout}: thaasbai serve did not start")


def one_round(browser, url: str) -> dict[str, float]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    out = {}
    page = ctx.new_page()
    out["first"] = time_to_home(page, url)
    sw_controlling(page)
    page.wait_for_timeout(500)
    page.close()
    page = ctx.new_page()
    out["repeat"] = time_to_home(page, url)
    page.close()
    ctx.set_offline(True)
    page = ctx.new_page()
    out["offline"] = time_to_home(page, url)
    ctx.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("variants", nargs="+", help="LABEL=CHECKOUT:WEB_DIR")
    args = ap.parse_args()
    variants = []
    for spec in args.variants:
        label, paths = spec.split("=", 1)
        checkout, web = paths.split(":", 1)
        variants.append((label, Path(checkout).resolve(), Path(web).resolve()))
    servers = {label: serve(checkout, web) for label, checkout, web in variants}
    times: dict[str, dict[str, list[float]]] = {v[0]: {k: [] for k in KINDS} for v in variants}
    loads = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROME_ARGS)
            for r in range(args.rounds):
                order = variants if r % 2 == 0 else variants[::-1]
                for label, _, _ in order:
                    loads.append(os.getloadavg()[0])
                    got = one_round(browser, servers[label][1])
                    for kind, t in got.items():
                        times[label][kind].append(t)
                    shown = ", ".join(f"{k} {t:.2f} s" for k, t in got.items())
                    print(f"round {r} {label}: {shown} (load {loads[-1]:.1f})", flush=True)
            browser.close()
    finally:
        for proc, _ in servers.values():
            proc.terminate()
    for label, kinds in times.items():
        medians = ", ".join(f"{k} {statistics.median(v):.2f} s" for k, v in kinds.items())
        print(f"{label} medians: {medians}")
    print(
        f"load average: min {min(loads):.1f}, median {statistics.median(loads):.1f}, "
        f"max {max(loads):.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
