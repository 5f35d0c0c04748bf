"""Raster drawing with Pillow: supersampled polygon masks, box-filtered down."""

from __future__ import annotations

import math

from .geometry import flatten, m_scale, m_translate, transform

SS = 4


def rgb(hexcol):
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
        layer = self.Image.new("RGBA", (self.size, self.size), (*rgb(colour), 255))
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
    ci, co = rgb(inner), rgb(outer)
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
