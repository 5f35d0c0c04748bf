"""``thaasbai build-web``: what goes into the static app, and that it is reproducible."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from thaasbai.web import build, shell


@pytest.fixture(scope="module")
def web(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("web") / "web"
    build.build_web(out, log=lambda *_: None)
    return out


def _manifest(web: Path) -> dict:
    return json.loads((web / build.BUILD_MANIFEST).read_text())


def _archive(web: Path) -> dict[str, bytes]:
    info = _manifest(web)
    name = next(p for p in info["files"] if re.fullmatch(r"rt-\w+/app-\w+\.tar\.gz", p))
    with tarfile.open(fileobj=io.BytesIO((web / name).read_bytes())) as tar:
        return {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}


def test_the_app_archive_holds_the_browser_code_and_nothing_of_the_server(web):
    names = set(_archive(web))
    assert "main.py" in names
    for pkg in ("engine", "bots", "learn", "table", "ui", "netclient", "runtime"):
        assert f"thaasbai/{pkg}/__init__.py" in names, pkg
    assert not [n for n in names if n.startswith(("thaasbai/server/", "thaasbai/web/"))]
    assert not {"thaasbai/cli.py", "thaasbai/serve.py", "thaasbai/arena.py"} & names
    # micropip would install these from PyPI at start-up: never packed
    assert not {"requirements.txt", "pyproject.toml"} & names
    for dep in ("flet/__init__.py", "msgpack/fallback.py", "repath.py", "six.py"):
        assert f"__pypackages__/{dep}" in names, dep
    assert not [n for n in names if n.endswith((".so", ".pyc"))]  # pure Python only


def test_index_html_points_every_runtime_file_into_the_content_named_folder(web):
    html = (web / "index.html").read_text()
    rt = _manifest(web)["runtime"]
    assert f'flet.pyodideUrl = "/{rt}/pyodide/pyodide.mjs";' in html  # absolute: see shell
    assert f'flet.canvasKitBaseUrl = "/{rt}/canvaskit/";' in html
    assert f'src="/{rt}/flutter_bootstrap.js"' in html
    assert "flet.noCdn = true;" in html and "flet.pyodide = true;" in html
    assert "<title>Thaasbai</title>" in html and 'rel="manifest"' in html
    assert f'name="thaasbai-build" content="{_manifest(web)["version"]}"' in html
    for path in re.findall(r'(?:src|href)="/?([^"]+)"', html):
        assert (web / path).is_file() or path == "/", path


def test_nothing_in_the_build_reaches_outside_its_origin(web):
    rt = _manifest(web)["runtime"]
    # (flutter_bootstrap.js keeps a CDN fallback for CanvasKit that index.html's
    # canvasKitBaseUrl overrides: checked above)
    for rel in ("index.html", "sw.js", f"{rt}/python.js", f"{rt}/python-worker.js"):
        text = (web / rel).read_text()
        assert not re.search(r"https?://(?!www\.w3\.org)", text), rel
    main = (web / rt / "main.dart.js").read_text()
    assert shell.RIVE_CDN not in main
    assert 'serviceWorkerVersion: "' not in (web / rt / "flutter_bootstrap.js").read_text()


def test_the_service_worker_lists_every_file_with_its_hash(web):
    sw = (web / "sw.js").read_text()
    files = _manifest(web)["files"]
    listed = json.loads(re.search(r"const FILES = (\{.*?\});", sw).group(1))
    assert listed == {p: h for p, h in files.items() if p != "sw.js"}
    assert f"const VERSION = '{_manifest(web)['version']}';" in sw


@pytest.mark.skipif(shutil.which("node") is None, reason="node not installed")
def test_the_service_worker_is_valid_javascript(web):
    subprocess.run(["node", "--check", str(web / "sw.js")], check=True)


def test_big_files_have_a_gzip_twin_and_archives_do_not(web):
    rt = _manifest(web)["runtime"]
    for rel in ("main.dart.js", "pyodide/pyodide.asm.wasm", "canvaskit/chromium/canvaskit.wasm"):
        assert (web / rt / f"{rel}.gz").is_file(), rel
    assert not list(web.rglob("*.tar.gz.gz")) and not list(web.rglob("*.zip.gz"))


def test_two_builds_of_the_same_inputs_are_identical(web, tmp_path):
    again = tmp_path / "again"
    build.build_web(again, log=lambda *_: None)
    assert _manifest(again) == _manifest(web)


def test_a_build_is_stale_once_an_input_changes(web, monkeypatch):
    assert not build.is_stale(web)
    monkeypatch.setattr(build, "inputs_digest", lambda: "something else")
    assert build.is_stale(web)
    assert build.is_stale(web.parent / "missing")


def test_ensure_built_builds_a_missing_folder_once(tmp_path):
    out = tmp_path / "web"
    build.ensure_built(out, log=lambda *_: None)
    first = (out / build.BUILD_MANIFEST).stat().st_mtime_ns
    build.ensure_built(out, log=lambda *_: None)
    assert (out / build.BUILD_MANIFEST).stat().st_mtime_ns == first  # not rebuilt
