"""The key/value storage the history lives in, and an in-memory one for tests and fallbacks.

The interface is the one Flet's ``ft.SharedPreferences`` already has (async ``get``,
``set``, ``remove``, ``get_keys``), so the app passes that object as it is, natively and
in the browser.  A backend that cannot store a value either returns ``False`` from
``set`` or raises; the history turns both into one clear error.
"""

from __future__ import annotations

from typing import Protocol


class KeyValue(Protocol):
    async def get(self, key: str) -> object: ...

    async def set(self, key: str, value: str) -> bool: ...

    async def remove(self, key: str) -> bool: ...

    async def get_keys(self, key_prefix: str) -> list[str]: ...


class StorageFullError(OSError):
    """The backend refused a write (quota exceeded)."""


class MemoryStorage:
    """Keys in a dict; with ``capacity`` (characters of keys and values) it fills up like a
    browser's quota does, refusing a write that would not fit."""

    def __init__(self, capacity: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.capacity = capacity

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.data.items())

    async def get(self, key: str) -> object:
        return self.data.get(key)

    async def set(self, key: str, value: str) -> bool:
        if self.capacity is not None:
            old = len(key) + len(self.data[key]) if key in self.data else 0
            if self.used() - old + len(key) + len(value) > self.capacity:
                raise StorageFullError("storage quota exceeded")
        self.data[key] = value
        return True

    async def remove(self, key: str) -> bool:
        return self.data.pop(key, None) is not None

    async def get_keys(self, key_prefix: str) -> list[str]:
        return [k for k in self.data if k.startswith(key_prefix)]
