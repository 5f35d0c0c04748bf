#!/usr/bin/env python3
"""Generate Thaasbai's own graphic assets under ``assets/``.

Run from anywhere::

    python tools/make_assets.py            # writes into <repo>/assets
    python tools/make_assets.py --out DIR  # writes into DIR instead

Writes:

* ``cards/<RS>.svg`` and ``cards/back.svg``: the 52 faces (2-colour deck) and the back;
* ``cards4/<RS>.svg`` and ``cards4/back.svg``: the 4-colour deck (diamonds blue, clubs green);
* ``suits/<S>.svg`` (2-colour) and ``suits4/<S>.svg`` (4-colour): suit symbols alone;
* ``icons/*.png``, ``favicon.png``: PWA / home-screen icons (rasterised with Pillow);
* ``manifest.json``: the PWA manifest (``index.html`` and the service worker are made
  by ``thaasbai build-web``, from the installed Flet web client);
* ``fonts/DejaVuSans*.ttf`` + ``fonts/LICENSE-DejaVu.txt``: a font with the suit glyphs.

The output is deterministic: running the script twice gives byte-identical files.
Everything is drawn from geometry defined in this file (suit shapes are hand-made
Bezier paths; the rank glyphs are outlines taken once from DejaVu Sans Condensed Bold
and DejaVu Serif Bold and embedded below), so no font is needed to *draw* the cards
and every SVG uses plain ``<path>``/``<rect>``/``<circle>`` elements only (no
``<text>``, no CSS, no filters) so that flutter_svg (Flet's ``ft.Image``) renders them.

Requirements: Python 3.9+, Pillow (icons only); the DejaVu fonts are copied
from Debian's ``fonts-dejavu-core`` when installed (otherwise any copy already in
``assets/fonts`` is kept).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# --------------------------------------------------------------------------------------
# Palette
# --------------------------------------------------------------------------------------

TEAL_DEEP = "#073B44"  # manifest background_color, darkest teal
TEAL = "#0B5D69"  # manifest theme_color
TEAL_MID = "#13808B"
TEAL_LIGHT = "#2FA3A8"
SAND = "#E4C77E"  # warm sand / gold accent
SAND_DARK = "#B8913A"
CARD_WHITE = "#FFFFFF"
CARD_EDGE = "#C3CDD0"

INK_BLACK = "#1B1D21"
INK_RED = "#D02B2B"
INK_BLUE = "#1F5FC4"
INK_GREEN = "#1E8A3C"

COLOURS_2 = {"S": INK_BLACK, "H": INK_RED, "D": INK_RED, "C": INK_BLACK}
COLOURS_4 = {"S": INK_BLACK, "H": INK_RED, "D": INK_BLUE, "C": INK_GREEN}

RANKS = "AKQJT98765432"
SUITS = "SHDC"

W, H = 250, 350  # card viewBox (5:7)
CARD_RX = 14

APP_NAME = "Thaasbai"
APP_DESCRIPTION = (
    "Thaas, Dhihaeh and Thulla: the card games of the Maldives and South Asia, "
    "solo against bots or with friends."
)

# --------------------------------------------------------------------------------------
# Geometry helpers: paths are lists of sub-paths; a sub-path is a list of
# (command, points) with command in "M", "L", "Q", "C" and absolute points.
# Every sub-path is closed.
# --------------------------------------------------------------------------------------

_TOKEN = re.compile(r"[MLQCZ]|-?\d+(?:\.\d+)?")
_NARGS = {"M": 1, "L": 1, "Q": 2, "C": 3}


def parse_path(d: str):
    """Parse a path string using only absolute M/L/Q/C/Z commands."""
    tokens = _TOKEN.findall(d)
    subpaths, cur, i = [], None, 0
    while i < len(tokens):
        cmd = tokens[i]
        i += 1
        if cmd == "Z":
            if cur:
                subpaths.append(cur)
            cur = None
            continue
        n = _NARGS[cmd]
        pts = []
        for _ in range(n):
            pts.append((float(tokens[i]), float(tokens[i + 1])))
            i += 2
        if cmd == "M":
            if cur:
                subpaths.append(cur)
            cur = [("M", pts)]
        else:
            cur.append((cmd, pts))
    if cur:
        subpaths.append(cur)
    return subpaths


def mat_mul(m1, m2):
    """Affine matrices as (a, b, c, d, e, f), SVG convention; returns m1 * m2."""
    a1, b1, c1, d1, e1, f1 = m1
    a2, b2, c2, d2, e2, f2 = m2
    return (
        a1 * a2 + c1 * b2,
        b1 * a2 + d1 * b2,
        a1 * c2 + c1 * d2,
        b1 * c2 + d1 * d2,
        a1 * e2 + c1 * f2 + e1,
        b1 * e2 + d1 * f2 + f1,
    )


def m_translate(x, y):
    return (1.0, 0.0, 0.0, 1.0, float(x), float(y))


def m_scale(sx, sy=None):
    return (float(sx), 0.0, 0.0, float(sx if sy is None else sy), 0.0, 0.0)


def m_rotate(deg, cx=0.0, cy=0.0):
    r = math.radians(deg)
    co, si = math.cos(r), math.sin(r)
    rot = (co, si, -si, co, 0.0, 0.0)
    return mat_mul(m_translate(cx, cy), mat_mul(rot, m_translate(-cx, -cy)))


def chain(*ms):
    """chain(A, B, C) applies C first, then B, then A (like nested SVG transforms)."""
    out = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for m in ms:
        out = mat_mul(out, m)
    return out


def transform(path, m):
    a, b, c, d, e, f = m
    return [
        [(cmd, [(a * x + c * y + e, b * x + d * y + f) for x, y in pts]) for cmd, pts in sp]
        for sp in path
    ]


def bbox(path):
    xs = [p[0] for sp in path for _, pts in sp for p in pts]
    ys = [p[1] for sp in path for _, pts in sp for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def num(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def to_d(path) -> str:
    out = []
    for sp in path:
        for cmd, pts in sp:
            out.append(cmd + " ".join(f"{num(x)} {num(y)}" for x, y in pts))
        out.append("Z")
    return "".join(out)


def flatten(path, steps=16):
    """Polygons (lists of points) approximating each sub-path."""
    polys = []
    for sp in path:
        poly = []
        cur = None
        for cmd, pts in sp:
            if cmd in ("M", "L"):
                cur = pts[0]
                poly.append(cur)
            elif cmd == "Q":
                (x1, y1), (x2, y2) = pts
                x0, y0 = cur
                for k in range(1, steps + 1):
                    t = k / steps
                    u = 1 - t
                    poly.append(
                        (
                            u * u * x0 + 2 * u * t * x1 + t * t * x2,
                            u * u * y0 + 2 * u * t * y1 + t * t * y2,
                        )
                    )
                cur = pts[1]
            elif cmd == "C":
                (x1, y1), (x2, y2), (x3, y3) = pts
                x0, y0 = cur
                for k in range(1, steps + 1):
                    t = k / steps
                    u = 1 - t
                    poly.append(
                        (
                            u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
                            u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3,
                        )
                    )
                cur = pts[2]
        polys.append(poly)
    return polys


def circle_path(cx, cy, r):
    k = 0.5522847498 * r
    return parse_path(
        f"M{cx} {cy - r}"
        f"C{cx + k} {cy - r} {cx + r} {cy - k} {cx + r} {cy}"
        f"C{cx + r} {cy + k} {cx + k} {cy + r} {cx} {cy + r}"
        f"C{cx - k} {cy + r} {cx - r} {cy + k} {cx - r} {cy}"
        f"C{cx - r} {cy - k} {cx - k} {cy - r} {cx} {cy - r}Z"
    )


def rounded_rect_path(x, y, w, h, r):
    k = 0.5522847498 * r
    x2, y2 = x + w, y + h
    return parse_path(
        f"M{x + r} {y}L{x2 - r} {y}C{x2 - r + k} {y} {x2} {y + r - k} {x2} {y + r}"
        f"L{x2} {y2 - r}C{x2} {y2 - r + k} {x2 - r + k} {y2} {x2 - r} {y2}"
        f"L{x + r} {y2}C{x + r - k} {y2} {x} {y2 - r + k} {x} {y2 - r}"
        f"L{x} {y + r}C{x} {y + r - k} {x + r - k} {y} {x + r} {y}Z"
    )


# --------------------------------------------------------------------------------------
# Suit symbols, drawn in a 100 x 100 box (y down); all sub-paths wind the same way so
# that overlapping parts (the club's three lobes) unite under the nonzero rule.
# --------------------------------------------------------------------------------------


def _club():
    path = []
    for cx, cy in ((50, 27), (26.5, 57), (73.5, 57)):
        path += circle_path(cx, cy, 21.5)
    path += parse_path("M50 30L70 56L50 66L30 56Z")
    path += parse_path("M53 58C53 76 59 88 69 97L31 97C41 88 47 76 47 58Z")
    return path


SUIT_PATHS = {
    "S": parse_path(
        "M50 2C44 16 31 27 19 38C8 48 2 56 2 67C2 80 12 88 24 88C35 88 42 82 46.5 74"
        "C45.5 85 40 92 31 97L69 97C60 92 54.5 85 53.5 74C58 82 65 88 76 88"
        "C88 88 98 80 98 67C98 56 92 48 81 38C69 27 56 16 50 2Z"
    ),
    "H": parse_path(
        "M50 96C45 86 35 77 24 67C11 55 2 46 2 31C2 16 13 5 27 5C38 5 46 12 50 21"
        "C54 12 62 5 73 5C87 5 98 16 98 31C98 46 89 55 76 67C65 77 55 86 50 96Z"
    ),
    "D": parse_path(
        "M50 1C60 19 73 35 88 50C73 65 60 81 50 99C40 81 27 65 12 50C27 35 40 19 50 1Z"
    ),
    "C": _club(),
}


def _signed_area(poly):
    return (
        sum(
            x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=False)
        )
        / 2.0
    )


# all sub-paths of a suit must turn the same way, or their overlaps would cancel out
# (holes) under the nonzero fill rule
assert all(
    len({_signed_area(poly) > 0 for poly in flatten(path)}) == 1 for path in SUIT_PATHS.values()
), "suit sub-paths must all turn the same way"


def suit_path(suit, cx, cy, size, flip=False):
    """Suit symbol centred at (cx, cy), size = height of the 100-unit box in px."""
    s = size / 100.0
    m = chain(m_translate(cx, cy), m_scale(s), m_translate(-50, -50))
    if flip:
        m = mat_mul(m_rotate(180, cx, cy), m)
    return transform(SUIT_PATHS[suit], m)


# --------------------------------------------------------------------------------------
# Rank glyph outlines (font units, 2048/em, y up), extracted once with fontTools from
# DejaVu Sans Condensed Bold ("sans") and DejaVu Serif Bold ("serif"), DejaVu 2.37.
# DejaVu fonts: Bitstream Vera licence, DejaVu changes public domain (see
# assets/fonts/LICENSE-DejaVu.txt).  Values: (advance width, outline).
# --------------------------------------------------------------------------------------

GLYPHS = {
    "sans": {
        "A": (
            1426,
            (
                "M985 272L443 272L357 0L9 0L507 1493L920 1493L1418 0L1069 0ZM529 549L897 549"
                "L714 1143Z"
            ),
        ),
        "K": (
            1428,
            (
                "M169 1493L516 1493L516 948L1015 1493L1418 1493L770 786L1484 0L1050 0L516 588"
                "L516 0L169 0Z"
            ),
        ),
        "Q": (
            1566,
            (
                "M820 -27L793 -27Q461 -27 276 177Q92 381 92 745Q92 1108 276 1314"
                "Q460 1520 783 1520Q1110 1520 1292 1316Q1474 1112 1474 745Q1474 493 1378 311"
                "Q1281 129 1099 37L1370 -299L1040 -299ZM783 1241Q625 1241 538 1111"
                "Q450 981 450 745Q450 505 536 378Q621 250 783 250Q942 250 1030 380"
                "Q1117 510 1117 745Q1117 981 1030 1111Q942 1241 783 1241Z"
            ),
        ),
        "J": (
            685,
            (
                "M170 1493L517 1493L517 145Q517 -134 380 -272Q244 -410 -32 -410L-103 -410"
                "L-103 -119L-49 -119Q59 -119 114 -52Q170 15 170 145Z"
            ),
        ),
        "0": (
            1282,
            (
                "M848 748Q848 1028 800 1142Q753 1257 642 1257Q530 1257 482 1142"
                "Q435 1028 435 748Q435 465 482 349Q530 233 642 233Q752 233 800 349"
                "Q848 465 848 748ZM1206 745Q1206 374 1056 172Q905 -29 642 -29Q377 -29 227 172"
                "Q76 374 76 745Q76 1117 227 1318Q377 1520 642 1520Q905 1520 1056 1318"
                "Q1206 1117 1206 745Z"
            ),
        ),
        "1": (
            1282,
            (
                "M216 266L522 266L522 1231L208 1159L208 1421L520 1493L850 1493L850 266"
                "L1156 266L1156 0L216 0Z"
            ),
        ),
        "2": (
            1282,
            (
                "M531 283L1122 283L1122 0L146 0L146 283L636 764Q702 830 734 893"
                "Q765 956 765 1024Q765 1129 702 1193Q638 1257 533 1257Q452 1257 356 1222"
                "Q260 1188 150 1118L150 1446Q267 1483 381 1501Q494 1520 604 1520"
                "Q846 1520 980 1408Q1114 1296 1114 1096Q1114 980 1060 880Q1006 779 834 616Z"
            ),
        ),
        "3": (
            1282,
            (
                "M859 805Q994 766 1065 670Q1136 573 1136 424Q1136 202 983 86Q830 -29 536 -29"
                "Q433 -29 329 -10Q225 8 123 45L123 342Q220 288 316 260Q412 233 506 233"
                "Q645 233 719 290Q793 348 793 455Q793 565 717 622Q641 680 492 680L399 680"
                "L399 928L497 928Q629 928 694 973Q760 1018 760 1110Q760 1195 699 1241"
                "Q638 1288 526 1288Q443 1288 358 1268Q273 1249 188 1212L188 1495"
                "Q291 1507 390 1514Q488 1520 575 1520Q810 1520 927 1436Q1044 1352 1044 1184"
                "Q1044 1056 996 974Q948 891 859 805Z"
            ),
        ),
        "4": (
            1282,
            (
                "M679 1176L299 551L679 551ZM621 1493L1006 1493L1006 551L1198 551L1198 272"
                "L1006 272L1006 0L679 0L679 272L83 272L83 602Z"
            ),
        ),
        "5": (
            1282,
            (
                "M195 1493L1057 1493L1057 1210L472 1210L472 979Q511 991 551 998"
                "Q591 1004 634 1004Q880 1004 1017 868Q1154 731 1154 487Q1154 245 1005 108"
                "Q856 -29 592 -29Q478 -29 367 -5Q256 18 145 66L145 369Q255 301 354 267"
                "Q454 233 543 233Q671 233 744 303Q817 373 817 492Q817 612 744 680"
                "Q671 748 543 748Q467 748 381 725Q295 702 195 655Z"
            ),
        ),
        "6": (
            1282,
            (
                "M667 737Q576 737 530 672Q485 606 485 475Q485 344 530 278Q576 213 667 213"
                "Q759 213 804 278Q850 344 850 475Q850 606 804 672Q759 737 667 737ZM1085 1460"
                "L1085 1188Q997 1233 917 1255Q836 1276 758 1276Q590 1276 496 1170"
                "Q403 1063 387 854Q452 909 527 936Q602 963 690 963Q911 963 1044 829"
                "Q1176 694 1176 475Q1176 233 1028 102Q880 -29 614 -29Q321 -29 180 168"
                "Q39 366 39 770Q39 1131 213 1326Q387 1520 713 1520Q815 1520 908 1503"
                "Q1001 1485 1085 1460Z"
            ),
        ),
        "7": (1282, "M123 1493L1136 1493L1136 1276L612 0L274 0L770 1210L123 1210Z"),
        "8": (
            1282,
            (
                "M642 668Q544 668 492 609Q440 550 440 440Q440 330 492 272Q544 213 642 213"
                "Q738 213 790 272Q841 330 841 440Q841 551 790 610Q738 668 642 668ZM393 795"
                "Q252 840 181 922Q109 1004 109 1128Q109 1322 247 1421Q385 1520 642 1520"
                "Q897 1520 1035 1421Q1173 1323 1173 1128Q1173 1004 1101 922Q1030 840 889 795"
                "Q1047 750 1128 656Q1208 562 1208 414Q1208 186 1063 79Q918 -29 642 -29"
                "Q364 -29 219 79Q74 186 74 414Q74 562 154 656Q235 750 393 795ZM475 1098"
                "Q475 1019 518 977Q562 934 642 934Q720 934 764 977Q807 1019 807 1098"
                "Q807 1176 764 1218Q720 1260 642 1260Q562 1260 518 1218Q475 1175 475 1098Z"
            ),
        ),
        "9": (
            1282,
            (
                "M184 33L184 309Q267 266 342 244Q418 223 492 223Q647 223 734 318"
                "Q820 414 835 602Q774 552 704 527Q635 502 554 502Q348 502 222 636"
                "Q96 771 96 1016Q96 1257 248 1388Q400 1520 666 1520Q961 1520 1102 1322"
                "Q1243 1124 1243 719Q1243 359 1066 165Q889 -29 567 -29Q465 -29 372 -14"
                "Q279 1 184 33ZM614 752Q705 752 751 818Q797 883 797 1014Q797 1145 751 1210"
                "Q705 1276 614 1276Q522 1276 476 1210Q430 1145 430 1014Q430 883 476 818"
                "Q522 752 614 752Z"
            ),
        ),
    },
    "serif": {
        "A": (
            1589,
            (
                "M-16 0L-16 121L106 121L668 1493L907 1493L1470 121L1612 121L1612 0L913 0"
                "L913 121L1059 121L936 426L375 426L250 121L428 121L428 0ZM428 557L883 557"
                "L655 1112Z"
            ),
        ),
        "K": (
            1780,
            (
                "M96 0L96 121L287 121L287 1372L96 1372L96 1493L864 1493L864 1372L672 1372"
                "L672 827L1305 1372L1145 1372L1145 1493L1702 1493L1702 1372L1503 1372L946 889"
                "L1573 121L1761 121L1761 0L1021 0L1021 121L1180 121L672 741L672 121L864 121"
                "L864 0Z"
            ),
        ),
        "Q": (
            1784,
            (
                "M885 -29Q507 -23 296 181Q86 385 86 745Q86 1107 300 1314Q515 1520 891 1520"
                "Q1268 1520 1482 1314Q1696 1108 1696 745Q1696 427 1532 226Q1368 25 1069 -20"
                "L1309 -211L1040 -393ZM891 113Q1057 113 1142 268Q1227 424 1227 745"
                "Q1227 1067 1142 1222Q1057 1378 891 1378Q723 1378 638 1222Q553 1067 553 745"
                "Q553 424 638 268Q723 113 891 113Z"
            ),
        ),
        "J": (
            969,
            (
                "M-150 -358L-150 -123L-20 -123Q-14 -217 24 -261Q63 -305 139 -305"
                "Q236 -305 274 -230Q313 -156 313 49L313 1372L96 1372L96 1493L891 1493"
                "L891 1372L698 1372L698 156Q698 -117 579 -238Q459 -358 227 -358Z"
            ),
        ),
    },
}

CAP = 1493.0  # cap height of both faces in font units
_GLYPH_CACHE: dict = {}


def glyph(face, ch):
    key = (face, ch)
    if key not in _GLYPH_CACHE:
        _GLYPH_CACHE[key] = parse_path(GLYPHS[face][ch][1])
    return _GLYPH_CACHE[key]


def map_points(path, fn):
    return [[(cmd, [fn(x, y) for x, y in pts]) for cmd, pts in sp] for sp in path]


def fit_cap(path, ch):
    """Keep a glyph inside its cap height: a J is scaled to sit on the baseline and a
    Q's tail is shortened, so corner indices never run into the suit symbol below."""
    _, y0, _, _ = bbox(path)
    if y0 >= -60:
        return path
    if ch == "J":
        k = CAP / (CAP - y0)
        return map_points(path, lambda x, y: (x, (y - y0) * k))
    return map_points(path, lambda x, y: (x, y * 0.3 if y < 0 else y))


def text_path(text, face, cx, top, cap_px, squeeze=1.0, tracking=0.0, clamp=False):
    """Outline of `text` whose cap height is `cap_px`, ink centred on cx, cap top at `top`.

    `squeeze` narrows glyphs horizontally; `tracking` (font units) adjusts spacing;
    `clamp` keeps descenders (J, Q) above the baseline.
    """
    s = cap_px / CAP
    placed, pen = [], 0.0
    for ch in text:
        p = glyph(face, ch)
        if clamp:
            p = fit_cap(p, ch)
        x0, _, x1, _ = bbox(p)
        # place each glyph by its ink box, so "10" is spaced tightly and evenly
        placed += transform(p, m_translate(pen - x0, 0))
        pen += (x1 - x0) + tracking
    x0, _, x1, _ = bbox(placed)
    mid = (x0 + x1) / 2.0
    m = chain(m_translate(cx, top + cap_px), m_scale(s * squeeze, -s), m_translate(-mid, 0))
    return transform(placed, m)


# --------------------------------------------------------------------------------------
# SVG output
# --------------------------------------------------------------------------------------


def mix(c1, c2, t):
    """Blend hex colours: t=0 -> c1, t=1 -> c2."""
    a = [int(c1[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(c2[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02X}" for x, y in zip(a, b, strict=False))


def svg_doc(body, w=W, h=H, title=None):
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
        f'width="{w}" height="{h}">\n'
    )
    if title:
        head += f"<title>{title}</title>\n"
    return head + "\n".join(body) + "\n</svg>\n"


def p_el(path, fill, extra=""):
    return f'<path fill="{fill}"{extra} d="{to_d(path)}"/>'


# --- faces ------------------------------------------------------------------------------

RANK_TEXT = {r: r for r in "AKQJ98765432"}
RANK_TEXT["T"] = "10"
RANK_NAME = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}
SUIT_NAME = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}

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
    base = TEAL if colour == INK_BLACK else colour
    tint = mix(CARD_WHITE, base, 0.07)
    frame = mix(CARD_WHITE, base, 0.5)
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
        f'fill="{CARD_WHITE}" stroke="{CARD_EDGE}" stroke-width="2"/>'
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


# --- back -------------------------------------------------------------------------------


def _clip_segment(p, q, rect):
    """Liang-Barsky clipping of segment p-q to rect (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = rect
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for pk, qk in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if pk == 0:
            if qk < 0:
                return None
            continue
        t = qk / pk
        if pk < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 >= t1:
        return None
    return (p[0] + t0 * dx, p[1] + t0 * dy), (p[0] + t1 * dx, p[1] + t1 * dy)


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
        f'fill="{CARD_WHITE}" stroke="{CARD_EDGE}" stroke-width="2"/>',
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
            seg = _clip_segment(p, q, rect)
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


def suit_svg(suit, colour):
    path = suit_path(suit, 50.0, 50.0, 96.0)
    return svg_doc([p_el(path, colour)], 100, 100, title=SUIT_NAME[suit])


# --------------------------------------------------------------------------------------
# Raster icons (Pillow): supersampled polygon masks, box-filtered down.
# --------------------------------------------------------------------------------------

SS = 4


def _rgb(hexcol):
    return tuple(int(hexcol[i : i + 2], 16) for i in (1, 3, 5))


class Canvas:
    def __init__(self, size, Image, ImageDraw, ImageFilter):
        self.size = size
        self.Image, self.ImageDraw, self.ImageFilter = Image, ImageDraw, ImageFilter
        self.img = Image.new("RGBA", (size, size), (0, 0, 0, 0))

    def mask(self, path, holes=None):
        big = self.Image.new("L", (self.size * SS, self.size * SS), 0)
        draw = self.ImageDraw.Draw(big)
        scaled = transform(path, m_scale(SS))
        for poly in flatten(scaled, 24):
            draw.polygon([(round(x, 3), round(y, 3)) for x, y in poly], fill=255)
        if holes:
            for poly in flatten(transform(holes, m_scale(SS)), 24):
                draw.polygon([(round(x, 3), round(y, 3)) for x, y in poly], fill=0)
        return big.reduce(SS)

    def fill(self, path, colour, alpha=1.0, holes=None):
        m = self.mask(path, holes)
        if alpha < 1.0:
            m = m.point(lambda v: round(v * alpha))
        layer = self.Image.new("RGBA", (self.size, self.size), (*_rgb(colour), 255))
        layer.putalpha(m)
        self.img.alpha_composite(layer)

    def fill_image(self, path, image):
        m = self.mask(path)
        layer = image.copy()
        layer.putalpha(m)
        self.img.alpha_composite(layer)

    def shadow(self, path, radius, offset, alpha):
        m = self.mask(transform(path, m_translate(*offset)))
        m = m.filter(self.ImageFilter.GaussianBlur(radius))
        m = m.point(lambda v: round(v * alpha))
        layer = self.Image.new("RGBA", (self.size, self.size), (4, 30, 36, 255))
        layer.putalpha(m)
        self.img.alpha_composite(layer)


def radial_bg(size, Image, inner, outer, centre=(0.5, 0.42), radius=0.75):
    """Deterministic radial gradient image (RGBA)."""
    ci, co = _rgb(inner), _rgb(outer)
    cx, cy = centre[0] * size, centre[1] * size
    rr = radius * size
    data = []
    for y in range(size):
        for x in range(size):
            t = min(1.0, math.hypot(x + 0.5 - cx, y + 0.5 - cy) / rr)
            t = t * t * (3 - 2 * t)
            data.append((*tuple(round(a + (b - a) * t) for a, b in zip(ci, co, strict=False)), 255))
    img = Image.new("RGBA", (size, size))
    img.putdata(data)
    return img


MOTIF_CARD = (150.0, 210.0, 16.0)  # width, height, corner radius (motif units)


def motif_cards():
    """Fan of three cards (motif units): heart and diamond behind, the spade in front.

    Returns [(matrix, angle, suit, colour)], back to front.
    """
    pivot = (0.0, 150.0)  # the fan opens around a point below the cards
    out = []
    for angle, suit, colour in ((-19.0, "H", INK_RED), (19.0, "D", INK_RED), (0.0, "S", INK_BLACK)):
        # side cards sit a little lower so their inner corners stay behind the front card
        drop = 0.0 if angle == 0 else 22.0
        out.append((chain(m_rotate(angle, *pivot), m_translate(0, drop)), angle, suit, colour))
    return out


def motif_extent():
    """(centre x, centre y, half-width, half-height, radius) of the motif's cards."""
    cw, ch, r = MOTIF_CARD
    pts = []
    for m, *_ in motif_cards():
        for poly in flatten(transform(rounded_rect_path(-cw / 2, -ch / 2, cw, ch, r), m), 8):
            pts += poly
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    cx, cy = (min(xs) + max(xs)) / 2.0, (min(ys) + max(ys)) / 2.0
    rad = max(math.hypot(x - cx, y - cy) for x, y in pts)
    return cx, cy, (max(xs) - min(xs)) / 2.0, (max(ys) - min(ys)) / 2.0, rad


def draw_motif(cv, base, scale, detail=True):
    cw, ch, r = MOTIF_CARD
    for m_local, angle, suit, colour in motif_cards():
        m = chain(base, m_local)
        card = transform(rounded_rect_path(-cw / 2, -ch / 2, cw, ch, r), m)
        cv.shadow(card, max(1.0, 6 * scale), (0, 5 * scale), 0.45)
        cv.fill(card, CARD_WHITE)
        if detail:
            edge = transform(
                rounded_rect_path(-cw / 2 + 6, -ch / 2 + 6, cw - 12, ch - 12, r - 5), m
            )
            inner = transform(
                rounded_rect_path(-cw / 2 + 8, -ch / 2 + 8, cw - 16, ch - 16, r - 7), m
            )
            cv.fill(edge, mix(CARD_WHITE, TEAL, 0.25), holes=inner)
        if suit == "S":
            cv.fill(transform(suit_path("S", 0, 2, 112.0), m), colour)
        else:
            # side cards show their suit near the visible outer top corner
            sx = -cw / 2 + 30 if angle < 0 else cw / 2 - 30
            cv.fill(transform(suit_path(suit, sx, -ch / 2 + 34, 34.0), m), colour)


def make_icon(size, Image, ImageDraw, ImageFilter, *, maskable=False, rounded=False, simple=False):
    cv = Canvas(size, Image, ImageDraw, ImageFilter)
    bg = radial_bg(size, Image, TEAL_MID, TEAL_DEEP)
    if rounded:
        shape = rounded_rect_path(0, 0, size, size, size * 0.22)
        cv.fill_image(shape, bg)
    else:
        cv.img = bg
    # subtle lattice on the background (skipped on tiny icons)
    if size >= 128:
        s = size / 512.0
        cell = 64 * s
        lines = []
        for k in range(-12, 13):
            for sgn in (1, -1):
                off = k * cell
                p = (size / 2 + off - sgn * size * 2, size / 2 - size * 2)
                q = (size / 2 + off + sgn * size * 2, size / 2 + size * 2)
                seg = _clip_segment(p, q, (0, 0, size, size))
                if seg:
                    (a, b) = seg
                    dx, dy = b[0] - a[0], b[1] - a[1]
                    ln = math.hypot(dx, dy)
                    nx, ny = -dy / ln * 0.9 * s, dx / ln * 0.9 * s
                    lines.append(
                        [
                            ("M", [(a[0] + nx, a[1] + ny)]),
                            ("L", [(b[0] + nx, b[1] + ny)]),
                            ("L", [(b[0] - nx, b[1] - ny)]),
                            ("L", [(a[0] - nx, a[1] - ny)]),
                        ]
                    )
        lat = cv.mask(lines)
        if rounded:
            clip = cv.mask(rounded_rect_path(0, 0, size, size, size * 0.22))
            from PIL import ImageChops

            lat = ImageChops.multiply(lat, clip)
        lat = lat.point(lambda v: round(v * 0.16))
        layer = Image.new("RGBA", (size, size), (*_rgb(TEAL_LIGHT), 255))
        layer.putalpha(lat)
        cv.img.alpha_composite(layer)
    if simple:
        # favicon: one card with a spade, bigger, no side cards
        m = chain(m_translate(size / 2, size / 2), m_scale(size / 64.0), m_rotate(-8))
        card = transform(rounded_rect_path(-18, -25, 36, 50, 5), m)
        cv.shadow(card, max(0.6, size / 64.0), (0, size / 64.0), 0.5)
        cv.fill(card, CARD_WHITE)
        cv.fill(transform(suit_path("S", 0, 0.5, 30.0), m), INK_BLACK)
        return cv.img
    # fit the fan: inside the central 80 % circle for maskable icons, with a margin
    # otherwise
    mx, my, hw, hh, rad = motif_extent()
    if maskable:
        scale = size * 0.40 * 0.96 / rad
    else:
        scale = size * (0.78 if rounded else 0.74) / 2.0 / max(hw, hh)
    base = chain(m_translate(size / 2.0, size / 2.0), m_scale(scale), m_translate(-mx, -my))
    draw_motif(cv, base, scale, detail=size >= 128)
    return cv.img


def png_bytes(img):
    import io

    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


# --------------------------------------------------------------------------------------
# Manifest, index.html, service worker, fonts
# --------------------------------------------------------------------------------------

ICONS = [
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/icon-maskable-192.png", 192, "maskable"),
    ("icons/icon-maskable-512.png", 512, "maskable"),
]


def manifest_json():
    data = {
        "name": APP_NAME,
        "short_name": APP_NAME,
        "description": APP_DESCRIPTION,
        "start_url": ".",
        "scope": ".",
        "display": "standalone",
        "orientation": "any",
        "background_color": TEAL_DEEP,
        "theme_color": TEAL,
        "lang": "en",
        "categories": ["games", "entertainment"],
        "prefer_related_applications": False,
        "icons": [
            {"src": src, "sizes": f"{px}x{px}", "type": "image/png", "purpose": purpose}
            for src, px, purpose in ICONS
        ],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


DEJAVU_DIR = Path("/usr/share/fonts/truetype/dejavu")
FONT_FILES = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]

DEJAVU_LICENSE = """\
DejaVu fonts (DejaVuSans.ttf, DejaVuSans-Bold.ttf) - bundled for the suit symbols
(U+2660..U+2667) used in the Thaasbai user interface. Copied unmodified from Debian's
fonts-dejavu-core package (DejaVu 2.37). The outlines of the rank letters on the card
faces (assets/cards*/) were taken from DejaVu Sans Condensed Bold and DejaVu Serif Bold.

Source: https://dejavu-fonts.github.io/

Fonts are (c) Bitstream (see below). DejaVu changes are in public domain.
Glyphs imported from Arev fonts are (c) Tavmjong Bah (see below).

Bitstream Vera Fonts Copyright
------------------------------

Copyright (c) 2003 by Bitstream, Inc. All Rights Reserved. Bitstream Vera is
a trademark of Bitstream, Inc.

Permission is hereby granted, free of charge, to any person obtaining a copy
of the fonts accompanying this license ("Fonts") and associated
documentation files (the "Font Software"), to reproduce and distribute the
Font Software, including without limitation the rights to use, copy, merge,
publish, distribute, and/or sell copies of the Font Software, and to permit
persons to whom the Font Software is furnished to do so, subject to the
following conditions:

The above copyright and trademark notices and this permission notice shall
be included in all copies of one or more of the Font Software typefaces.

The Font Software may be modified, altered, or added to, and in particular
the designs of glyphs or characters in the Fonts may be modified and
additional glyphs or characters may be added to the Fonts, only if the fonts
are renamed to names not containing either the words "Bitstream" or the word
"Vera".

This License becomes null and void to the extent applicable to Fonts or Font
Software that has been modified and is distributed under the "Bitstream
Vera" names.

The Font Software may be sold as part of a larger software package but no
copy of one or more of the Font Software typefaces may be sold by itself.

THE FONT SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS
OR IMPLIED, INCLUDING BUT NOT LIMITED TO ANY WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT OF COPYRIGHT, PATENT,
TRADEMARK, OR OTHER RIGHT. IN NO EVENT SHALL BITSTREAM OR THE GNOME
FOUNDATION BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, INCLUDING
ANY GENERAL, SPECIAL, INDIRECT, INCIDENTAL, OR CONSEQUENTIAL DAMAGES,
WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF
THE USE OR INABILITY TO USE THE FONT SOFTWARE OR FROM OTHER DEALINGS IN THE
FONT SOFTWARE.

Except as contained in this notice, the names of Gnome, the Gnome
Foundation, and Bitstream Inc., shall not be used in advertising or
otherwise to promote the sale, use or other dealings in this Font Software
without prior written authorization from the Gnome Foundation or Bitstream
Inc., respectively. For further information, contact: fonts at gnome dot
org.

Arev Fonts Copyright
------------------------------

Copyright (c) 2006 by Tavmjong Bah. All Rights Reserved.

Permission is hereby granted, free of charge, to any person obtaining
a copy of the fonts accompanying this license ("Fonts") and
associated documentation files (the "Font Software"), to reproduce
and distribute the modifications to the Bitstream Vera Font Software,
including without limitation the rights to use, copy, merge, publish,
distribute, and/or sell copies of the Font Software, and to permit
persons to whom the Font Software is furnished to do so, subject to
the following conditions:

The above copyright and trademark notices and this permission notice
shall be included in all copies of one or more of the Font Software
typefaces.

The Font Software may be modified, altered, or added to, and in
particular the designs of glyphs or characters in the Fonts may be
modified and additional glyphs or characters may be added to the
Fonts, only if the fonts are renamed to names not containing either
the words "Tavmjong Bah" or the word "Arev".

This License becomes null and void to the extent applicable to Fonts
or Font Software that has been modified and is distributed under the
"Tavmjong Bah Arev" names.

The Font Software may be sold as part of a larger software package but
no copy of one or more of the Font Software typefaces may be sold by
itself.

THE FONT SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO ANY WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT
OF COPYRIGHT, PATENT, TRADEMARK, OR OTHER RIGHT. IN NO EVENT SHALL
TAVMJONG BAH BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY,
INCLUDING ANY GENERAL, SPECIAL, INDIRECT, INCIDENTAL, OR CONSEQUENTIAL
DAMAGES, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
FROM, OUT OF THE USE OR INABILITY TO USE THE FONT SOFTWARE OR FROM
OTHER DEALINGS IN THE FONT SOFTWARE.

Except as contained in this notice, the name of Tavmjong Bah shall not
be used in advertising or otherwise to promote the sale, use or other
dealings in this Font Software without prior written authorization
from Tavmjong Bah. For further information, contact: tavmjong @ free
. fr.
"""


# --------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------


def generate(existing: Path | None = None, raster: bool = True) -> dict:
    """Return {relative path: bytes} for every asset.

    `existing` is the current assets folder: its fonts are reused when the sources are
    not installed. `raster=False` skips the PNG icons (no Pillow needed).
    """
    files: dict[str, bytes] = {}

    # cards
    for subdir, colours in (("cards", COLOURS_2), ("cards4", COLOURS_4)):
        for r in RANKS:
            for s in SUITS:
                files[f"{subdir}/{r}{s}.svg"] = card_svg(r, s, colours).encode()
        files[f"{subdir}/back.svg"] = back_svg().encode()
    # suits
    for subdir, colours in (("suits", COLOURS_2), ("suits4", COLOURS_4)):
        for s in SUITS:
            files[f"{subdir}/{s}.svg"] = suit_svg(s, colours[s]).encode()

    # icons
    if raster:
        try:
            from PIL import Image, ImageDraw, ImageFilter
        except ImportError:
            raise SystemExit("Pillow is required: pip install 'pillow>=10'") from None
        mods = (Image, ImageDraw, ImageFilter)
        files["icons/icon-192.png"] = png_bytes(make_icon(192, *mods, rounded=True))
        files["icons/icon-512.png"] = png_bytes(make_icon(512, *mods, rounded=True))
        # replaces the Flet logo on the loading screen of index.html
        files["icons/loading-animation.png"] = files["icons/icon-512.png"]
        # full-bleed icons carry no alpha channel at all
        files["icons/icon-maskable-192.png"] = png_bytes(
            make_icon(192, *mods, maskable=True).convert("RGB")
        )
        files["icons/icon-maskable-512.png"] = png_bytes(
            make_icon(512, *mods, maskable=True).convert("RGB")
        )
        files["icons/apple-touch-icon.png"] = png_bytes(make_icon(180, *mods).convert("RGB"))
        files["favicon.png"] = png_bytes(make_icon(64, *mods, rounded=True, simple=True))
        # `flet build` takes the launcher icon from assets/icon.png (full bleed, no alpha)
        files["icon.png"] = files["icons/icon-maskable-512.png"]

    files["manifest.json"] = manifest_json().encode()

    # fonts: copy from Debian if present, otherwise keep what is already there
    for name in FONT_FILES:
        src = DEJAVU_DIR / name
        old = existing / "fonts" / name if existing else None
        if src.exists():
            files[f"fonts/{name}"] = src.read_bytes()
        elif old is not None and old.exists():
            files[f"fonts/{name}"] = old.read_bytes()
        else:
            print(
                f"warning: {src} not found (apt-get install fonts-dejavu-core); "
                f"fonts/{name} not written",
                file=sys.stderr,
            )
    files["fonts/LICENSE-DejaVu.txt"] = DEJAVU_LICENSE.encode()

    return files


def write(out: Path, files: dict) -> int:
    """Write the files (LF line endings, unchanged files untouched); returns #written."""
    n = 0
    for rel, data in sorted(files.items()):
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.read_bytes() == data:
            continue
        path.write_bytes(data)
        n += 1
    return n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=REPO / "assets", help="output directory")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    files = generate(args.out)
    n = write(args.out, files)
    print(f"{len(files)} files in {args.out} ({n} changed) in {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
