"""The static app's figures: load times, bytes, Pyodide's speed, bots in the browser, and
what the server spends.

    python bench/web.py [--loads 3] [--positions 20] [--seconds 2] [--games thaas,thulla]
                        [--bots-only] [--json]

Starts ``thaasbai serve`` (which builds the app when needed) and drives Debian's headless
Chromium:

- first visit (a fresh browser profile) to a usable home screen (Start in the
  accessibility tree), and the bytes fetched, raw and as sent (gzip);
- a repeat visit (the service worker's cache) and an offline start (server stopped, the
  browser offline), with the bytes fetched from the network;
- Thaas random playouts per second and each bot level's per-move p50/p95/max in each game,
  natively, in node's Pyodide and in Chromium's Pyodide (``bench/web_probe.py``, the same
  code; ``--bots-only`` stops there);
- the server's CPU time over a first visit (the page, the service worker's precache and
  Python's snapshot: once per visitor) and then over a whole solo Thaas deal played in
  the browser, and its resident memory per visitor;
- whether each first visit made Python's snapshot (``snapshots``).

Prints a summary (and one JSON object with ``--json``); figures go to docs/PERFORMANCE.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "bench")]

import web_probe  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.conftest import (  # noqa: E402
    CHROME_ARGS,
    CHROMIUM,
    enable_semantics,
    free_port,
    snapshot_made,
    start_server,
    stop_server,
    sw_controlling,
    wait_for_python,
    with_pace_zero,
)
from tests.e2e.test_play import play_until_result  # noqa: E402


def cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


class Traffic:
    """Bytes the browser fetched from the network for one context: the pages, their
    workers and the service worker's precache (its HTTP-cache hits count nothing;
    answers the service worker gave from its cache are not network traffic)."""

    def __init__(self, ctx) -> None:
        self.sent = 0  # as transferred: compressed bodies and headers
        self.raw = 0  # decoded bodies
        self.requests = 0
        ctx.on("requestfinished", self._finished)

    def _finished(self, request) -> None:
        try:
            response = request.response()
            sizes = request.sizes()
        except Exception:  # the page closed first: its last requests are not counted
            return
        if response is None or response.from_service_worker:
            return
        sent = sizes["responseBodySize"] + sizes["responseHeadersSize"]
        if sent <= 0:  # from the HTTP cache (the body size is then minus the headers')
            return
        self.requests += 1
        self.sent += sent
        try:
            self.raw += len(response.body())
        except Exception:  # bodies of some worker requests are not kept
            self.raw += sizes["responseBodySize"]


def time_to_home(page, url: str) -> float:
    t0 = time.perf_counter()
    page.goto(url)
    wait_for_python(page)
    enable_semantics(page)
    page.get_by_role("button", name="Start").wait_for(timeout=120_000)
    return time.perf_counter() - t0


def in_chromium(browser, url: str, code: str, modules: dict[str, str] | None = None) -> dict:
    """Run the probe in Chromium's Pyodide, from the build's own runtime and app archive,
    set up as the app's worker sets it up (no JSPI: ``shell.NO_JSPI``)."""
    from thaasbai.web.build import BUILD_MANIFEST, default_web_dir
    from thaasbai.web.shell import APP_ZIP, NO_JSPI

    manifest = json.loads((default_web_dir() / BUILD_MANIFEST).read_text())
    rt = manifest["runtime"]
    archive = next(p for p in manifest["files"] if p.startswith(f"{rt}/app-"))
    page = browser.new_page()
    page.goto(url + "site.json")
    modules = modules or {"web_probe": (REPO / "bench" / "web_probe.py").read_text()}
    result = page.evaluate(
        """async ([rt, archive, modules, code, app_zip, noJspi]) => {
          (0, eval)(noJspi);
          const { loadPyodide } = await import(`/${rt}/pyodide/pyodide.mjs`);
          const py = await loadPyodide({ indexURL: `/${rt}/pyodide/` });
          py.globals.set('bench_modules', py.toPy(modules));
          return await py.runPythonAsync(`
from pyodide.http import pyfetch
import sys, types
r = await pyfetch('/${archive}')
await r.unpack_archive(format='gztar')
sys.path[:0] = ['.', '${app_zip}']
for name, source in bench_modules.items():
    module = types.ModuleType(name); module.__file__ = name + '.py'; sys.modules[name] = module
    exec(compile(source, name + '.py', 'exec'), module.__dict__)
${code}`);
        }""",
        [rt, archive, modules, code, APP_ZIP, NO_JSPI],
    )
    page.close()
    return json.loads(result)


def in_node(code: str) -> dict:
    import flet_web

    pyodide = Path(flet_web.get_package_web_dir()) / "pyodide"
    runner = REPO / "bench" / "pyodide_run.mjs"
    out = subprocess.run(
        ["node", str(runner), str(pyodide), str(REPO), code],
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=3)
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--games", default=",".join(web_probe.GAMES), help="bots' move times")
    ap.add_argument("--bots-only", action="store_true", help="only playouts and bots' move times")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    games = tuple(g for g in args.games.split(",") if g)
    call = f"web_probe.run({args.seconds}, {args.positions}, games={games!r})"
    probe = f"import json, web_probe\njson.dumps({call})"
    out: dict = {}
    out["native"] = web_probe.run(args.seconds, args.positions, games=games)
    if shutil.which("node"):
        out["node_pyodide"] = in_node(probe)

    data_dir = tempfile.mkdtemp(prefix="thaasbai-bench-web-")
    port = free_port()
    proc = start_server(port, data_dir=data_dir)
    url = f"http://127.0.0.1:{port}/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROME_ARGS)
            out["chromium_pyodide"] = in_chromium(browser, url, probe)
            if args.bots_only:
                browser.close()
                return report(out, args.json)

            first, repeat, sent, raw, again = [], [], [], [], []
            for _ in range(args.loads):
                # Times in a context of their own: counting the bytes reads every body
                # back from the browser, work that slowed the very load it measured.
                ctx = browser.new_context(viewport={"width": 390, "height": 844})
                page = ctx.new_page()
                first.append(time_to_home(page, url))
                sw_controlling(page)
                # After one visit: the service worker's precache, and Python's snapshot
                # made on the device (thaasbai/web/pyodide-snapshot.mjs).
                made = snapshot_made(page)
                out.setdefault("snapshots", []).append({k: made.get(k) for k in ("ok", "bytes")})
                page.close()
                page = ctx.new_page()
                repeat.append(time_to_home(page, url))
                ctx.close()
                # The same two visits again, counting what they fetch.
                ctx = browser.new_context(viewport={"width": 390, "height": 844})
                traffic = Traffic(ctx)
                page = ctx.new_page()
                time_to_home(page, url)
                sw_controlling(page)
                snapshot_made(page)
                page.wait_for_timeout(500)
                sent.append(traffic.sent)
                raw.append(traffic.raw)
                page.close()
                before = traffic.sent
                time_to_home(ctx.new_page(), url)
                again.append(traffic.sent - before)
                ctx.close()
            out["first_visit_s"] = round(statistics.median(first), 2)
            out["first_visit_mb_sent"] = round(statistics.median(sent) / 1e6, 2)
            out["first_visit_mb_raw"] = round(statistics.median(raw) / 1e6, 2)
            out["repeat_visit_s"] = round(statistics.median(repeat), 2)
            out["repeat_visit_kb_sent"] = round(statistics.median(again) / 1e3, 1)

            # The server's share of a first visit (the page, the service worker's install,
            # Python's snapshot), then of a whole solo deal (Hard bots) after it, and
            # memory per visitor.
            ctx = browser.new_context(viewport={"width": 1024, "height": 768})
            page = ctx.new_page()
            cpu0 = cpu_s(proc.pid)
            time_to_home(page, with_pace_zero(url))
            sw_controlling(page)
            snapshot_made(page)
            out["server_cpu_s_first_visit"] = round(cpu_s(proc.pid) - cpu0, 3)
            page.get_by_role("button", name="Hard").first.click()
            cpu0 = cpu_s(proc.pid)
            page.get_by_role("button", name="Start").click()
            play_until_result(page, limit_s=600)
            out["server_cpu_s_solo_deal"] = round(cpu_s(proc.pid) - cpu0, 3)
            ctx.close()
            rss0 = rss_mb(proc.pid)
            visitors = [browser.new_context() for _ in range(5)]
            for ctx in visitors:
                time_to_home(ctx.new_page(), url)
            out["server_mb_per_visitor"] = round((rss_mb(proc.pid) - rss0) / len(visitors), 2)
            for ctx in visitors:
                ctx.close()

            # Offline start: the server stopped and the browser offline.
            ctx = browser.new_context(viewport={"width": 390, "height": 844})
            page = ctx.new_page()
            time_to_home(page, url)
            sw_controlling(page)
            snapshot_made(page)
            page.close()
            stop_server(proc)
            ctx.set_offline(True)
            offline = []
            for _ in range(args.loads):
                page = ctx.new_page()
                offline.append(time_to_home(page, url))
                page.close()
            out["offline_start_s"] = round(statistics.median(offline), 2)
            ctx.close()
            browser.close()
    finally:
        if proc.poll() is None:
            stop_server(proc)
    return report(out, args.json)


def report(out: dict, as_json: bool) -> int:
    """Print the figures, with Pyodide's playouts as a ratio to native ones."""
    native = out["native"]["playouts_per_s"]
    for where in ("node_pyodide", "chromium_pyodide"):
        if where in out and native:
            out[where]["playouts_vs_native"] = round(out[where]["playouts_per_s"] / native, 2)
    print(json.dumps(out, indent=None if as_json else 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
