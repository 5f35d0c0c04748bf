"""App figures with headless Chromium: time to a usable home screen, server memory per session.

    python bench/app.py [--loads 7] [--sessions 10]

Starts ``thaasbai serve`` on a free port (canvaskit renderer, as in the e2e tests), loads
the page ``--loads`` times in fresh browser contexts and reports the median time from
navigation to the home screen's Start button being in the accessibility tree (the moment a
person can tap it).  Then it opens ``--sessions`` more contexts, each on the home screen,
then each at a Thaas table, and reports the server's resident memory growth per session.
Prints one JSON object; figures are recorded in docs/PERFORMANCE.md ("## App").
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "e2e"))

from conftest import CHROME_ARGS, CHROMIUM, enable_semantics, free_port, start_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402


def rss_mb(pid: int) -> float:
    """Resident set size of a process, from /proc (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=7)
    ap.add_argument("--sessions", type=int, default=10)
    args = ap.parse_args()
    port = free_port()
    proc = start_server(port, pace="0.5")
    url = f"http://127.0.0.1:{port}/"
    out: dict[str, object] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROME_ARGS)
            times = []
            for i in range(args.loads + 1):
                ctx = browser.new_context(viewport={"width": 390, "height": 844})
                page = ctx.new_page()
                t0 = time.perf_counter()
                page.goto(url)
                enable_semantics(page)
                page.get_by_role("button", name="Start").wait_for(timeout=60_000)
                if i:  # the first load warms the server's and the OS's caches
                    times.append(time.perf_counter() - t0)
                ctx.close()
            out["home_usable_s"] = {
                "p50": round(statistics.median(times), 3),
                "min": round(min(times), 3),
                "max": round(max(times), 3),
                "loads": len(times),
            }
            time.sleep(1.0)
            base = rss_mb(proc.pid)
            pages = []
            for _ in range(args.sessions):
                ctx = browser.new_context(viewport={"width": 1024, "height": 768})
                page = ctx.new_page()
                page.goto(url)
                enable_semantics(page)
                page.get_by_role("button", name="Start").wait_for(timeout=60_000)
                pages.append(page)
            time.sleep(1.0)
            home = rss_mb(proc.pid)
            for page in pages:
                page.get_by_role("button", name="Start").click()
                page.locator('[flt-semantics-identifier^="card-"]').first.wait_for(
                    state="attached", timeout=30_000
                )
            time.sleep(2.0)
            table = rss_mb(proc.pid)
            n = args.sessions
            out["server_rss_mb"] = {
                "idle": round(base, 1),
                "per_home_session": round((home - base) / n, 2),
                "per_table_session": round((table - base) / n, 2),
                "with_sessions_at_tables": round(table, 1),
                "sessions": n,
            }
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
