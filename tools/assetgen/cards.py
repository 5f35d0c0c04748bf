"""The 52 card faces: corner indices, pips, court cards and aces."""

from __future__ import annotations

import math

from thaasbai.ui.palette import CARD_EDGE, INK, INK_BLUE, INK_GREEN, INK_RED, SAND, TEAL, WHITE

from .geometry import (
    bbox,
    circle_path,
    m_rotate,
    m_translate,
    num,
    parse_path,
    rounded_rect_path,
    transform,
)
from .glyphs import text_path
from .suits import SUIT_NAME, suit_path
from .svg import CARD_RX, H, W, mix, p_el, svg_doc

RANKS = "AKQJT98765432"
SUITS = "SHDC"

COLOURS_2 = {"S": INK, "H": INK_RED, "D": INK_RED, "C": INK}
COLOURS_4 = {"S": INK, "H": INK_RED, "D": INK_BLUE, "C": INK_GREEN}

RANK_TEXT = {r: r for r in "AKQJ98765432"}
RANK_TEXT["T"] = "10"
RANK_NAME = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}

IDX_CX = 29.0  # centre of the corner index column
IDX_TOP = 15.0
IDX_CAP = 44.0  # rank cap height in the corner
IDX_PIP = 33.0  # corner suit size
IDX_GAP = 6.0

PIP = 44.0  # pip size on number cards
COL_L, COL_M, COL_R = 86.0, 125.0, 164.0
ROW_T, ROW_B = 66.0, 284.0


def _rows4():
    step = (ROW_B - ROW_T) / 3.0
    return [ROW_T + i * step for i in range(4)]


def pip_layout(rank):
    mid = (ROW_T + ROW_B) / 2.0
    r4 = _rows4()
    n = 10 if rank == "T" else int(rank)
    side3 = [
        (COL_L, ROW_T),
        (COL_L, mid),
        (COL_L, ROW_B),
        (COL_R, ROW_T),
        (COL_R, mid),
        (COL_R, ROW_B),
    ]
    side4 = [(x, y) for x in (COL_L, COL_R) for y in r4]
    corners = [(COL_L, ROW_T), (COL_R, ROW_T), (COL_L, ROW_B), (COL_R, ROW_B)]
    upper_mid = (ROW_T + mid) / 2.0
    lower_mid = (mid + ROW_B) / 2.0
    return {
        2: [(COL_M, ROW_T), (COL_M, ROW_B)],
        3: [(COL_M, ROW_T), (COL_M, mid), (COL_M, ROW_B)],
        4: corners,
        5: [*corners, (COL_M, mid)],
        6: side3,
        7: [*side3, (COL_M, upper_mid)],
        8: [*side3, (COL_M, upper_mid), (COL_M, lower_mid)],
        9: [*side4, (COL_M, mid)],
        10: [*side4, (COL_M, (r4[0] + r4[1]) / 2.0), (COL_M, (r4[2] + r4[3]) / 2.0)],
    }[n]


def corner_index(rank, suit, colour):
    text = RANK_TEXT[rank]
    squeeze = 0.78 if len(text) == 2 else 1.0
    tracking = 60.0 if len(text) == 2 else 0.0
    rank_p = text_path(text, "sans", IDX_CX, IDX_TOP, IDX_CAP, squeeze, tracking, clamp=True)
    pip_top = IDX_TOP + IDX_CAP + IDX_GAP
    pip_p = suit_path(suit, IDX_CX, pip_top + IDX_PIP / 2.0, IDX_PIP)
    both = rank_p + pip_p
    flipped = transform(both, m_rotate(180, W / 2.0, H / 2.0))
    return [p_el(both, colour), p_el(flipped, colour)]


def leaf(base, tip, width, bend):
    """A leaf / feather shape from `base` to `tip`, bowed sideways by `bend`."""
    (bx, by), (tx, ty) = base, tip
    dx, dy = tx - bx, ty - by
    ln = math.hypot(dx, dy)
    nx, ny = -dy / ln, dx / ln

    def at(t, off):
        return bx + dx * t + nx * off, by + dy * t + ny * off

    a1, a2 = at(0.25, bend + width * 0.55), at(0.75, bend * 1.3 + width * 0.45)
    b2, b1 = at(0.75, bend * 1.3 - width * 0.25), at(0.25, bend - width * 0.45)
    pts = " ".join(f"{x} {y}" for x, y in (a1, a2, tip))
    back = " ".join(f"{x} {y}" for x, y in (b2, b1, base))
    return parse_path(f"M{bx} {by}C{pts}C{back}Z")


def leaf_rib(base, tip, bend):
    (bx, by), (tx, ty) = base, tip
    dx, dy = tx - bx, ty - by
    ln = math.hypot(dx, dy)
    nx, ny = -dy / ln, dx / ln
    c1 = (bx + dx * 0.3 + nx * bend, by + dy * 0.3 + ny * bend)
    c2 = (bx + dx * 0.7 + nx * bend * 1.2, by + dy * 0.7 + ny * bend * 1.2)
    end = (bx + dx * 0.88, by + dy * 0.88)
    return f"M{num(bx)} {num(by)}C" + " ".join(f"{num(x)} {num(y)}" for x, y in (c1, c2, end))


def crown(kind, cx, base_y, width, colour, gold):
    """A small stylised headpiece for the court cards.

    Returns (SVG elements, height of the drawing above `base_y`).
    """
    w2 = width / 2.0
    els = []
    if kind == "K":  # three-pointed crown with orbs
        h = width * 0.55
        top_h = h + 8.0
        x0, x1 = cx - w2, cx + w2
        top = base_y - h
        band = base_y - h * 0.2
        d = (
            f"M{x0} {base_y}L{x0} {band}L{x0 - 2} {top + h * 0.18}"
            f"L{cx - w2 * 0.45} {band - h * 0.25}L{cx} {top}L{cx + w2 * 0.45} {band - h * 0.25}"
            f"L{x1 + 2} {top + h * 0.18}L{x1} {band}L{x1} {base_y}Z"
        )
        body = parse_path(d)
        els.append(
            p_el(body, gold, f' stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"')
        )
        els.append(
            p_el(parse_path(f"M{x0} {band}L{x1} {band}L{x1} {base_y}L{x0} {base_y}Z"), colour)
        )
        for x, y in ((x0 - 2, top + h * 0.18), (cx, top), (x1 + 2, top + h * 0.18)):
            els.append(
                p_el(circle_path(x, y - 3, 5.0), gold, f' stroke="{colour}" stroke-width="2"')
            )
        for x in (cx - w2 * 0.5, cx, cx + w2 * 0.5):
            els.append(p_el(circle_path(x, (band + base_y) / 2.0, 3.0), gold))
    elif kind == "Q":  # rounded tiara with a central jewel
        h = width * 0.42
        top_h = h + 1.5
        x0, x1 = cx - w2, cx + w2
        band = base_y - h * 0.28
        top = base_y - h
        k = w2 / 2.0
        d = (
            f"M{x0} {base_y}L{x0} {band}"
            f"C{x0 + k * 0.2} {band - h * 0.5} {cx - k * 1.2} {top + h * 0.25}"
            f" {cx - k} {top + h * 0.35}"
            f"C{cx - k * 0.6} {top + h * 0.1} {cx - k * 0.3} {top} {cx} {top}"
            f"C{cx + k * 0.3} {top} {cx + k * 0.6} {top + h * 0.1} {cx + k} {top + h * 0.35}"
            f"C{cx + k * 1.2} {top + h * 0.25} {x1 - k * 0.2} {band - h * 0.5} {x1} {band}"
            f"L{x1} {base_y}Z"
        )
        els.append(
            p_el(
                parse_path(d),
                gold,
                f' stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"',
            )
        )
        els.append(
            p_el(parse_path(f"M{x0} {band}L{x1} {band}L{x1} {base_y}L{x0} {base_y}Z"), colour)
        )
        els.append(p_el(suit_path("D", cx, top + h * 0.42, h * 0.42), colour))
        for x in (cx - w2 * 0.55, cx - w2 * 0.18, cx + w2 * 0.18, cx + w2 * 0.55):
            els.append(p_el(circle_path(x, (band + base_y) / 2.0, 2.6), gold))
    else:  # J: a soft cap with a feather
        h = width * 0.5
        x0, x1 = cx - w2 * 0.85, cx + w2 * 0.85
        band = base_y - h * 0.26
        dome = base_y - h * 0.8
        # feather first, so that the cap covers its quill
        base = (cx + w2 * 0.2, dome + h * 0.15)
        tip = (cx + w2 * 1.02, base_y - h * 1.58)
        top_h = base_y - tip[1] + 2.0
        els.append(p_el(leaf(base, tip, h * 0.8, h * 0.22), colour))
        els.append(
            f'<path fill="none" stroke="{gold}" stroke-width="1.6" stroke-linecap="round" '
            f'd="{leaf_rib(base, tip, h * 0.22)}"/>'
        )
        d = (
            f"M{x0} {base_y}L{x0} {band}"
            f"C{x0 - w2 * 0.05} {band - h * 0.5} {cx - w2 * 0.5} {dome} {cx} {dome}"
            f"C{cx + w2 * 0.5} {dome} {x1 + w2 * 0.05} {band - h * 0.5} {x1} {band}L{x1} {base_y}Z"
        )
        els.append(
            p_el(
                parse_path(d),
                gold,
                f' stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"',
            )
        )
        els.append(
            p_el(parse_path(f"M{x0} {band}L{x1} {band}L{x1} {base_y}L{x0} {base_y}Z"), colour)
        )
        for x in (cx - w2 * 0.45, cx, cx + w2 * 0.45):
            els.append(p_el(circle_path(x, (band + base_y) / 2.0, 2.6), gold))
    return els, top_h


def court_centre(rank, suit, colour):
    # black suits get a cool teal-grey panel instead of a plain grey one
    base = TEAL if colour == INK else colour
    tint = mix(WHITE, base, 0.07)
    frame = mix(WHITE, base, 0.5)
    gold = SAND
    x0, y0, x1, y1 = 62.0, 40.0, 188.0, 310.0
    els = [
        p_el(
            rounded_rect_path(x0, y0, x1 - x0, y1 - y0, 10),
            tint,
            f' stroke="{frame}" stroke-width="2"',
        ),
        p_el(
            rounded_rect_path(x0 + 6, y0 + 6, x1 - x0 - 12, y1 - y0 - 12, 6),
            "none",
            f' stroke="{frame}" stroke-width="1"',
        ),
    ]
    cx = (x0 + x1) / 2.0
    # a vertical stack, centred in the panel: headpiece, big serif letter, suit
    cap, pip, gap1, gap2 = 86.0, 48.0, 12.0, 12.0
    letter = text_path(rank, "serif", cx, 0.0, cap)
    _, ly0, _, ly1 = bbox(letter)
    crown_w = 70.0
    _, crown_h = crown(rank, cx, 0.0, crown_w, colour, gold)
    total = crown_h + gap1 + (ly1 - ly0) + gap2 + pip
    top = (y0 + y1) / 2.0 - total / 2.0
    crown_els, _ = crown(rank, cx, top + crown_h, crown_w, colour, gold)
    els += crown_els
    letter_top = top + crown_h + gap1
    els.append(p_el(transform(letter, m_translate(0, letter_top - ly0)), colour))
    pip_cy = letter_top + (ly1 - ly0) + gap2 + pip / 2.0
    els.append(p_el(suit_path(suit, cx, pip_cy, pip), colour))
    # small suit marks in the frame corners
    for x, y, fl in (
        (x0 + 17, y0 + 18, False),
        (x1 - 17, y0 + 18, False),
        (x0 + 17, y1 - 18, True),
        (x1 - 17, y1 - 18, True),
    ):
        els.append(p_el(suit_path(suit, x, y, 14.0, flip=fl), colour))
    return els


def ace_centre(suit, colour):
    els = []
    if suit == "S":
        # the ace of spades gets the house ornament: double ring in teal and sand
        cx, cy = W / 2.0, H / 2.0
        els.append(
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="80" fill="none" '
            f'stroke="{TEAL}" stroke-width="3"/>'
        )
        els.append(
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="73" fill="none" '
            f'stroke="{SAND}" stroke-width="2"/>'
        )
        for k in range(16):
            a = math.radians(k * 22.5)
            x, y = cx + 86.5 * math.sin(a), cy - 86.5 * math.cos(a)
            els.append(p_el(suit_path("D", x, y, 10.0), TEAL if k % 2 == 0 else SAND))
        els.append(p_el(suit_path("S", cx, cy + 2, 104.0), colour))
    else:
        els.append(p_el(suit_path(suit, W / 2.0, H / 2.0, 118.0), colour))
    return els


def card_svg(rank, suit, colours):
    colour = colours[suit]
    name = f"{RANK_NAME.get(rank, rank)} of {SUIT_NAME[suit]}"
    els = [
        f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="{CARD_RX}" ry="{CARD_RX}" '
        f'fill="{WHITE}" stroke="{CARD_EDGE}" stroke-width="2"/>'
    ]
    if rank == "A":
        els += ace_centre(suit, colour)
    elif rank in "KQJ":
        els += court_centre(rank, suit, colour)
    else:
        upper, lower = [], []
        mid = H / 2.0
        for x, y in pip_layout(rank):
            flip = y > mid + 0.01
            (lower if flip else upper).extend(suit_path(suit, x, y, PIP, flip=flip))
        els.append(p_el(upper + lower, colour))
    els += corner_index(rank, suit, colour)
    return svg_doc(els, title=name)
