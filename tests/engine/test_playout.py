"""The fast paths search uses -- ``copy``, ``play_card`` and ``random_playout`` -- give
exactly what the validated path (``apply``) gives."""

from __future__ import annotations

import random

import pytest

from thaasbai.engine import describe, new_match
from thaasbai.engine.actions import ACCEPT, HAND_CALL, REFUSE
from thaasbai.engine.cards import SUIT_PATTERN_CARDS, cards_of
from thaasbai.engine.match import GameOptions
from thaasbai.engine.playout import random_playout
from thaasbai.engine.thulla import ANSWER, ThullaDeal
from thaasbai.engine.trick import HUKUM_MODES, DhihaehDeal, ThaasDeal, TrickDeal

TRICK_CLASSES = [ThaasDeal, DhihaehDeal]


def state(deal: TrickDeal | ThullaDeal) -> dict:
    slots = TrickDeal.__slots__ if isinstance(deal, TrickDeal) else ThullaDeal.__slots__
    return {name: getattr(deal, name) for name in slots}


def by_apply(deal: TrickDeal | ThullaDeal, rng: random.Random) -> None:
    """The reference: random_playout's rule, one validated action at a time."""
    while not deal.over:
        if isinstance(deal, ThullaDeal):
            if deal.phase == ANSWER:
                legal = [ACCEPT, REFUSE]
            else:
                legal = [a for a in deal.legal_actions() if a < 52]
        else:
            legal = deal.legal_actions()
        deal.apply(deal.to_act, legal[int(rng.random() * len(legal))])


def test_the_pattern_table_holds_the_cards_of_every_suit_pattern() -> None:
    for suit, table in enumerate(SUIT_PATTERN_CARDS):
        assert len(table) == 1 << 13
        for pattern, cards in enumerate(table):
            assert list(cards) == sorted(cards_of(pattern << (13 * suit))), (suit, pattern)


def advance(deal: TrickDeal | ThullaDeal, rng: random.Random, steps: int) -> None:
    """A few random actions (Hand Calls included) to start from mid-deal positions."""
    for _ in range(steps):
        if deal.over:
            return
        legal = deal.legal_actions()
        if HAND_CALL in legal and rng.random() < 0.5:
            deal.apply(deal.to_act, HAND_CALL)
        else:
            deal.apply(deal.to_act, rng.choice([a for a in legal if a != 59] or legal))


@pytest.mark.parametrize("cls", TRICK_CLASSES)
@pytest.mark.parametrize("mode", HUKUM_MODES)
def test_random_playout_plays_what_apply_plays_with_the_same_choices(cls, mode):
    for seed in range(150):
        rng = random.Random(seed)
        deal = cls.deal(rng, seed % 4, mode)
        advance(deal, rng, rng.choice([0, 0, 1, 5, 20, 37, 50]))
        fast, slow = deal.copy(), deal.copy()
        assert random_playout(fast, random.Random(seed)) is fast
        by_apply(slow, random.Random(seed))
        assert state(fast) == state(slow)
        assert fast.over and fast.card_count() == 52


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_random_thulla_playout_plays_what_apply_plays(seats):
    for seed in range(60):
        rng = random.Random(seed)
        deal = ThullaDeal.deal(rng, seats, seed % seats)
        advance(deal, rng, rng.choice([0, 3, 12, 40]))
        fast, slow = deal.copy(), deal.copy()
        random_playout(fast, random.Random(seed))
        by_apply(slow, random.Random(seed))
        assert state(fast) == state(slow)


def test_random_playout_of_a_finished_deal_changes_nothing():
    deal = ThaasDeal.deal(random.Random(1), 0)
    random_playout(deal, random.Random(2))
    before = state(deal)
    random_playout(deal, random.Random(3))
    assert state(deal) == before


@pytest.mark.parametrize("cls", [*TRICK_CLASSES, ThullaDeal])
def test_copy_copies_every_slot_and_shares_no_mutable_state(cls):
    rng = random.Random(4)
    deal = cls.deal(rng, 4, 0) if cls is ThullaDeal else cls.deal(rng, 0, "hidden")
    advance(deal, rng, 9)
    other = deal.copy()
    assert type(other) is type(deal)
    assert state(other) == state(deal)
    for name, value in state(deal).items():
        if isinstance(value, list):
            assert getattr(other, name) is not value, name
    before = state(deal)
    random_playout(other, rng)
    assert state(deal) == before


@pytest.mark.parametrize("game", ["thaas", "dhihaeh", "thulla"])
def test_play_card_is_apply_without_the_checks(game):
    for seed in range(40):
        rng = random.Random(seed)
        match = new_match(
            GameOptions(game=game, seats=4, hukum="hidden" if game != "thulla" else "implicit"),
            first_dealer=seed % 4,
        )
        deal = match.start_deal(rng)
        while not deal.over:
            fast = deal.copy()
            if isinstance(deal, TrickDeal) and deal.declaring:
                action = deal.legal_actions()[0]
                match.apply(deal.to_act, action)
                continue
            card = rng.choice(cards_of(deal.legal_mask()))
            fast.play_card(card)
            match.apply(deal.to_act, card)
            assert state(fast) == state(deal)
        assert describe(match)["deals"][0]["status"] == "over"
