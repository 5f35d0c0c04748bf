"""The deck's pictures are fetched ahead of the deal: the deck in use, and the other one
as soon as Settings switches to it (CI's four-colour test once raced the first warm-up)."""

from __future__ import annotations

import flet as ft

from thaasbai.ui.card_warmup import DeckWarmup


def sources(overlay: list[ft.Control]) -> set[str]:
    """Every picture the overlay's warm-ups draw."""
    found: set[str] = set()
    for c in overlay:
        assert isinstance(c, ft.Container) and isinstance(c.content, ft.Stack)
        found |= {str(i.src) for i in c.content.controls if isinstance(i, ft.Image)}
    return found


def test_nothing_is_drawn_before_the_first_warm_up() -> None:
    overlay: list[ft.Control] = []
    warmup = DeckWarmup(overlay)
    assert warmup.follow(True) is False  # Settings saved early: the timer will read it
    assert overlay == []


def test_the_deck_in_use_is_warmed_with_all_53_pictures() -> None:
    overlay: list[ft.Control] = []
    DeckWarmup(overlay).warm(False)
    srcs = sources(overlay)
    assert len(srcs) == 53
    assert "cards/AS.svg" in srcs and "cards/back.svg" in srcs
    assert not any(s.startswith("cards4/") for s in srcs)


def test_switching_decks_in_settings_warms_the_new_deck_in_place_of_the_old() -> None:
    overlay: list[ft.Control] = [ft.Text("a dialog")]
    warmup = DeckWarmup(overlay)
    warmup.warm(False)
    assert warmup.follow(True) is True
    assert len(overlay) == 2 and isinstance(overlay[0], ft.Text)  # others stay
    srcs = sources(overlay[1:])
    assert len(srcs) == 53 and all(s.startswith("cards4/") for s in srcs)


def test_saving_the_same_deck_again_changes_nothing() -> None:
    overlay: list[ft.Control] = []
    warmup = DeckWarmup(overlay)
    warmup.warm(True)
    before = list(overlay)
    assert warmup.follow(True) is False
    assert overlay == before
