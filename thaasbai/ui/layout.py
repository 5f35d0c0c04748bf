"""Pixel geometry of the table for a window size: pure arithmetic, unit-tested.

Everything on the table is absolutely positioned in one Stack so that a card can glide
from a hand to the trick and on to a winner.  Phones in portrait get a two-row hand so
each card keeps a tappable strip; tablets and desktops get one wide fan.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

CARD_RATIO = 1.4  # height / width of the card images (250 x 350)
MIN_STEP = 40  # the least visible width of an overlapped hand card, in px (tap target)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2


@dataclass(frozen=True)
class Geometry:
    """Where everything goes for one window size and hand size."""

    width: float
    height: float
    compact: bool  # phone-sized: stacked top bar, smaller seats
    bar_h: float  # the top bar (title, hukum, scores)
    card_w: float
    card_h: float
    raise_px: float  # how far a playable card rises
    hand: tuple[Rect, ...]
    hand_top: float
    trick_w: float
    trick_h: float
    centre: tuple[float, float]
    seat_w: float
    seat_h: float
    buttons_y: float
    status_y: float

    def seat_box(self, slot: str) -> Rect:
        """The box of the seat badge in ``slot`` (``bottom`` is the viewer's)."""
        w, h, W = self.seat_w, self.seat_h, self.width
        top = self.bar_h + 6
        mid = (top + self.buttons_y) / 2 - h / 2
        boxes = {
            "top": Rect(W / 2 - w / 2, top, w, h),
            "top-left": Rect(max(6, W * 0.22 - w / 2), top, w, h),
            "top-right": Rect(min(W - w - 6, W * 0.78 - w / 2), top, w, h),
            "left": Rect(6, mid, w, h),
            "right": Rect(W - w - 6, mid, w, h),
            "bottom": Rect(W / 2 - w / 2, self.hand_top - h, w, h),
        }
        return boxes[slot]

    def trick_rect(self, slot: str) -> Rect:
        """Where the card played from ``slot`` lies in the middle of the table."""
        dx, dy = _TRICK_OFFSETS[slot]
        cx, cy = self.centre
        w, h = self.trick_w, self.trick_h
        return Rect(cx + dx * w - w / 2, cy + dy * h - h / 2, w, h)

    def seat_anchor(self, slot: str) -> Rect:
        """A card-sized rect centred on a seat: where cards come from and go to."""
        if slot == "bottom":
            return Rect(
                self.width / 2 - self.trick_w / 2, self.hand_top, self.trick_w, self.trick_h
            )
        box = self.seat_box(slot)
        return Rect(
            box.cx - self.trick_w / 2, box.cy - self.trick_h / 2, self.trick_w, self.trick_h
        )

    def discard_rect(self) -> Rect:
        """Thulla's discard pile, just above the trick."""
        cx, cy = self.centre
        return Rect(cx - self.trick_w / 2, cy - self.trick_h * 1.2, self.trick_w, self.trick_h)


_TRICK_OFFSETS: dict[str, tuple[float, float]] = {
    "bottom": (0.0, 0.32),
    "top": (0.0, -0.32),
    "left": (-0.62, 0.0),
    "right": (0.62, 0.0),
    "top-left": (-0.5, -0.26),
    "top-right": (0.5, -0.26),
}


def geometry(width: float, height: float, hand_size: int) -> Geometry:
    """Lay out a table of ``width`` x ``height`` px for a hand of ``hand_size`` cards."""
    width = max(width, 320.0)
    height = max(height, 320.0)  # a phone turned sideways is 360-430 px high: use it all
    compact = width < 600
    short = height < 500  # a phone turned sideways: smaller seats, a slimmer bar
    bar_h = 84.0 if compact else (52.0 if short else 60.0)
    margin = 8.0 if compact else 16.0
    if compact:
        card_w = min(72.0, max(46.0, (width - 2 * margin) / 6.0))
    else:
        card_w = min(100.0, max(56.0, width / 12.0, 0.0), height / 6.8)
    card_h = card_w * CARD_RATIO
    raise_px = round(card_h * 0.13)
    rows, step = _hand_rows(hand_size, width - 2 * margin, card_w, compact)
    row_gap = card_h * 0.56 if rows > 1 else 0.0
    hand_h = card_h + row_gap * (rows - 1)
    hand_top = height - margin - hand_h
    per_row = math.ceil(hand_size / rows) if hand_size else 0
    hand = []
    for i in range(hand_size):
        r, k = divmod(i, per_row)
        in_row = min(per_row, hand_size - r * per_row)
        span = card_w + step * (in_row - 1)
        x0 = (width - span) / 2
        hand.append(Rect(x0 + k * step, hand_top + r * row_gap, card_w, card_h))
    trick_w = card_w * (1.0 if compact else 0.9)
    trick_h = trick_w * CARD_RATIO
    seat_w, seat_h = (108.0, 80.0) if compact else ((140.0, 76.0) if short else (156.0, 92.0))
    buttons_y = hand_top - raise_px - 54
    status_y = buttons_y - 36
    top = bar_h + seat_h + 12
    centre = (width / 2, (top + status_y) / 2 + 4)
    return Geometry(
        width=width,
        height=height,
        compact=compact,
        bar_h=bar_h,
        card_w=card_w,
        card_h=card_h,
        raise_px=raise_px,
        hand=tuple(hand),
        hand_top=hand_top,
        trick_w=trick_w,
        trick_h=trick_h,
        centre=centre,
        seat_w=seat_w,
        seat_h=seat_h,
        buttons_y=buttons_y,
        status_y=status_y,
    )


def _hand_rows(n: int, avail: float, card_w: float, compact: bool) -> tuple[int, float]:
    """The fewest rows that leave each card a strip of at least ``MIN_STEP`` to tap, and
    the step: up to 4 rows on a phone (a 26-card Thulla hand at 360 px needs them), 2 on
    wider windows."""
    if n <= 1:
        return 1, card_w
    best = (1, 0.0)
    for rows in range(1, (4 if compact else 2) + 1):
        per_row = math.ceil(n / rows)
        step = card_w + 6 if per_row <= 1 else min(card_w + 6, (avail - card_w) / (per_row - 1))
        best = (rows, step)
        if step >= MIN_STEP:
            return rows, step
    return best
