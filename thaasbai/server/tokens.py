"""Seat tokens: bearer secrets of 192 bits; only their SHA-256 is kept at rest."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24  # 192 bits, token_urlsafe gives 32 characters


def new_token() -> str:
    """A fresh seat token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """The stored form of a token: a leaked database gives nobody a seat."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def find_seat(token: str, hashes: list[str | None]) -> int | None:
    """The seat whose stored hash matches ``token`` (constant-time compare), or ``None``."""
    if not token or len(token) > 256:
        return None
    digest = hash_token(token)
    found = None
    for seat, stored in enumerate(hashes):
        # Compare against every seat so timing does not tell which seat matched.
        if stored is not None and hmac.compare_digest(stored, digest):
            found = seat
    return found
