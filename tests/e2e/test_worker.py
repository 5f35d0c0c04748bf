"""The app's Python worker: Pyodide runs there without JSPI (shell.NO_JSPI), the setting
under which Python runs at its full speed in Chromium, and the app still works in it."""

from __future__ import annotations

import pytest

from .conftest import open_app, python_worker

pytestmark = pytest.mark.browser


def test_the_apps_python_runs_without_jspi_and_the_app_still_plays(browser, server_url):
    page = open_app(browser, server_url, 390, 844)
    page.get_by_role("button", name="Start").wait_for(timeout=60_000)
    worker = python_worker(page)
    assert worker.evaluate("'Suspending' in WebAssembly") is False
    assert worker.evaluate("'promising' in WebAssembly") is False
    # Pyodide took its plain path, and the app's Python is the one running in it.
    loaded = "import sys; 'thaasbai.ui.app' in sys.modules"
    assert worker.evaluate(f"self.pyodide.runPython({loaded!r})") is True
    page.get_by_role("button", name="Start").click()
    page.locator('[flt-semantics-identifier^="card-"]').first.wait_for(timeout=60_000)
    page.context.close()
