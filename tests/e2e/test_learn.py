"""Hint, Review and History in the browser build: play a deal, ask for a hint (marked on
the table), review the deal, open it in the History, export its record and import it
again, through the file picker and pasted."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from thaasbai.engine.record import describe, replay

from .conftest import enable_semantics, open_app, paste_into, wait_for_python
from .test_features import start
from .test_play import HAND, PLAYABLE, choose_easy_bots, play_until_result, tap

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser: Browser, seeded_url: str) -> Iterator[Page]:
    page = open_app(browser, seeded_url)
    yield page
    page.context.close()


def test_a_deal_is_reviewed_kept_in_history_exported_and_imported(page: Page, tmp_path) -> None:
    errors: list[str] = []  # Python's tracebacks reach the console as [stderr] lines
    page.on("console", lambda m: errors.append(m.text) if "Traceback" in m.text else None)
    choose_easy_bots(page)
    start(page, "1")  # best of 1: the match ends with the deal and is kept
    # A hint marks its card on the table (raised and ringed, "hinted" to a screen reader)
    # and says it in words; the mark goes as soon as we play.
    expect(page.locator(PLAYABLE).first).to_be_attached(timeout=15_000)
    page.get_by_role("button", name="Hint").click()
    words = page.get_by_text(re.compile(r"^Hint: "))
    expect(words).to_be_visible(timeout=20_000)
    hinted = page.locator(HAND).filter(has_text=re.compile(r", hinted$"))
    expect(hinted).to_have_count(1)
    code = (hinted.get_attribute("flt-semantics-identifier") or "").removeprefix("card-")
    name = (hinted.inner_text()).removesuffix(", hinted")
    assert words.inner_text().startswith(f"Hint: {name}."), (words.inner_text(), code)
    assert hinted.get_attribute("flt-tappable") is not None  # a card we may play
    tap(page, hinted)
    expect(page.locator(f'[flt-semantics-identifier="card-{code}"]')).to_have_count(0)
    expect(page.locator(HAND).filter(has_text="hinted")).to_have_count(0)
    expect(words).to_have_count(0)
    play_until_result(page)

    # Review after the deal: the last tricks are analysed first.
    page.get_by_role("button", name="Review").click()
    expect(page.get_by_text(re.compile(r"^Trick 0 of \d+"))).to_be_visible()
    page.get_by_role("button", name="Review").click()
    expect(page.get_by_text(re.compile(r"^Tricks analysed: \d"))).to_be_visible(timeout=60_000)

    # The game is in the History.
    page.get_by_role("button", name="Back").click()
    page.get_by_role("button", name="Home").first.click()
    page.get_by_role("button", name="History").click()
    expect(page.get_by_text(re.compile(r"^Thaas: (Won|Lost) "))).to_have_count(1)
    page.get_by_role("button", name="Open game 1").click()
    expect(page.get_by_text(re.compile(r"^Trick 0 of \d+"))).to_be_visible()
    page.get_by_role("button", name="Next trick").click()
    expect(page.get_by_text(re.compile(r"^Trick 1 of \d+"))).to_be_visible()
    expect(page.get_by_text("Hands before the trick")).to_be_visible()
    page.get_by_role("button", name="3", exact=True).click()  # jump to trick 3
    expect(page.get_by_text(re.compile(r"^Trick 3 of \d+"))).to_be_visible()

    # Export: a file that replays to a finished best-of-1 match.
    with page.expect_download() as dl:
        page.get_by_role("button", name="Export record").click()
    path = tmp_path / "game.json"
    dl.value.save_as(path)
    record = json.loads(path.read_text())
    out = describe(replay(record))
    assert out["match"]["over"] and out["deals"][0]["status"] == "over"

    # Import it again: the file the app exported, through the file picker (Flutter's
    # file_picker opens the browser's file input; Playwright answers its file chooser).
    page.get_by_role("button", name="Back").click()
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import file").click()
    assert not chooser.value.is_multiple()
    chooser.value.set_files(path)
    expect(page.get_by_text(re.compile(r"^Imported: (Won|Lost) ")).last).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Thaas: (Won|Lost) "))).to_have_count(2)
    # The imported copy opens and replays like the game it came from.
    page.get_by_role("button", name="Open game 1", exact=True).click()
    expect(page.get_by_text(re.compile(r"^Trick 0 of \d+"))).to_be_visible()
    page.get_by_role("button", name="Back").click()
    # And pasted: the same text a record file holds.
    paste_into(page, "Record to import (paste it here)", path.read_text())
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.get_by_text(re.compile(r"^Thaas: (Won|Lost) "))).to_have_count(3)
    # A malformed record is refused and nothing is added.
    paste_into(page, "Record to import (paste it here)", '{"game": "thaas"}')
    page.get_by_role("button", name="Import", exact=True).click()
    refused = page.get_by_text(re.compile(r"ot a valid game record|ot a game record"))
    expect(refused.last).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Thaas: (Won|Lost) "))).to_have_count(3)

    page.get_by_role("button", name="Back").click()
    page.get_by_role("button", name="Your record").click()
    # Your record counts the game played, not the imported copies of it.
    expect(page.get_by_text(re.compile(r"^Thaas, hukum implicit, easy bots"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"Games 1 · Wins [01] "))).to_have_count(1)
    expect(page.get_by_text("Error running app")).to_have_count(0)
    assert not errors, errors

    # The History survives a reload (the device's storage, not the page's memory).
    page.goto(page.url.split("/record")[0] + "/?pace=0")
    wait_for_python(page)
    enable_semantics(page)
    page.get_by_role("button", name="History").click()
    expect(page.get_by_text(re.compile(r"^Thaas: (Won|Lost) "))).to_have_count(3)
