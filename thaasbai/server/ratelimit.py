"""Token buckets (per client address for requests and connection attempts, per connection
for WebSocket messages) and the count of open WebSockets per client address."""

from __future__ import annotations

import time
from collections import OrderedDict


class TokenBucket:
    """``rate`` tokens per second up to ``burst``; ``rate <= 0`` means unlimited."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self, now: float | None = None) -> bool:
        if self.rate <= 0:
            return True
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class KeyedLimiter:
    """One bucket per key (a client address), keeping at most ``max_keys`` recent keys."""

    def __init__(self, rate: float, burst: float, max_keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, key: str) -> bool:
        if self.rate <= 0:
            return True
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst)
            if len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket.take()


class SocketSlots:
    """Open WebSockets, at most ``per_key`` per client address and ``total`` in all.

    ``take`` when a connection is let in and ``give`` back (always, in a ``finally``) when
    it ends, so a client can hold at most ``per_key`` connections however fast it opens
    them."""

    def __init__(self, per_key: int, total: int) -> None:
        self.per_key = per_key
        self.total = total
        self.open = 0
        self._by_key: dict[str, int] = {}

    def take(self, key: str) -> bool:
        held = self._by_key.get(key, 0)
        if held >= self.per_key or self.open >= self.total:
            return False
        self._by_key[key] = held + 1
        self.open += 1
        return True

    def give(self, key: str) -> None:
        held = self._by_key.get(key, 0) - 1
        if held > 0:
            self._by_key[key] = held
        else:
            self._by_key.pop(key, None)
        self.open = max(0, self.open - 1)

    def held(self, key: str) -> int:
        return self._by_key.get(key, 0)
