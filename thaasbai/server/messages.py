"""Protocol messages: typed msgspec structs, size-capped parsing, and typed refusals.

Every WebSocket message from a client is decoded straight into one of the structs of
:data:`ClientMessage` (a union tagged by ``"type"``); anything else is refused with
``malformed`` or ``unknown_type`` before it can reach a room.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from ..bots import LEVELS
from ..engine.actions import Action, action_from_json
from ..engine.errors import EngineError

Version = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
Name = Annotated[str, msgspec.Meta(max_length=40)]
SeatNo = Annotated[int, msgspec.Meta(ge=0, le=15)]


class ProtocolError(ValueError):
    """A refused message or request; ``code`` goes to the client as is."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# -- client -> server over the WebSocket ----------------------------------------------------


class _Msg(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    pass


class Act(_Msg, tag="act"):
    """Take a game action (RECORD.md notation, without ``seat``) against ``version``."""

    version: Version
    action: dict[str, str | bool]


class Start(_Msg, tag="start"):
    """The host starts the game; empty seats become bots."""

    version: Version


class NextDeal(_Msg, tag="next_deal"):
    version: Version | None = None


class Rematch(_Msg, tag="rematch"):
    version: Version | None = None


class Leave(_Msg, tag="leave"):
    pass


class TakeSeat(_Msg, tag="take_seat"):
    """A spectator sits down: at a free seat, or at a bot's seat between deals."""

    seat: SeatNo | None = None
    name: Name = ""


class Ping(_Msg, tag="ping"):
    pass


ClientMessage = Act | Start | NextDeal | Rematch | Leave | TakeSeat | Ping
MESSAGE_TYPES = frozenset(("act", "start", "next_deal", "rematch", "leave", "take_seat", "ping"))


class _Envelope(msgspec.Struct):
    type: Any = None


_decoder = msgspec.json.Decoder(ClientMessage)
_envelope = msgspec.json.Decoder(_Envelope)


NESTED = "nested too deeply"


def parse_client_message(data: bytes | str, max_bytes: int) -> ClientMessage:
    """Decode and validate one frame; raises :class:`ProtocolError`.

    msgspec recurses once per nested array or object, so a frame of a couple of thousand
    ``[`` raises ``RecursionError``; no valid message nests more than three deep, so that
    is ``malformed`` like any other bad frame."""
    if len(data) > max_bytes:
        raise ProtocolError("too_large", f"messages are limited to {max_bytes} bytes")
    try:
        return _decoder.decode(data)
    except RecursionError:
        raise ProtocolError("malformed", NESTED) from None
    except msgspec.ValidationError as exc:
        try:
            kind = _envelope.decode(data).type
        except (msgspec.DecodeError, RecursionError):
            kind = None
        if isinstance(kind, str) and kind not in MESSAGE_TYPES:
            raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}") from None
        raise ProtocolError("malformed", str(exc)[:200]) from None
    except msgspec.DecodeError:
        raise ProtocolError("malformed", "not a JSON object") from None


def parse_action(obj: dict[str, Any]) -> Action:
    """An ``act`` message's action; the token, never the message, says which seat acts."""
    if "seat" in obj:
        raise ProtocolError("malformed", "an action carries no seat: the token fixes it")
    try:
        return action_from_json(obj)
    except EngineError as exc:
        raise ProtocolError("malformed", str(exc)) from None


# -- HTTP bodies ------------------------------------------------------------------------------


class RoomOptions(msgspec.Struct, forbid_unknown_fields=True):
    hukum: str = "implicit"
    best_of: int = 1


class CreateRoom(msgspec.Struct, forbid_unknown_fields=True):
    game: str = "thaas"
    seats: int | None = None  # 4 for Thaas/Dhihaeh; 2..6 for Thulla (default 4)
    options: RoomOptions = msgspec.field(default_factory=RoomOptions)
    name: Name = ""
    bots: str = "normal"
    turn_timer: float | None = None  # seconds; null or 0 = no timer
    hints: bool = False  # the host lets players ask for hints (worked out by each client)


class JoinRoom(msgspec.Struct, forbid_unknown_fields=True):
    name: Name = ""
    seat: SeatNo | None = None


_create = msgspec.json.Decoder(CreateRoom)
_join = msgspec.json.Decoder(JoinRoom)


def parse_create(body: bytes) -> CreateRoom:
    req = _decode_body(_create, body, CreateRoom)
    if req.bots not in LEVELS:
        raise ProtocolError("malformed", f"bots must be one of {', '.join(LEVELS)}")
    return req


def parse_join(body: bytes) -> JoinRoom:
    return _decode_body(_join, body, JoinRoom)


def _decode_body(decoder: msgspec.json.Decoder, body: bytes, kind: type) -> Any:
    if not body.strip():
        return kind()
    try:
        return decoder.decode(body)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ProtocolError("malformed", str(exc)[:200]) from None
    except RecursionError:
        raise ProtocolError("malformed", NESTED) from None


def clean_name(name: str, fallback: str) -> str:
    """A display name without control characters, or ``fallback``."""
    text = "".join(ch for ch in name if ch.isprintable()).strip()
    return text[:24] or fallback


# -- server -> client -------------------------------------------------------------------------

encode = msgspec.json.Encoder().encode


def error_message(code: str, message: str) -> bytes:
    return encode({"type": "error", "code": code, "message": message})
