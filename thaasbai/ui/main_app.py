"""Run the app outside ``thaasbai serve``: the entry of ``flet build apk/ipa/web`` and of
``flet run``.  Solo play needs no server, so the packaged app works offline."""

from __future__ import annotations

import os
from pathlib import Path

import flet as ft

from . import make_main

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def run() -> None:
    """Open the app (a desktop/mobile window, or a browser tab with ``FLET_VIEW=web``)."""
    view = ft.AppView.WEB_BROWSER if os.getenv("FLET_VIEW") == "web" else ft.AppView.FLET_APP
    ft.run(make_main(""), assets_dir=str(ASSETS), view=view)


if __name__ == "__main__":
    run()
