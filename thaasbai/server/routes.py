"""HTTP and WebSocket endpoints: parse, validate, authorise, then hand over to the rooms.

Transport only: every decision about a room is taken by :class:`~.rooms.RoomService`.
"""

from __future__ import annotations

import ipaddress
import logging
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..table import TableError
from .config import ServerConfig
from .hub import (
    CLOSE_BAD_TOKEN,
    CLOSE_NOT_FOUND,
    CLOSE_POLICY,
    CLOSE_TOO_BIG,
    CLOSE_TRY_LATER,
    Connection,
)
from .messages import ProtocolError, error_message, parse_client_message, parse_create, parse_join
from .ratelimit import KeyedLimiter, SocketSlots
from .rooms import RoomService

log = logging.getLogger("thaasbai.server")

STATUS = {
    "malformed": 400,
    "bad_seat": 400,
    "not_found": 404,
    "seat_taken": 409,
    "too_large": 413,
    "unsupported": 415,
    "rate_limited": 429,
    "unavailable": 503,
}


# Room API answers are never cached: create and join carry a seat's token, and a lobby is
# only true the moment it is sent.
NO_STORE = {"Cache-Control": "no-store"}


def json_response(body: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(body, status, headers=NO_STORE)


def error_response(code: str, message: str) -> JSONResponse:
    return json_response({"error": {"code": code, "message": message}}, STATUS.get(code, 400))


def client_key(scope_client: Any) -> str:
    """The rate-limit key: the peer's address (uvicorn has already replaced it with the
    ``X-Forwarded-For`` client when, and only when, the peer is a trusted proxy)."""
    return scope_client.host if scope_client is not None else "unknown"


def is_json(content_type: str | None) -> bool:
    """``application/json``, with or without parameters such as ``charset``.

    Requiring it keeps other sites out: an HTML form or a "simple" cross-site ``fetch`` can
    only send ``text/plain``, form or multipart bodies; JSON needs a CORS preflight, which
    the room server never grants."""
    if content_type is None:
        return False
    return content_type.split(";", 1)[0].strip().lower() == "application/json"


class ClientGone(Exception):
    """The client hung up before its request body was read: nobody to answer."""


def invite_base(request: Request, config: ServerConfig) -> tuple[str, bool]:
    """The base of a room's invite link, and whether only this device can open it.

    ``--public-url`` when set; else the address the request came in on (its ``Host``),
    which is the one the inviting player's device reached the server by."""
    if config.public_url:
        return config.public_url.rstrip("/"), False
    host = request.headers.get("host", "")
    if not host:
        return config.base_url.rstrip("/"), False
    hostname = request.url.hostname or ""
    local = hostname == "localhost" or _is_loopback(hostname)
    return f"{request.url.scheme}://{host}", local


def _is_loopback(hostname: str) -> bool:
    try:
        return ipaddress.ip_address(hostname.strip("[]")).is_loopback
    except ValueError:
        return False


def add_routes(app: Any, service: RoomService, config: ServerConfig) -> None:
    """Register ``/healthz`` and the ``/api/rooms`` endpoints on ``app``."""
    limiter = KeyedLimiter(config.http_rate, config.http_burst)
    slots = SocketSlots(config.max_sockets_per_address, config.max_sockets)
    # A slot is given back only after the socket's writer has stopped, a moment after the
    # hub forgets the connection: whoever must know when it is free again reads it here.
    app.state.socket_slots = slots

    async def read_body(request: Request) -> bytes:
        """Rate, declared size, media type, then the body itself (capped as it arrives)."""
        if not limiter.allow(client_key(request.client)):
            raise ProtocolError("rate_limited", "too many requests; slow down")
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > config.max_body_bytes):
            raise ProtocolError("too_large", f"bodies are limited to {config.max_body_bytes} bytes")
        if not is_json(request.headers.get("content-type")):
            raise ProtocolError("unsupported", "send the body as Content-Type: application/json")
        body = b""
        try:
            async for chunk in request.stream():
                body += chunk
                if len(body) > config.max_body_bytes:
                    raise ProtocolError(
                        "too_large", f"bodies are limited to {config.max_body_bytes} bytes"
                    )
        except ClientDisconnect:
            raise ClientGone from None
        return body

    async def healthz(request: Request) -> Response:
        body: dict[str, Any] = {"ok": True, "rooms": len(service.rooms)}
        process = service.cluster.process_id
        if process is not None:  # shared store: which process answered (for operators)
            body["process"] = process
        return json_response(body)

    async def create_room(request: Request) -> Response:
        try:
            req = parse_create(await read_body(request))
            room, seat, token = await service.create(req)
        except (ProtocolError, TableError) as exc:
            return error_response(exc.code, exc.message)
        except ClientGone:
            return _gone()
        base, local_only = invite_base(request, config)
        body: dict[str, Any] = {
            "code": room.code,
            "invite_url": f"{base}/join/{room.code}",
            "seat": seat,
            "token": token,
        }
        if local_only:  # the app warns: no other device can open this link
            body["invite_local_only"] = True
        return json_response(body, 201)

    async def join_room(request: Request) -> Response:
        try:
            req = parse_join(await read_body(request))
            seat, token = await service.join(request.path_params["code"], req)
        except (ProtocolError, TableError) as exc:
            return error_response(exc.code, exc.message)
        except ClientGone:
            return _gone()
        return json_response({"seat": seat, "token": token})

    async def room_lobby(request: Request) -> Response:
        try:
            if not limiter.allow(client_key(request.client)):
                raise ProtocolError("rate_limited", "too many requests; slow down")
            lobby = await service.lobby(request.path_params["code"])
        except ProtocolError as exc:
            return error_response(exc.code, exc.message)
        return json_response(lobby)

    async def room_socket(ws: WebSocket) -> None:
        # Every connection looks a room up, like a lobby request: the same per-address
        # bucket keeps codes from being guessed over WebSockets instead of HTTP.
        key = client_key(ws.client)
        if not limiter.allow(key):
            await _refuse(ws, "rate_limited", "too many connections; slow down", CLOSE_TRY_LATER)
            return
        if not slots.take(key):
            message = "too many connections from this address"
            await _refuse(ws, "too_many_connections", message, CLOSE_TRY_LATER)
            return
        try:
            await serve_socket(ws, service, config)
        finally:
            slots.give(key)

    # The router's own methods, so any Starlette app (FastAPI included) can take the routes.
    router = app.router
    router.add_route("/healthz", healthz, methods=["GET"], include_in_schema=False)
    router.add_route("/api/rooms", create_room, methods=["POST"], include_in_schema=False)
    router.add_route("/api/rooms/{code}/join", join_room, methods=["POST"], include_in_schema=False)
    router.add_route("/api/rooms/{code}", room_lobby, methods=["GET"], include_in_schema=False)
    router.add_websocket_route("/api/rooms/{code}/ws", room_socket)


def _gone() -> Response:
    log.debug("a client hung up before sending its whole request body")
    return Response(status_code=400)  # nobody reads it; the connection is already closed


async def serve_socket(ws: WebSocket, service: RoomService, config: ServerConfig) -> None:
    """One client's WebSocket: authorise by token, then feed its messages to the room."""
    await ws.accept()
    room = await service.get(ws.path_params["code"])
    if room is None:
        await _refuse(ws, "not_found", "no such room", CLOSE_NOT_FOUND)
        return
    token = ws.query_params.get("token")
    seat = None
    if token is not None:
        seat = service.seat_for_token(room, token)
        if seat is None:
            await _refuse(ws, "bad_token", "this token holds no seat here", CLOSE_BAD_TOKEN)
            return
    # Spectators need only the code, so only they are capped: a seated player always gets
    # back in (their connections are bounded per address instead).
    if seat is None and service.hub.spectators(room.code) >= config.max_spectators_per_room:
        await _refuse(ws, "room_full", "too many spectators in this room", CLOSE_TRY_LATER)
        return
    conn = Connection(
        ws, seat, rate=config.ws_rate, burst=config.ws_burst, outbox_limit=config.outbox_limit
    )
    conn.start()
    await service.connect(room, conn)
    try:
        while not conn.closing:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            data = message.get("text")
            if data is None:
                data = message.get("bytes") or b""
            if len(data) > config.max_message_bytes:
                conn.send(error_message("too_large", "message too large"))
                conn.close(CLOSE_TOO_BIG, "message too large")
                break
            if not conn.bucket.take():
                conn.floods += 1
                conn.send(error_message("rate_limited", "too many messages; slow down"))
                if conn.floods >= config.ws_flood_limit:
                    conn.close(CLOSE_POLICY, "flooding")
                    break
                continue
            try:
                msg = parse_client_message(data, config.max_message_bytes)
            except ProtocolError as exc:
                conn.send(error_message(exc.code, exc.message))
                continue
            await service.handle(room, conn, msg)
    except WebSocketDisconnect:
        pass
    finally:
        await service.disconnect(room, conn)
        await conn.stop()


async def _refuse(ws: WebSocket, code: str, message: str, close_code: int) -> None:
    """Accept (so the client can read why), send the error, close with ``close_code``."""
    try:
        if ws.application_state == WebSocketState.CONNECTING:
            await ws.accept()
        await ws.send_text(error_message(code, message).decode())
        await ws.close(close_code, message)
    except Exception as exc:  # the client is already gone
        log.debug("refusing a WebSocket (%s): the client had gone (%s)", code, type(exc).__name__)
