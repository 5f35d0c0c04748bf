"""The static app's Python starts from bytecode: Pyodide (on node, the runtime the build
ships) loads the build's own standard library and ``app.zip`` and imports the app's
first screen, the bots and Flet without compiling one module from source."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from thaasbai.web import build, shell

REPO = Path(__file__).resolve().parents[2]
RUNNER = REPO / "bench" / "pyodide_run.mjs"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")

IMPORTS = """
import json, sys
sys.path.insert(0, "/repo/app.zip")
import flet, thaasbai.ui.app, thaasbai.ui.table_screen, thaasbai.ui.online, thaasbai.bots
from thaasbai.bots import get_bot
for level in ("easy", "normal", "hard", "ultra"):
    get_bot(level)
json.dumps({name: m.__spec__.origin for name, m in list(sys.modules.items())
            if getattr(m, "__spec__", None) and m.__spec__.origin
            and ".zip/" in m.__spec__.origin})
"""


def test_the_app_and_the_standard_library_import_from_bytecode_in_pyodide(tmp_path):
    web = build.build_web(tmp_path / "web", log=lambda *_: None).out
    manifest = json.loads((web / build.BUILD_MANIFEST).read_text())
    rt = web / manifest["runtime"]
    with tarfile.open(fileobj=io.BytesIO(next(rt.glob("app-*.tar.gz")).read_bytes())) as tar:
        (tmp_path / "app").mkdir()
        (tmp_path / "app" / shell.APP_ZIP).write_bytes(tar.extractfile(shell.APP_ZIP).read())
    out = subprocess.run(
        ["node", str(RUNNER), str(rt / "pyodide"), str(tmp_path / "app"), IMPORTS],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    origins = json.loads(out.stdout.strip().splitlines()[-1])
    app = {n: o for n, o in origins.items() if "/app.zip/" in o}
    stdlib = {n: o for n, o in origins.items() if o.startswith("/lib/python")}
    assert {"thaasbai.ui.app", "thaasbai.bots.ultra", "thaasbai.engine.playout", "flet"} <= set(app)
    assert {"asyncio", "json", "dataclasses", "_pyodide._base"} <= set(stdlib)
    assert [o for o in origins.values() if not o.endswith(".pyc")] == []
