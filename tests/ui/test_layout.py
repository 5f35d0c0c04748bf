"""Table geometry fits phone, tablet and desktop windows with tappable cards."""

from __future__ import annotations

import itertools

import pytest

from thaasbai.ui.layout import MIN_STEP, geometry, reveal_layout

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


LANDSCAPE_PHONES = [(844, 390), (915, 412), (667, 375)]


def _overlap(a, b) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


@pytest.mark.parametrize(
    ("w", "h", "n"),
    [(w, h, n) for w, h in LANDSCAPE_PHONES for n in (1, 8, 13, 18, 26)]
    # Upright, two-player Thulla's 26 cards get 39 px strips in three rows.
    + [(w, h, n) for w, h in ((390, 844), (360, 640)) for n in (1, 8, 13, 18)],
)
def test_a_phone_either_way_up_leaves_every_card_a_40_px_strip_on_screen(w, h, n) -> None:
    """On its side (844 x 390) the hand used to be laid out for 480 px, its lower part off
    the screen; every card keeps a 40 px strip across and, when a playable card in the row
    below rises, 40 px down."""
    g = geometry(w, h, n)
    for r in g.hand:
        assert r.x >= 0 and r.x + r.w <= w + 0.01 and g.bar_h <= r.y and r.y + r.h <= h + 0.01
    rows = sorted({r.y for r in g.hand})
    for y in rows:
        xs = sorted(r.x for r in g.hand if r.y == y)
        assert all(b - a >= 40 for a, b in itertools.pairwise(xs)), (y, xs)
    assert all(b - a - g.raise_px >= 40 for a, b in itertools.pairwise(rows)), rows


@pytest.mark.parametrize(("w", "h"), LANDSCAPE_PHONES[:2])
@pytest.mark.parametrize("n", [13, 26])
def test_on_its_side_the_trick_clears_the_seats_and_the_buttons(w, h, n) -> None:
    g = geometry(w, h, n)
    assert g.short and g.bar_h >= 44 + 4  # the bar's 44 px buttons fit
    seats = [g.seat_box(s) for s in ("left", "top", "right")]
    for slot in ("bottom", "top", "left", "right"):
        t = g.trick_rect(slot)
        assert not any(_overlap(t, s) for s in seats), (slot, t)
        assert t.y + t.h <= g.buttons_y, (slot, t)  # the status and buttons band is free
    assert g.buttons_y + 44 <= g.hand_top - g.raise_px


@pytest.mark.parametrize("window_w", [360, 390, 844, 1024])
@pytest.mark.parametrize("n", [1, 2, 5, 9, 13, 20])
def test_revealed_cards_are_big_enough_to_read_and_keep_their_corners(window_w, n) -> None:
    """Thulla's reveal drew 34 px cards overlapped by 45%: tiny, and hard to read."""
    lay = reveal_layout(n, window_w)
    assert lay.card_w >= 44
    assert lay.step >= lay.card_w * 0.6  # the corner index of every card stays in view
    rows = -(-n // lay.per_row)
    widest = lay.card_w + lay.step * (min(n, lay.per_row) - 1)
    assert widest <= max(window_w - 128, lay.card_w) + 0.01  # inside the dialog
    assert rows * lay.per_row >= n and rows <= 4
