"""What the app keeps on the device, behind typed accessors: the one place that touches
client storage (``ft.SharedPreferences``: local storage in a browser).

Everything is stored as a JSON string under a ``thaasbai.*`` key; a value that cannot be
read falls back to its default, and storage that is missing or refuses (a browser's
private mode) leaves the app running with defaults and nothing saved.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from .settings import CHOICES_KEY, CURRENT_ROOM_KEY, SETTINGS_KEY, Choices, SeatToken, Settings

log = logging.getLogger(__name__)

MUTED_KEY = "thaasbai.muted"  # "1" when the table's sounds are switched off


class Store(Protocol):
    """The async key-value store underneath (``ft.SharedPreferences`` in the app)."""

    async def get(self, key: str) -> Any: ...

    async def set(self, key: str, value: str) -> Any: ...

    async def remove(self, key: str) -> Any: ...

    async def get_keys(self, key_prefix: str) -> list[str]: ...


class Preferences:
    """Settings, the last game choices, mute, and each room's seat token.

    ``settings``, ``choices`` and ``muted`` are read once by :meth:`load` and kept here, so
    screens read them without awaiting; every ``save_*`` updates the copy and the device.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.settings = Settings()
        self.choices = Choices()
        self.muted = False

    async def load(self) -> None:
        """Read what the device holds (defaults for anything missing or unreadable), the
        three keys at once: each is a round trip to the client before the first screen."""
        settings, choices, muted = await asyncio.gather(
            self._get(SETTINGS_KEY), self._get(CHOICES_KEY), self._get(MUTED_KEY)
        )
        self.settings = Settings.from_json(settings)
        self.choices = Choices.from_json(choices)
        self.muted = muted == "1"

    async def save_settings(self, settings: Settings) -> None:
        self.settings = settings
        await self._set(SETTINGS_KEY, settings.to_json())

    async def save_choices(self, choices: Choices) -> None:
        self.choices = choices
        await self._set(CHOICES_KEY, choices.to_json())

    async def save_muted(self, muted: bool) -> None:
        self.muted = muted
        await self._set(MUTED_KEY, "1" if muted else "0")

    async def remember_name(self, name: str) -> None:
        """Keep a name typed when creating or joining a room as the player's name."""
        if name and name != self.settings.player_name:
            self.settings.player_name = name
            await self._set(SETTINGS_KEY, self.settings.to_json())

    # -- online play -----------------------------------------------------------------------

    async def seat_token(self, code: str) -> SeatToken | None:
        """Our seat and token in room ``code``, if this device holds one."""
        return SeatToken.from_json(await self._get(SeatToken.key(code)))

    async def save_seat_token(self, code: str, seat: int, token: str) -> None:
        await self._set(SeatToken.key(code), SeatToken(seat, token).to_json())

    async def forget_seat_token(self, code: str) -> None:
        await self._remove(SeatToken.key(code))

    async def current_room(self) -> str | None:
        """The code of the online game in progress (a refresh of ``/play`` returns to it)."""
        room = await self._get(CURRENT_ROOM_KEY)
        return room if isinstance(room, str) and room else None

    async def save_current_room(self, code: str) -> None:
        await self._set(CURRENT_ROOM_KEY, code)

    async def forget_current_room(self) -> None:
        await self._remove(CURRENT_ROOM_KEY)

    # -- the store, failing soft -----------------------------------------------------------

    async def _get(self, key: str) -> Any:
        try:
            return await self.store.get(key)
        except Exception:  # storage unavailable (private mode): run with defaults
            log.info("preferences unavailable", exc_info=True)
            return None

    async def _set(self, key: str, value: str) -> None:
        try:
            await self.store.set(key, value)
        except Exception:
            log.info("could not save preferences", exc_info=True)

    async def _remove(self, key: str) -> None:
        try:
            await self.store.remove(key)
        except Exception:
            log.info("could not remove a preference", exc_info=True)
