"""Room codes: short, random, and easy to read aloud (no 0/O or 1/I)."""

from __future__ import annotations

import secrets

ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # 32 symbols: 5 bits each
LENGTH = 6  # 32**6 = 2**30 codes; with rate limits, guessing a live room is hopeless


def new_code() -> str:
    """A fresh random room code such as ``K7M2QX``."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise_code(text: str) -> str | None:
    """The canonical form of a typed code (upper case, no spaces), or ``None`` if invalid."""
    code = text.strip().upper().replace(" ", "").replace("-", "")
    if len(code) != LENGTH or any(ch not in ALPHABET for ch in code):
        return None
    return code


def hint(code: str) -> str:
    """A room code as logs show it (``K7****``): enough to follow one room through a log,
    not enough to watch it (10 of its 30 bits).  Logs never hold a full code: the code
    alone lets anyone spectate."""
    return code[:2] + "*" * max(0, len(code) - 2)
