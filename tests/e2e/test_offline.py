"""Offline first: after one visit the app starts and plays solo with no network, and a
new build on the server is picked up on a later start."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from thaasbai.web.build import build_web

from .conftest import (
    enable_semantics,
    fill_name,
    free_port,
    start_server,
    stop_server,
    sw_controlling,
    wait_for_python,
)
from .conftest import with_pace_zero as app_address
from .test_play import HAND, choose_easy_bots, play_until_result, result_shown

pytestmark = pytest.mark.browser

# Until the build ``version`` is the active worker's (its install cached it, and its
# activation deleted the older caches) with nothing installing or waiting behind it: on
# the worker's state changes and the registration's update events, not on a clock.
SW_UPDATED_TO = """async (version) => {
  const reg = await navigator.serviceWorker.getRegistration();
  const done = async () => {
    const keys = (await caches.keys()).filter(k => k.startsWith('thaasbai-'));
    return reg.active && reg.active.state === 'activated' && !reg.installing && !reg.waiting
      && keys.length === 1 && keys[0] === 'thaasbai-' + version;
  };
  for (;;) {  // listen first, then look: a change between the two is not missed
    const w = reg.installing || reg.waiting || (reg.active.state !== 'activated' && reg.active);
    const changed = new Promise(r => w ? w.addEventListener('statechange', r, {once: true})
                                       : reg.addEventListener('updatefound', r, {once: true}));
    if (await done()) return true;
    await changed;
  }
}"""


DIAGNOSE = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  const out = {active: reg && reg.active && reg.active.state, keys: await caches.keys()};
  for (const name of out.keys) {
    const c = await caches.open(name);
    const k = (await c.keys()).map(r => r.url).filter(u => u.includes('/index.html'));
    const text = k.length ? await (await c.match(k[0])).text() : '';
    out[name] = [k, (text.match(/build" content="(\\w+)/) || [])[1]];
  }
  const net = await fetch('/index.html', {cache: 'no-store'});
  out.network = (await net.text()).match(/build" content="(\\w+)/)[1];
  out.nav = performance.getEntriesByType('navigation')[0].deliveryType;
  return out;
}"""


def build_version(page: Page) -> str:
    return page.evaluate("document.querySelector('meta[name=thaasbai-build]').content")


def cached_versions(page: Page) -> list[str]:
    return page.evaluate(
        "async () => (await caches.keys()).filter(k => k.startsWith('thaasbai-'))"
        ".map(k => k.slice('thaasbai-'.length))"
    )


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[tuple[str, list]]:
    """A server of this test's own (the test stops it), and the processes to clean up."""
    procs: list = []
    yield str(tmp_path), procs
    for proc in procs:
        if proc.poll() is None:
            stop_server(proc)


def test_after_one_visit_the_app_plays_a_solo_deal_with_no_network(
    browser: Browser, own_server
) -> None:
    data_dir, procs = own_server
    port = free_port()
    procs.append(start_server(port, data_dir=data_dir))
    url = f"http://127.0.0.1:{port}"
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.goto(app_address(url))
        wait_for_python(page)
        sw_controlling(page)  # the whole build precached
        version = build_version(page)
        assert cached_versions(page) == [version]

        stop_server(procs[0])  # no server, and no network either
        ctx.set_offline(True)
        console: list[str] = []
        page.on("console", lambda msg: console.append(msg.text))
        page.reload()
        wait_for_python(page)
        # The worker loaded the app (bytecode, from app.zip) while Flutter loaded, and
        # Flet's start found it there (thaasbai/web/shell.py).
        assert "App preloaded" in console, console
        enable_semantics(page)
        assert build_version(page) == version
        expect(page.get_by_role("button", name="Start")).to_be_visible()
        choose_easy_bots(page)
        page.get_by_role("button", name="Start").click()
        expect(page.locator(HAND).first).to_be_attached(timeout=20_000)
        assert play_until_result(page, limit_s=240) >= 7
        assert result_shown(page)

        # What needs the server says so instead of hanging.
        page.get_by_role("button", name="Home").click()
        page.get_by_role("button", name="Play with friends").click()
        fill_name(page, "Aisha")
        page.get_by_role("button", name="Create room").click()
        expect(page.get_by_text("connection", exact=False).first).to_be_visible(timeout=15_000)
    finally:
        ctx.close()


def test_a_new_build_on_the_server_is_picked_up_on_a_later_start(
    browser: Browser, own_server, tmp_path: Path
) -> None:
    data_dir, procs = own_server
    first, second = tmp_path / "web1", tmp_path / "web2"
    v1 = build_web(first, log=lambda *_: None).version
    v2 = build_web(second, server_url="http://rooms.invalid", log=lambda *_: None).version
    assert v1 != v2
    port = free_port()
    procs.append(start_server(port, data_dir=data_dir, extra=["--web-dir", str(first)]))
    url = f"http://127.0.0.1:{port}/"
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(url)
        wait_for_python(page)
        sw_controlling(page)
        assert build_version(page) == v1

        stop_server(procs.pop())  # deploy the new build
        procs.append(start_server(port, data_dir=data_dir, extra=["--web-dir", str(second)]))
        with urllib.request.urlopen(url + "sw.js", timeout=10) as resp:
            assert f"const VERSION = '{v2}';" in resp.read().decode()  # the server has v2
        page.reload()  # this start still runs v1 from the cache, and finds v2 behind it
        wait_for_python(page)
        page.evaluate(SW_UPDATED_TO, v2)  # v2 active and alone, nothing pending
        page.reload()  # the next start runs v2
        wait_for_python(page)
        assert build_version(page) == v2, page.evaluate(DIAGNOSE)
        assert cached_versions(page) == [v2]
    finally:
        ctx.close()


def test_the_service_worker_precaches_the_flutter_build_the_page_loads_and_not_the_other(
    browser: Browser, server_url: str
) -> None:
    """flutter.js loads one of two Flutter builds and one of several renderers (Chromium:
    the WebAssembly build with skwasm); a service worker that guessed another one fetched
    megabytes more on the first visit."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.goto(app_address(server_url))
        wait_for_python(page)
        sw_controlling(page)
        big = (
            "main.dart.js",
            "main.dart.wasm",
            "canvaskit.wasm",
            "skwasm.wasm",
            "skwasm_heavy.wasm",
        )
        loaded = page.evaluate(
            "(big) => performance.getEntriesByType('resource').map(r => r.name)"
            ".filter(n => big.some(b => n.endsWith('/' + b)))",
            big,
        )
        cached = page.evaluate(
            """async () => {
              const name = (await caches.keys()).find(k => k.startsWith('thaasbai-'));
              const c = await caches.open(name);
              return (await c.keys()).map(r => r.url);
            }"""
        )
        # Flutter's licence notices and the video player's script: fetched on first use.
        assert not [u for u in cached if "/assets/NOTICES" in u or "/media_kit/" in u], cached
        # Chromium runs the WebAssembly build, with the skwasm made for it.
        assert sorted(u.rsplit("/", 1)[1] for u in loaded) == ["main.dart.wasm", "skwasm.wasm"]
        # Under their own URLs: the browser's compiled code of a script or WebAssembly
        # module answered from the cache is then the one made at install.
        cached_big = sorted(u for u in cached if any(u.endswith("/" + b) for b in big))
        assert cached_big == sorted(loaded), cached_big
    finally:
        ctx.close()
