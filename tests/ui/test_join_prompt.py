"""The invite page's join prompt keeps what the player typed: built again (the route shown
once more, a re-layout), it shows the same name, and Join sends it."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import flet as ft

from thaasbai.ui.lobby_screen import JoinDraft, join_prompt_view
from thaasbai.ui.theme import palette

from .controls import walk

ROOM = {
    "code": "K7M2QX",
    "game": "thaas",
    "seats": 4,
    "options": {"hukum": "implicit", "best_of": 1},
    "bots": "easy",
    "started": False,
    "host": 0,
    "seat_list": [
        {"kind": "human", "name": "Aisha", "bot_level": None, "connected": True, "away": False},
        *[{"kind": "free", "name": "", "bot_level": None, "connected": None, "away": False}] * 3,
    ],
}


def _find(view: ft.View, kind: type, pred=lambda c: True):
    return [c for top in view.controls for c in walk(top) if isinstance(c, kind) and pred(c)]


def _field(view: ft.View) -> ft.TextField:
    [field] = _find(view, ft.TextField, lambda c: c.key == "join-name")
    return field


def _prompt(draft: JoinDraft, joined: list[str], default_name: str = "You") -> ft.View:
    async def on_join(name: str) -> None:
        joined.append(name)

    return join_prompt_view(
        "K7M2QX", ROOM, palette("dark"), default_name, on_join, None, lambda r: None, draft
    )


def _type(field: ft.TextField, text: str) -> None:
    """What the Flet client does as a key is typed: the value, then on_change."""
    field.value = text
    field.on_change(SimpleNamespace(control=field, data=text))


def _press_join(view: ft.View) -> None:
    [join] = _find(view, ft.Button, lambda b: getattr(b.content, "value", None) == "Join")
    asyncio.run(join.on_click(SimpleNamespace(control=join)))


def test_a_name_typed_on_the_join_prompt_survives_the_prompt_being_built_again():
    draft, joined = JoinDraft(), []
    first = _prompt(draft, joined)
    _type(_field(first), "Ibrahim")
    again = _prompt(draft, joined)  # a new page, a new TextField
    assert _field(again) is not _field(first)
    assert _field(again).value == "Ibrahim"
    _press_join(again)
    assert joined == ["Ibrahim"]


def test_an_opened_change_name_field_stays_open_with_its_text_when_rebuilt():
    draft, joined = JoinDraft(), []
    first = _prompt(draft, joined, default_name="Aisha")
    assert not _field(first).visible  # the name from Settings is used as it is
    draft.editing = True  # what "Change name" does (its update() needs a live page)
    _type(_field(first), "Ibi")
    again = _prompt(draft, joined, default_name="Aisha")
    assert _field(again).visible and _field(again).value == "Ibi"


def test_the_prefilled_name_is_kept_until_the_player_types():
    draft, joined = JoinDraft(), []
    view = _prompt(draft, joined, default_name="Aisha")
    assert _field(view).value == "Aisha"
    _press_join(view)
    assert joined == ["Aisha"]


def test_the_join_name_field_is_not_autofocused():
    """Autofocus was the lost name's cause: a field focused before the accessibility tree
    is turned on gets a second text input that never reaches the field."""
    assert not _field(_prompt(JoinDraft(), [])).autofocus
