"""The table screen's sequencing, with a recording page (no browser): what is on screen
at each update, and the animation waits between them."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest

from thaasbai.engine.match import GameOptions
from thaasbai.table import Table
from thaasbai.table.thinking import choose_action
from thaasbai.ui import table_screen
from thaasbai.ui.session import SessionState
from thaasbai.ui.settings import Settings
from thaasbai.ui.table_screen import TableScreen

from .controls import walk


def _bot_move(t: Table, seat: int) -> int:
    level, seed = t.bot_request(seat)
    return choose_action(level, t.view(seat), seed, None)


def _views_around_the_card_before_my_turn(
    in_trick: int = 2,
) -> tuple[dict[str, Any], dict[str, Any], str]:
    """Seat 3 (the player before me) to play into a trick holding ``in_trick`` cards (2: it
    does not finish it; 3: it does), then the view once it has played.  Returns both
    views and the card it played."""
    for seed in range(50):
        t = Table(GameOptions(game="thaas"), bot_level="easy", rng=random.Random(seed))
        t.start()
        for _ in range(200):
            v = t.view(0).to_json()
            if v["to_act"] is None:
                break
            if v["to_act"] == 3 and len(v["trick"]) == in_trick:
                action = _bot_move(t, 3)
                t.submit(3, action)
                after = t.view(0).to_json()
                if in_trick == 3:
                    return v, after, ""
                played = next(x["card"] for x in after["trick"] if x["seat"] == 3)
                assert after["to_act"] == 0
                return v, after, played
            s = t.to_act
            t.submit(s, _bot_move(t, s))
    raise AssertionError("no such position in 50 deals")


def _my_turn_shown(screen: TableScreen) -> bool:
    for c in (x for top in screen.stack.controls for x in walk(top)):
        if isinstance(c, ft.Semantics) and (c.identifier or "").startswith("card-") and c.button:
            return True
        if isinstance(c, ft.Text) and c.value in ("Your turn", "Your lead"):
            return True
    return False


class Recorder:
    """Feedback that writes each cue into the screen's event log."""

    def __init__(self, log: list[tuple[str, Any]]) -> None:
        self.log = log

    async def sound(self, name: str) -> None:
        self.log.append(("sound", name))

    async def tap(self) -> None:
        self.log.append(("tap", None))


def test_your_turn_appears_only_after_the_previous_players_card_has_landed(monkeypatch) -> None:
    before, after, played = _views_around_the_card_before_my_turn()
    log: list[tuple[str, Any]] = []
    real_sleep = asyncio.sleep

    async def sleep(seconds: float) -> None:
        log.append(("sleep", seconds))
        await real_sleep(0)

    monkeypatch.setattr(table_screen.asyncio, "sleep", sleep)
    state = {"view": before}
    session = SimpleNamespace(
        on_change=None,
        state=lambda: SessionState(seat=0, view=state["view"], lobby={}, version=1),
    )

    def update() -> None:
        s = screen.sprites.get(played)
        log.append(("update", ((s.left, s.top) if s else None, _my_turn_shown(screen))))

    page = SimpleNamespace(width=1024, height=768, update=update)
    screen = TableScreen(page, session, Settings(speed="normal"), lambda: None, Recorder(log))

    async def main() -> None:
        await screen.refresh()
        log.clear()
        state["view"] = after
        await screen.refresh()
        await real_sleep(0)  # let the cues (fired without waiting) run

    asyncio.run(main())
    sounds = [e[1] for e in log if e[0] == "sound"]
    assert sounds == ["card", "turn"]  # the bot's card is heard, then our turn
    updates = [(i, e[1]) for i, e in enumerate(log) if e[0] == "update"]
    landed_at = updates[-1][1][0]
    assert landed_at is not None
    i_landing = next(i for i, (pos, _) in updates if pos == landed_at)  # sent to its place
    i_turn = next(i for i, (_, turn) in updates if turn)
    waits = [e[1] for e in log[i_landing:i_turn] if e[0] == "sleep"]
    assert screen.anim > 0 and any(w >= screen.anim / 1000 for w in waits), log
    assert _my_turn_shown(screen)  # and then it is our turn


@pytest.mark.parametrize("four", [False, True])
def test_a_card_not_yet_loaded_is_blank_paper_not_a_dark_shape(four: bool) -> None:
    """Until its SVG has loaded, a card shows its box: white paper (its shadow alone drew
    a dark card-shaped placeholder in the hand at a deal's start)."""
    from thaasbai.ui.palette import WHITE
    from thaasbai.ui.widgets import card_image

    card = card_image("AS", 60, 84, four)
    assert card.bgcolor == WHITE and isinstance(card.content, ft.Image)


def test_sounds_and_haptics_stay_off_when_muted() -> None:
    from thaasbai.ui.feedback import DeviceFeedback

    prefs = SimpleNamespace(muted=True)
    fb = DeviceFeedback(prefs)  # type: ignore[arg-type]

    async def main() -> None:
        for name in ("card", "trick", "turn"):
            await fb.sound(name)
        await fb.tap()

    asyncio.run(main())
    assert fb._audio == {} and fb._haptics is None  # nothing was even made


def test_every_sound_the_table_plays_is_an_asset() -> None:
    from pathlib import Path

    from thaasbai.ui.feedback import SOUNDS

    assets = Path(__file__).resolve().parents[2] / "assets" / "sounds"
    for name in SOUNDS:
        data = (assets / f"{name}.wav").read_bytes()
        assert data[:4] == b"RIFF" and data[8:12] == b"WAVE" and 1_000 < len(data) < 40_000


def test_a_finished_trick_sounds_the_card_then_the_trick_gathered(monkeypatch) -> None:
    before, after, _ = _views_around_the_card_before_my_turn(in_trick=3)
    log: list[tuple[str, Any]] = []
    real_sleep = asyncio.sleep

    async def sleep(seconds: float) -> None:
        await real_sleep(0)

    monkeypatch.setattr(table_screen.asyncio, "sleep", sleep)
    state = {"view": before}
    session = SimpleNamespace(
        on_change=None,
        state=lambda: SessionState(seat=0, view=state["view"], lobby={}, version=1),
    )
    page = SimpleNamespace(width=1024, height=768, update=lambda: None)
    screen = TableScreen(page, session, Settings(), lambda: None, Recorder(log))

    async def main() -> None:
        await screen.refresh()
        log.clear()
        state["view"] = after
        await screen.refresh()
        await real_sleep(0)

    asyncio.run(main())
    sounds = [e[1] for e in log if e[0] == "sound"]
    mine_next = after["to_act"] == 0
    assert sounds == ["card", "trick", "turn"] if mine_next else ["card", "trick"]
