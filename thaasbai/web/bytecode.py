"""Bytecode for the browser's Python: ``.pyc`` compiled by Pyodide's own interpreter.

The static app would otherwise compile every module it imports from source at every start
(the standard library Flet's Pyodide ships is source only): most of Python's start-up in
the browser.  Only the very Python that runs the app can write its bytecode (3.14 here,
not the builder's), so :func:`compile_sources` runs Pyodide under node
(``compile_pyc.mjs``).  Results are cached by content (``~/.cache/thaasbai/pyc``), so a
rebuild compiles only what changed.  Without node it returns nothing and the build ships
source only: slower to start, otherwise the same.  The bytes depend only on the sources
(unchecked hash-based ``.pyc``, a fixed hash seed), so builds stay reproducible.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

RUNNER = Path(__file__).with_name("compile_pyc.mjs")
TIMEOUT_S = 600


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "thaasbai" / "pyc"


def node() -> str | None:
    """The node executable, or None (then builds ship source only)."""
    return shutil.which("node")


def runtime_tag(pyodide_dir: Path) -> str:
    """Names the Python that compiles: bytecode of another Pyodide is never reused."""
    return hashlib.sha256((pyodide_dir / "pyodide-lock.json").read_bytes()).hexdigest()[:16]


def _key(tag: str, name: str, source: bytes) -> str:
    h = hashlib.sha256(f"{tag}\0{name}\0".encode())
    h.update(source)
    return h.hexdigest()


def compile_sources(
    sources: dict[str, bytes], pyodide_dir: Path, *, log: Callable[[str], object] = print
) -> dict[str, bytes]:
    """``.pyc`` bytes for each of ``sources`` (file name written into the code -> source).

    Names missing from the result did not compile (a syntax error) or, when node is
    missing or fails, none are there at all: the caller ships those as source."""
    tag = runtime_tag(pyodide_dir)
    cache = cache_dir() / tag
    out: dict[str, bytes] = {}
    todo: list[tuple[str, bytes, Path]] = []
    for name, source in sources.items():
        path = cache / _key(tag, name, source)
        try:
            out[name] = path.read_bytes()
        except OSError:
            todo.append((name, source, path))
    if not todo:
        return out
    exe = node()
    if exe is None:
        log("node not found: the app ships Python source only (slower to start)")
        return {}
    with tempfile.TemporaryDirectory(prefix="thaasbai-pyc-") as tmp:
        work = Path(tmp)
        (work / "src").mkdir()
        (work / "job.json").write_text(json.dumps([n for n, _, _ in todo]), encoding="utf-8")
        for i, (_, source, _) in enumerate(todo):
            (work / "src" / f"{i}.py").write_bytes(source)
        try:
            subprocess.run(
                [exe, str(RUNNER), str(pyodide_dir), str(work)],
                check=True,
                capture_output=True,
                timeout=TIMEOUT_S,
            )
        except (OSError, subprocess.SubprocessError) as e:
            log(f"compiling bytecode under node failed ({e}): the app ships source only")
            return {}
        for i, (name, _, path) in enumerate(todo):
            try:
                pyc = (work / "out" / f"{i}.pyc").read_bytes()
            except OSError:
                continue  # did not compile: shipped as source
            out[name] = pyc
            _remember(path, pyc)
    return out


def _remember(path: Path, pyc: bytes) -> None:
    """Cache ``pyc`` at ``path``; a cache that cannot be written only costs time."""
    part = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(pyc)
        os.replace(part, path)  # atomic: builds running side by side share the cache
    except OSError:
        with contextlib.suppress(OSError):
            part.unlink()
