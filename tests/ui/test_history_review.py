"""The History's page of an online game: a deal whose every card the seat saw is rebuilt
and offers its Review (with the hands before each trick); one whose cards were not all
shown says plainly why there is no exact review."""

from __future__ import annotations

import asyncio
import random

import flet as ft

from tests.learn.test_reconstruct import online_game, thaas_deals
from thaasbai.learn.history import HistoryStore
from thaasbai.learn.storage import MemoryStorage
from thaasbai.ui.history_screen import GameViewer, game_view
from thaasbai.ui.learning import Learning
from thaasbai.ui.theme import palette

from .controls import walk


def page_of(v: GameViewer) -> tuple[list[str], list[str]]:
    """The texts and the button labels of the game's page."""
    noop = lambda *a: None  # noqa: E731
    view = game_view(v, palette("dark"), noop, lambda n: noop, lambda n: noop, noop, noop)
    controls = [x for top in view.controls for x in walk(top)]
    texts = [c.value for c in controls if isinstance(c, ft.Text) and isinstance(c.value, str)]
    buttons = [c.content for c in controls if isinstance(c, ft.Button)]
    return texts, [b if isinstance(b, str) else getattr(b, "value", "") for b in buttons]


def kept(recorder) -> GameViewer:
    """The game as the History keeps and reads it back."""
    store = HistoryStore(MemoryStorage())
    asyncio.run(store.save_seen(recorder.seen(), ["A", "B", "C", "D"]))
    [entry] = asyncio.run(store.load()).entries
    return GameViewer(entry)


def test_an_online_deal_all_of_whose_cards_were_shown_is_reviewed_like_a_solo_one():
    _, recorders = online_game("dhihaeh", 4, random.Random(3))
    v = kept(recorders[2])
    texts, buttons = page_of(v)
    assert "Review" in buttons
    assert any("rebuilt exactly" in t for t in texts)
    v.step_to(1)
    texts, _ = page_of(v)
    assert "Hands before the trick" in texts  # every hand, as dealt, before trick 1
    record, index, why = v.reviewable()
    assert why is None and index == 0
    review = asyncio.run(Learning(MemoryStorage()).review(record, 2, index, budget_ms=2_000))
    assert review.seat == 2 and review.analysed_tricks  # the last tricks first
    v.review = review
    texts, _ = page_of(v)
    assert any(t.startswith("Tricks analysed: ") for t in texts)
    # What a better play means there: the results Dhihaeh scores.
    assert "A better play is one that changes the deal's result against best play: " in "".join(
        texts
    )
    assert any(t.endswith("a Bang, a Big Bang.") for t in texts)


def test_a_thaas_deal_decided_by_the_7_trick_rule_says_why_there_is_no_exact_review():
    m, recorders = next(thaas_deals(random.Random(8), "implicit", thirteen=False, n=1))
    v = kept(recorders[1])
    texts, buttons = page_of(v)
    assert "Review" not in buttons
    assert "No exact review of this deal." in texts
    n = m.current.tricks_played
    assert any(t.startswith(f"This deal ended after trick {n}") for t in texts)
    assert "Hands before the trick" not in texts
