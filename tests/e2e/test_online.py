"""Two friends in two browser contexts: one creates a room, the other opens the invite
link, and both play a whole Thaas deal against two server bots."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .conftest import fill_name, open_app, wait_for_our_move
from .test_play import HAND, PLAYABLE, result_shown, tap, wait_gone

pytestmark = pytest.mark.browser

INVITE = re.compile(r"https?://\S+/join/[A-Z0-9]{6}")


def create_room(page: Page, name: str, *, hints: bool = False) -> str:
    """Home → Play with friends → a Thaas room with Easy bots (and hints allowed, if
    asked); returns the invite link."""
    page.get_by_role("button", name="Play with friends").click()
    fill_name(page, name)
    page.get_by_role("button", name="Easy").click()
    if hints:
        page.get_by_role("button", name="Allowed", exact=True).click()
    page.get_by_role("button", name="Create room").click()
    link = page.get_by_text(INVITE)
    expect(link).to_be_visible(timeout=15_000)
    match = INVITE.search(link.inner_text())
    assert match, link.inner_text()
    return match.group(0)


def join_room(page: Page, name: str) -> None:
    fill_name(page, name)
    page.get_by_role("button", name="Join").click()
    expect(page.get_by_text("Waiting for the host")).to_be_visible(timeout=15_000)


def play_both(pages: list[Page], limit_s: float = 240) -> list[int]:
    """Tap a playable card in whichever context has its turn, until both show the result.

    The limit is generous: a full deal takes 60-90 s on a loaded 2-core CI machine."""
    plays = [0] * len(pages)
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if all(result_shown(p) for p in pages):
            return plays
        moved = False
        for i, page in enumerate(pages):
            cards = page.locator(PLAYABLE)
            if not result_shown(page) and cards.count():
                code = cards.first.get_attribute("flt-semantics-identifier")
                try:
                    tap(page, cards.first)
                    wait_gone(page, code, timeout_s=5)
                except Exception:  # the card moved or the turn passed meanwhile
                    continue
                plays[i] += 1
                moved = True
        if not moved:  # the bots' turns: until one of us has a move (the host sees them all)
            _until_someone_moves(pages, max(1.0, deadline - time.monotonic()))
    raise AssertionError(f"no result in both after {limit_s}s ({plays} plays)")


def _until_someone_moves(pages: list[Page], timeout_s: float) -> None:
    """Until a page has a move, waiting on each in turn until its status line changes."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for page in pages:
            try:
                wait_for_our_move(page, timeout_s=2)
                return
            except PlaywrightTimeoutError:
                continue
    raise AssertionError(f"no one had a move in {timeout_s:.0f}s")


def test_two_friends_play_a_thaas_deal_through_an_invite_link(
    browser: Browser, server_url: str
) -> None:
    host = open_app(browser, server_url)
    guest = None
    try:
        invite = create_room(host, "Aisha")
        assert invite.startswith(server_url)
        expect(host.get_by_role("button", name="Copy link")).to_be_visible()

        guest = open_app(browser, invite)
        expect(guest.get_by_text("Aisha invites you to play")).to_be_visible(timeout=15_000)
        join_room(guest, "Ibrahim")

        expect(host.get_by_text("Ibrahim")).to_be_visible(timeout=15_000)
        host.get_by_role("button", name="Start").click()
        for page in (host, guest):
            expect(page.locator(HAND).first).to_be_attached(timeout=15_000)
        # The table names the other human (the lobby's name for them).
        expect(guest.get_by_text("Aisha").first).to_be_visible()

        plays = play_both([host, guest])
        assert sum(plays) >= 7  # two humans of four: at least 7 cards each in 7+ tricks
        for page in (host, guest):
            expect(
                page.get_by_text("wins the deal").or_(page.get_by_text("Sweep!")).first
            ).to_be_visible()
    finally:
        host.context.close()
        if guest is not None:
            guest.context.close()


def test_a_room_that_allows_hints_marks_one_on_the_table_and_one_that_does_not_has_none(
    browser: Browser, server_url: str
) -> None:
    """The host starts alone (bots fill the seats); with hints allowed the table's Hint
    marks a card of ours, worked out in the page from our own view; without, no Hint."""
    for hints in (True, False):
        host = open_app(browser, server_url)
        try:
            create_room(host, "Aisha", hints=hints)
            allowed = host.get_by_text(re.compile(r"hints allowed"))
            expect(allowed).to_have_count(1 if hints else 0)
            host.get_by_role("button", name="Start").click()
            expect(host.locator(HAND).first).to_be_attached(timeout=15_000)
            hint = host.get_by_role("button", name="Hint")
            if not hints:
                expect(host.get_by_role("button", name="Last trick")).to_be_visible()
                expect(hint).to_have_count(0)
                continue
            wait_for_our_move(host, timeout_s=60)
            hint.click()
            hinted = host.locator(HAND).filter(has_text=re.compile(r", hinted$"))
            expect(hinted).to_have_count(1, timeout=30_000)
            expect(host.get_by_text(re.compile(r"^Hint: "))).to_be_visible()
            code = (hinted.get_attribute("flt-semantics-identifier") or "").removeprefix("card-")
            tap(host, hinted)
            wait_gone(host, f"card-{code}")
            expect(host.locator(HAND).filter(has_text="hinted")).to_have_count(0)
        finally:
            host.context.close()
