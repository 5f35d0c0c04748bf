"""What the table plays besides pictures: sounds (a card played, a trick won, your turn)
and a tap of the phone's vibration motor when you play a card.

The sounds are our own small WAVs (``assets/sounds``, made by ``tools/make_assets.py``),
played by the Flet client's audio service ("Audio", the one the ``flet-audio`` package
drives; the packaged web client includes it) and haptics by ``ft.HapticFeedback``.  Both
follow one switch, :attr:`Preferences.muted`, and fail soft: a device or browser without
them (or one that blocks sound until the first tap) just stays quiet.
"""

from __future__ import annotations

import logging
from typing import Protocol

import flet as ft

from .prefs import Preferences

log = logging.getLogger(__name__)

SOUNDS = ("card", "trick", "turn")


@ft.control("Audio")
class Audio(ft.Service):
    """The client's audio player (the protocol of ``flet_audio.Audio``, without the
    package): one per sound, kept loaded."""

    src: str | None = None
    autoplay: bool = False
    volume: float = 1.0
    balance: float = 0.0
    playback_rate: float = 1.0
    release_mode: str = "stop"  # keep the source loaded between plays

    async def play(self, position: int = 0) -> None:
        await self._invoke_method("play", {"position": position})


class Feedback(Protocol):
    """What the table screen calls: a sound by name, and a haptic tap."""

    async def sound(self, name: str) -> None: ...

    async def tap(self) -> None: ...


class DeviceFeedback:
    """Sounds and haptics on this device, switched off by ``prefs.muted``."""

    def __init__(self, prefs: Preferences) -> None:
        self.prefs = prefs
        self._audio: dict[str, Audio] = {}
        self._haptics: ft.HapticFeedback | None = None

    async def sound(self, name: str) -> None:
        if self.prefs.muted:
            return
        try:
            audio = self._audio.get(name)
            if audio is None:  # made on first use: a service registers with the page
                audio = self._audio[name] = Audio(src=f"sounds/{name}.wav", volume=0.6)
            await audio.play()
        except Exception as exc:  # no audio here (or not allowed yet): stay quiet
            log.debug("sound %s not played: %s", name, exc)

    async def tap(self) -> None:
        if self.prefs.muted:
            return
        try:
            if self._haptics is None:
                self._haptics = ft.HapticFeedback()
            await self._haptics.light_impact()
        except Exception as exc:
            log.debug("no haptic feedback: %s", exc)


class Silent:
    """No sound, no haptics (tests, and a table with nowhere to play them)."""

    async def sound(self, name: str) -> None:
        return None

    async def tap(self) -> None:
        return None
