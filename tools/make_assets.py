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
* ``sounds/card.wav``, ``trick.wav``, ``turn.wav``: the table's sounds, synthesised;
* ``fonts/DejaVuSans*.ttf`` + ``fonts/LICENSE-DejaVu.txt``: a font with the suit glyphs.

The output is deterministic: running the script twice gives byte-identical files.
The colours are the app's own (``thaasbai/ui/palette.py``); the drawing is split by job
in ``tools/assetgen/`` (path geometry, suits, rank glyphs, card faces, the back, raster
icons, the manifest, fonts).  Everything is drawn from geometry defined there (suit
shapes are hand-made Bezier paths; the rank glyphs are outlines taken once from DejaVu
Sans Condensed Bold and DejaVu Serif Bold and embedded in ``glyphs.py``), so no font is
needed to *draw* the cards and every SVG uses plain ``<path>``/``<rect>``/``<circle>``
elements only (no ``<text>``, no CSS, no filters) so that flutter_svg (Flet's
``ft.Image``) renders them.

Requirements: Python 3.9+, Pillow (icons only); the DejaVu fonts are copied
from Debian's ``fonts-dejavu-core`` when installed (otherwise any copy already in
``assets/fonts`` is kept).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
for path in (str(REPO), str(HERE)):  # thaasbai.ui.palette and assetgen, run as a script
    if path not in sys.path:
        sys.path.insert(0, path)

from assetgen.back import back_svg  # noqa: E402
from assetgen.cards import COLOURS_2, COLOURS_4, RANKS, SUITS, card_svg  # noqa: E402
from assetgen.fonts import font_files  # noqa: E402
from assetgen.icons import icon_files  # noqa: E402
from assetgen.manifest import manifest_json  # noqa: E402
from assetgen.sounds import sound_files  # noqa: E402
from assetgen.suits import suit_svg  # noqa: E402


def generate(existing: Path | None = None, raster: bool = True) -> dict[str, bytes]:
    """Return {relative path: bytes} for every asset.

    `existing` is the current assets folder: its fonts are reused when the sources are
    not installed. `raster=False` skips the PNG icons (no Pillow needed).
    """
    files: dict[str, bytes] = {}
    for subdir, colours in (("cards", COLOURS_2), ("cards4", COLOURS_4)):
        for r in RANKS:
            for s in SUITS:
                files[f"{subdir}/{r}{s}.svg"] = card_svg(r, s, colours).encode()
        files[f"{subdir}/back.svg"] = back_svg().encode()
    for subdir, colours in (("suits", COLOURS_2), ("suits4", COLOURS_4)):
        for s in SUITS:
            files[f"{subdir}/{s}.svg"] = suit_svg(s, colours[s]).encode()
    if raster:
        files.update(icon_files())
    files["manifest.json"] = manifest_json().encode()
    files.update(sound_files())
    files.update(font_files(existing))
    return files


def write(out: Path, files: dict[str, bytes]) -> int:
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


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=REPO / "assets", help="output directory")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    files = generate(args.out)
    n = write(args.out, files)
    print(f"{len(files)} files in {args.out} ({n} changed) in {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
