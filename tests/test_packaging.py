"""A wheel (``pip install .``) is the same app as a checkout: its assets and the static
app's build come with it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def test_every_package_of_the_source_tree_is_listed_in_pyproject():
    listed = set(
        tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(p.parent.relative_to(REPO).parts) for p in (REPO / "thaasbai").rglob("__init__.py")
    }
    assert found | {"thaasbai.assets"} == listed


@pytest.fixture(scope="module")
def wheel_site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(REPO)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    site = out / "site"
    with zipfile.ZipFile(next(out.glob("thaasbai-*.whl"))) as whl:
        whl.extractall(site)
    return site


def _run_installed(site: Path, code: str, cwd: Path) -> str:
    """Run ``code`` against the wheel's files (they come first on sys.path), not the checkout."""
    env = {**os.environ, "PYTHONPATH": str(site)}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=cwd, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def test_a_wheel_carries_every_asset(wheel_site: Path, tmp_path: Path):
    code = (
        "import json, thaasbai, thaasbai.paths as p;"
        "print(json.dumps([thaasbai.__file__, str(p.assets_dir()),"
        " sorted(str(f.relative_to(p.assets_dir())) for f in p.assets_dir().rglob('*')"
        " if f.is_file())]))"
    )
    package, assets, files = json.loads(_run_installed(wheel_site, code, tmp_path))
    assert package.startswith(str(wheel_site))  # the wheel's copy, not the checkout
    assert assets == str(wheel_site / "thaasbai" / "assets")
    source = sorted(
        str(f.relative_to(REPO / "assets")) for f in (REPO / "assets").rglob("*") if f.is_file()
    )
    assert files == source


def test_a_wheel_builds_the_same_static_app(wheel_site: Path, tmp_path: Path):
    code = (
        "from pathlib import Path; from thaasbai.web.build import build_web;"
        f"build_web(Path({str(tmp_path / 'web')!r}), log=lambda *a: None)"
    )
    _run_installed(wheel_site, code, tmp_path)
    web = tmp_path / "web"
    files = json.loads((web / "build-manifest.json").read_text())["files"]
    for rel in ("cards/AS.svg", "cards4/back.svg", "icons/icon-512.png", "manifest.json"):
        assert rel in files, rel
    assert (web / "cards" / "AS.svg").read_bytes() == (REPO / "assets/cards/AS.svg").read_bytes()
    assert any(p.endswith(".tar.gz") and "/app-" in p for p in files)
