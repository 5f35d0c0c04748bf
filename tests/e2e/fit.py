"""Geometry of what the app shows, read from Flutter's semantics tree, and the fit rules.

Flet draws on a canvas; Flutter also builds an accessibility DOM (``flt-semantics``
elements) whose boxes are those of the controls on screen: a button's box is its tap
target, a text's box is where it is painted.  Each rule below returns the violations it
finds as readable lines (empty: the screen passes), so a test can say exactly what broke.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from playwright.sync_api import Locator, Page

MIN_TAP = 44  # px in both directions: Apple's 44 pt (Material asks 48 dp)
MIN_STRIP = 40  # px of an overlapped hand card left to tap
TAPPABLE = ("button", "switch", "checkbox", "radio", "textbox")

# Every semantics node with a role or its own text: its box, and the part of it that a
# scrolled area (an ancestor that clips: ``overflow-y`` scroll or hidden) leaves visible.
_NODES_JS = """() => [...document.querySelectorAll('flt-semantics')].map(e => {
  const r = e.getBoundingClientRect();
  const leaf = !e.querySelector('flt-semantics');
  let [x0, y0, x1, y1] = [r.left, r.top, r.right, r.bottom];
  for (let a = e.parentElement; a; a = a.parentElement) {
    // A scrolled area clips with overflow-y 'scroll' or, as Flutter's web semantics
    // sometimes draws it, 'hidden': either way only the part inside it is in sight.
    if (a.tagName === 'FLT-SEMANTICS' && getComputedStyle(a).overflowY !== 'visible') {
      const c = a.getBoundingClientRect();
      [x0, y0, x1, y1] = [Math.max(x0, c.left), Math.max(y0, c.top),
                          Math.min(x1, c.right), Math.min(y1, c.bottom)];
    }
  }
  return {role: e.getAttribute('role') || '', id: e.getAttribute('flt-semantics-identifier') || '',
          label: (e.getAttribute('aria-label') || (leaf ? e.innerText : '') || '').trim(),
          x: r.x, y: r.y, w: r.width, h: r.height, leaf: leaf,
          seen: [x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0)]};
}).filter(n => n.w > 0 && n.h > 0 && (n.role || n.id || (n.leaf && n.label)))"""

# The box of one element once two animation frames have passed with it unchanged (it is
# not moving: a card landing, a list scrolling).
_SETTLED_JS = """async (e) => {
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  let last = null;
  for (let i = 0; i < 100; i++) {
    await frame();
    const r = e.getBoundingClientRect();
    const now = [r.x, r.y, r.width, r.height].map(Math.round).join(',');
    if (now === last) return {x: r.x, y: r.y, w: r.width, h: r.height};
    last = now;
  }
  return null;
}"""


@dataclass(frozen=True)
class Node:
    role: str
    id: str
    label: str
    x: float
    y: float
    w: float
    h: float
    seen: tuple[float, float, float, float] | None = None  # the part not scrolled away

    @property
    def hidden(self) -> bool:
        """Partly or wholly scrolled out of sight."""
        return self.seen is not None and (
            self.seen[2] < self.w - 0.5 or self.seen[3] < self.h - 0.5
        )

    @property
    def visible(self) -> Node | None:
        """The part of the node left in sight (None: none of it)."""
        if self.seen is None:
            return self
        x, y, w, h = self.seen
        return Node(self.role, self.id, self.label, x, y, w, h) if w > 0.5 and h > 0.5 else None

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def tappable(self) -> bool:
        return self.role in TAPPABLE

    def __str__(self) -> str:
        name = self.label or self.id or self.role
        return f"{name!r} at ({self.x:.0f}, {self.y:.0f}) {self.w:.0f}x{self.h:.0f}"


def nodes(page: Page) -> list[Node]:
    """Every semantics node now on the page (after the layout has settled)."""
    settle(page)
    return [
        Node(n["role"], n["id"], n["label"], n["x"], n["y"], n["w"], n["h"], tuple(n["seen"]))
        for n in page.evaluate(_NODES_JS)
    ]


def settle(page: Page) -> None:
    """Until the semantics root has kept its size for two frames (a relayout is done)."""
    page.locator("flt-semantics").first.evaluate(_SETTLED_JS)


def settled_box(locator: Locator) -> dict[str, float]:
    """The box of ``locator`` once it has stopped moving."""
    box = locator.evaluate(_SETTLED_JS)
    assert box is not None, "it never stopped moving"
    return box


def small_targets(found: list[Node]) -> list[str]:
    """Buttons, switches and fields smaller than ``MIN_TAP`` in either direction."""
    return [
        f"{n} is smaller than {MIN_TAP} px"
        for n in found
        if n.tappable and (n.w < MIN_TAP - 0.5 or n.h < MIN_TAP - 0.5)
    ]


def off_screen(found: list[Node], w: float, h: float | None) -> list[str]:
    """Nodes cut by the window's edges: sideways always; top and bottom given ``h``."""
    out = []
    for n in found:
        seen = n.visible  # what a scrolled area shows of it (the rest scrolls into view)
        if n.x < -0.5 or n.right > w + 0.5:
            out.append(f"{n} runs off the side of a {w:.0f} px window")
        elif h is not None and seen is not None and (seen.y < -0.5 or seen.bottom > h + 0.5):
            out.append(f"{n} runs off the top or bottom of a {h:.0f} px window")
    return out


def overlapping(found: list[Node]) -> list[str]:
    """Pairs of tap targets drawn over each other (one covers part of the other), by the
    parts of them in sight; two hand cards may overlap (they are fanned)."""
    targets = [v for n in found if n.tappable and (v := n.visible) is not None]
    out = []
    for a, b in itertools.combinations(targets, 2):
        dx = min(a.right, b.right) - max(a.x, b.x)
        dy = min(a.bottom, b.bottom) - max(a.y, b.y)
        fanned = a.id.startswith("card-") and b.id.startswith("card-")
        if dx > 1 and dy > 1 and not fanned and not _inside(a, b) and not _inside(b, a):
            out.append(f"{a} overlaps {b}")
    return out


def _inside(a: Node, b: Node) -> bool:
    """``a`` wholly contains ``b`` (a group and its own control, not two controls)."""
    return (
        a.x <= b.x + 0.5
        and a.y <= b.y + 0.5
        and a.right >= b.right - 0.5
        and (a.bottom >= b.bottom - 0.5)
    )


def narrow_strips(cards: list[Node]) -> list[str]:
    """Hand cards, row by row, whose visible strip (to the next card) is under MIN_STRIP."""
    rows: dict[int, list[Node]] = {}
    for c in cards:
        rows.setdefault(round(c.y / 10), []).append(c)
    out = []
    for row in rows.values():
        row.sort(key=lambda c: c.x)
        for a, b in itertools.pairwise(row):
            strip = min(b.x - a.x, a.w)
            if strip < MIN_STRIP - 0.5:
                out.append(f"{a.id} shows a {strip:.0f} px strip")
    return out


def missing(found: list[Node], labels: list[str], w: float, h: float) -> list[str]:
    """The ``labels`` with no tap target wholly inside the window (no scrolling)."""
    out = []
    for label in labels:
        hits = [n for n in found if n.tappable and n.label == label]
        if not any(
            n.x >= -0.5 and n.right <= w + 0.5 and n.y >= -0.5 and n.bottom <= h + 0.5 for n in hits
        ):
            out.append(f"{label!r} is not on screen without scrolling: {[str(n) for n in hits]}")
    return out


_TARGETS = ", ".join(f"flt-semantics[role={r}]" for r in TAPPABLE)


def tap_targets(page: Page) -> list[Node]:
    """Every tap target at its whole size: one clipped by a scrolled area is scrolled into
    view first (so this leaves the screen scrolled to its last such target)."""
    out = []
    found = page.locator(_TARGETS)
    for i in range(found.count()):
        el = found.nth(i)
        box = settled_box(el)
        if box["w"] < MIN_TAP or box["h"] < MIN_TAP:  # clipped by a scrolled area?
            el.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
            box = settled_box(el)
        label = (el.get_attribute("aria-label") or el.inner_text() or "").strip()
        out.append(
            Node(
                el.get_attribute("role") or "",
                el.get_attribute("flt-semantics-identifier") or "",
                label,
                box["x"],
                box["y"],
                box["w"],
                box["h"],
            )
        )
    return out
