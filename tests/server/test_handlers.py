"""The dispatch table of client messages is complete: every message type the parser
accepts has its handler (``ping`` is answered before any: it changes nothing)."""

from __future__ import annotations

from typing import get_args

from thaasbai.server.messages import MESSAGE_TYPES, ClientMessage, Ping
from thaasbai.server.rooms.handlers import HANDLERS


def test_every_message_type_but_ping_has_a_handler() -> None:
    parsed = set(get_args(ClientMessage))
    assert set(HANDLERS) == parsed - {Ping}
    tags = {kind.__struct_config__.tag for kind in parsed}
    assert tags == MESSAGE_TYPES
