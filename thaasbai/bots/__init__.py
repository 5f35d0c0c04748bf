"""Bots: Easy, Normal, Hard and Ultra.  A bot sees only its own seat's view."""

from __future__ import annotations

from .base import Bot
from .easy import EasyBot

LEVELS = ("easy", "normal", "hard", "ultra")


def get_bot(level: str) -> Bot:
    """The bot of a difficulty level (``easy``, ``normal``, ``hard`` or ``ultra``)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; use one of {', '.join(LEVELS)}")
    # Until the stronger bots land, every level plays as Easy.
    return EasyBot()


__all__ = ["LEVELS", "Bot", "get_bot"]
