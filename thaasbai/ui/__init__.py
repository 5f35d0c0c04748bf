"""The Flet app: home, table, results, rules and settings screens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def make_main(server_url: str) -> Callable[[Any], Any]:
    """The Flet entry point, bound to the room server's base URL (for online play)."""

    async def main(page: Any) -> None:
        from .app import App

        await App(page, server_url).start()

    return main
