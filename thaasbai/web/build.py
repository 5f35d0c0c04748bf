"""``thaasbai build-web``: the static app, whose Python (engine, bots, UI) runs in the browser.

What ``flet publish --no-cdn`` does, done here so nothing is downloaded and the result
is reproducible: Flet's web client (Flutter, CanvasKit, Pyodide) from the installed
``flet-web`` package, our assets over it, and the app's Python packed into one archive:
``main.py`` and ``app.zip``, which holds our packages and their pure-Python dependencies
and goes on ``sys.path`` as it is (imported from the zip, so the worker unpacks two files,
not hundreds; a ``requirements.txt`` would make it call micropip, so none is packed).
Modules are precompiled for Pyodide's Python (:mod:`.bytecode`), the standard library
too, so the browser does not compile them at every start.
Big files get a content hash in their name and a ``.gz`` twin; ``build-manifest.json``
lists every file with its hash, for the server's cache headers and the service worker's
precache (:mod:`.shell`).
"""

from __future__ import annotations

import fnmatch
import gzip
import hashlib
import io
import json
import shutil
import tarfile
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock

from .. import __version__
from ..paths import PACKAGE_DIR, SOURCE_ROOT, assets_dir
from . import bytecode, shell

# The app's own packages that run in the browser (never the server, CLI or this builder).
APP_PACKAGES = ("engine", "bots", "learn", "table", "ui", "netclient", "runtime")
APP_MODULES = ("__init__.py", "paths.py")
# Pure-Python dependencies of the app in the browser.  msgpack's C extension is left out,
# so it falls back to its pure-Python implementation.
VENDORED = ("flet", "repath", "six", "msgpack", "segno")
VENDOR_SKIP_DIRS = {"__pycache__", "testing", "fastapi", "cli"}
VENDOR_SKIP_SUFFIXES = (".pyc", ".pyi", ".so", ".pyd", ".typed")
# Standard-library modules the app never imports in the browser: left as source in
# Pyodide's stdlib zip, where their bytecode would only make the first visit bigger.
STDLIB_SOURCE_ONLY = (
    "_pyrepl/",
    "multiprocessing/",
    "unittest/",
    "xmlrpc/",
    "wsgiref/",
    "pydoc_data/",
    "pdb.py",
    "bdb.py",
    "pydoc.py",
    "doctest.py",
    "_pyio.py",
    "mailbox.py",
    "imaplib.py",
    "smtplib.py",
    "ftplib.py",
    "pickletools.py",
)

# Parts of Flet's web client the app never loads: the experimental renderers, debug
# symbols, Pyodide's command-line runner and micropip.  Both Flutter builds ship:
# flutter.js picks the WebAssembly one (main.dart.wasm, skwasm) where the browser runs it
# (Chromium's engine), else the JavaScript one (main.dart.js, CanvasKit).
CLIENT_SKIP = (
    "index.html",
    "flutter_service_worker.js",
    "canvaskit/wimp*",
    "canvaskit/experimental_webparagraph/*",
    "pyodide/python",
    "pyodide/python.bat",
    "pyodide/python.exe",
    "pyodide/python_cli_entry.mjs",
    "pyodide/package.json",
    "pyodide/*.whl",
    "assets/packages/flutter_math_fork/*",
    "*.symbols",
    "*.d.ts",
    "*.map",
)
# Our assets that are not the app's (asset generation inputs, the phone build's icon).
ASSET_SKIP = ("icon.png",)

GZIP_MIN_BYTES = 1024
BROTLI_QUALITY = 9
# Files the service worker and the HTTP cache may keep for good: their names change with
# their content (``app-<hash>.tar.gz``) or with the runtime's version (``rt-<hash>/``).
BUILD_MANIFEST = "build-manifest.json"
SITE_CONFIG = "site.json"
STDLIB_ZIP = "python_stdlib.zip"
FIXED_MTIME = 315532800  # 1980-01-01: archives come out byte-identical on every build


@dataclass(frozen=True)
class BuildResult:
    out: Path
    version: str
    files: int
    bytes_raw: int
    bytes_gzip: int
    seconds: float


def default_web_dir() -> Path:
    """Where ``thaasbai build-web`` writes and ``thaasbai serve`` looks: ``build/web`` in a
    checkout, else ``web`` in the per-user data directory."""
    if SOURCE_ROOT is not None:
        return SOURCE_ROOT / "build" / "web"
    from ..server.config import default_data_dir

    return default_data_dir() / "web"


def web_client_dir() -> Path:
    """The Flutter/Pyodide client shipped by the installed flet-web."""
    import flet_web

    return Path(flet_web.get_package_web_dir())


def inputs_digest() -> str:
    """A hash of everything a build is made from: a build whose ``inputs`` differ is stale.

    Our sources and assets are hashed by content; Flet's client by its package version and
    file sizes (70 MB: hashing its bytes on every server start would cost seconds)."""
    h = hashlib.sha256(f"thaasbai {__version__} builder 1\n".encode())
    for path in _app_sources():
        h.update(str(path.relative_to(PACKAGE_DIR)).encode())
        h.update(path.read_bytes())
    h.update((Path(__file__).parent / "sw.js").read_bytes())
    h.update(Path(shell.__file__).read_bytes())
    for path in shell.snapshot_scripts():
        h.update(path.read_bytes())
    h.update(Path(__file__).read_bytes())
    h.update(_bytecode_recipe())  # a build made without node is redone once node is there
    assets = assets_dir()
    for path in sorted(p for p in assets.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(assets)).encode())
        h.update(path.read_bytes())
    client = web_client_dir()
    h.update((client / "version.json").read_bytes())
    for path in sorted(p for p in client.rglob("*") if p.is_file()):
        h.update(f"{path.relative_to(client)}:{path.stat().st_size}\n".encode())
    for name in VENDORED:
        for path in _vendor_files(name):
            h.update(f"{name}/{path.name}:{path.stat().st_size}\n".encode())
    return h.hexdigest()[:16]


def is_stale(out: Path) -> bool:
    """True when ``out`` holds no build, or one made from other inputs."""
    try:
        info = json.loads((out / BUILD_MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return True
    return info.get("inputs") != inputs_digest()


def _build_lock(out: Path) -> FileLock:
    """The lock every build of ``out`` holds: two ``thaasbai serve`` (or a ``build-web``)
    started together in one checkout would otherwise share ``out``'s temporary folder,
    and one would delete the other's files halfway through its build."""
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    return FileLock(out.with_name(out.name + ".lock"))


def build_web(out: Path, *, server_url: str = "", log=print) -> BuildResult:
    """Build the static app into ``out`` (replaced whole); returns what was written."""
    with _build_lock(out):
        return _build(out.resolve(), server_url=server_url, log=log)


def ensure_built(out: Path, *, server_url: str = "", log=print) -> None:
    """Build ``out`` when it is missing or stale (``thaasbai serve`` calls this).

    Checked again once the lock is held: a process that waited for another's build
    finds it fresh and does not build it again."""
    if not is_stale(out):
        return
    log(f"Building the web app into {out} (once per change, under a minute)...")
    with _build_lock(out):
        if is_stale(out):
            _build(out.resolve(), server_url=server_url, log=lambda *_: None)


def _build(out: Path, *, server_url: str, log) -> BuildResult:
    """The build itself; the caller holds :func:`_build_lock`."""
    started = time.perf_counter()
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    client = web_client_dir()
    runtime = _runtime_digest(client)
    rt = f"rt-{runtime}"
    log(f"Flet web client {client} -> {rt}/")
    _copy_client(client, tmp / rt)
    shell.patch_bootstrap(tmp / rt / "flutter_bootstrap.js")
    shell.patch_main_dart(tmp / rt / "main.dart.js")
    shell.patch_main_dart_wasm(tmp / rt / "main.dart.wasm")
    shell.patch_early_python(tmp / rt)
    shell.add_snapshot_scripts(tmp / rt)
    shell.patch_app_path(tmp / rt)
    shell.patch_font_manifest(tmp / rt / "assets" / "FontManifest.json")
    # Our assets at the root: Flet resolves an image's or a font's path against the page,
    # not against the runtime folder.
    log(f"assets {assets_dir()}")
    _copy_assets(assets_dir(), tmp)
    pyodide = tmp / rt / "pyodide"
    app = _app_files()
    stdlib = _zip_entries(pyodide / STDLIB_ZIP)
    pycs = bytecode.compile_sources(
        {**{n: d for n, d in app if n.endswith(".py")}, **_stdlib_sources(client, stdlib)},
        client / "pyodide",
        log=log,
    )
    (pyodide / STDLIB_ZIP).write_bytes(_stdlib_zip(client, stdlib, pycs))
    archive = _app_archive(app, pycs)
    app_name = f"app-{hashlib.sha256(archive).hexdigest()[:16]}.tar.gz"
    (tmp / rt / app_name).write_bytes(archive)
    log(f"app archive {app_name}: {len(archive) / 1e6:.2f} MB, {len(pycs)} modules precompiled")
    (tmp / SITE_CONFIG).write_text(
        json.dumps({"server_url": server_url.rstrip("/")}) + "\n", encoding="utf-8"
    )
    inputs = inputs_digest()
    files = _hash_files(tmp)
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    (tmp / "index.html").write_text(
        shell.index_html(client / "index.html", rt=rt, app_package=app_name, version=version),
        encoding="utf-8",
    )
    files["index.html"] = _digest((tmp / "index.html").read_bytes())
    (tmp / "sw.js").write_text(shell.service_worker(files, rt=rt, version=version), "utf-8")
    files["sw.js"] = _digest((tmp / "sw.js").read_bytes())
    raw, packed = _precompress(tmp, files)
    manifest = {"version": version, "inputs": inputs, "runtime": rt, "files": files}
    (tmp / BUILD_MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True), "utf-8")
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    seconds = time.perf_counter() - started
    log(f"built {out} ({len(files)} files, {raw / 1e6:.1f} MB, {packed / 1e6:.1f} MB gzip)")
    return BuildResult(out, version, len(files), raw, packed, seconds)


# -- the pieces ------------------------------------------------------------------------


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _runtime_digest(client: Path) -> str:
    """Names the runtime folder: it changes with flet-web's files or with how we patch them."""
    h = hashlib.sha256((client / "version.json").read_bytes())
    for path in sorted(p for p in client.rglob("*") if p.is_file()):
        h.update(f"{path.relative_to(client)}:{path.stat().st_size}\n".encode())
    h.update(Path(shell.__file__).read_bytes())
    for path in shell.snapshot_scripts():
        h.update(path.read_bytes())
    h.update(_bytecode_recipe())
    return h.hexdigest()[:12]


def _bytecode_recipe() -> bytes:
    """What the precompiled standard library (in the runtime folder) is made with."""
    return b"\0".join(
        [
            json.dumps(STDLIB_SOURCE_ONLY).encode(),
            Path(bytecode.__file__).read_bytes(),
            bytecode.RUNNER.read_bytes(),
            b"node" if bytecode.node() else b"no node",
        ]
    )


def _skipped(rel: str) -> bool:
    return any(fnmatch.fnmatchcase(rel, pattern) for pattern in CLIENT_SKIP)


def _copy_client(client: Path, dest: Path) -> None:
    for path in sorted(client.rglob("*")):
        rel = path.relative_to(client).as_posix()
        if path.is_file() and not _skipped(rel):
            target = dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)


def _copy_assets(assets: Path, dest: Path) -> None:
    for path in sorted(assets.rglob("*")):
        rel = path.relative_to(assets).as_posix()
        if path.is_file() and rel not in ASSET_SKIP and "__pycache__" not in rel:
            target = dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)


def _app_sources() -> list[Path]:
    files = [PACKAGE_DIR / m for m in APP_MODULES]
    for pkg in APP_PACKAGES:
        files += sorted((PACKAGE_DIR / pkg).rglob("*.py"))
    return [f for f in files if "__pycache__" not in f.parts]


def _vendor_root(name: str) -> Path:
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise SystemExit(f"{name} is not installed: pip install -e .")
    origin = Path(spec.origin)
    return origin.parent if origin.name == "__init__.py" else origin


def _vendor_files(name: str) -> list[Path]:
    root = _vendor_root(name)
    if root.is_file():
        return [root]
    return sorted(
        p
        for p in root.rglob("*")
        if p.is_file()
        and not p.name.endswith(VENDOR_SKIP_SUFFIXES)
        and not (VENDOR_SKIP_DIRS & set(p.relative_to(root).parts[:-1]))
        and not (p.parent == root and p.stem in VENDOR_SKIP_DIRS)
    )


def _app_files() -> list[tuple[str, bytes]]:
    """The app's Python, ours and its dependencies, as sorted (path in ``app.zip``, bytes)."""
    files = [
        (path.relative_to(PACKAGE_DIR.parent).as_posix(), path.read_bytes())
        for path in _app_sources()
    ]
    for name in VENDORED:
        root = _vendor_root(name)
        for path in _vendor_files(name):
            rel = path.name if root.is_file() else f"{name}/{path.relative_to(root).as_posix()}"
            files.append((rel, path.read_bytes()))
    return sorted(files)


def _zip_info(name: str, compress: int) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = compress
    info.create_system = 3  # Unix, whatever the builder's system
    info.external_attr = (0o40755 if name.endswith("/") else 0o100644) << 16
    return info


def _write_zip(entries: list[tuple[str, bytes]], compress: int) -> bytes:
    """A reproducible zip: entries in the given order, fixed times and modes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=compress, compresslevel=9) as zf:
        for name, data in entries:
            zf.writestr(_zip_info(name, compress), data)
    return buf.getvalue()


def _zip_entries(path: Path) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(path) as zf:
        return [(info.filename, zf.read(info)) for info in zf.infolist()]


def _with_bytecode(
    entries: list[tuple[str, bytes]],
    pycs: dict[str, bytes],
    prefix: str,
    *,
    keep_source: Callable[[str], bool],
) -> list[tuple[str, bytes]]:
    """``entries`` with ``name.pyc`` beside (or instead of) each compiled ``name.py``.

    zipimport looks for ``name.pyc`` before ``name.py`` in the same folder, and loads an
    unchecked hash-based one without comparing it to anything."""
    out = []
    for name, data in entries:
        pyc = pycs.get(prefix + name)
        if pyc is not None:
            out.append((name + "c", pyc))
            if not keep_source(name):
                continue
        out.append((name, data))
    return sorted(out)


def _stdlib_prefix(client: Path) -> str:
    """Where Pyodide puts its standard library zip (the file name in its tracebacks)."""
    lock = json.loads((client / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    major, minor = lock["info"]["python"].split(".")[:2]
    return f"/lib/python{major}{minor}.zip/"


def _stdlib_sources(client: Path, stdlib: list[tuple[str, bytes]]) -> dict[str, bytes]:
    prefix = _stdlib_prefix(client)
    return {
        prefix + name: data
        for name, data in stdlib
        if name.endswith(".py") and not name.startswith(STDLIB_SOURCE_ONLY)
    }


def _stdlib_zip(client: Path, stdlib: list[tuple[str, bytes]], pycs: dict[str, bytes]) -> bytes:
    """Pyodide's standard library with bytecode instead of source (less to send than both:
    the zip is sent as it is)."""
    entries = _with_bytecode(stdlib, pycs, _stdlib_prefix(client), keep_source=lambda _: False)
    return _write_zip(entries, zipfile.ZIP_DEFLATED)


def _app_archive(app: list[tuple[str, bytes]], pycs: dict[str, bytes]) -> bytes:
    """The app's Python as a reproducible tar.gz: ``main.py`` and ``app.zip``.

    In the zip our own modules keep their source beside the bytecode (for tracebacks
    with lines); dependencies ship bytecode only.  Stored, not deflated: the tar.gz
    compresses it on the way, and imports read it without inflating each module."""
    ours = f"{PACKAGE_DIR.name}/"
    entries = _with_bytecode(app, pycs, "", keep_source=lambda name: name.startswith(ours))
    members = [
        ("main.py", shell.BROWSER_MAIN.encode()),
        (shell.APP_ZIP, _write_zip(entries, zipfile.ZIP_STORED)),
    ]
    buf = io.BytesIO()
    with (
        gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, compresslevel=9) as gz,
        tarfile.open(fileobj=gz, mode="w", format=tarfile.GNU_FORMAT) as tar,
    ):
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = FIXED_MTIME
            info.mode = 0o644
            tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def _hash_files(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): _digest(p.read_bytes())
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


# Already compressed (or an archive the Python worker unpacks itself): sent as they are.
NO_GZIP = (".png", ".gz", ".woff2", ".zip", ".jpg", ".webp")


def _precompress(root: Path, files: dict[str, str]) -> tuple[int, int]:
    """Write ``name.gz`` (and, with the ``brotli`` package, ``name.br``) beside every
    compressible file; returns (raw, as sent to a browser that takes brotli) bytes."""
    raw = packed = 0
    for rel in files:
        path = root / rel
        data = path.read_bytes()
        raw += len(data)
        if len(data) < GZIP_MIN_BYTES or rel.endswith(NO_GZIP):
            packed += len(data)
            continue
        small = gzip.compress(data, compresslevel=9, mtime=0)
        if len(small) < len(data) * 0.9:
            (root / (rel + ".gz")).write_bytes(small)
            smaller = _brotli(data)
            if smaller is not None and len(smaller) < len(small):
                (root / (rel + ".br")).write_bytes(smaller)
                small = smaller
            packed += len(small)
        else:
            packed += len(data)
    return raw, packed


def _brotli(data: bytes) -> bytes | None:
    """``data`` in brotli (quality 9: a few seconds for the whole build, and still a fifth
    smaller than gzip on the WebAssembly and JavaScript), or None without the package."""
    try:
        import brotli
    except ImportError:
        return None
    return brotli.compress(data, quality=BROTLI_QUALITY, lgwin=24)
