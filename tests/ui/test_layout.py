"""Table geometry fits phone, tablet and desktop windows with tappable cards."""

from __future__ import annotations

import itertools

import pytest

from thaasbai.ui.layout import MIN_STEP, geometry

SIZES = [(390, 844), (1024, 768), (1280, 800), (768, 1024), (360, 640), (844, 390)]


@pytest.mark.parametrize(("w", "h"), SIZES)
@pytest.mark.parametrize("n", [1, 8, 13, 20, 30, 40])
def test_hand_fits_on_screen(w, h, n) -> None:
    g = geometry(w, h, n)
    assert len(g.hand) == n
    for r in g.hand:
        assert r.x >= 0 and r.x + r.w <= w + 0.01
        assert r.y >= g.bar_h and r.y + r.h <= h + 0.01
    assert g.status_y > g.bar_h + g.seat_h


@pytest.mark.parametrize(("w", "h"), SIZES[:3])
def test_thirteen_cards_leave_a_tappable_strip(w, h) -> None:
    g = geometry(w, h, 13)
    for y in {r.y for r in g.hand}:
        xs = sorted(r.x for r in g.hand if r.y == y)
        assert min(b - a for a, b in itertools.pairwise(xs)) >= 32
    assert g.card_w >= 46


@pytest.mark.parametrize(("w", "h"), SIZES)
@pytest.mark.parametrize("n", [13, 26])
def test_every_card_of_the_biggest_hands_leaves_a_40_px_strip(w, h, n) -> None:
    """Two-player Thulla deals 26 cards: each keeps MIN_STEP to tap, in every window."""
    g = geometry(w, h, n)
    for y in {r.y for r in g.hand}:
        xs = sorted(r.x for r in g.hand if r.y == y)
        assert min((b - a for a, b in itertools.pairwise(xs)), default=99) >= MIN_STEP
    assert max(r.y + r.h for r in g.hand) <= h  # a phone turned sideways too


def test_phone_uses_two_rows_tablet_one() -> None:
    assert len({r.y for r in geometry(390, 844, 13).hand}) == 2
    assert len({r.y for r in geometry(1024, 768, 13).hand}) == 1


@pytest.mark.parametrize(("w", "h"), SIZES)
def test_seats_and_trick_stay_inside(w, h) -> None:
    g = geometry(w, h, 13)
    for slot in ("left", "top", "right", "top-left", "top-right"):
        b = g.seat_box(slot)
        assert b.x >= 0 and b.x + b.w <= w and b.y >= g.bar_h
        t = g.trick_rect(slot)
        assert t.x >= 0 and t.x + t.w <= w and t.y + t.h < g.hand_top
