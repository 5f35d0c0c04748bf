"""The composition root of ``thaasbai serve``: one ASGI app for the static web app, the room
server and ``/healthz``.

The app's Python (engine, bots, UI) runs in each visitor's browser, so the server holds
no UI session and plays no solo game: it serves the files of a web build
(:mod:`thaasbai.web`) and the rooms.  The static files are mounted last because every
path that is not a file or an API (``/``, ``/join/{code}``) is one of the app's routes.
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path

from .settings import ServeSettings

log = logging.getLogger("thaasbai")
__all__ = ["ServeSettings", "create_app", "run"]


def create_app(settings: ServeSettings, web_dir: Path | None = None):
    """Build the ASGI app: rooms API and health check, then the web build at ``/``.

    ``web_dir`` (default ``settings.web_dir``) must hold a build (see :func:`run`)."""
    from fastapi import FastAPI
    from starlette.requests import Request

    from . import server
    from .server.headers import SecurityHeaders, content_security_policy, script_hashes
    from .web.build import default_web_dir
    from .web.static import StaticApp

    static = StaticApp(web_dir or Path(settings.web_dir or default_web_dir()))
    rooms_box: list = []

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        for rooms in rooms_box:
            await rooms.close()  # release leases, close the store cleanly

    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan)
    rooms_box.append(server.install(app, settings))
    if settings.allow_origins:  # a static app on another host calls the room API
        from starlette.middleware.cors import CORSMiddleware

        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.allow_origins),
            allow_methods=["GET", "POST"],
            allow_headers=["Content-Type"],
            max_age=3600,
        )

    async def web_file(request: Request):
        return static.response(request)

    app.add_route("/{path:path}", web_file, methods=["GET", "HEAD"], include_in_schema=False)
    app.state.web = static
    # Security headers on every response; the policy allows exactly the inline scripts of
    # this build's index.html (by their hashes), so it is made from the file as served.
    index = (static.root / "index.html").read_text(encoding="utf-8")
    csp = content_security_policy(settings.public_url, script_hashes(index))
    return SecurityHeaders(app, csp=csp)


def run(settings: ServeSettings) -> None:
    """Build the web app if it is missing or stale, then serve until interrupted
    (SIGINT/SIGTERM close cleanly through uvicorn)."""
    import uvicorn

    from .web.build import default_web_dir, ensure_built
    from .web.urls import describe_urls

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    web_dir = Path(settings.web_dir or default_web_dir())
    ensure_built(web_dir, log=lambda text: print(text, flush=True))
    app = create_app(settings, web_dir)
    for line in describe_urls(settings):
        print(line, flush=True)
    from .server.transport import uvicorn_options

    ssl = {}
    if settings.certfile:
        ssl = {"ssl_certfile": settings.certfile, "ssl_keyfile": settings.keyfile or None}
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        log_level="warning",
        **uvicorn_options(settings),  # limits, proxies, protocol implementations
        **ssl,
    )
