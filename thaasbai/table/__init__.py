"""A table in play: seats, the one submit pipeline and bot turns.  No sockets, no UI."""

from .driver import play_bot_turns
from .errors import TableError
from .seats import BOT, FREE, HUMAN, SeatInfo
from .table import Table

__all__ = ["BOT", "FREE", "HUMAN", "SeatInfo", "Table", "TableError", "play_bot_turns"]
