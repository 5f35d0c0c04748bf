"""Preferences: typed values round-trip through the device's store, and a store that
fails (a browser's private mode) leaves defaults instead of breaking start-up."""

from __future__ import annotations

import asyncio
from typing import Any

from thaasbai.ui.prefs import Preferences
from thaasbai.ui.settings import Choices, Settings


class MemoryStore:
    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    async def get(self, key: str) -> Any:
        return self.data.get(key)

    async def set(self, key: str, value: str) -> None:
        self.data[key] = value

    async def remove(self, key: str) -> None:
        self.data.pop(key, None)


class BrokenStore:
    async def get(self, key: str) -> Any:
        raise RuntimeError("SecurityError: localStorage is not available")

    set = remove = get


def test_saved_values_come_back_on_the_next_start() -> None:
    async def main() -> Preferences:
        store = MemoryStore()
        first = Preferences(store)
        await first.save_settings(Settings(player_name="Aisha", theme="light"))
        await first.save_choices(Choices(game="thulla", players=5))
        await first.save_muted(True)
        await first.save_seat_token("abcd", 2, "tok")
        await first.save_current_room("ABCD")
        again = Preferences(store)
        await again.load()
        return again

    p = asyncio.run(main())
    assert (p.settings.player_name, p.settings.theme) == ("Aisha", "light")
    assert (p.choices.game, p.choices.players) == ("thulla", 5)
    assert p.muted is True
    token = asyncio.run(p.seat_token("ABCD"))  # room codes are not case-sensitive
    assert token is not None and (token.seat, token.token) == (2, "tok")
    assert asyncio.run(p.current_room()) == "ABCD"


def test_forgetting_a_room_drops_its_token_and_the_game_in_progress() -> None:
    async def main() -> tuple[Any, Any]:
        p = Preferences(MemoryStore())
        await p.save_seat_token("ABCD", 1, "t")
        await p.save_current_room("ABCD")
        await p.forget_seat_token("ABCD")
        await p.forget_current_room()
        return await p.seat_token("ABCD"), await p.current_room()

    assert asyncio.run(main()) == (None, None)


def test_a_typed_name_becomes_the_players_name() -> None:
    async def main() -> str:
        store = MemoryStore()
        p = Preferences(store)
        await p.remember_name("Hassan")
        again = Preferences(store)
        await again.load()
        return again.settings.player_name

    assert asyncio.run(main()) == "Hassan"


def test_a_failing_store_leaves_defaults_and_saves_nothing_without_raising() -> None:
    async def main() -> Preferences:
        p = Preferences(BrokenStore())
        await p.load()
        await p.save_muted(True)  # kept for this session, though the device refused it
        await p.forget_current_room()
        return p

    p = asyncio.run(main())
    assert p.settings == Settings() and p.choices == Choices() and p.muted is True
    assert asyncio.run(p.current_room()) is None
