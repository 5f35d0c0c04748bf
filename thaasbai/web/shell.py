"""The static app's shell: ``index.html``, the service worker, and two patches to Flet's
web client (no Flutter service worker; no font that is never drawn)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

APP_NAME = "Thaasbai"
DESCRIPTION = (
    "Thaas, Dhihaeh and Thulla: the card games of the Maldives and South Asia, "
    "solo against bots or with friends."
)
THEME = "#0B5D69"
BACKGROUND = "#073B44"

# The app's packages, imported from this zip beside main.py (see build.py).
APP_ZIP = "app.zip"
# The Pyodide worker runs this module (``runpy.run_module("main")``), unpacked beside
# ``app.zip`` (see build.py).
BROWSER_MAIN = '''"""The static app's entry: the Python side of Thaasbai, running in the browser."""

import os
import sys

APP = os.path.abspath("app.zip")
if APP not in sys.path:
    sys.path.insert(0, APP)  # the app's packages, imported from the zip

from thaasbai.ui.main_app import run

run()
'''

# Fonts that Flet's client lists but our UI never draws (maths typesetting; Cupertino
# icons: the app sets no control adaptive and names no CupertinoIcons): Flutter fetches
# every listed font at start-up, so without them it fetches nothing it does not need.
UNUSED_FONT_PREFIX = ("packages/flutter_math_fork/", "packages/cupertino_icons/")


def _config_script(rt: str, app_package: str) -> str:
    """Flet's page config (what ``flet_web.patch_index_html`` writes), pointing every
    runtime file into the content-named runtime folder ``rt``."""
    base = f"/{rt}/"
    lines = [
        "flet.pyodide = true;",
        "flet.micropipIncludePre = false;",
        'flet.pythonModuleName = "main";',
        f'flet.appPackageUrl = "{base}{app_package}";',
        # An absolute URL: the module worker cannot import() a bare relative specifier.
        f'flet.pyodideUrl = "{base}pyodide/pyodide.mjs";',
        f'flet.canvasKitBaseUrl = "{base}canvaskit/";',
        f'flet.fontFallbackBaseUrl = "{base}assets/fonts/";',
        "flet.noCdn = true;",
        # flutter.js chooses: skwasm (the WebAssembly build) where the browser runs it,
        # else CanvasKit.  In Chromium skwasm drew its first frame in 1.3 s against 2.4 s.
        'flet.webRenderer = "auto";',
        'flet.routeUrlStrategy = "path";',
        f'flet.entrypointBaseUrl = "{base}";',
        f'flet.assetBase = "{base}";',
    ]
    return "<script>\n" + "\n".join(lines) + "\n</script>"


# Once the app's Python has started: mark it (``thaasbaiPythonStarted``, for tests and
# benchmarks) and register the service worker, so its precache finds the big files in the
# HTTP cache instead of downloading them a second time on the first visit.  Registered
# some seconds later, not at once: its install (15 MB written to Cache Storage) slowed
# the drawing of the first screen it ran beside.
APP_STARTED = """<script>
(function () {
  if (performance.setResourceTimingBufferSize) performance.setResourceTimingBufferSize(1000);
  // Which Flutter build and renderer this page loaded (flutter.js chose by the browser):
  // the service worker precaches that one only, and precaching another cost megabytes.
  function flutterBuild() {
    var names = performance.getEntriesByType('resource').map(function (r) { return r.name; });
    var loaded = function (end) { return names.some(function (n) { return n.endsWith(end); }); };
    if (loaded('/main.dart.wasm')) {
      return 'build=wasm&variant=' + (loaded('/skwasm_heavy.wasm') ? 'skwasm_heavy' : 'skwasm');
    }
    // flutter.js's own test: the service worker cannot make it (no ImageDecoder there).
    var chromium = typeof ImageDecoder !== 'undefined' &&
      typeof Intl.v8BreakIterator !== 'undefined' && typeof Intl.Segmenter !== 'undefined';
    chromium = loaded('/chromium/canvaskit.wasm') || chromium;
    return 'build=js&variant=' + (chromium ? 'chromium' : 'full');
  }
  function register() {
    if (!('serviceWorker' in navigator)) return;
    // register() of the same script does not look for a new version: update() does, so a
    // build deployed since is installed in the background and runs from the next start.
    var url = '/sw.js?' + flutterBuild();
    navigator.serviceWorker.register(url, { scope: '/', updateViaCache: 'none' })
      .then(function (reg) { return reg.update(); })
      .catch(function (e) { console.warn('service worker not registered:', e); });
  }
  var connect = globalThis.jsConnect;
  globalThis.jsConnect = async function () {
    try { return await connect.apply(this, arguments); }
    finally { globalThis.thaasbaiPythonStarted = true; setTimeout(register, 3000); }
  };
})();
</script>"""


def index_html(template: Path, *, rt: str, app_package: str, version: str) -> str:
    """Our ``index.html`` from Flet's (``flet_web/web/index.html``)."""
    html = template.read_text(encoding="utf-8")

    def sub(pattern: str, repl: str) -> None:
        nonlocal html
        html, n = re.subn(pattern, lambda _m: repl, html, count=1)
        if n != 1:
            raise RuntimeError(f"Flet's index.html changed: {pattern!r} not found")

    meta = (
        f'<meta name="description" content="{DESCRIPTION}">\n'
        f'  <meta name="theme-color" content="{THEME}">\n'
        f'  <meta name="thaasbai-build" content="{version}">'
    )
    sub(r'<meta name="description" content="[^"]*">', meta)
    sub(
        r'<meta name="apple-mobile-web-app-title" content="[^"]*">',
        f'<meta name="apple-mobile-web-app-title" content="{APP_NAME}">',
    )
    sub(
        r'<link rel="apple-touch-icon" href="[^"]*">',
        '<link rel="apple-touch-icon" sizes="180x180" href="icons/apple-touch-icon.png">',
    )
    sub(r"<title>[^<]*</title>", f"<title>{APP_NAME}</title>")
    sub(r"<!-- fletAppConfig -->", _config_script(rt, app_package))
    sub(
        r'<script src="python.js"></script>',
        f'<script src="/{rt}/python.js"></script>\n  {APP_STARTED}',
    )
    sub(
        r'<script src="flutter_bootstrap.js" async></script>',
        f'<script src="/{rt}/flutter_bootstrap.js" async></script>',
    )
    html = html.replace("background: #ffffff;", f"background: {BACKGROUND};")
    html = html.replace("background: #222222;", f"background: {BACKGROUND};")
    return html


def patch_bootstrap(path: Path) -> None:
    """Drop Flutter's (deprecated, self-unregistering) service worker from the loader: the
    app registers its own precaching one."""
    text = path.read_text(encoding="utf-8")
    new, n = re.subn(r"serviceWorkerSettings:\s*\{[^}]*\},", "", text, count=1)
    if n != 1:
        raise RuntimeError("Flet's flutter_bootstrap.js changed: serviceWorkerSettings")
    path.write_text(new, encoding="utf-8")


# Flutter's Rive plugin loads its runtime from a CDN at start-up; the app draws no Rive
# animation, so it is pointed at a local path that answers 404 instead of the internet.
RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"


def patch_main_dart(path: Path) -> None:
    """Keep Flet's client from fetching anything outside our origin."""
    text = path.read_text(encoding="utf-8")
    if RIVE_CDN not in text:
        raise RuntimeError("Flet's main.dart.js changed: the Rive CDN URL is not there")
    path.write_text(text.replace(RIVE_CDN, "/rive-unavailable/"), encoding="utf-8")


# In the WebAssembly build the URL is a one-byte string in a data segment: replaced by a
# local path of the very same length, so nothing else in the module moves.
RIVE_LOCAL = ("/rive-unavailable/" + "_" * len(RIVE_CDN))[: len(RIVE_CDN) - 1] + "/"


def patch_main_dart_wasm(path: Path) -> None:
    """The same for Flutter's WebAssembly build of Flet's client."""
    data = path.read_bytes()
    cdn = RIVE_CDN.encode("ascii")
    if data.count(cdn) != 1:
        raise RuntimeError("Flet's main.dart.wasm changed: the Rive CDN URL is not there")
    path.write_bytes(data.replace(cdn, RIVE_LOCAL.encode("ascii")))


# Python's start (Pyodide: compiling a 9 MB WebAssembly module, starting the interpreter)
# and the app's imports are most of the wait before the first screen.  Flet starts its
# worker, and only then fetches the app and imports it, once Flutter has loaded; these
# patches start the worker as soon as the page opens and, while Flutter loads beside it,
# start Pyodide, fetch and unpack the app and import what its first screen needs
# (BROWSER_PRELOAD), then hand that worker to Flet when it asks.  Flet's own start then
# skips the download and finds the modules imported.  Should the preload fail, Flet's
# start does it all again as it would have and reports the error.
# Started from a memory snapshot (pyodide-snapshot.mjs), Python has the app's modules
# already, and also the random generator's state and the time zone of the moment the
# snapshot was made: both are read afresh, on every start alike.
BROWSER_PRELOAD = f"""
import os, random, sys, time
APP = os.path.abspath("{APP_ZIP}")
if APP not in sys.path:
    sys.path.insert(0, APP)
random.seed()
if hasattr(time, "tzset"):
    time.tzset()
import flet.messaging.pyodide_connection, thaasbai.ui.main_app, thaasbai.ui.app
"""
WORKER_LOAD = """        const pyodideModule = await import(self.pyodideUrl);
        const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
        self.pyodide = await loadPyodide({
            stdout: (text) => self.sendPythonOutput(text, false),
            stderr: (text) => self.sendPythonOutput(text, true),
        });"""
WORKER_EARLY_LOAD = (
    "        self.pyodide = await (self.pyodideEarly || self.startPyodide(self.pyodideUrl));"
)
WORKER_DOWNLOAD = '        if "script" not in py_args:\n'
WORKER_SKIP_DOWNLOAD = (
    "        if flet_js.appPreloaded:\n"
    '            print("App preloaded")\n'
    '        elif "script" not in py_args:\n'
)
WORKER_ONMESSAGE = "self.onmessage = async (event) => {\n"
# When the app has connected to Flutter (its first screen is being drawn): the moment from
# which a snapshot is made (pyodide-snapshot.mjs waits for it).
WORKER_CONNECTED = "        await self.flet_js.start_connection(self.receiveCallback);\n"
WORKER_MARK_CONNECTED = WORKER_CONNECTED + "        self.thaasbaiConnected = Date.now();\n"
WORKER_PRELOAD = (
    """// Thaasbai: a "thaasbaiPreload" message (python.js, as the page opens) starts
// Pyodide, and loads the app into it, before Flet's init message arrives.
self.flet_js.appPreloaded = false;
// Python starts from this device's memory snapshot of the build when it has one
// (pyodide-snapshot.mjs), and has one made after a start without.
self.thaasbaiFromSnapshot = false;
self.startPyodide = async (url, appUrl) => {
    const archive = appUrl && fetch(appUrl)
        .then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null);
    const pyodideModule = await import(url);
    const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
    const options = {
        stdout: (text) => self.sendPythonOutput(text, false),
        stderr: (text) => self.sendPythonOutput(text, true),
    };
    const snapshots = await import("./pyodide-snapshot.mjs").catch((e) => {
        console.warn("Thaasbai: no Python snapshots:", e);
        return null;
    });
    let { pyodide, fromSnapshot } = snapshots
        ? await snapshots.loadPyodideFast(loadPyodide, options, appUrl)
        : { pyodide: await loadPyodide(options), fromSnapshot: false };
    const data = archive && (await archive);
    if (!data) return pyodide;
    const preload = () => {
        pyodide.unpackArchive(data, "gztar");
        pyodide.registerJsModule("flet_js", self.flet_js);
        pyodide.runPython(PRELOAD);
    };
    try {
        preload();
    } catch (e) {
        if (!fromSnapshot) {
            console.warn("Thaasbai: preloading the app failed:", e);
            return pyodide;
        }
        // A snapshot that restores but cannot run the app: forget it, start plainly.
        console.warn("Thaasbai: the Python snapshot cannot run the app; a plain start:", e);
        await snapshots.forget(snapshots.keyFor(appUrl));
        pyodide = await loadPyodide(options);
        fromSnapshot = false;
        try {
            preload();
        } catch (e2) {
            console.warn("Thaasbai: preloading the app failed:", e2);
            return pyodide;
        }
    }
    self.flet_js.appPreloaded = true;
    self.thaasbaiFromSnapshot = fromSnapshot;
    if (snapshots && !fromSnapshot) snapshots.makeSnapshotLater(pyodide, url, appUrl);
    return pyodide;
};
const PRELOAD = """
    + json.dumps(BROWSER_PRELOAD)
    + """;

self.onmessage = async (event) => {
    if (event.data && event.data.thaasbaiPreload) {
        self.pyodideEarly = self.startPyodide(event.data.pyodideUrl, event.data.appPackageUrl);
        self.pyodideEarly.catch(() => {});  // reported when Flet's init awaits it
        return;
    }
"""
)
PAGE_NEW_WORKER = """    app.worker = new Worker(
        (flet.entrypointBaseUrl.endsWith("/") ?
            flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl) + "/python-worker.js",
        { type: "module" });"""
PAGE_EARLY_WORKER = """    app.worker = globalThis.thaasbaiEarlyWorker || new Worker(
        (flet.entrypointBaseUrl.endsWith("/") ?
            flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl) + "/python-worker.js",
        { type: "module" });
    globalThis.thaasbaiEarlyWorker = null;"""
PAGE_PRELOAD = """
// Thaasbai: start the Python worker, and Pyodide in it, now (see thaasbai/web/shell.py).
globalThis.thaasbaiEarlyWorker = new Worker(
    flet.entrypointBaseUrl.replace(/\\/$/, "") + "/python-worker.js", { type: "module" });
globalThis.thaasbaiEarlyWorker.postMessage(
    { thaasbaiPreload: true, pyodideUrl: flet.pyodideUrl, appPackageUrl: flet.appPackageUrl });
"""


# Chromium's JavaScript Promise Integration (JSPI, on by default since Chromium 137) lets
# Pyodide block synchronous Python on a JavaScript promise, and with it Python runs about
# 2.5x slower there (Thaas playouts: 3,000-5,000/s with it, 11,000/s without, node 12,000/s;
# bench/web.py).  Nothing in the app or in Flet's worker blocks on a promise from
# synchronous code (everything awaits), so the worker hides JSPI before Pyodide looks
# for it ("Suspending" in WebAssembly) and Pyodide takes its plain path.
NO_JSPI = """// Thaasbai: no JSPI for Pyodide (see thaasbai/web/shell.py): Python runs 2.5x faster.
for (const name of ["Suspending", "promising", "Suspender"]) {
    try { delete WebAssembly[name]; } catch (e) { /* not configurable: left as it is */ }
}
"""


def _replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    if text.count(old) != 1:
        raise RuntimeError(f"Flet's {path.name} changed: cannot patch it")
    path.write_text(text.replace(old, new), encoding="utf-8")


def patch_early_python(runtime: Path) -> None:
    """Start Python while Flutter loads (``python.js`` and ``python-worker.js``), in a worker
    where Pyodide finds no JSPI."""
    worker = runtime / "python-worker.js"
    worker.write_text(NO_JSPI + worker.read_text(encoding="utf-8"), encoding="utf-8")
    _replace_once(worker, WORKER_LOAD, WORKER_EARLY_LOAD)
    _replace_once(worker, WORKER_ONMESSAGE, WORKER_PRELOAD)
    _replace_once(worker, WORKER_DOWNLOAD, WORKER_SKIP_DOWNLOAD)
    _replace_once(worker, WORKER_CONNECTED, WORKER_MARK_CONNECTED)
    page = runtime / "python.js"
    _replace_once(page, PAGE_NEW_WORKER, PAGE_EARLY_WORKER)
    page.write_text(page.read_text(encoding="utf-8") + PAGE_PRELOAD, encoding="utf-8")


# Python's start from a memory snapshot made on the device: the worker's part, and the
# worker that makes one.  Copied beside Flet's worker into the runtime folder.
SNAPSHOT_SCRIPTS = ("pyodide-snapshot.mjs", "pyodide-snapshot-maker.mjs")


def snapshot_scripts() -> list[Path]:
    return [Path(__file__).parent / name for name in SNAPSHOT_SCRIPTS]


def add_snapshot_scripts(runtime: Path) -> None:
    """Put the snapshot scripts where the worker imports them (``./pyodide-snapshot.mjs``);
    the maker starts Pyodide as the app's worker does, without JSPI (``NO_JSPI``)."""
    for path in snapshot_scripts():
        shutil.copyfile(path, runtime / path.name)
    maker = runtime / "pyodide-snapshot-maker.mjs"
    maker.write_text(NO_JSPI + maker.read_text(encoding="utf-8"), encoding="utf-8")


# Flet's worker puts ``__pypackages__`` on ``sys.path`` (before it imports msgpack, then
# runs main.py); the app's packages are one zip instead (see build.py).
WORKER_PACKAGES = '        pkgs_path = "__pypackages__"\n'
WORKER_APP_ZIP = f'        pkgs_path = os.path.abspath("{APP_ZIP}")\n'


def patch_app_path(runtime: Path) -> None:
    """Have the worker import the app's packages from ``app.zip``."""
    _replace_once(runtime / "python-worker.js", WORKER_PACKAGES, WORKER_APP_ZIP)


def patch_font_manifest(path: Path) -> None:
    """List Roboto (Flet's text font, bundled) and none of the maths fonts."""
    fonts = json.loads(path.read_text(encoding="utf-8"))
    fonts = [f for f in fonts if not f["family"].startswith(UNUSED_FONT_PREFIX)]
    if not any(f["family"] == "Roboto" for f in fonts):
        fonts.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})
    path.write_text(json.dumps(fonts), encoding="utf-8")


def service_worker(files: dict[str, str], *, rt: str, version: str) -> str:
    """``sw.js``: the build's file list (path -> content hash) and version, inlined, so
    every build is a new worker and the browser picks it up on a later start."""
    template = (Path(__file__).parent / "sw.js").read_text(encoding="utf-8")
    listed = {p: h for p, h in sorted(files.items()) if p != "sw.js"}
    return (
        template.replace("__VERSION__", version)
        .replace("__RUNTIME__", rt)
        .replace("__FILES__", json.dumps(listed, separators=(",", ":")))
    )
