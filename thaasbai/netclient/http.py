"""The HTTP half: create a room, join it, read its lobby.

The request itself goes through :func:`thaasbai.runtime.http_request` (``urllib`` in a
thread natively, the browser's ``fetch`` in Pyodide)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from .. import runtime

_CODE = re.compile(r"(?:^|/)([23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6})/?$", re.IGNORECASE)


class ServerError(Exception):
    """A refusal from the server: HTTP ``status`` and the protocol's error ``code``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Created:
    code: str
    invite_url: str
    seat: int
    token: str


@dataclass(frozen=True)
class Joined:
    code: str
    seat: int
    token: str


def code_from_invite(text: str) -> str | None:
    """The room code in an invite link (``.../join/K7M2QX``) or a typed code."""
    match = _CODE.search(text.strip().replace("-", "").replace(" ", ""))
    return match.group(1).upper() if match else None


class RoomsClient:
    """Async HTTP calls to one server, e.g. ``RoomsClient("https://thaasbai.example")``."""

    def __init__(self, base_url: str, timeout: float = 10.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout

    async def create_room(
        self,
        game: str = "thaas",
        *,
        seats: int | None = None,
        options: dict[str, Any] | None = None,
        name: str = "",
        bots: str = "normal",
        turn_timer: float | None = None,
        hints: bool = False,
    ) -> Created:
        body: dict[str, Any] = {"game": game, "name": name, "bots": bots}
        if seats is not None:
            body["seats"] = seats
        if options:
            body["options"] = options
        if turn_timer:
            body["turn_timer"] = turn_timer
        if hints:
            body["hints"] = True
        d = await self._call("POST", "/api/rooms", body)
        return Created(d["code"], d["invite_url"], d["seat"], d["token"])

    async def join(self, code: str, *, name: str = "", seat: int | None = None) -> Joined:
        body: dict[str, Any] = {"name": name}
        if seat is not None:
            body["seat"] = seat
        d = await self._call("POST", f"/api/rooms/{quote(code, safe='')}/join", body)
        return Joined(code.upper(), d["seat"], d["token"])

    async def lobby(self, code: str) -> dict[str, Any]:
        return await self._call("GET", f"/api/rooms/{quote(code, safe='')}", None)

    async def _call(self, method: str, path: str, body: dict[str, Any] | None) -> Any:
        try:
            status, data = await runtime.http_request(
                method, self.base_url + path, body, timeout=self.timeout
            )
        except (OSError, TimeoutError) as exc:
            raise ServerError(0, "unreachable", str(exc) or "no connection") from None
        try:
            decoded = json.loads(data)
        except ValueError:
            decoded = None
        if 200 <= status < 300 and decoded is not None:
            return decoded
        try:
            err = decoded["error"]
            code, message = err["code"], err["message"]
        except (KeyError, TypeError):
            code, message = "http_error", f"HTTP {status}"
        raise ServerError(status, code, str(message))
