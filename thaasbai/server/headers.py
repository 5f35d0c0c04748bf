"""Security headers on every HTTP response of ``thaasbai serve``: a pure ASGI middleware.

Wrap the whole app (static web build and room server alike)::

    app = SecurityHeaders(app, csp=content_security_policy(settings.public_url,
                                                           script_hashes(index_html)))

WebSocket traffic passes through untouched.  A header the app has already set (say a
``Cache-Control`` on a static file) is kept; the security headers are added to it.
"""

from __future__ import annotations

import base64
import hashlib
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit

# The Content-Security-Policy of the web app: a Flet web build (Flutter's CanvasKit plus
# Pyodide, Python compiled to WebAssembly, running the UI in the browser), served from the
# same origin as the room server.  One source list per directive, each with why it is there.
CSP_DIRECTIVES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # Anything not named below: only from this server.
    ("default-src", ("'self'",)),
    # Our own scripts only.  'wasm-unsafe-eval': Pyodide and CanvasKit compile WebAssembly.
    # 'unsafe-eval': Pyodide's loader builds functions from strings (new Function) when it
    # links its modules.  blob:: Pyodide and Flutter start code from blob: URLs they make.
    # (The inline scripts of index.html are allowed by their hashes, added at startup.)
    ("script-src", ("'self'", "'wasm-unsafe-eval'", "'unsafe-eval'", "blob:")),
    # Pyodide runs Python in a web worker, which Flutter and Pyodide may start from a blob:.
    ("worker-src", ("'self'", "blob:")),
    # fetch() of the Python packages and the room API, and the room WebSocket.  'self' covers
    # ws:/wss: to this origin in current browsers; the public URL is added in both forms for
    # those behind a proxy that rewrites the host and for older Safari.  No bare ws: wss:,
    # which would let an injected script talk to any host.
    ("connect-src", ("'self'",)),
    # Flutter paints decoded images from blob: URLs; icons can be data: URIs.
    ("img-src", ("'self'", "data:", "blob:")),
    # Flutter sets inline styles on the elements it creates.
    ("style-src", ("'self'", "'unsafe-inline'")),
    # Fonts are our own files or embedded data: URIs.
    ("font-src", ("'self'", "data:")),
    # No plugins, no framing by other sites (clickjacking), no <base> pointing elsewhere.
    ("object-src", ("'none'",)),
    ("frame-ancestors", ("'none'",)),
    ("base-uri", ("'self'",)),
    ("form-action", ("'self'",)),
)


def content_security_policy(public_url: str = "", script_hashes: tuple[str, ...] = ()) -> str:
    """The policy, with the public URL's origin (``http``/``ws`` or ``https``/``wss``)
    in ``connect-src`` and the given ``'sha256-...'`` sources in ``script-src``."""
    extra: dict[str, tuple[str, ...]] = {"script-src": tuple(script_hashes)}
    parts = urlsplit(public_url)
    if parts.scheme in ("http", "https") and parts.netloc:
        ws = "wss" if parts.scheme == "https" else "ws"
        extra["connect-src"] = (f"{parts.scheme}://{parts.netloc}", f"{ws}://{parts.netloc}")
    return "; ".join(
        " ".join((name, *sources, *extra.get(name, ()))) for name, sources in CSP_DIRECTIVES
    )


class _InlineScripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.scripts: list[str] = []
        self._inline = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self._inline = not any(name == "src" for name, _ in attrs)
            if self._inline:
                self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._inline = False

    def handle_data(self, data: str) -> None:
        if self._inline:
            self.scripts[-1] += data


def script_hashes(html: str) -> tuple[str, ...]:
    """``'sha256-...'`` sources for the inline ``<script>`` elements of a page, so the
    policy allows exactly those (a Flet build's index.html has two) and no other."""
    parser = _InlineScripts()
    parser.feed(html)
    return tuple(
        f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'"
        for s in parser.scripts
    )


class SecurityHeaders:
    """Adds ``Content-Security-Policy``, ``X-Content-Type-Options: nosniff``,
    ``Referrer-Policy: no-referrer`` (invite links carry the room code, which must not
    leak to other sites) and ``X-Frame-Options: DENY`` (``frame-ancestors`` for old
    browsers) to every HTTP response."""

    def __init__(self, app: Any, csp: str | None = None) -> None:
        self.app = app
        policy = content_security_policy() if csp is None else csp
        self.headers: list[tuple[bytes, bytes]] = [
            (b"content-security-policy", policy.encode("latin-1")),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
            (b"x-frame-options", b"DENY"),
        ]

    def __getattr__(self, name: str) -> Any:
        # ``app.state`` and the like still reach the wrapped app.
        if name == "app":
            raise AttributeError(name)
        return getattr(self.app, name)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", ())}
                added = [(n, v) for n, v in self.headers if n not in present]
                message = {**message, "headers": [*message.get("headers", ()), *added]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
