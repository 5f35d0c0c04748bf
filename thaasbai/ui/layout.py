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
SHORT_H = 480  # below this height (a phone on its side) the table is laid out low


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
    short: bool  # a phone on its side: low seats; status and buttons beside the trick
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
    banner_y: float = 0.0

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


# The height of the trick's cards from the top one to the bottom one, in card heights.
_TRICK_SPAN = 1 + 2 * max(abs(dy) for _, dy in _TRICK_OFFSETS.values())


def geometry(width: float, height: float, hand_size: int) -> Geometry:
    """Lay out a table of ``width`` x ``height`` px for a hand of ``hand_size`` cards."""
    width = max(width, 320.0)
    compact = width < 600
    # A landscape phone (844 x 390) is laid out for its real height: clamping it to 480
    # put the hand's lower 74 px off the screen.
    short = not compact and height < SHORT_H
    height = max(height, 320.0 if short else 480.0)
    # Each bar holds 44 px buttons; a compact bar stacks them over the chips.
    bar_h = 86.0 if compact else (48.0 if short else 60.0)
    margin = 8.0 if compact or short else 16.0
    if compact:
        card_w = min(72.0, max(46.0, (width - 2 * margin) / 6.0))
    else:
        card_w = min(100.0, max(56.0, width / 12.0, 0.0), height / 6.8)
    seat_w, seat_h = (108.0, 80.0) if compact else (140.0, 76.0) if short else (156.0, 92.0)
    trick_scale = 1.0 if compact else 0.8 if short else 0.9
    while True:
        card_h = card_w * CARD_RATIO
        raise_px = round(card_h * 0.13)
        rows, step = _hand_rows(hand_size, width - 2 * margin, card_w, compact or short)
        # A raised playable card in a lower row must still leave the row above a full strip.
        row_gap = max(card_h * 0.56, MIN_STEP + raise_px) if rows > 1 else 0.0
        hand_h = card_h + row_gap * (rows - 1)
        # On its side, a phone's trick must fit between the top seat and the buttons:
        # a hand in two rows (26 cards) takes smaller cards.
        room = height - margin - hand_h - raise_px - 50 - (bar_h + seat_h + 6)
        if not short or room >= _TRICK_SPAN * card_w * trick_scale * CARD_RATIO:
            break
        if card_w <= 44.0:
            break
        card_w = max(44.0, card_w - 2.0)
    hand_top = height - margin - hand_h
    per_row = math.ceil(hand_size / rows) if hand_size else 0
    hand = []
    for i in range(hand_size):
        r, k = divmod(i, per_row)
        in_row = min(per_row, hand_size - r * per_row)
        span = card_w + step * (in_row - 1)
        x0 = (width - span) / 2
        hand.append(Rect(x0 + k * step, hand_top + r * row_gap, card_w, card_h))
    trick_w = card_w * trick_scale
    trick_h = trick_w * CARD_RATIO
    if short:
        # No room for a status row above the buttons: both sit just over the hand, the
        # status (and banner) on the left, the buttons on the right, beside the trick.
        buttons_y = hand_top - raise_px - 50
        status_y = buttons_y + 6
        banner_y = status_y - 36
        centre = (width / 2, (bar_h + seat_h + 6 + buttons_y) / 2)
    else:
        buttons_y = hand_top - raise_px - 54
        status_y = buttons_y - 36
        top = bar_h + seat_h + 12
        banner_y = top
        centre = (width / 2, (top + status_y) / 2 + 4)
    return Geometry(
        width=width,
        height=height,
        compact=compact,
        short=short,
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
        banner_y=banner_y,
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


@dataclass(frozen=True)
class RevealLayout:
    """How a result dialog lays out a revealed hand: card width, the step from one card
    to the next (a step under the width overlaps them), and cards per row."""

    card_w: float
    step: float
    per_row: int


REVEAL_READABLE = 0.6  # the share of a revealed card left visible: its whole corner index


def reveal_layout(n: int, window_w: float) -> RevealLayout:
    """Revealed cards big enough to read (44 px at least) and overlapped, if at all, only
    so far that each keeps its corner index in view; more rows when a row is full."""
    card_w = 48.0 if window_w < 600 else 56.0
    # An AlertDialog keeps 40 px from each side of the window and pads its content by 24.
    avail = max(card_w, min(window_w - 2 * 40 - 2 * 24, 560.0))
    gap = 4.0
    if n <= 1 or card_w + (n - 1) * (card_w + gap) <= avail:
        return RevealLayout(card_w, card_w + gap, max(n, 1))
    step = card_w * REVEAL_READABLE
    per_row = max(1, int((avail - card_w) // step) + 1)
    rows = math.ceil(n / per_row)
    per_row = math.ceil(n / rows)  # as even as the rows can be
    step = min(card_w + gap, (avail - card_w) / max(per_row - 1, 1))
    return RevealLayout(card_w, step, per_row)
