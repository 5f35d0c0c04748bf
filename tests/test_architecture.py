"""The direction of imports is the architecture: engine <- bots <- table <- server/ui."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "thaasbai"

# package -> the thaasbai packages it may import (besides itself)
ALLOWED = {
    "engine": set(),
    "bots": {"engine"},
    "runtime": set(),
    "table": {"engine", "bots", "runtime"},
    "learn": {"engine", "bots"},
    "server": {"engine", "bots", "table", "runtime", "settings"},
    "ui": {"engine", "bots", "table", "learn", "netclient", "runtime", "paths"},
    "netclient": {"engine", "runtime"},
    "web": {"paths", "settings", "server"},
}
STDLIB_ONLY = {"engine", "bots", "learn"}


def _imports(path: Path) -> list[tuple[str, int]]:
    """(absolute module name, line) for every import in a module of the package."""
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    pkg = parts if path.name == "__init__.py" else parts[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg[: len(pkg) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            if name == "thaasbai":  # `from .. import runtime` names the package imported
                found += [
                    (f"thaasbai.{alias.name}", node.lineno)
                    for alias in node.names
                    if not alias.name.startswith("__")  # __version__ is not a package
                ]
            else:
                found.append((name, node.lineno))
    return found


def _modules(package: str) -> list[Path]:
    root = PACKAGE / package
    return sorted(root.rglob("*.py")) if root.exists() else []


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_package_imports_only_what_the_architecture_allows(package: str) -> None:
    bad = []
    for path in _modules(package):
        for name, line in _imports(path):
            parts = name.split(".")
            if parts[0] != "thaasbai" or len(parts) < 2:
                continue
            target = parts[1]
            if target != package and target not in ALLOWED[package]:
                bad.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {name}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("package", sorted(STDLIB_ONLY))
def test_engine_and_bots_use_only_the_standard_library(package: str) -> None:
    import sys

    optional = {"endplay"}  # the bots' optional C solver, imported only when installed
    bad = []
    for path in _modules(package):
        for name, line in _imports(path):
            top = name.split(".")[0]
            if top in ("thaasbai", "") or top in sys.stdlib_module_names or top in optional:
                continue
            bad.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {name}")
    assert not bad, "\n".join(bad)


# Inside the room server: the rooms package is free of transports and storage back ends
# (it sees storage only through store.py's interfaces), and the modules that decide or
# show a change never touch storage at all: only the commit saves, only the cluster leases.
TRANSPORTS = ("starlette", "fastapi", "uvicorn", "websockets", "redis", "sqlite3")
BACKENDS = (
    "thaasbai.server.redis_store",
    "thaasbai.server.sqlite_store",
    "thaasbai.server.routes",
    "thaasbai.server.transport",
)
ROOMS_RULES = {
    "server/rooms/*.py": TRANSPORTS + BACKENDS,
    "server/rooms/room.py": ("thaasbai.server.store",),
    "server/rooms/handlers.py": ("thaasbai.server.store",),
    "server/rooms/render.py": ("thaasbai.server.store", "thaasbai.server.tokens"),
}


@pytest.mark.parametrize("pattern", sorted(ROOMS_RULES))
def test_room_modules_import_no_transport_and_no_storage_they_do_not_need(pattern: str) -> None:
    paths = sorted(PACKAGE.glob(pattern))
    assert paths, f"no module matches {pattern}"
    bad = []
    for path in paths:
        for name, line in _imports(path):
            if any(name == f or name.startswith(f + ".") for f in ROOMS_RULES[pattern]):
                bad.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {name}")
    assert not bad, "\n".join(bad)


def test_only_the_cluster_module_branches_on_other_processes() -> None:
    """One process or several is decided once (LocalCluster or SharedCluster): no other
    room module asks whether the store is shared."""
    bad = []
    for path in sorted((PACKAGE / "server" / "rooms").glob("*.py")):
        if path.name in ("cluster.py", "service.py"):
            continue
        text = path.read_text(encoding="utf-8")
        for needle in ("cluster is None", "cluster is not None", "SharedCluster", "LocalCluster"):
            if needle in text:
                bad.append(f"{path.relative_to(PACKAGE.parent)} mentions {needle!r}")
    assert not bad, "\n".join(bad)


def _app_private_names() -> set[str]:
    """The private methods and fields of ``App`` (``_name``, not dunders)."""
    tree = ast.parse((PACKAGE / "ui" / "app.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "App")
    names = {n.name for n in cls.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)} | {
        t.attr
        for n in ast.walk(cls)
        if isinstance(n, ast.Assign | ast.AnnAssign)
        for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
    }
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def _is_app(node: ast.expr) -> bool:
    """``app`` or ``<anything>.app``: how screens hold the App."""
    return (isinstance(node, ast.Name) and node.id == "app") or (
        isinstance(node, ast.Attribute) and node.attr == "app"
    )


def test_only_app_py_touches_apps_private_members_or_assigns_its_fields() -> None:
    private = _app_private_names()
    assert "_route_changed" in private  # the scan sees App's members
    bad = []
    for path in _modules("ui"):
        if path.name == "app.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(PACKAGE.parent)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Attribute) and (
                node.attr in private or (_is_app(node.value) and node.attr.startswith("_"))
            ):
                bad.append(f"{where} uses App.{node.attr}")
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AugAssign | ast.AnnAssign)
                else []
            )
            for t in targets:
                if isinstance(t, ast.Attribute) and _is_app(t.value):
                    bad.append(f"{where} assigns App.{t.attr}")
    assert not bad, "\n".join(bad)


HEX_COLOUR = re.compile(r"#(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})\b")
PALETTE = PACKAGE / "ui" / "palette.py"
TOOLS = PACKAGE.parent / "tools"


def test_colours_are_named_only_in_the_palette() -> None:
    """One palette for the app and the generated assets: a hex colour in any other UI or
    tools module (a copy that drifts) fails here; give it a name in ui/palette.py."""
    paths = [p for p in _modules("ui") if p != PALETTE] + sorted(TOOLS.rglob("*.py"))
    assert len(paths) > 10
    bad = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for m in HEX_COLOUR.finditer(node.value):
                    bad.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {m.group()}")
    assert not bad, "\n".join(bad)
    assert HEX_COLOUR.search(PALETTE.read_text(encoding="utf-8"))  # the scan would see them
