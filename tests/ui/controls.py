"""Helpers for the UI tests: reading a built Flet control tree without a page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import flet as ft


def walk(c: Any) -> Iterator[Any]:
    """``c`` and every control below it, through ``content`` and ``controls``."""
    yield c
    for attr in ("content", "controls"):
        child = getattr(c, attr, None)
        if isinstance(child, list):
            for x in child:
                yield from walk(x)
        elif isinstance(child, ft.Control):
            yield from walk(child)
