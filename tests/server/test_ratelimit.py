"""Token buckets and per-address limits on a given clock: what the live tests cannot time."""

from __future__ import annotations

from thaasbai.server.ratelimit import KeyedLimiter, SocketSlots, TokenBucket


def test_a_bucket_spends_its_burst_then_refills_at_its_rate():
    bucket = TokenBucket(rate=2.0, burst=3.0)
    t = bucket.stamp
    assert [bucket.take(t) for _ in range(4)] == [True, True, True, False]
    assert not bucket.take(t + 0.4)  # 0.8 of a token
    assert bucket.take(t + 0.5)  # one whole token after half a second at 2 a second
    assert not bucket.take(t + 0.5)
    # A long pause refills only up to the burst.
    assert [bucket.take(t + 100.0) for _ in range(4)] == [True, True, True, False]


def test_a_rate_of_zero_is_unlimited():
    bucket = TokenBucket(rate=0.0, burst=1.0)
    assert all(bucket.take(bucket.stamp) for _ in range(1_000))


def test_each_address_has_its_own_bucket_and_old_ones_are_forgotten():
    limiter = KeyedLimiter(rate=0.001, burst=2.0, max_keys=2)
    assert [limiter.allow("a") for _ in range(3)] == [True, True, False]
    assert limiter.allow("b") and limiter.allow("b") and not limiter.allow("b")
    limiter.allow("c")  # a third address: the least recent one ("a") is dropped
    assert limiter.allow("a")  # and starts again with a full bucket


def test_socket_slots_cap_each_address_and_the_total():
    slots = SocketSlots(per_key=2, total=3)
    assert slots.take("a") and slots.take("a") and not slots.take("a")
    assert slots.take("b") and not slots.take("c")  # the total is reached
    slots.give("a")
    assert slots.held("a") == 1 and slots.take("c")
    for key in ("a", "b", "c"):
        slots.give(key)
    assert slots.open == 0 and slots.held("a") == 0
