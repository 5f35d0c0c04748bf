"""The card back: a teal lattice with sand stars and a medallion."""

from __future__ import annotations

import math

from thaasbai.ui.palette import CARD_EDGE, SAND, TEAL, TEAL_DEEP, TEAL_LIGHT, TEAL_MID, WHITE

from .geometry import circle_path, clip_segment, m_rotate, num, transform
from .suits import suit_path
from .svg import CARD_RX, H, W, p_el, svg_doc


def star8(cx, cy, r_out, r_in):
    pts = []
    for k in range(16):
        a = math.radians(k * 22.5)
        r = r_out if k % 2 == 0 else r_in
        pts.append((cx + r * math.sin(a), cy - r * math.cos(a)))
    return [[("M", [pts[0]])] + [("L", [p]) for p in pts[1:]]]


def back_svg():
    inset = 11.0
    fx0, fy0, fx1, fy1 = inset, inset, W - inset, H - inset  # teal field
    lx0, ly0, lx1, ly1 = fx0 + 7, fy0 + 7, fx1 - 7, fy1 - 7  # lattice area inside sand frame
    cx, cy = W / 2.0, H / 2.0
    els = [
        "<defs>"
        f'<linearGradient id="sea" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="{TEAL_MID}"/><stop offset="0.55" stop-color="{TEAL}"/>'
        f'<stop offset="1" stop-color="{TEAL_DEEP}"/></linearGradient>'
        f'<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">'
        f'<stop offset="0" stop-color="{TEAL_LIGHT}" stop-opacity="0.55"/>'
        f'<stop offset="1" stop-color="{TEAL_LIGHT}" stop-opacity="0"/></radialGradient>'
        "</defs>",
        f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="{CARD_RX}" ry="{CARD_RX}" '
        f'fill="{WHITE}" stroke="{CARD_EDGE}" stroke-width="2"/>',
        f'<rect x="{num(fx0)}" y="{num(fy0)}" width="{num(fx1 - fx0)}" height="{num(fy1 - fy0)}" '
        f'rx="7" ry="7" fill="url(#sea)"/>',
    ]
    # diamond lattice: lines at +-45 degrees through a grid centred on the card,
    # plus a finer half-step lattice, clipped to the frame
    cell = 22.0
    rect = (lx0, ly0, lx1, ly1)
    span = W + H
    fine, bold = [], []
    for k in range(-40, 41):
        off = k * cell / 2.0
        for sgn in (1, -1):
            # line x - cx = sgn*(y - cy) + off  ->  passes through the centre when off = 0
            p = (cx + off + sgn * (-span), cy - span)
            q = (cx + off + sgn * span, cy + span)
            seg = clip_segment(p, q, rect)
            if seg:
                (bold if k % 2 == 0 else fine).append(seg)

    def lines_d(segs):
        return "".join(f"M{num(a[0])} {num(a[1])}L{num(b[0])} {num(b[1])}" for a, b in segs)

    els.append(
        f'<path fill="none" stroke="{TEAL_LIGHT}" stroke-opacity="0.35" stroke-width="0.8" '
        f'd="{lines_d(fine)}"/>'
    )
    els.append(f'<path fill="none" stroke="{TEAL_LIGHT}" stroke-width="1.4" d="{lines_d(bold)}"/>')
    # small sand dots on the main lattice nodes (nodes lie on the centre grid)
    dots = []
    for i in range(-12, 13):
        for j in range(-16, 17):
            if (i + j) % 2:
                continue
            x, y = cx + i * cell / 2.0, cy + j * cell / 2.0
            if lx0 + 3 < x < lx1 - 3 and ly0 + 3 < y < ly1 - 3:
                dots += circle_path(x, y, 1.7)
    els.append(p_el(dots, SAND, ' fill-opacity="0.85"'))
    # frame
    els.append(
        f'<rect x="{num(lx0 - 3.5)}" y="{num(ly0 - 3.5)}" width="{num(lx1 - lx0 + 7)}" '
        f'height="{num(ly1 - ly0 + 7)}" rx="4" ry="4" fill="none" '
        f'stroke="{SAND}" stroke-width="2"/>'
    )
    # central medallion: glow, eight-pointed star, ring, spade
    els.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="92" fill="url(#glow)"/>')
    els.append(
        p_el(
            star8(cx, cy, 66, 50),
            TEAL_DEEP,
            f' stroke="{SAND}" stroke-width="2.5" stroke-linejoin="round"',
        )
    )
    els.append(
        p_el(
            transform(star8(cx, cy, 66, 50), m_rotate(22.5, cx, cy)),
            "none",
            f' stroke="{SAND}" stroke-opacity="0.6" stroke-width="1.2" stroke-linejoin="round"',
        )
    )
    els.append(
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="38" fill="{TEAL}" '
        f'stroke="{SAND}" stroke-width="2"/>'
    )
    els.append(p_el(suit_path("S", cx, cy + 1, 44.0), SAND))
    # corner diamonds on the frame
    for x, y in (
        (lx0 - 3.5, ly0 - 3.5),
        (lx1 + 3.5, ly0 - 3.5),
        (lx0 - 3.5, ly1 + 3.5),
        (lx1 + 3.5, ly1 + 3.5),
    ):
        els.append(
            p_el(suit_path("D", x, y, 12.0), SAND, f' stroke="{TEAL_DEEP}" stroke-width="1"')
        )
    return svg_doc(els, title="Card back")
