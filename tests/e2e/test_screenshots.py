"""The README's screenshots (home, a Thaas deal and a Thulla round; phone and tablet).

They are written to ``build/screenshots/``; ``THAASBAI_SCREENSHOTS=docs`` writes them to
``docs/screenshots/`` instead, to refresh the README's (tests never rewrite tracked files
on their own).  Each waits for our turn so the playable cards are highlighted, and each
image is checked: the size asked for, and a picture (not a blank or a splash screen).
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import Browser, Page, expect

from .conftest import REPO, open_app
from .test_play import HAND, PLAYABLE, choose_easy_bots, tap

pytestmark = pytest.mark.browser

OUT = REPO / ("docs" if os.getenv("THAASBAI_SCREENSHOTS") == "docs" else "build") / "screenshots"
SIZES = {"phone": (390, 844), "tablet": (1024, 768)}


def _wait_my_turn(page: Page, timeout_ms: int = 20_000) -> None:
    page.locator(PLAYABLE).first.wait_for(state="attached", timeout=timeout_ms)
    page.wait_for_timeout(700)  # let the raise animation settle


def _play_some(page: Page, plays: int) -> None:
    for _ in range(plays):
        _wait_my_turn(page)
        tap(page, page.locator(PLAYABLE).first)
        page.wait_for_timeout(400)


def _shoot(page: Page, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = page.screenshot(path=str(path))
    img = Image.open(io.BytesIO(data)).convert("RGB")
    assert img.size == (page.viewport_size["width"], page.viewport_size["height"])
    colours = img.quantize(colors=64).getcolors()
    assert colours is not None and len(colours) >= 8, f"{path.name} is nearly blank"


@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots(browser: Browser, server_url: str, size: str) -> None:
    w, h = SIZES[size]
    page = open_app(browser, server_url, w, h)
    try:
        expect(page.get_by_role("button", name="Start")).to_be_visible()
        page.wait_for_timeout(500)
        _shoot(page, OUT / f"home-{size}.png")

        choose_easy_bots(page)
        page.get_by_role("button", name="Start").click()
        expect(page.locator(HAND).first).to_be_attached(timeout=15_000)
        _play_some(page, 3)
        _wait_my_turn(page)
        _shoot(page, OUT / f"thaas-{size}.png")

        page.get_by_role("button", name="Home").click()
        page.get_by_role("button", name=re.compile(r"^Thulla")).click()
        page.get_by_role("button", name="5", exact=True).click()
        choose_easy_bots(page, 4)
        page.get_by_role("button", name="Start").click()
        expect(page.locator(HAND).first).to_be_attached(timeout=15_000)
        _play_some(page, 4)
        _wait_my_turn(page)
        _shoot(page, OUT / f"thulla-{size}.png")
    finally:
        page.context.close()


def test_lobby_screenshot(browser: Browser, server_url: str) -> None:
    """The lobby on a phone with a friend seated: invite link, QR code, seats, Start."""
    from .test_online import create_room, join_room

    w, h = SIZES["phone"]
    host = open_app(browser, server_url, w, h)
    guest = None
    try:
        invite = create_room(host, "Aisha")
        guest = open_app(browser, invite, w, h)
        join_room(guest, "Ibrahim")
        expect(host.get_by_text("Ibrahim")).to_be_visible(timeout=15_000)
        host.wait_for_timeout(600)
        _shoot(host, OUT / "lobby-phone.png")
    finally:
        host.context.close()
        if guest is not None:
            guest.context.close()
