"""Thaas, rule by rule (RULES.md, "Thaas"), each from a readable record.

Unless a test says otherwise the dealer is seat 3, so seat 0 leads the first trick and,
in hidden mode, the set-aside card comes from seat 2.
"""

from __future__ import annotations

import json
import random

import pytest

from thaasbai.engine import GameOptions, RecordError, new_match, replay, view_for
from thaasbai.engine.cards import CardSet, cards_of, format_card

from .deals import led_by
from .scenarios import Scenario, cards, suit_cards

# Every seat holds one whole suit: all play after the first lead is forced.
ONE_SUIT_EACH = {0: suit_cards("S"), 1: suit_cards("H"), 2: suit_cards("D"), 3: suit_cards("C")}


def thaas(hukum: str = "implicit", best_of: int = 1) -> Scenario:
    return Scenario(game="thaas", hukum=hukum, best_of=best_of)


# -- teams, the deal, turn order -----------------------------------------------------------


def test_thaas_teams_are_seats_0_and_2_against_1_and_3():
    # Seat 2 wins the first trick (team 0), seat 3 the second (team 1).
    hands = {
        0: "2S 3H " + suit_cards("D", "AKQJT98765"),
        1: "3S 4H " + suit_cards("C", "AKQJT98765"),
        2: "AS 5H 4D 3D 2D 4C 3C 2C 6S 5S 4S 7H 6H",
        3: "KS AH",
    }
    _, out = thaas("none").deal(hands, "2S 3S AS KS | 7H AH 3H 4H", dealer=3).run()
    assert out["deals"][0]["tricks"] == [1, 1]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_thaas_deals_13_cards_each_and_left_of_dealer_leads(dealer):
    sc = Scenario(game="thaas", seed=11).deal(None, dealer=dealer)
    _, out = sc.run()
    deal = out["deals"][0]
    assert [len(h) for h in deal["hands"]] == [13, 13, 13, 13]
    assert len({c for h in deal["hands"] for c in h}) == 52
    assert deal["to_act"] == (dealer + 1) % 4


def test_thaas_trick_has_one_card_from_each_seat_in_turn_and_winner_leads_next():
    hands = {0: "KS 2H", 1: "AS 3H", 2: "QS 4H", 3: "JS 5H"}
    sc = thaas("none").deal(hands, "0:KS 1:AS 2:QS", dealer=3)
    _, out = sc.run()
    assert out["deals"][0]["to_act"] == 3
    assert out["deals"][0]["tricks_played"] == 0
    sc = thaas("none").deal(hands, "0:KS 1:AS 2:QS 3:JS", dealer=3)
    _, out = sc.run()
    assert out["deals"][0]["tricks_played"] == 1
    assert out["deals"][0]["to_act"] == 1  # the ace won and leads


def test_thaas_play_out_of_turn_is_refused():
    err = thaas().deal({0: "AS"}, "1:2S", dealer=3).error()
    assert (err.deal, err.action) == (0, 0)
    assert "seat 0's turn" in err.message


def test_thaas_must_follow_suit_when_holding_the_led_suit():
    hands = {0: "AS", 1: "KS AH"}
    err = thaas().deal(hands, "0:AS 1:AH", dealer=3).error()
    assert (err.deal, err.action) == (0, 1)
    assert "must follow suit" in err.message


def test_thaas_void_player_may_play_any_card():
    hands = {0: "AS", 1: suit_cards("H")}
    _, out = thaas().deal(hands, "0:AS", dealer=3).run()
    assert out["deals"][0]["legal"] == [{"play": c} for c in cards(suit_cards("H"))]


# -- who wins a trick ----------------------------------------------------------------------


def test_thaas_none_mode_highest_card_of_led_suit_wins_and_offsuit_never_wins():
    hands = {0: "2S AD", 1: "AH", 2: "3S", 3: "AC"}
    match, out = thaas("none").deal(hands, "0:2S 1:AH 2:3S 3:AC", dealer=3).run()
    deal = out["deals"][0]
    assert deal["hukum"] is None
    assert deal["tricks"] == [1, 0]
    assert match.current.history[0][2] == 2  # seat 2's three of spades


def test_thaas_highest_hukum_card_wins_when_any_is_played():
    # Declared hukum hearts: two void players ruff; the higher heart wins the trick.
    hands = {0: "AS", 1: "3H", 2: "KS", 3: "5H"}
    hands[1] += " " + suit_cards("D", "AKQJT98765") + " 2C 3C"
    hands[3] += " " + suit_cards("C", "AKQJT98765") + " 2D 4H"
    _, out = thaas("declared").deal(hands, "declare=H 0:AS 1:3H 2:KS 3:5H", dealer=3).run()
    assert out["deals"][0]["tricks"] == [0, 1]
    assert out["deals"][0]["to_act"] == 3


# -- implicit hukum --------------------------------------------------------------------------

IMPLICIT_HANDS = {
    0: "KS QS 9S 8S AC KC QC JC TC 9C 8C 7C 6C",
    1: "2H 3H AD KD QD JD TD 9D 8D 7D 6D 5D 4D",
    2: "AS JS TS AH KH QH JH TH 9H 8H 7H 6H 5H",
    3: "7S 6S 5S 4S 3S 2S 4H 3D 2D 5C 4C 3C 2C",
}


def test_thaas_implicit_no_hukum_when_the_deal_starts():
    _, out = thaas().deal(IMPLICIT_HANDS, "KS", dealer=3).run()
    assert out["deals"][0]["hukum"] is None


def test_thaas_implicit_first_void_card_sets_hukum_and_counts_in_that_trick():
    # Seat 1 has no spade and plays the two of hearts: hearts become the hukum, and that
    # two already beats the ace of spades played after it.
    match, out = thaas().deal(IMPLICIT_HANDS, "KS 2H AS 7S", dealer=3).run()
    deal = out["deals"][0]
    assert deal["hukum"] == "H"
    assert deal["tricks"] == [0, 1]
    assert deal["to_act"] == 1
    assert view_for(match, 0).hukum_how == "implicit"


def test_thaas_implicit_hukum_stays_for_the_rest_of_the_deal():
    # Trick 2: seat 2 and seat 0 are void in diamonds and play a spade and a club: neither
    # is hukum, the hukum stays hearts and the ace of diamonds wins.  Trick 3: seat 2
    # ruffs with a heart and wins.
    actions = "KS 2H AS 7S | AD JS 3D AC | KD AH 2D KC"
    match, out = thaas().deal(IMPLICIT_HANDS, actions, dealer=3).run()
    deal = out["deals"][0]
    assert deal["hukum"] == "H"
    assert [w for _, _, w in match.current.history] == [1, 1, 2]
    assert deal["tricks"] == [1, 2]


def test_thaas_implicit_higher_card_of_the_new_hukum_later_in_the_trick_wins():
    # Seat 1 sets hearts with the 2H; seat 3, also void in spades, plays the 5H and wins.
    hands = {
        1: "2H " + suit_cards("D", "AKQJT9876543"),
        2: "KS",
        3: "5H " + suit_cards("C", "AKQJT9876543"),
    }
    match, out = thaas().deal(hands, "AS 2H KS 5H", dealer=3).run()
    assert out["deals"][0]["hukum"] == "H"
    assert match.current.history[0][2] == 3


# -- declared hukum ---------------------------------------------------------------------------


def test_thaas_declared_first_leader_names_suit_before_first_lead():
    sc = thaas("declared").deal(ONE_SUIT_EACH, "", dealer=3)
    match, out = sc.run()
    deal = out["deals"][0]
    assert deal["to_act"] == 0
    assert deal["legal"] == [{"declare": s} for s in "SHDC"]
    assert deal["hukum"] is None
    assert view_for(match, 0).declaring


def test_thaas_declared_card_before_naming_the_hukum_is_refused():
    err = thaas("declared").deal(ONE_SUIT_EACH, "0:AS", dealer=3).error()
    assert (err.deal, err.action) == (0, 0)
    assert "name the hukum" in err.message


def test_thaas_declared_only_the_first_leader_names_the_hukum():
    err = thaas("declared").deal(ONE_SUIT_EACH, "1:declare=H", dealer=3).error()
    assert (err.deal, err.action) == (0, 0)


def test_thaas_declared_hukum_is_known_to_everyone_for_the_whole_deal():
    # Seat 0 names diamonds: seat 2's diamonds win every trick from the first.
    match, out = thaas("declared").deal(ONE_SUIT_EACH, "declare=D ...", dealer=3).run()
    deal = out["deals"][0]
    assert deal["hukum"] == "D"
    assert deal["tricks"] == [13, 0]
    assert {view_for(match, s).hukum for s in (None, 0, 1, 2, 3)} == {2}
    assert view_for(match, 1).hukum_how == "declared"


def test_thaas_declaring_is_not_open_in_other_modes():
    err = thaas("implicit").deal(ONE_SUIT_EACH, "0:declare=S", dealer=3).error()
    assert (err.deal, err.action) == (0, 0)


# -- hidden hukum -----------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_thaas_hidden_set_aside_comes_from_dealers_right_who_plays_on_with_12(dealer):
    sc = Scenario(game="thaas", hukum="hidden", seed=5).deal(None, dealer=dealer)
    match, out = sc.run()
    deal = out["deals"][0]
    owner = (dealer - 1) % 4
    assert [len(h) for h in deal["hands"]] == [12 if s == owner else 13 for s in range(4)]
    assert len({c for h in deal["hands"] for c in h}) == 51  # the face-down card is in no hand
    assert deal["hukum"] is None
    assert match.current.set_aside_owner == owner
    assert match.current.card_count() == 52


def test_thaas_hidden_set_aside_from_the_seed_is_reproducible():
    # A record that gives only a seed must replay to the same cards in every version of
    # Thaasbai: these values are pinned, not recomputed.
    match = Scenario(game="thaas", hukum="hidden", seed=9).deal(None, dealer=1).run()[0]
    assert format_card(match.current.set_aside) == "3C"
    assert CardSet(match.current.start_hands[0]) == CardSet.parse(
        "AS JS 3S QH 4H QD 8D 7D 6D 2D KC 7C 3C"
    )
    # Across seeds the card is drawn from the whole of the owner's hand, not a fixed place.
    picks = set()
    for seed in range(40):
        deal = Scenario(game="thaas", hukum="hidden", seed=seed).deal(None, dealer=1).run()[0]
        owner_cards = cards_of(deal.current.start_hands[0])
        assert deal.current.set_aside in owner_cards
        picks.add(owner_cards.index(deal.current.set_aside))
    assert len(picks) >= 8


def test_thaas_hidden_reveal_on_first_void_before_they_choose():
    # Seat 1 holds no spade.  Before it chooses, the 2D set aside from seat 2 is turned up:
    # diamonds are the hukum and seat 2 holds 13 cards again.
    sc = thaas("hidden").deal({1: suit_cards("H")}, "AS", dealer=3, set_aside="2D")
    match, out = sc.run()
    deal = out["deals"][0]
    assert deal["hukum"] == "D"
    assert deal["to_act"] == 1
    assert "2D" in deal["hands"][2] and len(deal["hands"][2]) == 13
    assert view_for(match, 3).revealed_card == 13 * 2 + 12
    assert view_for(match, 3).hukum_how == "hidden"


def test_thaas_hidden_card_stays_face_down_while_everyone_follows():
    sc = thaas("hidden").deal({1: suit_cards("H")}, "", dealer=3, set_aside="2D")
    match, out = sc.run()
    assert out["deals"][0]["hukum"] is None
    assert "2D" not in out["deals"][0]["hands"][2]
    for seat in (None, 0, 1, 2, 3):
        assert '"2D"' not in json.dumps(view_for(match, seat).to_json())


def test_thaas_hidden_revealed_hukum_wins_the_trick_in_which_it_was_revealed():
    # Seat 2 (the owner, all diamonds) ruffs the ace of spades with a diamond.
    actions = "AS AH 2D AC"
    sc = thaas("hidden").deal({1: suit_cards("H")}, actions, dealer=3, set_aside="2D")
    match, out = sc.run()
    assert match.current.history[0][2] == 2
    assert out["deals"][0]["tricks"] == [1, 0]


def test_hidden_reveal_returns_card_and_owner_must_play_it_if_led_suit():
    # Seat 2 (the owner) holds only hearts once 2S is set aside; on the spade lead the
    # 2S is turned up, returns to seat 2, and is now the one card it may play.
    hands = {
        0: "AS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H AD",
        1: "KS KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        2: "2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
        3: suit_cards("C"),
    }
    _, out = thaas("hidden").deal(hands, "AS KS", dealer=3, set_aside="2S").run()
    deal = out["deals"][0]
    assert deal["hukum"] == "S"
    assert deal["to_act"] == 2
    assert deal["legal"] == [{"play": "2S"}]
    err = thaas("hidden").deal(hands, "AS KS 2:AH", dealer=3, set_aside="2S").error()
    assert (err.deal, err.action) == (0, 2)
    assert "must follow suit" in err.message


# Four, three, three and three of the suits: nobody is void for twelve tricks.  Seat 2
# (the owner) has three of each once the 2D is set aside, wins tricks 10 to 12 and
# plays its last card in trick 12.
FOLLOWING_HANDS = {
    0: "AS KS QS 2S AH KH QH AD KD QD JC TC 9C",
    1: "8S 7S 6S 8H 7H 6H 2H 8D 7D 6D 8C 7C 6C",
    2: "JS TS 9S JH TH 9H JD TD 9D 2D AC KC QC",
    3: "5S 4S 3S 5H 4H 3H 5D 4D 3D 5C 4C 3C 2C",
}
FOLLOWING_ELEVEN = (
    "AS 8S JS 5S | KS 7S TS 4S | QS 6S 9S 3S | AH 8H JH 5H | KH 7H TH 4H | QH 6H 9H 3H"
    " | AD 8D JD 5D | KD 7D TD 4D | QD 6D 9D 3D | 9C 8C AC 5C | KC 4C TC 7C"
)
TRICK_TWELVE = " | QC 3C JC 6C"


def hidden_following(actions: str) -> Scenario:
    return thaas("hidden").deal(FOLLOWING_HANDS, actions, dealer=3, set_aside="2D")


def test_thaas_hidden_no_card_counts_as_hukum_before_the_reveal():
    match, out = hidden_following(FOLLOWING_ELEVEN).run()
    deal = out["deals"][0]
    assert deal["hukum"] is None
    assert deal["tricks"] == [11, 0]
    assert match.current.hidden_card_pending
    assert [w for _, _, w in match.current.history] == [0] * 9 + [2, 2]


def test_hidden_owner_with_empty_hand_reveals_before_playing():
    # Seat 2 wins trick 12 with its last card and must lead trick 13 with an empty hand:
    # the 2D is turned up and returned first, and it is the card seat 2 leads.
    _, out = hidden_following(FOLLOWING_ELEVEN + TRICK_TWELVE).run()
    deal = out["deals"][0]
    assert deal["to_act"] == 2
    assert deal["hukum"] == "D"
    assert deal["hands"][2] == ["2D"]
    assert deal["legal"] == [{"play": "2D"}]
    _, out = hidden_following(FOLLOWING_ELEVEN + TRICK_TWELVE + " | 2D 2C 2S 2H").run()
    deal = out["deals"][0]
    assert deal["tricks"] == [13, 0]
    assert deal["sweep"] is True


# -- none ---------------------------------------------------------------------------------------


def test_thaas_none_mode_never_has_a_hukum():
    _, out = thaas("none").deal(ONE_SUIT_EACH, "...", dealer=3).run()
    deal = out["deals"][0]
    assert deal["hukum"] is None
    assert deal["tricks"] == [13, 0]  # seat 0 leads spades: nobody else can win


# -- the 7-trick lock, the sweep --------------------------------------------------------------

# Seat 0 holds twelve spades and the 2H; seat 1 the 2S and twelve hearts.  In "none"
# mode seat 0 wins every spade lead and loses the lead of its 2H.
LOCK_HANDS = {
    0: suit_cards("S", "AKQJT98765432".replace("2", "")) + " 2H",
    1: "2S " + suit_cards("H", "AKQJT9876543"),
    2: suit_cards("D"),
    3: suit_cards("C"),
}
SEVEN_SPADES = "AS 2S AD AC | KS AH KD KC | QS KH QD QC | JS QH JD JC | TS JH TD TC | 9S TH 9D 9C"
SEVEN_SPADES += " | 8S 9H 8D 8C"


def test_thaas_sweep_chase_continues_past_seven():
    _, out = thaas("none").deal(LOCK_HANDS, SEVEN_SPADES, dealer=3).run()
    deal = out["deals"][0]
    assert deal["tricks"] == [7, 0]
    assert deal["status"] == "in_progress"
    _, out = thaas("none").deal(LOCK_HANDS, SEVEN_SPADES + " | 7S 8H 7D 7C", dealer=3).run()
    assert out["deals"][0]["tricks"] == [8, 0]
    assert out["deals"][0]["status"] == "in_progress"


def test_thaas_lock_ends_deal_at_seven_when_other_team_has_one():
    # 7-0, then seat 0 leads its 2H and seat 1 wins: 7-1 ends the deal at once.
    actions = SEVEN_SPADES + " | 2H 8H 7D 7C"
    _, out = thaas("none").deal(LOCK_HANDS, actions, dealer=3).run()
    deal = out["deals"][0]
    assert deal["status"] == "over"
    assert deal["tricks"] == [7, 1]
    assert deal["tricks_played"] == 8
    assert deal["winner"] == 0
    assert deal["sweep"] is False
    assert deal["to_act"] is None and deal["legal"] == []
    # The cards not played are thrown in but stay listed.
    assert deal["hands"][0] == cards("7S 6S 5S 4S 3S")
    assert [len(h) for h in deal["hands"]] == [5, 5, 5, 5]
    assert out["match"] == {"over": True, "winner": 0, "deals_won": [1, 0]}


def test_thaas_action_after_the_lock_is_refused():
    actions = SEVEN_SPADES + " | 2H 8H 7D 7C | 1:7H"
    err = thaas("none").deal(LOCK_HANDS, actions, dealer=3).error()
    assert (err.deal, err.action) == (0, 32)
    assert "over" in err.message


def test_thaas_lock_when_team_reaches_seven_after_losing_a_trick():
    # Seat 1 wins the first trick; seat 0's team then wins seven: 7-1 after trick 8.
    hands = {
        0: "2H " + suit_cards("S", "AKQJT98765432".replace("2", "")),
        1: "2S " + suit_cards("H", "AKQJT9876543"),
        2: suit_cards("D"),
        3: suit_cards("C"),
    }
    actions = "2H AH AD AC | 2S KD KC AS | KS KH QD QC | QS QH JD JC | JS JH TD TC"
    actions += " | TS TH 9D 9C | 9S 9H 8D 8C"
    _, out = thaas("none").deal(hands, actions, dealer=3).run()
    assert out["deals"][0]["tricks"] == [6, 1]
    assert out["deals"][0]["status"] == "in_progress"
    _, out = thaas("none").deal(hands, actions + " | 8S 8H 7D 7C", dealer=3).run()
    deal = out["deals"][0]
    assert deal["tricks"] == [7, 1]
    assert deal["status"] == "over"
    assert deal["tricks_played"] == 8
    assert deal["winner"] == 0


def test_thaas_sweep_chase_ends_by_the_lock_when_the_other_team_wins_a_trick_late():
    # Seat 0 leads all twelve spades (12-0), then its 2H loses: 12-1 after trick 13.
    _, out = thaas("none").deal(LOCK_HANDS, "...", dealer=3).run()
    deal = out["deals"][0]
    assert deal["tricks"] == [12, 1]
    assert deal["tricks_played"] == 13
    assert (deal["winner"], deal["sweep"]) == (0, False)


def test_thaas_sweep_is_all_13_tricks_to_one_team():
    # Implicit mode, one suit each: seat 1 ruffs the first lead, hearts become hukum and
    # seat 1 wins all thirteen tricks.
    _, out = thaas().deal(ONE_SUIT_EACH, "...", dealer=3).run()
    deal = out["deals"][0]
    assert deal["hukum"] == "H"
    assert deal["tricks"] == [0, 13]
    assert (deal["winner"], deal["sweep"], deal["tricks_played"]) == (1, True, 13)


def test_thaas_deal_never_ties_over_many_random_deals():
    rng = random.Random(2024)
    for _ in range(300):
        match = new_match(GameOptions(game="thaas", hukum=rng.choice(["implicit", "none"])), 0)
        deal = match.start_deal(rng)
        while not deal.over:
            legal = deal.legal_actions()
            match.apply(deal.to_act, legal[rng.randrange(len(legal))])
        a, b = deal.tricks
        assert a != b
        assert deal.winner == (0 if a > b else 1)
        assert (a >= 7 and b >= 1) or (b >= 7 and a >= 1) or deal.sweep
        assert sum(h.bit_count() for h in deal.hands) == 52 - 4 * deal.tricks_played


# -- the result of a deal -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hukum", "actions", "suit", "how"),
    [
        ("implicit", "...", "H", "implicit"),
        ("declared", "declare=C ...", "C", "declared"),
        ("hidden", "...", "D", "hidden"),
        ("none", "...", None, None),
    ],
)
def test_thaas_result_reports_tricks_winner_sweep_end_trick_and_hukum(hukum, actions, suit, how):
    set_aside = "2D" if hukum == "hidden" else None
    sc = thaas(hukum).deal(ONE_SUIT_EACH, actions, dealer=3, set_aside=set_aside)
    match, out = sc.run()
    deal = out["deals"][0]
    assert set(deal) >= {"tricks", "winner", "sweep", "tricks_played", "hukum"}
    assert deal["hukum"] == suit
    view = view_for(match, None)
    assert view.hukum_how == how
    assert view.tricks_played == deal["tricks_played"] == 13
    assert sum(deal["tricks"]) == 13
    assert cards_of(view.hand) == []


def test_thaas_set_aside_outside_hidden_mode_is_an_error():
    err = thaas("implicit").deal(ONE_SUIT_EACH, "", dealer=3, set_aside="2D").error()
    assert (err.deal, err.action) == (0, None)
    assert "hidden" in err.message


def test_thaas_hidden_record_with_hands_needs_set_aside_or_seed():
    record = thaas("hidden").deal(ONE_SUIT_EACH, "", dealer=3, set_aside="2D").record()
    del record["deals"][0]["set_aside"]
    with pytest.raises(RecordError) as info:
        replay(record)
    assert (info.value.deal, info.value.action) == (0, None)
    record["seed"] = 3  # the card is then drawn from the seed
    assert replay(record).current.set_aside_owner == 2


def test_thaas_hidden_set_aside_must_come_from_the_dealers_right():
    err = thaas("hidden").deal(ONE_SUIT_EACH, "", dealer=3, set_aside="2S").error()
    assert (err.deal, err.action) == (0, None)
    assert "seat 2" in err.message


def test_thaas_spades_as_hukum_win_over_the_led_suit():
    # Spades are suit 0, the first suit: a spade ruff must still win a heart trick.
    hands = {0: "AH", 1: "3S", 2: "KH", 3: "5H"}
    hands[1] += " " + suit_cards("D", "AKQJT98765") + " 2C 3C"
    hands[3] += " " + suit_cards("C", "AKQJT98765") + " 2D 4H"
    _, out = thaas("declared").deal(hands, "declare=S 0:AH 1:3S 2:KH 3:5H", dealer=3).run()
    assert out["deals"][0]["hukum"] == "S"
    assert out["deals"][0]["tricks"] == [0, 1]
    assert out["deals"][0]["to_act"] == 1


def test_thaas_hidden_card_stays_face_down_at_every_trick_while_everyone_follows():
    tricks = FOLLOWING_ELEVEN.split(" | ")
    for n in range(1, len(tricks) + 1):
        match, out = hidden_following(" | ".join(tricks[:n])).run()
        assert out["deals"][0]["hukum"] is None, n
        assert match.current.hidden_card_pending
        assert len(out["deals"][0]["hands"][2]) == 12 - n


def test_thaas_hidden_card_is_not_turned_up_by_a_leaders_void():
    # Everyone follows the spade lead; seat 0 wins and leads again holding no club (nor
    # diamond): nobody has failed to follow, so the card stays face down.
    hands = {
        0: "AS KS QS JS TS AH KH QH JH TH 9H 8H 7H",
        1: "2S",
        2: "3S 4S 6H 5H 4H 3H 2H AD KD QD JD TD 9D",
        3: "5S",
    }
    match, out = thaas("hidden").deal(hands, "AS 2S 3S 5S", dealer=3, set_aside="TD").run()
    deal = out["deals"][0]
    assert (deal["to_act"], deal["hukum"], deal["tricks"]) == (0, None, [1, 0])
    assert match.current.hidden_card_pending and len(deal["hands"][2]) == 11


def test_thaas_lock_ends_the_deal_when_team_one_reaches_seven():
    # The deal above turned one seat round: seat 1 leads, and team 1 wins 7-1.
    hands = {
        0: "2H " + suit_cards("S", "AKQJT98765432".replace("2", "")),
        1: "2S " + suit_cards("H", "AKQJT9876543"),
        2: suit_cards("D"),
        3: suit_cards("C"),
    }
    actions = "2H AH AD AC | 2S KD KC AS | KS KH QD QC | QS QH JD JC | JS JH TD TC"
    actions += " | TS TH 9D 9C | 9S 9H 8D 8C | 8S 8H 7D 7C"
    _, out = thaas("none").deal(led_by(hands), actions, dealer=0).run()
    deal = out["deals"][0]
    assert (deal["tricks"], deal["status"], deal["winner"]) == ([1, 7], "over", 1)
    assert deal["tricks_played"] == 8


def test_thaas_hidden_revealed_card_names_its_own_suit_as_hukum():
    # Seat 2 (the dealer's right) holds the clubs; its ace is set aside and turned up when
    # seat 1, who holds only hearts, cannot follow the spade lead.
    sc = thaas("hidden").deal(
        {1: suit_cards("H"), 2: suit_cards("C")}, "AS", dealer=3, set_aside="AC"
    )
    match, out = sc.run()
    assert out["deals"][0]["hukum"] == "C"
    assert view_for(match, 0).revealed_card == 39  # the ace of clubs
