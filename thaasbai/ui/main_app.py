"""Run the app: the entry of the static web app (in the browser), of ``flet build
apk/ipa/web`` and of ``flet run``.  Solo play needs no server, so the app works offline."""

from __future__ import annotations

import os

import flet as ft

from ..paths import assets_dir
from . import make_main


def run() -> None:
    """Open the app (a desktop/mobile window, or a browser tab with ``FLET_VIEW=web``)."""
    view = ft.AppView.WEB_BROWSER if os.getenv("FLET_VIEW") == "web" else ft.AppView.FLET_APP
    ft.run(make_main(""), assets_dir=str(assets_dir()), view=view)


if __name__ == "__main__":
    run()
