"""The composition root of ``thaasbai serve``: one ASGI app for the web app, the room
server and ``/healthz``.

The room server (``thaasbai.server``) and the Flet UI (``thaasbai.ui``) never import each
other; this module wires them into one process.  Flet's handler is mounted last because it
is a catch-all (it serves ``/`` and every client-side route such as ``/join/{code}``).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from .settings import ServeSettings

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"
log = logging.getLogger("thaasbai")
__all__ = ["ServeSettings", "create_app", "run"]


def create_app(settings: ServeSettings):
    """Build the ASGI app: rooms API, health check, then the Flet web app."""
    import flet as ft
    import flet.fastapi as flet_fastapi

    from . import server, ui

    # Flet's FastAPI runs these hooks from its lifespan; the list is filled in below.
    shutdown_hooks: list = []
    app = flet_fastapi.FastAPI(
        docs_url=None, redoc_url=None, openapi_url=None, on_shutdown=shutdown_hooks
    )
    rooms = server.install(app, settings)
    shutdown_hooks.append(rooms.close)  # release leases, close the store cleanly
    app.mount(
        "/",
        flet_fastapi.app(
            ui.make_main(settings.base_url),
            assets_dir=str(ASSETS_DIR),
            no_cdn=True,
            app_name="Thaasbai",
            app_short_name="Thaasbai",
            app_description=(
                "Thaas, Dhihaeh and Thulla: the card games of the Maldives and South Asia."
            ),
            web_renderer=ft.WebRenderer(os.getenv("FLET_WEB_RENDERER", settings.web_renderer)),
        ),
    )
    return app


def run(settings: ServeSettings) -> None:
    """Serve until interrupted (SIGINT/SIGTERM close cleanly through uvicorn)."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    app = create_app(settings)
    log.info("Thaasbai is ready: open %s", settings.base_url)
    print(f"Thaasbai: open {settings.base_url} in a browser", flush=True)
    from .server.transport import uvicorn_options

    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        log_level="warning",
        **uvicorn_options(settings),  # limits, proxies, protocol implementations
    )
