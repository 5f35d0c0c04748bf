"""The table's sounds reach the browser's audio (a card played, a trick gathered, your
turn), and Settings' switch silences them.  Each ``HTMLMediaElement.play()`` call is
counted by a script put in the page before the app starts: headless Chromium has no
speakers, but the client's audio service calls ``play()`` exactly as it would aloud."""

from __future__ import annotations

import contextlib
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import enable_semantics, wait_for_python, with_pace_zero
from .test_play import HAND, PLAYABLE, choose_easy_bots, tap

pytestmark = pytest.mark.browser

COUNT_PLAYS = """
(() => {
  const play = HTMLMediaElement.prototype.play;
  window.__sounds = [];
  HTMLMediaElement.prototype.play = function () {
    window.__sounds.push(String(this.src || this.currentSrc));
    return play.apply(this, arguments);
  };
})();
"""


def _open(browser: Browser, url: str) -> Page:
    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    ctx.add_init_script(COUNT_PLAYS)
    page = ctx.new_page()
    page.goto(with_pace_zero(url))
    wait_for_python(page)
    enable_semantics(page)
    return page


def _sounds(page: Page) -> list[str]:
    return [s.rsplit("/", 1)[-1] for s in page.evaluate("window.__sounds || []")]


def _play_until(page: Page, done, limit_s: float = 60) -> None:
    """Tap our first playable card whenever we may, until ``done()`` holds."""
    deadline = time.monotonic() + limit_s
    while not done():
        assert time.monotonic() < deadline, f"not heard in {limit_s}s: {_sounds(page)}"
        cards = page.locator(PLAYABLE)
        if cards.count():
            with contextlib.suppress(Exception):  # it moved, or the turn passed: look again
                tap(page, cards.first)
        page.wait_for_timeout(150)


def test_a_deal_is_heard_card_by_card_trick_by_trick_and_on_our_turn(
    browser: Browser, seeded_url: str
) -> None:
    page = _open(browser, seeded_url)
    try:
        choose_easy_bots(page)
        page.get_by_role("button", name="Start").click()
        expect(page.locator(HAND).first).to_be_attached(timeout=15_000)
        _play_until(page, lambda: {"card.wav", "trick.wav", "turn.wav"} <= set(_sounds(page)))
    finally:
        page.context.close()


def test_settings_switch_silences_the_table(browser: Browser, seeded_url: str) -> None:
    page = _open(browser, seeded_url)
    try:
        page.get_by_role("button", name="Settings").click()
        sound = page.get_by_role("switch").nth(1)  # after the four-colour deck's
        expect(sound).to_have_attribute("aria-checked", "true")
        sound.click()
        expect(sound).to_have_attribute("aria-checked", "false")
        page.get_by_role("button", name="Back").click()
        choose_easy_bots(page)
        page.get_by_role("button", name="Start").click()
        expect(page.locator(HAND).first).to_be_attached(timeout=15_000)
        # A whole trick and then our turn with sound off: cards, a trick, a turn, all silent.
        history = page.get_by_role("button", name="Last trick")
        _play_until(page, lambda: history.is_enabled() and page.locator(PLAYABLE).count() > 0)
        assert _sounds(page) == []
    finally:
        page.context.close()
