"""The direction of imports is the architecture: engine <- bots <- table <- server/ui."""

from __future__ import annotations

import ast
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
