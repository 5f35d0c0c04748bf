"""The one seam between the platforms the app runs on: natively (desktop, phone builds,
the server, tests) and in the browser (Pyodide: no threads, processes or sockets).

Everything platform-specific lives in :mod:`.native` or :mod:`.browser`, chosen here once;
the rest of the code base calls these names and never asks where it runs.

- :func:`think`: run a CPU-heavy generator (a bot's search) without stalling the event
  loop: in a thread natively, in slices on the loop in the browser.
- :func:`open_socket` / :func:`http_request`: the protocol client's WebSocket and HTTP.
- :func:`launch_params`: ``seed`` and ``pace`` for reproducible solo deals in tests
  (environment variables natively, the page's query string in the browser).
- :func:`page_origin`: where the page came from (the browser), else ``""``.
"""

from __future__ import annotations

import sys

from .transport import Socket, SocketClosed

IN_BROWSER = sys.platform == "emscripten"

if IN_BROWSER:
    from .browser import http_request, launch_params, open_socket, page_origin, think
else:
    from .native import http_request, launch_params, open_socket, page_origin, think

__all__ = [
    "IN_BROWSER",
    "Socket",
    "SocketClosed",
    "http_request",
    "launch_params",
    "open_socket",
    "page_origin",
    "think",
]
