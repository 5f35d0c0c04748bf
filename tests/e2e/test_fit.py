"""Layouts fit a phone in portrait, a tablet in landscape and a desktop window: Home's Start
and every button on screen (or reachable by scrolling), the whole hand inside the window with
a tappable strip per card, and the table's buttons clear of the hand."""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from .conftest import REPO, open_app
from .test_play import HAND

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "tablet": (1024, 768), "desktop": (1440, 900)}


def _box(locator) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None, "not on the page"
    return box


def _wait_for(cond: Callable[[], bool], what: str, timeout_s: float = 5) -> None:
    deadline = time.monotonic() + timeout_s
    while not cond():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def choose(segment: Locator) -> None:
    """Tap a segment until it is the selected one (a tap during a scroll can be lost)."""
    for _ in range(3):
        segment.click()
        try:
            expect(segment).to_have_attribute("aria-current", "true", timeout=2_000)
            return
        except AssertionError:
            continue
    expect(segment).to_have_attribute("aria-current", "true")


def _inside(box: dict[str, float], w: int, h: int, what: str) -> None:
    assert box["x"] >= -0.5 and box["y"] >= -0.5, f"{what} starts off screen: {box}"
    assert box["x"] + box["width"] <= w + 0.5, f"{what} runs off the right edge: {box}"
    assert box["y"] + box["height"] <= h + 0.5, f"{what} runs off the bottom: {box}"


def _buttons_fit(page: Page, w: int, h: int | None = None) -> None:
    """Every button has a text label, none is cut off at the sides (a horizontal overflow
    would push one out) and, given ``h``, every button is on screen without scrolling."""
    buttons = page.locator("flt-semantics[role=button]")
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        if box is None:
            continue
        assert buttons.nth(i).inner_text().strip(), f"a button without a text label at {box}"
        if h is None:
            assert box["x"] >= -0.5 and box["x"] + box["width"] <= w + 0.5, box
        else:
            _inside(box, w, h, buttons.nth(i).inner_text())


@pytest.mark.parametrize("size", list(SIZES))
def test_home_and_table_fit_the_window(browser: Browser, seeded_url: str, size: str) -> None:
    w, h = SIZES[size]
    page = open_app(browser, seeded_url, w, h)
    try:
        start = page.get_by_role("button", name="Start")
        expect(start).to_be_visible()
        # The longest Home there is: Thulla for six, five bot rows.
        for options in (["Thaas"], ["Thulla", "6"]):
            for name in options:
                page.get_by_role("button", name=re.compile(f"^{name}")).click()
            expect(page.get_by_role("button", name="Easy")).to_have_count(
                3 if len(options) == 1 else 5
            )
            if size == "phone":  # one column: Start is reached by scrolling
                start.scroll_into_view_if_needed()
                _inside(_box(start), w, h, f"Start ({' '.join(options)})")
                _buttons_fit(page, w)
            else:  # two columns: everything is on screen, without scrolling
                _buttons_fit(page, w, h)

        # Play with friends: the same set-up, plus a name, and Create room.
        page.get_by_role("button", name="Play with friends").click()
        create = page.get_by_role("button", name="Create room")
        expect(create).to_be_visible()
        if size == "phone":
            create.scroll_into_view_if_needed()
            _inside(_box(create), w, h, "Create room")
            _buttons_fit(page, w)
        else:
            _buttons_fit(page, w, h)
        page.get_by_role("button", name="Back").click()

        # The biggest hand there is: two-player Thulla deals 26 cards each.
        expect(page.get_by_role("button", name="Start")).to_be_visible()
        choose(page.get_by_role("button", name="2", exact=True))
        page.get_by_role("button", name="Start").click()
        give_up = page.get_by_role("button", name="Give up")
        expect(give_up).to_be_visible(timeout=15_000)
        page.wait_for_timeout(300)
        cards = page.locator(HAND)
        boxes = [_box(cards.nth(i)) for i in range(cards.count())]
        assert len(boxes) >= 25  # 26, less the ace of spades if we led it
        for i, b in enumerate(boxes):
            _inside(b, w, h, f"hand card {i}")
            assert b["width"] >= 46, f"cards too small to tap: {b}"
        rows: dict[int, list[float]] = {}
        for b in boxes:
            rows.setdefault(round(b["y"] / 10), []).append(b["x"])
        min_strip = 38 if size == "phone" else 32
        for xs in rows.values():
            xs.sort()
            strips = [b - a for a, b in itertools.pairwise(xs)]
            assert all(s >= min_strip for s in strips), f"strips too narrow to tap: {strips}"
        hand_top = min(b["y"] for b in boxes)
        gb = _box(give_up)
        _inside(gb, w, h, "Give up")
        assert gb["y"] + gb["height"] <= hand_top, "the Give up button covers the hand"
        bar = _box(page.get_by_role("button", name="Last trick"))
        _inside(bar, w, h, "Last trick")
        _buttons_fit(page, w)
    finally:
        page.context.close()


def test_turning_a_tablet_relays_home_and_keeps_what_was_typed(
    browser: Browser, server_url: str
) -> None:
    page = open_app(browser, server_url, 1024, 768)
    try:
        page.get_by_role("button", name="Play with friends").click()
        create = page.get_by_role("button", name="Create room")
        expect(create).to_be_visible()
        name = page.get_by_label("Your name")
        name.click()
        page.keyboard.type("Ali")
        assert _box(create)["x"] > 400  # two columns: Create room on the right

        def width() -> float:  # the name field spans the left column, or the whole phone
            box = name.bounding_box()
            return box["width"] if box else 0.0

        assert 440 < width() < 520
        page.set_viewport_size({"width": 390, "height": 844})
        _wait_for(lambda: 300 < width() < 380, "one column after turning to portrait")
        name.click()
        expect(name).to_have_value("Ali")
        page.set_viewport_size({"width": 1024, "height": 768})
        _wait_for(lambda: 440 < width() < 520, "two columns again in landscape")
        expect(create).to_be_visible()
        assert _box(create)["x"] > 400
    finally:
        page.context.close()


TABLE_SIZES = {"phone": (390, 844), "small-phone": (360, 640), "landscape": (844, 390)}


@pytest.mark.parametrize("size", list(TABLE_SIZES))
def test_a_dhihaeh_table_bar_fits_a_phone_and_says_whose_score_is_whose(
    browser: Browser, seeded_url: str, size: str
) -> None:
    """Dhihaeh has the most in its bar (hukum, tricks, tens, the deal): at 390 px its last
    chip ran off the right edge, and its scores did not say which side is ours."""
    w, h = TABLE_SIZES[size]
    page = open_app(browser, seeded_url, w, h)
    try:
        choose(page.get_by_role("button", name=re.compile("^Dhihaeh")))
        start = page.get_by_role("button", name="Start")
        start.scroll_into_view_if_needed()
        start.click()
        cards = page.locator(HAND)
        expect(cards.first).to_be_attached(timeout=15_000)
        score = page.locator('[flt-semantics-identifier="score"]')
        expect(score).to_have_text(
            re.compile(
                r"^Tricks: us \d+, them \d+\. Tens: us \d+, them \d+\. Deal 1 of 3: us 0, them 0$"
            )
        )
        _inside(_box(score), w, h, "the score board")
        _inside(_box(page.locator('[flt-semantics-identifier="hukum"]')), w, h, "the hukum chip")
        for name in ("Home", "Last trick"):
            b = _box(page.get_by_role("button", name=name))
            _inside(b, w, h, name)
            assert b["width"] >= 44 and b["height"] >= 44, f"{name} is too small to tap: {b}"
        dealer = page.locator('[flt-semantics-identifier="dealer"]')
        assert dealer.count() <= 1  # on the dealer's badge (none when we deal)
        if dealer.count():
            _inside(_box(dealer), w, h, "the dealer disc")
        boxes = [_box(cards.nth(i)) for i in range(cards.count())]
        assert len(boxes) >= 12
        for i, b in enumerate(boxes):
            _inside(b, w, h, f"hand card {i}")
        xs = sorted(b["x"] for b in boxes if abs(b["y"] - boxes[0]["y"]) < 20)
        assert all(b - a >= 39.5 for a, b in itertools.pairwise(xs)), f"strips: {xs}"
        shots = REPO / "build" / "screenshots"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"table-dhihaeh-{size}.png"))  # to look at
    finally:
        page.context.close()
