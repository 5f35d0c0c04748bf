"""Browser fixtures: ``thaasbai serve`` on a free port, driven by Debian's headless Chromium.

The app's Python runs in the page (the static app on Pyodide): the server only serves the
build and the rooms.  Solo bots move with no pause (``?pace=0`` on the page's address) so
a whole deal plays in seconds, and ``?seed=N`` makes solo deals reproducible.  Skipped,
not failed, without /usr/bin/chromium.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
REPO = Path(__file__).resolve().parents[2]
CHROME_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]

if not os.path.exists(CHROMIUM):
    pytest.skip("Debian chromium is not installed", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

# Playwright's assertions wait 5 s by default. On a loaded 2-core CI machine a freshly
# loaded Flutter page can take longer than that to build its first screen and publish its
# semantics (the settings-after-reload test failed an attribute check that way), so every
# assertion here waits up to 20 s: a real failure still fails, only later.
expect.set_options(timeout=20_000)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ``?seed=11``: every solo game is dealt from Random(11), so the deal depends only on the
# options.  With 11, seat 3 deals the first Thaas deal, so the human (seat 0) leads it and
# declares the hukum in "Declared" mode.
SEED = "11"
# A first start builds the static app (seconds here; longer on a loaded CI machine).
START_TIMEOUT_S = 180


def start_server(
    port: int, *, data_dir: str | None = None, extra: list[str] | None = None
) -> subprocess.Popen[bytes]:
    """Run ``python -m thaasbai serve`` and wait until it says it is serving.

    ``serve`` prints ``Thaasbai: open http://...`` once the app is built (when a build is
    needed, that takes a while); a thread reads its output until then, and drains it
    after, so the long wait is on that line, not on a clock."""
    env = {
        **os.environ,
        "THAASBAI_BOT_PACE": os.environ.get("THAASBAI_BOT_PACE", "0.1"),  # server-side bots
        "THAASBAI_DATA_DIR": data_dir or os.environ.get("THAASBAI_DATA_DIR", "/tmp/thaasbai-e2e"),
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("DISPLAY", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "thaasbai", "serve", "--host", "127.0.0.1", "--port", str(port)]
        + (extra or []),
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    ready = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:  # ends when the server exits
            if b"Thaasbai: open http" in line:
                ready.set()
        ready.set()  # exited: wake the waiter, which then sees proc.poll()

    threading.Thread(target=read, daemon=True).start()
    if not ready.wait(START_TIMEOUT_S):
        proc.kill()
        raise RuntimeError("thaasbai serve did not start")
    # It prints that line just before uvicorn binds the port: until /healthz answers,
    # waiting on the process between tries (an exit ends the wait at once).
    for _ in range(200):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10):
                return proc
        except OSError:
            try:
                proc.wait(timeout=0.05)
            except subprocess.TimeoutExpired:
                continue
            raise RuntimeError("thaasbai serve exited at start-up") from None
    proc.kill()
    raise RuntimeError("thaasbai serve printed its address but never answered")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:  # an open WebSocket can hold the graceful shutdown
        proc.kill()
        proc.wait(timeout=10)


@pytest.fixture(scope="package")
def server_url() -> Iterator[str]:
    port = free_port()
    proc = start_server(port)
    yield f"http://127.0.0.1:{port}"
    stop_server(proc)


@pytest.fixture(scope="package")
def seeded_url(server_url: str) -> str:
    """The app with reproducible solo deals (``?seed=``)."""
    return f"{server_url}/?seed={SEED}"


@pytest.fixture(scope="package")
def playwright_instance():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="package")
def browser(playwright_instance) -> Iterator[Browser]:
    b = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROME_ARGS
    )
    yield b
    b.close()


def with_pace_zero(url: str) -> str:
    """``url`` with ``pace=0`` in its query: bots move at once (see the module docstring)."""
    if "pace=" in url:
        return url
    if "?" not in url:
        url = url.rstrip("/") + "/?"
    elif not url.endswith(("?", "&")):
        url += "&"
    return url + "pace=0"


def open_app(browser: Browser, url: str, width: int = 1024, height: int = 768) -> Page:
    """A fresh context (a fresh app, with its own Python) with Flutter's semantics tree on."""
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    page.goto(with_pace_zero(url))
    wait_for_python(page)
    enable_semantics(page)
    return page


# The page's service worker: until one is active and controls the page (it activates once
# its install, which precaches the whole build, has finished).  Events, not polling.
SW_CONTROLLING = """async () => {
  const reg = await navigator.serviceWorker.ready;
  const sw = navigator.serviceWorker;
  for (;;) {  // listen first, then look: a change between the two is not missed
    const changed = new Promise(r => {
      reg.active.addEventListener('statechange', r, {once: true});
      sw.addEventListener('controllerchange', r, {once: true});
    });
    if (reg.active.state === 'activated' && sw.controller) return true;
    await changed;
  }
}"""


def sw_controlling(page: Page) -> None:
    """Until the page's service worker is active and in control of it."""
    page.evaluate(SW_CONTROLLING)


def python_worker(page: Page):
    """The app's Python worker (Flet's, patched by thaasbai/web/shell.py)."""
    for worker in page.workers:
        if worker.url.endswith("/python-worker.js"):
            return worker
    raise AssertionError(f"no Python worker among {[w.url for w in page.workers]}")


def snapshot_made(page: Page, timeout_s: float = 90) -> dict:
    """Until the worker's attempt at this build's Python snapshot has ended (made some
    seconds after a start without one: thaasbai/web/pyodide-snapshot.mjs); its answer."""
    handle = python_worker(page).evaluate_handle(
        """async (timeoutMs) => {
          const until = Date.now() + timeoutMs;
          while (!self.thaasbaiSnapshot && Date.now() < until) {
            await new Promise((r) => setTimeout(r, 100));
          }
          return self.thaasbaiSnapshot || null;
        }""",
        timeout_s * 1000,
    )
    answer = handle.json_value()
    assert answer is not None, "no snapshot was attempted"
    return answer


# Whether it is our move: a playable card, a Hand Call to answer, a hukum to declare, or
# the result.
OUR_MOVE = """() => {
  if (document.querySelector('[flt-semantics-identifier^="card-"][flt-tappable]')) return true;
  const names = ['Accept', 'Refuse', 'Next deal', 'New match', 'Next round',
                 '♠ Spades', '♥ Hearts', '♦ Diamonds', '♣ Clubs'];
  return [...document.querySelectorAll('flt-semantics[role=button]')].some(
    e => names.includes((e.getAttribute('aria-label') || e.innerText || '').trim()));
}"""


def wait_for_our_move(page: Page, timeout_s: float = 120) -> None:
    """Until we have something to do: a card to play, a Hand Call to answer, a hukum to
    declare, or the result to read."""
    page.wait_for_function(OUR_MOVE, timeout=timeout_s * 1000)


def wait_for_python(page: Page) -> None:
    """Until the app's Python has started in the page (index.html marks it)."""
    page.wait_for_function("globalThis.thaasbaiPythonStarted === true", timeout=120_000)


def paste_into(page: Page, label: str, text: str) -> None:
    """Paste ``text`` into the text field named ``label`` as a person would: tap it, then
    paste.  Flutter puts its editing input in place on focus; text set on the semantics
    node before that can be dropped (the DOM shows it, the app's field stays empty)."""
    box = page.get_by_role("textbox", name=label)
    box.click()
    expect(box).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(text)
    expect(box).to_have_value(text)


def enable_semantics(page: Page) -> None:
    ph = page.locator("flt-semantics-placeholder")
    ph.wait_for(state="attached", timeout=30_000)
    ph.dispatch_event("click")
    page.locator("flt-semantics").first.wait_for(state="attached", timeout=15_000)


@pytest.fixture
def app_page(browser: Browser, server_url: str) -> Iterator[Page]:
    page = open_app(browser, server_url)
    yield page
    page.context.close()


def fill_name(page: Page, name: str) -> None:
    """Type a name as a person would: focus the field, then key it in (Flutter's editing
    input appears on focus; a bare ``fill`` on the semantics node is sometimes lost)."""
    box = page.get_by_role("textbox", name="Your name")
    box.click()
    expect(box).to_be_focused()  # Flutter's editing input is in place
    page.keyboard.press("Control+A")
    page.keyboard.type(name, delay=20)
    expect(box).to_have_value(name)  # every key has reached the DOM's input ...
    # ... and Flutter's field: its counter counts them.  (The invite page's field was once
    # autofocused: the DOM showed the name, the field stayed empty, "20 characters
    # remaining", and Join asked for a name.)
    # (Flutter may announce the counter too: either says what the field holds.)
    expect(page.get_by_text(f"{20 - len(name)} characters remaining").last).to_be_visible()
