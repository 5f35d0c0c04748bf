"""SVG output: documents, path elements and colour blending."""

from __future__ import annotations

from .geometry import to_d

W, H = 250, 350  # card viewBox (5:7)
CARD_RX = 14  # the corner radius of a card


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
