"""Path geometry: paths are lists of closed sub-paths of (command, points) with command
in "M", "L", "Q", "C" and absolute points; affine matrices; flattening to polygons."""

from __future__ import annotations

import math
import re

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


def clip_segment(p, q, rect):
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
