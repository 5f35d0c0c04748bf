"""Play whole deals in the browser by tapping cards, as a person would."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .conftest import wait_for_our_move

pytestmark = pytest.mark.browser

PLAYABLE = '[flt-semantics-identifier^="card-"][flt-tappable]'
HAND = '[flt-semantics-identifier^="card-"]'
RESULT_BUTTONS = ("Next deal", "New match", "Next round")


def choose_easy_bots(page: Page, bots: int = 3) -> None:
    """Tap "Easy" for every bot seat so the deal plays fast whatever the other levels do."""
    easy = page.get_by_role("button", name="Easy")
    expect(easy).to_have_count(bots)
    for i in range(bots):
        easy.nth(i).click()


def result_shown(page: Page) -> bool:
    return any(page.get_by_role("button", name=n).count() for n in RESULT_BUTTONS)


def tap(page: Page, card: Locator) -> None:
    """Click the visible corner of a card (later cards overlap the rest of it)."""
    card.click(position={"x": 12, "y": 16}, timeout=5_000)


def play_until_result(page: Page, limit_s: float = 90) -> int:
    """Tap a playable card (or accept a Hand Call) whenever it is our turn; count our plays."""
    plays = 0
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        wait_for_our_move(page, max(1.0, deadline - time.monotonic()))
        if result_shown(page):
            return plays
        cards = page.locator(PLAYABLE)
        if cards.count():
            code = cards.first.get_attribute("flt-semantics-identifier")
            try:
                tap(page, cards.first)
            except Exception:  # the card moved or the turn passed meanwhile: look again
                continue
            try:
                wait_gone(page, code, timeout_s=5)
            except PlaywrightTimeoutError:  # the tap was lost on a moving card: look again
                continue
            plays += 1
            continue
        accept = page.get_by_role("button", name="Accept")
        if accept.count():
            accept.first.click()
            expect(accept).to_have_count(0)
    raise AssertionError(f"no result after {limit_s}s ({plays} cards played)")


def wait_gone(page: Page, card_id: str | None, timeout_s: float = 20) -> None:
    """Until the hand card ``card_id`` has left the hand (played), or the result shows
    (a last card can end the deal before the hand is drawn again)."""
    page.wait_for_function(
        """([id, names]) => !document.querySelector(`[flt-semantics-identifier="${id}"]`)
           || [...document.querySelectorAll('flt-semantics[role=button]')].some(
                e => names.includes((e.getAttribute('aria-label') || e.innerText || '').trim()))""",
        arg=[card_id, list(RESULT_BUTTONS)],
        timeout=timeout_s * 1000,
    )


def test_solo_thaas_deal_plays_to_the_result(app_page: Page) -> None:
    page = app_page
    expect(page.get_by_role("button", name="Start")).to_be_visible()
    choose_easy_bots(page)
    page.get_by_role("button", name="Start").click()
    expect(page.locator(HAND).first).to_be_attached(timeout=15_000)
    plays = play_until_result(page)
    assert plays >= 7  # a Thaas deal lasts at least 7 tricks
    expect(page.get_by_text("wins the deal").or_(page.get_by_text("Sweep!"))).to_be_visible()


def test_solo_dhihaeh_deal_plays_to_the_result(app_page: Page) -> None:
    page = app_page
    page.get_by_role("button", name=re.compile(r"^Dhihaeh")).click()
    choose_easy_bots(page)
    page.get_by_role("button", name="Start").click()
    expect(page.locator(HAND).first).to_be_attached(timeout=15_000)
    assert play_until_result(page) >= 7  # 13 tricks; a Bang or a win decides it
    expect(page.get_by_text("wins the deal").or_(page.get_by_text("Bang!")).first).to_be_visible()


def test_four_player_thulla_round_plays_to_the_result(app_page: Page) -> None:
    page = app_page
    page.get_by_role("button", name=re.compile(r"^Thulla")).click()
    expect(page.get_by_role("button", name="4", exact=True)).to_be_visible()
    choose_easy_bots(page)
    page.get_by_role("button", name="Start").click()
    expect(page.locator(HAND).first).to_be_attached(timeout=15_000)
    play_until_result(page, limit_s=150)
    expect(page.get_by_text("Bhabhi").or_(page.get_by_text("draw")).first).to_be_visible()


def test_a_dimmed_card_cannot_be_played(app_page: Page) -> None:
    page = app_page
    choose_easy_bots(page)
    page.get_by_role("button", name="Start").click()
    expect(page.locator(HAND).first).to_be_attached(timeout=15_000)
    # Play until we must follow suit with some cards dimmed, then tap a dimmed one.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        playable = page.locator(PLAYABLE)
        hand = page.locator(HAND)
        n_play, n_hand = playable.count(), hand.count()
        if n_play and n_play < n_hand:
            ids = {playable.nth(i).get_attribute("flt-semantics-identifier") for i in range(n_play)}
            dimmed = next(
                hand.nth(i)
                for i in range(n_hand)
                if hand.nth(i).get_attribute("flt-semantics-identifier") not in ids
            )
            code = dimmed.get_attribute("flt-semantics-identifier")
            legal = playable.first.get_attribute("flt-semantics-identifier")
            tap(page, dimmed)
            # Taps reach the app in order: once the legal card played after it has left
            # the hand, the dimmed tap has been handled, and it played nothing.
            tap(page, playable.first)
            wait_gone(page, legal)
            expect(page.locator(f'[flt-semantics-identifier="{code}"]')).to_have_count(1)
            assert page.locator(HAND).count() == n_hand - 1
            return
        if n_play:
            code = playable.first.get_attribute("flt-semantics-identifier")
            tap(page, playable.first)
            wait_gone(page, code)
        else:
            wait_for_our_move(page)
    pytest.fail("never had to follow suit with a card dimmed")


def _drag_up(page: Page, card: Locator, dy: float) -> None:
    """Press a card's visible corner, move it up by ``dy`` px in steps, and let go."""
    box = card.bounding_box()
    assert box is not None
    x, y = box["x"] + 12, box["y"] + 16
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y - 10, steps=4)  # past the slop: a drag, not a tap
    page.mouse.move(x, y - dy, steps=12)
    page.mouse.up()


def test_a_card_dragged_onto_the_table_is_played_and_one_let_go_in_the_hand_is_not(
    app_page: Page,
) -> None:
    page = app_page
    choose_easy_bots(page)
    page.get_by_role("button", name="Start").click()
    card = page.locator(PLAYABLE).first
    expect(card).to_be_attached(timeout=20_000)
    code = card.get_attribute("flt-semantics-identifier")
    mine = page.locator(f'[flt-semantics-identifier="{code}"]')
    _drag_up(page, card, 6)  # let go still over the hand: nothing is played
    expect(page.locator(f'{PLAYABLE}[flt-semantics-identifier="{code}"]')).to_have_count(1)
    _drag_up(page, page.locator(f'{PLAYABLE}[flt-semantics-identifier="{code}"]'), 220)
    expect(mine).to_have_count(0)  # it left the hand for the trick
