"""The README's screenshots: Home, a Thaas deal, its result and a Thulla round, at phone
(390 x 844), phone-landscape (844 x 390) and tablet (1024 x 768) sizes; and the lobby.

They are written to ``build/screenshots/``; ``THAASBAI_SCREENSHOTS=docs`` writes them to
``docs/screenshots/`` instead, to refresh the README's (tests never rewrite tracked files
on their own).  Before each picture the test checks that the screen is the one named
(Home's Start and game tiles; our turn at the right table; the deal's result), and after
it that the image is the window's size and a picture, not a blank or a splash screen.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import httpx
import pytest
from PIL import Image
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .conftest import REPO, open_app
from .fit import settle, settled_box
from .test_play import (
    HAND,
    PLAYABLE,
    RESULT_BUTTONS,
    choose_easy_bots,
    play_until_result,
    tap,
    wait_gone,
)

pytestmark = pytest.mark.browser

OUT = REPO / ("docs" if os.getenv("THAASBAI_SCREENSHOTS") == "docs" else "build") / "screenshots"
SIZES = {"phone": (390, 844), "landscape": (844, 390), "tablet": (1024, 768)}
TITLE = re.compile(r"wins the deal|won all 13 tricks|Sweep|Bang")


def _my_turn(page: Page) -> None:
    """Until it is our turn and the raised playable cards have stopped moving."""
    page.locator(PLAYABLE).first.wait_for(state="attached", timeout=30_000)
    settled_box(page.locator(PLAYABLE).last)


def _play_some(page: Page, plays: int) -> None:
    for _ in range(plays):
        _my_turn(page)
        card = page.locator(PLAYABLE).first
        code = card.get_attribute("flt-semantics-identifier")
        tap(page, card)
        try:
            wait_gone(page, code, timeout_s=5)
        except PlaywrightTimeoutError:  # back in the hand already (a Thulla pick-up)
            continue


def _shoot(page: Page, path: Path) -> None:
    settle(page)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = page.screenshot(path=str(path))
    img = Image.open(io.BytesIO(data)).convert("RGB")
    assert img.size == (page.viewport_size["width"], page.viewport_size["height"])
    colours = img.quantize(colors=64).getcolors()
    assert colours is not None and len(colours) >= 8, f"{path.name} is nearly blank"


def _table_shown(page: Page, game: str) -> None:
    """The table of ``game`` with our turn on it: its title, our hand, a playable card."""
    expect(page.get_by_text(game, exact=True).first).to_be_visible()
    expect(page.get_by_role("button", name="Home")).to_be_visible()
    assert page.locator(HAND).count() >= 5
    _my_turn(page)


@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots(browser: Browser, seeded_url: str, size: str) -> None:
    w, h = SIZES[size]
    page = open_app(browser, seeded_url, w, h)
    try:
        expect(page.get_by_role("button", name="Start")).to_be_visible()
        for game in ("thaas", "dhihaeh", "thulla"):
            expect(page.locator(f'[flt-semantics-identifier="game-{game}"]')).to_be_attached()
        _shoot(page, OUT / f"home-{size}.png")

        choose_easy_bots(page)
        page.get_by_role("button", name="Start").click()
        _play_some(page, 3)
        _table_shown(page, "Thaas")
        _shoot(page, OUT / f"thaas-{size}.png")

        play_until_result(page)
        expect(page.get_by_text(TITLE).first).to_be_visible()
        next_step = [page.get_by_role("button", name=n) for n in RESULT_BUTTONS]
        expect(next_step[0].or_(next_step[1]).or_(next_step[2]).first).to_be_visible()
        settled_box(page.get_by_role("button", name="Home").last)
        _shoot(page, OUT / f"result-{size}.png")

        page.get_by_role("button", name="Home").last.click()
        page.locator('[flt-semantics-identifier="game-thulla"]').click()
        page.get_by_role("button", name="4", exact=True).click()
        choose_easy_bots(page, 3)
        page.get_by_role("button", name="Start").click()
        _play_some(page, 4)
        _table_shown(page, "Thulla")
        _shoot(page, OUT / f"thulla-{size}.png")
    finally:
        page.context.close()


def test_lobby_screenshot(browser: Browser, server_url: str) -> None:
    """The lobby on a phone with a friend seated: invite link, QR code, seats, Start."""
    from .test_online import INVITE, create_room

    w, h = SIZES["phone"]
    host = open_app(browser, server_url, w, h)
    try:
        invite = create_room(host, "Aisha")
        # The friend joins through the room API: this test is about the host's lobby (the
        # invite page's own join is test_online's).
        code = invite.rstrip("/").rsplit("/", 1)[-1]
        joined = httpx.post(f"{server_url}/api/rooms/{code}/join", json={"name": "Ibrahim"})
        assert joined.status_code == 200, joined.text
        expect(host.get_by_text("Ibrahim")).to_be_visible(timeout=15_000)
        expect(host.get_by_role("button", name="Start")).to_be_visible()
        expect(host.get_by_text(INVITE)).to_be_visible()
        _shoot(host, OUT / "lobby-phone.png")
    finally:
        host.context.close()
