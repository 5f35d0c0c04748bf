"""A small client for the room server's protocol (docs/PROTOCOL.md).

The app imports this, never the server's internals.  HTTP uses the standard library in a
worker thread; the WebSocket uses ``websockets``.
"""

from .http import Created, Joined, RoomsClient, ServerError, code_from_invite
from .session import PERMANENT_CLOSE_CODES, Session

__all__ = [
    "PERMANENT_CLOSE_CODES",
    "Created",
    "Joined",
    "RoomsClient",
    "ServerError",
    "Session",
    "code_from_invite",
]
