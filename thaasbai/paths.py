"""Where the project's files are, in a source checkout and in an installed wheel."""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
# A source checkout (or an editable install) has pyproject.toml beside the package.
SOURCE_ROOT = PACKAGE_DIR.parent if (PACKAGE_DIR.parent / "pyproject.toml").is_file() else None


def assets_dir() -> Path:
    """The app's graphic assets: ``<checkout>/assets``, or ``thaasbai/assets`` in a wheel
    (pyproject maps the top-level folder into the package when it builds one)."""
    if SOURCE_ROOT is not None and (SOURCE_ROOT / "assets").is_dir():
        return SOURCE_ROOT / "assets"
    return PACKAGE_DIR / "assets"
