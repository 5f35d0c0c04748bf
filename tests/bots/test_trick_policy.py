"""Normal's card play: the rules with no hukum (`none` mode) and those while the implicit
hukum is still open, position by position, and what they are worth in duplicate deals."""

from __future__ import annotations

import random

import pytest

from thaasbai.arena import ArenaConfig, DealResult, paired_interval, play_once, run
from thaasbai.bots import trick_policy
from thaasbai.bots.normal import NormalBot
from thaasbai.bots.search_common import heuristic_choice
from thaasbai.bots.trick_policy import heuristic_card, last_leads
from thaasbai.engine.cards import SUITS, mask_of, parse_card
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.views import view_for

SPADES, HEARTS = SUITS.index("S"), SUITS.index("H")


def cards(text: str) -> int:
    return mask_of(parse_card(t) for t in text.split())


def lead(
    hand: str,
    played: str = "",
    voids=None,
    no_hukum=True,
    hukum=-1,
    dhihaeh=False,
    last_led=None,
):
    """Seat 0's lead."""
    return heuristic_card(
        cards(hand), 0, [], 0, -1, hukum, False, cards(played), dhihaeh, voids, no_hukum, last_led
    )


def test_with_no_hukum_a_master_is_cashed_even_in_a_suit_an_opponent_is_void_in():
    hand = "AS 7H 6H 5H 4H 3H 7D 6D 5D 7C 6C 5C 4C"
    voids = [0, 1 << SPADES, 0, 0]
    assert lead(hand, voids=voids) == parse_card("AS")
    # Where the suit could be ruffed (the hukum still hidden), it is not.
    assert lead(hand, voids=voids, no_hukum=False) == parse_card("3H")


def test_with_no_hukum_the_last_master_of_a_suit_with_one_card_out_is_cashed():
    hand = "AS 7H 6H 5H 4H 3H 7D 6D"
    played = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"  # 2S is the one spade out
    assert lead(hand, played) == parse_card("AS")
    assert lead(hand, played, no_hukum=False, hukum=SUITS.index("D")) == parse_card("3H")


def test_with_no_hukum_a_long_suit_is_led_from_the_top_of_touching_honours():
    rest = "7D 6D 5D 7C 6C 5C 7S 6S"
    assert lead("KH QH 5H 4H 3H " + rest) == parse_card("KH")
    assert lead("KH JH 5H 4H 3H " + rest) == parse_card("3H")  # no touching card
    # A card played between them makes K and J touch.
    assert lead("KH JH 5H 4H 3H " + rest, played="QH") == parse_card("KH")
    assert lead("KH QH 5H 4H 3H " + rest, no_hukum=False) == parse_card("3H")
    # In Dhihaeh a ten is not led to be captured.
    assert lead("TH 9H 5H 4H 3H " + rest) == parse_card("TH")
    assert lead("TH 9H 5H 4H 3H " + rest, dhihaeh=True) == parse_card("3H")


def test_with_no_hukum_a_seat_goes_on_with_the_suit_its_side_led_last():
    hand = "KH QH 5H 4H 3H 9D 6D 5D 7C 6C 5C 7S 6S"
    diamonds, clubs = SUITS.index("D"), SUITS.index("C")
    # The partner (seat 2) led diamonds last: back to them, not to our long hearts.
    assert lead(hand, last_led=[clubs, -1, diamonds, -1]) == parse_card("5D")
    # The partner has led nothing we hold: we go on with our own last suit.
    assert lead(hand, last_led=[clubs, -1, -1, -1]) == parse_card("5C")
    no_clubs = "KH QH 5H 4H 3H 2H 9D 6D 5D 4D 7S 6S 2S"
    assert lead(no_clubs, last_led=[clubs, -1, -1, -1]) == parse_card("KH")
    # Not with a hukum in play.
    assert lead(hand, no_hukum=False, last_led=[clubs, -1, diamonds, -1]) == parse_card("3H")


def test_last_leads_reads_the_finished_tricks():
    history = [(1, (0, 1, 2, 3), 1), (1, (13, 14, 15, 16), 3), (3, (26, 27, 28, 29), 0)]
    assert last_leads(history) == [-1, 1, -1, 2]


def test_with_no_hukum_a_discard_keeps_a_master_back():
    # Seat 1, void in clubs, cannot win the opponent's club trick.
    hand = cards("AS 7H 6H 5D 4D 3D")
    trick = [parse_card("KC")]
    clubs = SUITS.index("C")

    def discard(no_hukum: bool) -> int:
        return heuristic_card(hand, 1, trick, 0, clubs, -1, False, 0, False, None, no_hukum)

    assert discard(True) == parse_card("6H")
    assert discard(False) == parse_card("AS")  # the shortest suit, as in the other modes


def test_with_no_hukum_third_hand_overtakes_a_partner_with_a_master():
    # Seat 0 led QH, seat 1 followed low; seat 2 (the partner) holds the master AH, and the
    # king is out, so the last seat could beat the queen.
    hand = cards("AH 3H 7D 6D")
    trick = [parse_card("QH"), parse_card("5H")]

    def third(no_hukum: bool, hukum: int) -> int:
        return heuristic_card(hand, 2, trick, 0, HEARTS, hukum, False, 0, False, None, no_hukum)

    assert third(True, -1) == parse_card("AH")
    assert third(False, SPADES) == parse_card("3H")


@pytest.mark.parametrize("game", ["thaas", "dhihaeh"])
def test_normal_beats_easy_clearly_with_no_hukum(game):
    # Before these rules Normal was no better than Easy here: 51% and 56% of these deals,
    # paired intervals from 47% and 52%; with them 61% and 65%
    # (from 57% and 61%).
    out = run(ArenaConfig(game=game, hukum="none", a="normal", b="easy", deals=200, seed=3))
    assert out["paired_ci95"][0] > 0.55, out


def second_hand(hand: str, implicit_open: bool, hukum: int = -1, rules: bool = True):
    """Seat 1's card on seat 0's lead of the eight of spades (``rules``: the Normal bot's
    own rules)."""
    return heuristic_card(
        cards(hand),
        1,
        [parse_card("8S")],
        0,
        SPADES,
        hukum,
        implicit_open,
        cards("8S"),
        False,
        [0, 0, 0, 0],
        hukum < 0 and not implicit_open,
        None,
        rules,
    )


SECOND = "QS TS 3S 5H 7H 9D JC"


def test_with_the_implicit_hukum_open_second_hand_plays_low():
    # A later seat that cannot follow names the hukum and takes the trick: the ten would
    # only be spent.
    assert second_hand(SECOND, implicit_open=True) == parse_card("3S")


def test_with_the_hukum_known_or_none_second_hand_beats_the_lead_cheaply():
    assert second_hand(SECOND, implicit_open=False, hukum=HEARTS) == parse_card("TS")
    assert second_hand(SECOND, implicit_open=False, hukum=-1) == parse_card("TS")  # `none`


def test_with_the_implicit_hukum_open_second_hand_still_takes_with_a_master():
    assert second_hand("AS 3S 5H 7H", implicit_open=True) == parse_card("AS")
    assert second_hand("AS 3S 5H 7H", implicit_open=False, hukum=HEARTS) == parse_card("AS")


def open_lead(hand: str, played: str = "", rules: bool = True) -> int:
    return heuristic_card(
        cards(hand), 0, [], 0, -1, -1, True, cards(played), False, None, False, None, rules
    )


def test_with_the_implicit_hukum_open_the_short_suit_is_led_from_its_master():
    # Diamonds is the shortest suit: Normal leads it to be first void, its ace first.
    assert open_lead("AD 4D 5S 6S 7S 8H 9H TH JC QC KC") == parse_card("AD")
    assert open_lead("KD 4D 5S 6S 7S 8H 9H TH JC QC KC") == parse_card("4D")
    assert open_lead("KD 4D 5S 6S 7S 8H 9H TH JC QC", played="AD") == parse_card("KD")


def test_the_search_bots_model_plays_without_the_normal_bots_own_rules():
    # Rollouts, card reading and the search bots' default move keep the rules Hard and
    # Ultra were measured with: the open-hukum rules cost Ultra's margin over Hard
    # (session 26).  Second hand beats the lead cheaply there, open hukum or not.
    assert second_hand(SECOND, implicit_open=True, rules=False) == parse_card("TS")
    assert open_lead("AD 4D 5S 6S 7S 8H 9H TH JC QC KC", rules=False) == parse_card("4D")


def parted(hukum: str, deals: int = 30) -> int:
    """Decisions of Normal-bot deals where the search bots' default move differs."""
    n = 0
    for seed in range(deals):
        match = new_match(GameOptions(game="thaas", hukum=hukum), rng=random.Random(seed))
        match.start_deal(rng=random.Random(seed))
        bot = NormalBot()
        while not match.current.over:
            seat = match.current.to_act
            view = view_for(match, seat)
            mine = bot.choose(view, random.Random(0))
            n += mine != heuristic_choice(view)
            match.apply(seat, mine)
    return n


def test_only_the_normal_bot_plays_its_own_rules():
    """On real views: the Normal bot and the search bots' default move part ways only
    in `implicit`, the one mode with a hukum still to name."""
    assert parted("implicit") > 0
    assert parted("declared") == parted("none") == 0


OWN_RULES = ("OPEN_SECOND_HAND_LOW", "OPEN_SHORT_MASTER")


class RulesOff(NormalBot):
    """Normal without its own rules (the Normal before session 26)."""

    def choose(self, view, rng, budget_ms=None):
        saved = [getattr(trick_policy, name) for name in OWN_RULES]
        for name in OWN_RULES:
            setattr(trick_policy, name, False)
        try:
            return super().choose(view, rng, budget_ms)
        finally:
            for name, value in zip(OWN_RULES, saved, strict=True):
                setattr(trick_policy, name, value)


def test_the_normal_bots_own_rules_win_deals_in_implicit_thaas():
    # Screened on 8,000 duplicate deals: 53.3% against the Normal before them.
    cfg = ArenaConfig(game="thaas", hukum="implicit", seed=11)
    per_deal = []
    for i in range(1000):
        points = []
        for team in (0, 1):
            seats = {team, team + 2}
            bots = {s: NormalBot() if s in seats else RulesOff() for s in range(4)}
            winner = play_once(cfg, i, seats, DealResult(), bots=bots)
            points.append(1.0 if winner == team else 0.0)
        per_deal.append(sum(points) / 2)
    assert paired_interval(per_deal)[0] > 0.5, sum(per_deal) / len(per_deal)
