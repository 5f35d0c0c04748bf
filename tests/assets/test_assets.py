"""Checks for the generated graphic assets and PWA shell under assets/.

The assets are produced by tools/make_assets.py; these tests need neither Pillow nor a
browser (PNG sizes are read from the file header).
"""

from __future__ import annotations

import json
import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from scripts import load_script

REPO = Path(__file__).resolve().parents[2]
ASSETS = REPO / "assets"
SVG_NS = "{http://www.w3.org/2000/svg}"

RANKS = "AKQJT98765432"
SUITS = "SHDC"
CARD_NAMES = [r + s for r in RANKS for s in SUITS] + ["back"]
DECKS = ["cards", "cards4"]

# flutter_svg (Flet's ft.Image) ignores or mis-renders these; fonts are not reliable
# offline, so no <text> either
FORBIDDEN_SVG = ("text", "style", "filter", "image", "foreignObject", "mask", "pattern")


def png_info(path: Path) -> tuple[int, int, int]:
    """(width, height, colour type) from a PNG's IHDR chunk."""
    data = path.read_bytes()[:32]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert data[12:16] == b"IHDR", f"{path}: IHDR is not the first chunk"
    width, height, _depth, colour_type = struct.unpack(">IIBB", data[16:26])
    return width, height, colour_type


def check_svg(path: Path, viewbox: str) -> ET.Element:
    assert path.is_file(), f"missing {path.relative_to(REPO)}"
    root = ET.parse(path).getroot()  # raises on malformed XML
    assert root.tag == SVG_NS + "svg"
    assert root.get("viewBox") == viewbox
    for el in root.iter():
        local = el.tag.removeprefix(SVG_NS)
        assert local not in FORBIDDEN_SVG, f"{path.name}: <{local}> is not safe for flutter_svg"
    return root


# ----------------------------------------------------------------------------- cards


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("name", CARD_NAMES)
def test_card_svg(deck, name):
    root = check_svg(ASSETS / deck / f"{name}.svg", "0 0 250 350")
    assert root.get("width") == "250" and root.get("height") == "350"
    assert len(list(root.iter(SVG_NS + "path"))) >= 1


@pytest.mark.parametrize("deck", DECKS)
def test_deck_is_complete_and_distinct(deck):
    files = sorted(p.name for p in (ASSETS / deck).glob("*.svg"))
    assert files == sorted(f"{n}.svg" for n in CARD_NAMES)
    faces = {(ASSETS / deck / f"{r}{s}.svg").read_bytes() for r in RANKS for s in SUITS}
    assert len(faces) == 52


def test_four_colour_deck_colours():
    # spades black, hearts red, diamonds blue, clubs green (4-colour); diamonds red and
    # clubs black in the normal deck
    def fills(path):
        return set(re.findall(r'fill="(#[0-9A-Fa-f]{6})"', path.read_text()))

    two = {s: fills(ASSETS / "cards" / f"7{s}.svg") for s in SUITS}
    four = {s: fills(ASSETS / "cards4" / f"7{s}.svg") for s in SUITS}
    assert two["S"] == four["S"] and two["H"] == four["H"]
    assert two["D"] == two["H"] and two["C"] == two["S"]
    assert len({frozenset(v - {"#FFFFFF"}) for v in four.values()}) == 4


@pytest.mark.parametrize("deck", ["suits", "suits4"])
@pytest.mark.parametrize("suit", SUITS)
def test_suit_svg(deck, suit):
    check_svg(ASSETS / deck / f"{suit}.svg", "0 0 100 100")


# ----------------------------------------------------------------------------- PWA


REQUIRED_ICONS = {
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/icon-maskable-192.png", 192, "maskable"),
    ("icons/icon-maskable-512.png", 512, "maskable"),
}


@pytest.fixture(scope="module")
def manifest():
    return json.loads((ASSETS / "manifest.json").read_text(encoding="utf-8"))


def test_manifest_fields(manifest):
    assert manifest["name"] == "Thaasbai"
    assert manifest["short_name"] == "Thaasbai"
    assert manifest["description"] == (
        "Thaas, Dhihaeh and Thulla: the card games of the Maldives and South Asia, "
        "solo against bots or with friends."
    )
    assert manifest["start_url"] == "."
    assert manifest["display"] == "standalone"
    assert manifest["orientation"] == "any"
    for key in ("background_color", "theme_color"):
        assert re.fullmatch(r"#[0-9A-Fa-f]{6}", manifest[key]), key


def test_manifest_icons(manifest):
    listed = set()
    for icon in manifest["icons"]:
        path = ASSETS / icon["src"]
        assert path.is_file(), f"manifest lists missing {icon['src']}"
        assert icon["type"] == "image/png"
        w, h, colour_type = png_info(path)
        assert icon["sizes"] == f"{w}x{h}"
        if icon["purpose"] == "maskable":
            assert colour_type == 2, "maskable icons must be full-bleed (no alpha)"
        listed.add((icon["src"], w, icon["purpose"]))
    assert listed >= REQUIRED_ICONS
    assert {"any", "maskable"} <= {i["purpose"] for i in manifest["icons"]}


@pytest.mark.parametrize(
    "rel,size",
    [
        ("favicon.png", 64),
        ("icons/apple-touch-icon.png", 180),
        ("icons/loading-animation.png", 512),
    ],
)
def test_other_icons(rel, size):
    w, h, colour_type = png_info(ASSETS / rel)
    assert (w, h) == (size, size)
    if rel.endswith("apple-touch-icon.png"):
        assert colour_type == 2, "iOS shows transparency as black: no alpha"


def test_fonts():
    font = ASSETS / "fonts" / "DejaVuSans.ttf"
    assert font.read_bytes()[:4] == b"\x00\x01\x00\x00"  # TrueType
    licence = (ASSETS / "fonts" / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in licence and "DejaVu" in licence


# ----------------------------------------------------------------------------- freshness


def load_generator():
    return load_script("tools/make_assets.py")


def test_vector_assets_match_generator():
    """The committed SVG / JSON / HTML / WAV files are exactly what tools/make_assets.py makes
    (deterministic, and not edited by hand). PNGs are not compared: their bytes depend
    on the Pillow/zlib version."""
    pytest.importorskip("flet_web")
    gen = load_generator()
    files = gen.generate(existing=ASSETS, raster=False)
    stale = [
        rel
        for rel, data in files.items()
        if rel.endswith((".svg", ".json", ".html", ".txt", ".wav"))
        and (not (ASSETS / rel).is_file() or (ASSETS / rel).read_bytes() != data)
    ]
    assert not stale, f"run `python tools/make_assets.py`; stale: {stale[:5]}"
    assert gen.generate(existing=ASSETS, raster=False) == files  # deterministic
