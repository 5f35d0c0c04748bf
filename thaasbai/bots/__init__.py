"""Bots: Easy, Normal, Hard and Ultra.  A bot sees only its own seat's view."""

from __future__ import annotations

from .base import Bot, Steps, finish
from .easy import EasyBot
from .normal import NormalBot

LEVELS = ("easy", "normal", "hard", "ultra")
# Bots only the arena plays (outside yardsticks, never offered in the app or the server):
# pimc-dds is the GIB-style double-dummy reference, thaasbai.bots.pimc_dds.
ARENA_LEVELS = ("pimc-dds",)


def get_bot(level: str) -> Bot:
    """The bot of a difficulty level (``easy``, ``normal``, ``hard`` or ``ultra``)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; use one of {', '.join(LEVELS)}")
    if level == "easy":
        return EasyBot()
    if level == "normal":
        return NormalBot()
    if level == "hard":
        from .hard import HardBot

        return HardBot()
    from .ultra import UltraBot

    return UltraBot()


__all__ = ["ARENA_LEVELS", "LEVELS", "Bot", "Steps", "finish", "get_bot"]
