"""The browser's Python: the engine, bots, table, runtime and UI-model tests run again
under Pyodide (node, the same runtime the static app ships), where there are no threads,
processes or sockets and Python is 3.14.  A failure here and not natively is code that
only breaks in the browser.

Left out, with reason: tests that need a real server or worker processes (they test the
native paths), hypothesis' suites (hypothesis 6.150+ has a C core), endplay's (C).
node runs with JSPI (``--experimental-wasm-stack-switching``) so that ``asyncio.run`` in
a test can wait on Pyodide's event loop, which a browser's app never has to do: the app's
worker hides JSPI from Pyodide (``thaasbai/web/shell.py``, NO_JSPI: Python runs 2.5x faster
in Chromium without it), and the e2e suite (``tests/e2e/test_worker.py`` and every solo
deal) runs the app that way.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_pytest.mjs")
SUITES = ["tests/runtime", "tests/engine", "tests/table", "tests/bots", "tests/learn", "tests/ui"]
NATIVE_ONLY = [
    "tests/engine/test_properties.py",  # hypothesis
    "tests/bots/test_arena.py",  # worker processes
    "tests/bots/test_fast.py",  # endplay (C)
    "tests/table/test_workers.py",  # worker processes
    "tests/ui/test_remote.py",  # a live server in a thread
    "tests/learn/test_history_replay.py",  # `thaasbai replay` as a process
]

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def test_the_browser_side_suites_pass_under_pyodide() -> None:
    import flet_web

    pyodide = Path(flet_web.get_package_web_dir()) / "pyodide"
    site = sysconfig.get_paths()["purelib"]
    args = ["-q", "-p", "no:cacheprovider", "-W", "ignore::pytest.PytestConfigWarning"]
    args += [f"--ignore={p}" for p in NATIVE_ONLY] + SUITES
    node = ["node", "--experimental-wasm-stack-switching", str(RUNNER)]
    proc = subprocess.run(
        [*node, str(pyodide), str(REPO), site, *args],
        capture_output=True,
        text=True,
        timeout=900,
    )
    tail = (proc.stdout + proc.stderr)[-6000:]
    sys.stdout.write(tail)
    assert proc.returncode == 0, tail
    assert " passed" in proc.stdout and " failed" not in proc.stdout
