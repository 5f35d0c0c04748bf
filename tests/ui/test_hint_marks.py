"""A hint is marked on the table: the hinted card is raised and ringed and says it is
hinted, a hinted call marks its button, the reason is shown, and the mark goes as soon as
the player acts or the table moves on.  The Hint button is there solo, and online only
when the room allows hints."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace

import flet as ft
import pytest

from thaasbai.engine.actions import ACCEPT, DECLARE, GIVE_UP, HAND_CALL, REFUSE, action_to_json
from thaasbai.engine.match import GameOptions
from thaasbai.table import BOT, Table
from thaasbai.ui import table_model
from thaasbai.ui.palette import HINT
from thaasbai.ui.session import SessionState
from thaasbai.ui.settings import Settings
from thaasbai.ui.table_screen import TableScreen

from .controls import walk

TEXT = "Hint: ace of spades. Lead a winner."


def table_at(game: str, seats: int, hukum: str, want, seed: int = 0) -> Table:
    """A table (seat 0 a person, the rest bots) played at random until ``want(view)`` holds
    for seat 0's view JSON on its turn."""
    rng = random.Random(seed)
    for _ in range(400):
        t = Table(GameOptions(game=game, seats=seats, hukum=hukum), rng=rng)
        t.sit(0, "Me")
        for s in range(1, seats):
            t.sit(s, f"b{s}", BOT, "easy")
        t.start()
        d = t.match.current
        for _ in range(300):
            v = t.view(0).to_json()
            if d.over:
                break
            if v["to_act"] == 0 and want(v):
                return t
            legal = d.legal_actions(d.to_act)
            keep = [a for a in legal if a not in (GIVE_UP, HAND_CALL)] or legal
            if HAND_CALL in legal and rng.random() < 0.5:
                keep = [HAND_CALL]
            t.submit(d.to_act, rng.choice(keep))
    raise AssertionError("no such position")


def _all(screen: TableScreen) -> list[ft.Control]:
    return [x for top in screen.stack.controls for x in walk(top)]


def _hinted_cards(screen: TableScreen) -> list[ft.Semantics]:
    return [
        c
        for c in _all(screen)
        if isinstance(c, ft.Semantics)
        and (c.identifier or "").startswith("card-")
        and (c.label or "").endswith(", hinted")
    ]


def _hinted_calls(screen: TableScreen) -> list[ft.Semantics]:
    semantics = (c for c in _all(screen) if isinstance(c, ft.Semantics))
    return [c for c in semantics if c.identifier == "hinted-call"]


def _texts(screen: TableScreen) -> list[str]:
    return [c.value for c in _all(screen) if isinstance(c, ft.Text) and isinstance(c.value, str)]


class LocalLike:
    """A session over a Table, seat 0 acting through the table's one pipeline."""

    online = False

    def __init__(self, table: Table, lobby: dict | None = None, online: bool = False) -> None:
        self.table = table
        self.lobby = lobby or {}
        self.online = online
        self.on_change = None

    def state(self) -> SessionState:
        v = self.table.view(0)
        return SessionState(0, v.to_json(), self.lobby, self.table.version, online=self.online)

    async def act(self, action, version=None) -> None:
        from thaasbai.engine.actions import action_from_json

        self.table.submit(0, action_from_json(action))
        if self.on_change is not None:
            await self.on_change()


def screen_for(session) -> TableScreen:
    page = SimpleNamespace(width=1024, height=768, update=lambda: None)
    screen = TableScreen(page, session, Settings(speed="fast"), lambda: None)
    session.on_change = screen.refresh
    return screen


@pytest.fixture(autouse=True)
def _no_waits(monkeypatch):
    from thaasbai.ui import table_screen

    real = asyncio.sleep

    async def sleep(seconds: float) -> None:
        await real(0)

    monkeypatch.setattr(table_screen.asyncio, "sleep", sleep)


# -- the model ------------------------------------------------------------------------------


def test_with_hint_marks_exactly_the_hinted_card_and_shows_the_words():
    # A follow with a card of the led suit to play and some others held back.
    t = table_at("thaas", 4, "implicit", lambda v: 2 <= len(v["legal"]) < len(v["hand"]))
    view = t.view(0).to_json()
    model = table_model.build(view)
    card = view["legal"][-1]["play"]
    marked = table_model.with_hint(model, {"play": card}, TEXT)
    assert [c.code for c in marked.hand if c.hinted] == [card]
    assert marked.hint == TEXT and marked.buttons == model.buttons
    # Not a card we may play now (the table moved on): nothing is marked, no words.
    held = [c.code for c in model.hand if not c.playable]
    gone = next(c for c in ("AS", "2C", "7H") if c not in view["hand"])
    for code in [*held, gone]:
        assert table_model.with_hint(model, {"play": code}, TEXT) == model
    # Nor off our turn.
    off = table_model.build(t.view(1).to_json())
    assert table_model.with_hint(off, {"play": card}, TEXT) == off


@pytest.mark.parametrize(
    ("game", "seats", "hukum", "action"),
    [
        ("thaas", 4, "declared", DECLARE + 2),
        ("thulla", 4, "implicit", HAND_CALL),
        ("thulla", 4, "implicit", ACCEPT),
        ("thulla", 4, "implicit", REFUSE),
        ("thulla", 3, "implicit", GIVE_UP),
    ],
    ids=["declare", "hand_call", "accept", "refuse", "give_up"],
)
def test_a_hinted_call_marks_its_button(game, seats, hukum, action):
    wanted = action_to_json(action)
    t = table_at(game, seats, hukum, lambda v: wanted in v["legal"], seed=action)
    model = table_model.build(t.view(0).to_json())
    marked = table_model.with_hint(model, wanted, TEXT)
    assert [b.action for b in marked.buttons if b.hinted] == [wanted]
    assert not any(c.hinted for c in marked.hand) and marked.hint == TEXT


def test_while_a_card_lands_no_hint_is_shown():
    t = table_at("thaas", 4, "implicit", lambda v: True)
    model = table_model.build(t.view(0).to_json())
    card = model.hand[[c.playable for c in model.hand].index(True)].code
    marked = table_model.with_hint(model, {"play": card}, TEXT)
    held = table_model.turn_withheld(marked, marked)
    assert held.hint is None and not any(c.hinted for c in held.hand)


# -- the table screen -------------------------------------------------------------------------


def test_the_hinted_card_is_raised_ringed_and_labelled_until_the_player_plays():
    t = table_at("thaas", 4, "implicit", lambda v: len(v["legal"]) >= 2, seed=3)
    session = LocalLike(t)
    screen = screen_for(session)
    asyncio.run(screen.refresh())
    view = session.state().view
    card = view["legal"][-1]["play"]
    assert asyncio.run(screen.show_hint({"play": card}, TEXT, t.version))
    [mark] = _hinted_cards(screen)
    assert mark.identifier == f"card-{card}" and mark.label.startswith(table_model.spoken(card))
    ring = next(c for c in walk(mark) if isinstance(c, ft.Container) and c.border is not None)
    assert ring.border.top.color == HINT
    assert TEXT in _texts(screen)
    # Raised: the hinted card alone stands up; the other playable cards wait at rest.
    g = screen.geom
    tops = {code: screen.sprites[code].top for code in (c["play"] for c in view["legal"])}
    rest = min(r.y for r in g.hand[: len(view["hand"])])
    assert tops[card] < rest and all(tops[c] >= rest for c in tops if c != card)
    # Playing a card (any card) clears the mark and the words.
    other = view["legal"][0]["play"]
    asyncio.run(screen.act({"play": other}))
    assert not _hinted_cards(screen) and TEXT not in _texts(screen) and screen.hint is None


def test_a_hint_for_a_table_that_has_moved_on_is_not_shown_and_a_move_clears_one():
    t = table_at("thaas", 4, "implicit", lambda v: True, seed=5)
    session = LocalLike(t)
    screen = screen_for(session)
    asyncio.run(screen.refresh())
    card = session.state().view["legal"][0]["play"]
    assert not asyncio.run(screen.show_hint({"play": card}, TEXT, t.version - 1))
    assert not _hinted_cards(screen)
    assert asyncio.run(screen.show_hint({"play": card}, TEXT, t.version))
    assert _hinted_cards(screen)
    # Another seat moves (the table's version moves on): the mark goes with the next state.
    t.version += 1
    asyncio.run(screen.refresh())
    assert not _hinted_cards(screen) and screen.hint is None


def test_a_hinted_call_rings_its_button_and_says_so():
    wanted = action_to_json(DECLARE + 1)
    t = table_at("dhihaeh", 4, "declared", lambda v: wanted in v["legal"])
    session = LocalLike(t)
    screen = screen_for(session)
    asyncio.run(screen.refresh())
    assert asyncio.run(screen.show_hint(wanted, "Hint: declare H.", t.version))
    [mark] = _hinted_calls(screen)
    assert mark.label == "♥ Hearts, hinted"
    button = mark.content
    assert isinstance(button, ft.Button) and button.style.side.color == HINT
    asyncio.run(screen.act(wanted))
    assert not _hinted_calls(screen)


def _has_hint_button(screen: TableScreen) -> bool:
    return "Hint" in _texts(screen)


@pytest.mark.parametrize(
    ("online", "hints", "shown"),
    [(False, None, True), (True, True, True), (True, False, False), (True, None, False)],
)
def test_the_hint_button_is_offered_solo_and_online_only_where_the_room_allows(
    online, hints, shown
):
    from thaasbai.ui.history_pages import HistoryPages
    from thaasbai.ui.session import LocalSession

    t = table_at("thaas", 4, "implicit", lambda v: True, seed=7)
    lobby = {} if hints is None else {"hints": hints}
    session = LocalLike(t, lobby, online=online)
    if not online:  # the real solo session
        session = LocalSession.__new__(LocalSession)
        session.table, session.on_change = t, None
    screen = screen_for(session)
    app = SimpleNamespace(prefs=SimpleNamespace(store=None), games=SimpleNamespace())
    HistoryPages(app).attach(screen)
    asyncio.run(screen.refresh())
    assert _has_hint_button(screen) is shown


@pytest.mark.parametrize(("w", "h"), [(844, 390), (360, 640), (1024, 768)])
def test_the_hints_words_stay_clear_of_the_status_pill(w, h):
    """A reason may wrap to two or three lines: on a phone on its side the pill grows up
    from just above the status pill (it covered "Your turn" when it hung from the top)."""
    from thaasbai.ui import layout, table_overlays
    from thaasbai.ui.theme import palette

    t = table_at("thaas", 4, "implicit", lambda v: True, seed=9)
    model = table_model.build(t.view(0).to_json())
    card = next(c.code for c in model.hand if c.playable)
    long_text = "Hint: ten of hearts. " + "A reason long enough to wrap onto three lines. " * 3
    model = table_model.with_hint(model, {"play": card}, long_text)
    geom = layout.geometry(w, h, len(model.hand))
    out = table_overlays.overlays(
        model,
        geom,
        palette("dark"),
        four_colour=False,
        timer_text=None,
        connection=None,
        act=lambda a: None,
        reshow_result=None,
    )
    [box] = [c for c in out if c.key == "hint"]
    if geom.short:
        assert box.top is None and geom.height - box.bottom <= geom.status_y - 4
    else:
        assert box.top == geom.banner_y and box.bottom is None
        assert box.left >= 8 and box.left + box.width <= geom.width - 8
