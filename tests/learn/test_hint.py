"""Hints are legal, come from the seat's view only, and give reasons the view supports."""

from __future__ import annotations

import random
import re

import pytest
from knowledge import now, reshuffled

from tests.bots.conftest import SETUPS, random_position
from tests.bots.test_no_peeking import hidden_positions
from thaasbai.bots import finish
from thaasbai.bots.ultra import UltraBot
from thaasbai.engine.cards import SUIT_MASKS, parse_card
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.record import replay, to_record
from thaasbai.engine.views import view_for
from thaasbai.learn.hint import hint_steps
from thaasbai.learn.reasons import reason_for

CARD_WORDS = r"(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of (\w+)"


def fixed_bot() -> UltraBot:
    return UltraBot(iterations=20)  # a fixed amount of search: the clock cannot change it


def positions(n: int, seed: int):
    rng = random.Random(seed)
    return [random_position(rng, *SETUPS[i % len(SETUPS)]) for i in range(n)]


def test_a_hint_is_unchanged_when_the_unseen_cards_are_reshuffled():
    rng = random.Random(11)
    for match in [*positions(26, seed=7), *hidden_positions(3, seed=7)]:
        seat = match.current.to_act
        view = view_for(match, seat)
        other = view_for(reshuffled(match, seat, rng), seat)
        assert other == view
        first = finish(hint_steps(view, random.Random(1), bot=fixed_bot()))
        again = finish(hint_steps(other, random.Random(1), bot=fixed_bot()))
        assert again == first  # the action and the words


def test_hints_are_legal_in_every_game():
    for match in positions(39, seed=3):
        view = view_for(match, match.current.to_act)
        h = finish(hint_steps(view, random.Random(2), bot=fixed_bot()))
        assert h.action in view.legal


def test_a_reason_names_only_cards_the_seat_may_know():
    for match in [*positions(52, seed=4), *hidden_positions(3, seed=4)]:
        seat = match.current.to_act
        view = view_for(match, seat)
        allowed = now(to_record(match)).may_know(seat)
        for a in view.legal:
            words = reason_for(view, a) or ""
            named = re.findall(
                r"(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of (\w+)",
                words,
            )
            for rank, suit in named:
                card = _card(rank, suit)
                assert card in allowed, (words, card)


def _card(rank: str, suit: str) -> str:
    ranks = dict(
        ace="A",
        king="K",
        queen="Q",
        jack="J",
        ten="T",
        nine="9",
        eight="8",
        seven="7",
        six="6",
        five="5",
        four="4",
        three="3",
        two="2",
    )
    return ranks.get(rank, rank) + suit[0].upper()


HANDS = [
    "AS AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
    "KS QS JS 2H AD KD QD JD TD 9D 8D 7D 6D",
    "TS 9S 8S 7S 5D 4D 3D 2D AC KC QC JC TC",
    "6S 5S 4S 3S 2S 9C 8C 7C 6C 5C 4C 3C 2C",
]


def view_after(plays: list[str], hukum: str = "none"):
    """Seat 0 leads (dealer 3); the view of the seat to act after ``plays``."""
    record = {
        "game": "thaas",
        "seats": 4,
        "options": {"hukum": hukum},
        "deals": [
            {
                "dealer": 3,
                "hands": [h.split() for h in HANDS],
                "actions": [{"seat": i % 4, "play": c} for i, c in enumerate(plays)],
            }
        ],
    }
    m = replay(record)
    return view_for(m, m.current.to_act)


def test_partner_already_winning_with_the_ace_says_play_low():
    view = view_after(["AS", "QS"])
    assert view.seat == 2
    assert reason_for(view, parse_card("7S")) == "Your partner is already winning: play low."
    assert reason_for(view, parse_card("TS")) != "Your partner is already winning: play low."


def test_last_to_play_wins_as_cheaply_as_it_can():
    view = view_after(["AS", "KS", "TS"])  # seat 3 cannot beat the ace
    assert reason_for(view, parse_card("2S")) == "You cannot win this trick: play your lowest card."
    view = view_after(["AS", "KS", "TS", "2S", "AH", "2H", "5D"])
    # Seat 3 has no hearts; with no hukum its club is thrown away.
    assert "throw away" in reason_for(view, parse_card("2C"))


def test_leading_a_master_says_so():
    view = view_after([])
    assert reason_for(view, parse_card("AH")) == (
        "Lead a winner: the ace of hearts is the highest heart left."
    )


def test_a_void_seat_in_thulla_is_told_to_shed_its_highest_card():
    rng = random.Random(6)
    for _ in range(500):
        m = new_match(GameOptions(game="thulla", seats=4), rng=rng)
        m.start_deal(rng=rng)
        d = m.current
        for _ in range(300):
            if d.over:
                break
            v = view_for(m, d.to_act)
            if v.trick and v.led is not None and not v.hand & SUIT_MASKS[v.led] and v.legal[0] < 52:
                top = min((c for c in v.legal if c < 52), key=lambda c: c % 13)
                assert reason_for(v, top).endswith("shed your highest card.")
                return
            m.apply(d.to_act, rng.choice([a for a in v.legal if a < 52] or v.legal))
    raise AssertionError("no thulla found")


def test_no_hint_off_turn():
    rng = random.Random(1)
    m = new_match(GameOptions(game="thaas"), first_dealer=0)
    m.start_deal(rng=rng)
    view = view_for(m, 3)  # seat 1 leads
    with pytest.raises(ValueError):
        finish(hint_steps(view, rng, bot=fixed_bot()))
