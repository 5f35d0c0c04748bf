"""``thaasbai build-web``: what goes into the static app, and that it is reproducible."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import tarfile
import threading
import time
import zipfile
from pathlib import Path

import pytest

from thaasbai.web import build, bytecode, shell

NODE = shutil.which("node") is not None
# Python 3.14's bytecode magic number (Pyodide's Python; the builder's is another)
PYODIDE_MAGIC = (3627).to_bytes(2, "little") + b"\r\n"


@pytest.fixture(scope="module")
def web(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("web") / "web"
    build.build_web(out, log=lambda *_: None)
    return out


def _manifest(web: Path) -> dict:
    return json.loads((web / build.BUILD_MANIFEST).read_text())


def _tar(web: Path) -> dict[str, bytes]:
    info = _manifest(web)
    name = next(p for p in info["files"] if re.fullmatch(r"rt-\w+/app-\w+\.tar\.gz", p))
    with tarfile.open(fileobj=io.BytesIO((web / name).read_bytes())) as tar:
        return {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}


def _zip(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {i.filename: zf.read(i) for i in zf.infolist()}


def _archive(web: Path) -> dict[str, bytes]:
    """What the app's ``app.zip`` holds (the worker imports from it)."""
    return _zip(_tar(web)[shell.APP_ZIP])


def _stdlib(web: Path) -> dict[str, bytes]:
    return _zip((web / _manifest(web)["runtime"] / "pyodide" / build.STDLIB_ZIP).read_bytes())


def test_the_app_archive_is_main_py_and_the_zip_it_imports_from(web):
    tar = _tar(web)
    assert sorted(tar) == ["app.zip", "main.py"]
    assert shell.BROWSER_MAIN.encode() == tar["main.py"]
    with zipfile.ZipFile(io.BytesIO(tar["app.zip"])) as zf:
        # stored: imports read modules without inflating them (the tar.gz compresses)
        assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}


def test_the_app_archive_holds_the_browser_code_and_nothing_of_the_server(web):
    names = {n[:-1] if n.endswith(".pyc") else n for n in _archive(web)}
    for pkg in ("engine", "bots", "learn", "table", "ui", "netclient", "runtime"):
        assert f"thaasbai/{pkg}/__init__.py" in names, pkg
    assert not [n for n in names if n.startswith(("thaasbai/server/", "thaasbai/web/"))]
    assert not {"thaasbai/cli.py", "thaasbai/serve.py", "thaasbai/arena.py"} & names
    # micropip would install these from PyPI at start-up: never packed
    assert not {"requirements.txt", "pyproject.toml"} & names
    for dep in ("flet/__init__.py", "msgpack/fallback.py", "repath.py", "six.py"):
        assert dep in names, dep
    assert not [n for n in names if n.endswith(".so")]  # pure Python only


@pytest.mark.skipif(not NODE, reason="node not installed: the build ships source only")
def test_every_module_of_the_app_ships_as_bytecode_for_pyodides_python(web):
    files = _archive(web)
    modules = {n[:-1] for n in files if n.endswith(".pyc")}
    assert {n for n in (n for n, _ in build._app_files()) if n.endswith(".py")} <= modules
    for name in modules:
        assert files[name + "c"][:4] == PYODIDE_MAGIC, name
        # unchecked hash-based: valid whatever the file times after unpacking
        assert int.from_bytes(files[name + "c"][4:8], "little") == 0b01, name
        # our own modules keep their source (tracebacks show lines), dependencies do not
        assert (name in files) == name.startswith("thaasbai/"), name


@pytest.mark.skipif(not NODE, reason="node not installed: the build ships source only")
def test_the_standard_library_ships_as_bytecode_but_for_what_the_app_never_imports(web):
    shipped = _stdlib(web)
    original = _zip((build.web_client_dir() / "pyodide" / build.STDLIB_ZIP).read_bytes())
    for name, data in original.items():
        if not name.endswith(".py"):
            assert shipped[name] == data, name
        elif name.startswith(build.STDLIB_SOURCE_ONLY):
            assert shipped[name] == data and name + "c" not in shipped, name
        else:
            assert name not in shipped, name
            assert shipped[name + "c"][:4] == PYODIDE_MAGIC, name
    assert "asyncio/base_events.pyc" in shipped and "_pyodide/_base.pyc" in shipped


def test_without_node_the_build_ships_source_only(tmp_path, monkeypatch):
    monkeypatch.setattr(bytecode, "node", lambda: None)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "empty-cache"))
    out = build.build_web(tmp_path / "web", log=lambda *_: None).out
    files = _archive(out)
    assert "thaasbai/ui/app.py" in files and "flet/__init__.py" in files
    assert not [n for n in files if n.endswith(".pyc")]
    original = (build.web_client_dir() / "pyodide" / build.STDLIB_ZIP).read_bytes()
    assert _stdlib(out) == _zip(original)


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
    wasm = (web / rt / "main.dart.wasm").read_bytes()
    assert shell.RIVE_CDN.encode() not in wasm and shell.RIVE_LOCAL.encode() in wasm
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


def test_big_files_have_brotli_and_gzip_twins_and_archives_do_not(web):
    rt = _manifest(web)["runtime"]
    for rel in ("main.dart.js", "pyodide/pyodide.asm.wasm", "canvaskit/chromium/canvaskit.wasm"):
        assert (web / rt / f"{rel}.gz").is_file(), rel
        assert (web / rt / f"{rel}.br").is_file(), rel
    for twin in ("gz", "br"):
        assert not list(web.rglob(f"*.tar.gz.{twin}")) and not list(web.rglob(f"*.zip.{twin}"))
    assert not any(
        p.endswith((".gz", ".br")) and not p.endswith(".tar.gz") for p in _manifest(web)["files"]
    )  # twins are not files of the build


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


def test_servers_started_together_build_the_app_once_and_one_at_a_time(tmp_path, monkeypatch):
    # Two `thaasbai serve` started at once in one checkout: without a lock both built
    # into the same temporary folder and one deleted the other's files mid-build.
    out = tmp_path / "web"
    guard = threading.Lock()
    running, most_at_once, builds = 0, 0, 0

    def slow_build(out, *, server_url, log):
        nonlocal running, most_at_once, builds
        with guard:
            running += 1
            most_at_once = max(most_at_once, running)
        time.sleep(0.3)
        out.mkdir(parents=True, exist_ok=True)
        (out / build.BUILD_MANIFEST).write_text(json.dumps({"inputs": "these inputs"}))
        with guard:
            running -= 1
            builds += 1

    monkeypatch.setattr(build, "inputs_digest", lambda: "these inputs")
    monkeypatch.setattr(build, "_build", slow_build)
    servers = [
        threading.Thread(target=build.ensure_built, args=(out,), kwargs={"log": print})
        for _ in range(3)
    ]
    for server in servers:
        server.start()
    for server in servers:
        server.join(timeout=30)
    assert (most_at_once, builds) == (1, 1)
    assert not build.is_stale(out)


def test_the_worker_loads_the_app_while_flutter_loads_and_flet_then_skips_it(web):
    rt = web / _manifest(web)["runtime"]
    worker = (rt / "python-worker.js").read_text()
    assert json.dumps(shell.BROWSER_PRELOAD) in worker  # imported before Flet's init
    assert "pyodide.unpackArchive(data" in worker
    assert shell.WORKER_SKIP_DOWNLOAD in worker and shell.WORKER_APP_ZIP in worker
    assert "appPackageUrl: flet.appPackageUrl" in (rt / "python.js").read_text()
    if NODE:
        subprocess.run(["node", "--check", str(rt / "python-worker.js")], check=True)


def test_pythons_snapshot_is_made_without_jspi_as_the_app_runs_python(web):
    rt = web / _manifest(web)["runtime"]
    assert (rt / "python-worker.js").read_text().startswith(shell.NO_JSPI)
    maker = rt / "pyodide-snapshot-maker.mjs"
    assert maker.read_text().startswith(shell.NO_JSPI)
    assert (rt / "pyodide-snapshot.mjs").is_file()
    if NODE:
        for script in (maker, rt / "pyodide-snapshot.mjs"):
            subprocess.run(["node", "--check", str(script)], check=True)


@pytest.mark.skipif(not NODE, reason="node not installed: the build ships source only")
def test_bytecode_is_cached_by_content_and_an_unwritable_cache_only_costs_time(
    tmp_path, monkeypatch
):
    pyodide = build.web_client_dir() / "pyodide"
    quiet = {"log": lambda *_: None}
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert set(bytecode.compile_sources({"bad.py": b"def (:\n"}, pyodide, **quiet)) == set()
    first = bytecode.compile_sources({"m.py": b"X = 1\n"}, pyodide, **quiet)
    assert set(first) == {"m.py"}
    with monkeypatch.context() as m:
        m.setattr(bytecode, "node", lambda: None)  # all cached: node is not needed
        assert bytecode.compile_sources({"m.py": b"X = 1\n"}, pyodide, **quiet) == first
        # something to compile and no node: source only, never half of the modules
        both = {"m.py": b"X = 1\n", "n.py": b"Y = 2\n"}
        assert bytecode.compile_sources(both, pyodide, **quiet) == {}
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))  # not a folder
    assert bytecode.compile_sources({"m.py": b"X = 1\n"}, pyodide, **quiet) == first


def test_flutter_is_told_of_no_font_the_ui_never_draws(web):
    rt = _manifest(web)["runtime"]
    fonts = json.loads((web / rt / "assets" / "FontManifest.json").read_text())
    assert sorted(f["family"] for f in fonts) == ["MaterialIcons", "Roboto"]
    # ... which holds while the UI draws no Cupertino icon and sets no control adaptive
    # (an adaptive control draws Cupertino ones on Apple devices).
    ui = Path(__file__).resolve().parents[2] / "thaasbai" / "ui"
    for path in ui.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "CupertinoIcons" not in text and "adaptive=True" not in text, path
