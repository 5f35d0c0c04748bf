"""HTTP and WebSocket endpoints: parse, validate, authorise, then hand over to the rooms.

Transport only: every decision about a room is taken by :class:`~.rooms.RoomService`.
"""

from __future__ import annotations

import logging
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect

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
from .ratelimit import KeyedLimiter
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


def error_response(code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, STATUS.get(code, 400))


def client_key(scope_client: Any) -> str:
    return scope_client.host if scope_client is not None else "unknown"


def add_routes(app: Any, service: RoomService, config: ServerConfig) -> None:
    """Register ``/healthz`` and the ``/api/rooms`` endpoints on ``app``."""
    limiter = KeyedLimiter(config.http_rate, config.http_burst)

    async def read_body(request: Request) -> bytes:
        if not limiter.allow(client_key(request.client)):
            raise ProtocolError("rate_limited", "too many requests; slow down")
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > config.max_body_bytes):
            raise ProtocolError("too_large", f"bodies are limited to {config.max_body_bytes} bytes")
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > config.max_body_bytes:
                raise ProtocolError(
                    "too_large", f"bodies are limited to {config.max_body_bytes} bytes"
                )
        return body

    async def healthz(request: Request) -> Response:
        body: dict[str, Any] = {"ok": True, "rooms": len(service.rooms)}
        process = getattr(service.cluster, "process_id", None)
        if process is not None:  # shared store: which process answered (for operators)
            body["process"] = process
        return JSONResponse(body)

    async def create_room(request: Request) -> Response:
        try:
            req = parse_create(await read_body(request))
            room, seat, token = await service.create(req)
        except (ProtocolError, TableError) as exc:
            return error_response(exc.code, exc.message)
        return JSONResponse(
            {
                "code": room.code,
                "invite_url": f"{config.base_url.rstrip('/')}/join/{room.code}",
                "seat": seat,
                "token": token,
            },
            201,
        )

    async def join_room(request: Request) -> Response:
        try:
            req = parse_join(await read_body(request))
            seat, token = await service.join(request.path_params["code"], req)
        except (ProtocolError, TableError) as exc:
            return error_response(exc.code, exc.message)
        return JSONResponse({"seat": seat, "token": token})

    async def room_lobby(request: Request) -> Response:
        try:
            if not limiter.allow(client_key(request.client)):
                raise ProtocolError("rate_limited", "too many requests; slow down")
            lobby = await service.lobby(request.path_params["code"])
        except ProtocolError as exc:
            return error_response(exc.code, exc.message)
        return JSONResponse(lobby)

    async def room_socket(ws: WebSocket) -> None:
        await serve_socket(ws, service, config)

    app.add_api_route("/healthz", healthz, methods=["GET"], include_in_schema=False)
    app.add_api_route("/api/rooms", create_room, methods=["POST"], include_in_schema=False)
    app.add_api_route(
        "/api/rooms/{code}/join", join_room, methods=["POST"], include_in_schema=False
    )
    app.add_api_route("/api/rooms/{code}", room_lobby, methods=["GET"], include_in_schema=False)
    app.add_api_websocket_route("/api/rooms/{code}/ws", room_socket)


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
    if service.hub.count(room.code) >= config.max_connections_per_room:
        await _refuse(ws, "room_full", "too many connections to this room", CLOSE_TRY_LATER)
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
    try:
        await ws.send_text(error_message(code, message).decode())
        await ws.close(close_code, message)
    except Exception:  # the client is already gone
        pass
