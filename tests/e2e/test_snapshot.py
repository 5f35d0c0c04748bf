"""Python's start from a memory snapshot made on the device (thaasbai/web/pyodide-snapshot.mjs):
made after a first start, restored by every later one, with fresh randomness, and
never a reason for the app not to start."""

from __future__ import annotations

import pytest

from .conftest import (
    enable_semantics,
    python_worker,
    snapshot_made,
    wait_for_python,
    with_pace_zero,
)

pytestmark = pytest.mark.browser

RANDOM = "self.pyodide.runPython('import random; random.random()')"


def start(ctx, url):
    page = ctx.new_page()
    page.goto(with_pace_zero(url))
    wait_for_python(page)
    enable_semantics(page)
    page.get_by_role("button", name="Start").wait_for(timeout=60_000)
    return page


def plays(page) -> None:
    page.get_by_role("button", name="Start").click()
    page.locator('[flt-semantics-identifier^="card-"]').first.wait_for(timeout=60_000)


def test_later_starts_restore_the_snapshot_with_fresh_randomness_and_play(browser, server_url):
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    first = start(ctx, server_url)
    assert python_worker(first).evaluate("self.thaasbaiFromSnapshot") is False
    made = snapshot_made(first)
    assert made["ok"], made
    # Only what needs the page is left to import after a restore.
    assert "thaasbai.ui.app" not in made["skipped"]
    assert "flet.messaging.pyodide_connection" in made["skipped"]
    first.close()

    draws = []
    for _ in range(2):
        page = start(ctx, server_url)
        worker = python_worker(page)
        assert worker.evaluate("self.thaasbaiFromSnapshot") is True
        # The app's modules came with the snapshot; the random generator did not.
        assert worker.evaluate(
            "self.pyodide.runPython('import sys; \"thaasbai.ui.home_screen\" in sys.modules')"
        )
        draws.append(worker.evaluate(RANDOM))
        page.close()
    assert draws[0] != draws[1]

    page = start(ctx, server_url)
    plays(page)
    ctx.close()


def test_a_snapshot_that_does_not_load_is_dropped_and_the_app_starts_plainly(browser, server_url):
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = start(ctx, server_url)
    snapshot_made(page)
    key = page.evaluate("new URL(flet.appPackageUrl, location.href).href + '.snapshot'")
    page.evaluate(
        """async (key) => {
          const cache = await caches.open('pyodide-snapshots');
          await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
        }""",
        key,
    )
    page.close()

    page = start(ctx, server_url)
    assert python_worker(page).evaluate("self.thaasbaiFromSnapshot") is False
    # The bad one is gone, and a good one is made in its place.
    made = snapshot_made(page)
    assert made["ok"], made
    plays(page)
    page.close()
    page = start(ctx, server_url)
    assert python_worker(page).evaluate("self.thaasbaiFromSnapshot") is True
    ctx.close()
