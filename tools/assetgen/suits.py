"""The four suit symbols, drawn in a 100 x 100 box (y down); all sub-paths wind the same
way so that overlapping parts (the club's three lobes) unite under the nonzero rule."""

from __future__ import annotations

from .geometry import (
    chain,
    circle_path,
    flatten,
    m_rotate,
    m_scale,
    m_translate,
    mat_mul,
    parse_path,
    transform,
)
from .svg import p_el, svg_doc


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


SUIT_NAME = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


def suit_svg(suit, colour):
    path = suit_path(suit, 50.0, 50.0, 96.0)
    return svg_doc([p_el(path, colour)], 100, 100, title=SUIT_NAME[suit])
