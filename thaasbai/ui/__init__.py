"""The Flet app: home, table, results, rules and settings screens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def make_main(server_url: str) -> Callable[[Any], Any]:
    """The Flet entry point, bound to the room server's base URL."""

    async def main(page: Any) -> None:
        import flet as ft

        page.title = "Thaasbai"
        page.add(ft.Text("Thaasbai"))

    return main
