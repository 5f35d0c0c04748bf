"""The app icons (PWA, home screen, favicon, launcher): a fan of three cards on teal."""

from __future__ import annotations

import math

from thaasbai.ui.palette import INK, INK_RED, TEAL, TEAL_DEEP, TEAL_LIGHT, TEAL_MID, WHITE

from .geometry import (
    chain,
    clip_segment,
    flatten,
    m_rotate,
    m_scale,
    m_translate,
    rounded_rect_path,
    transform,
)
from .raster import Canvas, radial_bg, rgb
from .suits import suit_path
from .svg import mix

MOTIF_CARD = (150.0, 210.0, 16.0)  # width, height, corner radius (motif units)


def motif_cards():
    """Fan of three cards (motif units): heart and diamond behind, the spade in front.

    Returns [(matrix, angle, suit, colour)], back to front.
    """
    pivot = (0.0, 150.0)  # the fan opens around a point below the cards
    out = []
    for angle, suit, colour in ((-19.0, "H", INK_RED), (19.0, "D", INK_RED), (0.0, "S", INK)):
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
        cv.fill(card, WHITE)
        if detail:
            edge = transform(
                rounded_rect_path(-cw / 2 + 6, -ch / 2 + 6, cw - 12, ch - 12, r - 5), m
            )
            inner = transform(
                rounded_rect_path(-cw / 2 + 8, -ch / 2 + 8, cw - 16, ch - 16, r - 7), m
            )
            cv.fill(edge, mix(WHITE, TEAL, 0.25), holes=inner)
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
                seg = clip_segment(p, q, (0, 0, size, size))
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
        layer = Image.new("RGBA", (size, size), (*rgb(TEAL_LIGHT), 255))
        layer.putalpha(lat)
        cv.img.alpha_composite(layer)
    if simple:
        # favicon: one card with a spade, bigger, no side cards
        m = chain(m_translate(size / 2, size / 2), m_scale(size / 64.0), m_rotate(-8))
        card = transform(rounded_rect_path(-18, -25, 36, 50, 5), m)
        cv.shadow(card, max(0.6, size / 64.0), (0, size / 64.0), 0.5)
        cv.fill(card, WHITE)
        cv.fill(transform(suit_path("S", 0, 0.5, 30.0), m), INK)
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


def icon_files() -> dict[str, bytes]:
    """Every PNG icon, by its path under assets/ (needs Pillow)."""
    try:
        from PIL import Image, ImageDraw, ImageFilter
    except ImportError:
        raise SystemExit("Pillow is required: pip install 'pillow>=10'") from None
    mods = (Image, ImageDraw, ImageFilter)
    files: dict[str, bytes] = {}
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
    return files
