"""Thulla (Bhabhi), rule by rule (RULES.md, "Thulla"), each from a readable record."""

from __future__ import annotations

import json
import random

import pytest

from thaasbai.engine import (
    GIVE_UP,
    HAND_CALL,
    GameOptions,
    IllegalActionError,
    RecordError,
    SetupError,
    replay,
    view_for,
)
from thaasbai.engine.cards import cards_of, format_card
from thaasbai.engine.dealing import deal_hands

from .scenarios import Scenario, cards, suit_cards


def thulla(seats: int, seed: int | None = None) -> Scenario:
    return Scenario(game="thulla", seats=seats, seed=seed)


# -- SIX: six seats, dealer 5, so seats 0-3 hold nine cards and seats 4-5 eight.  Every
# seat has two cards of each suit and seats 0-3 also a two.  Eight clean tricks follow:
# seat 0 wins six with its aces and eights, seat 5 the last two with AC and 8C; seats 5
# and 4 play their last cards in trick 8, and seats 0-3 are left with 2S, 2H, 2D, 2C.
SIX = {
    0: "AS 8S AH 8H AD 8D KC 7C 2S",
    1: "KS 7S KH 7H KD 7D QC 6C 2H",
    2: "QS 6S QH 6H QD 6D JC 5C 2D",
    3: "JS 5S JH 5H JD 5D TC 4C 2C",
    4: "TS 4S TH 4H TD 4D 9C 3C",
    5: "9S 3S 9H 3H 9D 3D AC 8C",
}
SIX_EIGHT = (
    "AS KS QS JS TS 9S | AH KH QH JH TH 9H | AD KD QD JD TD 9D | 8S 7S 6S 5S 4S 3S"
    " | 8H 7H 6H 5H 4H 3H | 8D 7D 6D 5D 4D 3D | KC QC JC TC 9C AC | 8C 7C 6C 5C 4C 3C"
)
# Trick 9: seat 0 leads its last card, 2S; seat 1 has no spade and throws its 2H.
SIX_NINE = SIX_EIGHT + " | 2S 2H"


def six(actions: str) -> Scenario:
    return thulla(6).deal(SIX, actions, dealer=5)


# -- FOUR: four seats, dealer 3.  After the first trick seat 0 takes seat 1's hand with a
# Hand Call; seats 2 and 3 then hold the high cards, three of each suit, and every
# trick is clean until they play their last cards together in trick 13.
FOUR = {
    0: "AS 5S 4S 8H 7H 6H 5H 8D 7D 6D 5D 8C 7C",
    1: "3S 2S 4H 3H 2H 4D 3D 2D 6C 5C 4C 3C 2C",
    2: "KS JS 9S 7S AH QH TH AD QD TD AC QC TC",
    3: "QS TS 8S 6S KH JH 9H KD JD 9D KC JC 9C",
}
FOUR_CALL = "AS 2S 7S 6S | call accept"

# -- TWO: two seats, dealer 1; seat 0 holds the spades and hearts, seat 1 the rest.
TWO = {0: suit_cards("S") + " " + suit_cards("H"), 1: suit_cards("D") + " " + suit_cards("C")}


def two(actions: str) -> Scenario:
    return thulla(2).deal(TWO, actions, dealer=1)


# -- the deal -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_thulla_uneven_deal_first_seats_get_extra(seats):
    for dealer in range(seats):
        _, out = thulla(seats, seed=dealer).deal(None, dealer=dealer).run()
        sizes = [len(h) for h in out["deals"][0]["hands"]]
        base, extra = divmod(52, seats)
        first = [(dealer + 1 + i) % seats for i in range(extra)]
        assert sizes == [base + (s in first) for s in range(seats)]
        assert sum(sizes) == 52


class _NoShuffle(random.Random):
    def shuffle(self, x):  # keep the deck in order: card i is the i-th dealt
        pass


@pytest.mark.parametrize(("seats", "dealer"), [(3, 0), (4, 2), (5, 4), (6, 1)])
def test_thulla_deck_dealt_one_card_at_a_time_from_dealers_left(seats, dealer):
    hands = deal_hands(_NoShuffle(), seats, dealer)
    for card in range(52):
        assert hands[(dealer + 1 + card) % seats] >> card & 1


def test_thulla_record_hands_must_have_the_dealt_sizes():
    record = six("").record()
    record["deals"][0]["hands"][4].append("2S")
    record["deals"][0]["hands"][0].remove("2S")
    with pytest.raises(RecordError) as info:
        replay(record)
    assert (info.value.deal, info.value.action) == (0, None)
    assert "must be dealt" in info.value.message


@pytest.mark.parametrize("seats", [1, 7, 0])
def test_thulla_is_for_two_to_six_seats(seats):
    with pytest.raises(SetupError):
        GameOptions(game="thulla", seats=seats)


def test_thulla_takes_no_options():
    record = six("").record()
    record["options"] = {"hukum": "none"}
    with pytest.raises(RecordError, match="no options"):
        replay(record)


# -- who starts ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_thulla_ace_of_spades_holder_leads_it(seats):
    for seed in range(4):
        _, out = thulla(seats, seed=seed).deal(None, dealer=0).run()
        deal = out["deals"][0]
        holder = next(s for s, h in enumerate(deal["hands"]) if "AS" in h)
        assert deal["to_act"] == holder
        assert deal["legal"] == ([{"give_up": True}] if seats == 2 else []) + [{"play": "AS"}]


def test_thulla_first_lead_must_be_the_ace_of_spades():
    err = six("0:8S").error()
    assert (err.deal, err.action) == (0, 0)
    assert "ace of spades" in err.message


# -- a trick ------------------------------------------------------------------------------------


def test_thulla_clean_trick_highest_led_card_wins_and_cards_leave_the_game():
    match, out = six("AS KS QS JS TS 9S").run()
    deal = out["deals"][0]
    assert deal["to_act"] == 0
    assert [len(h) for h in deal["hands"]] == [8, 8, 8, 8, 7, 7]
    assert not {"AS", "KS", "QS", "JS", "TS", "9S"} & {c for h in deal["hands"] for c in h}
    assert match.current.discarded.bit_count() == 6
    assert match.current.card_count() == 52


def test_thulla_winner_leads_the_next_trick_with_any_card():
    _, out = six("AS KS QS JS TS 9S").run()
    legal = out["deals"][0]["legal"]
    assert legal[0] == {"hand_call": True}
    assert legal[1:] == [{"play": c} for c in cards("8S AH 8H AD 8D KC 7C 2S")]


def test_thulla_must_follow_suit_when_holding_the_led_suit():
    err = six("AS 1:KH").error()
    assert (err.deal, err.action) == (0, 1)
    assert "must follow suit" in err.message


def test_thulla_turn_passes_to_the_next_seat_in_order():
    _, out = six("AS KS QS").run()
    assert out["deals"][0]["to_act"] == 3
    err = six("AS KS 3:JS").error()
    assert (err.deal, err.action) == (0, 2)


def test_thulla_players_out_are_skipped():
    # After trick 9 seats 5, 4 and 1 are out: seat 0's lead is followed by seat 2.
    _, out = six(SIX_NINE + " | 2S").run()
    deal = out["deals"][0]
    assert deal["out"] == [5, 4, 1]
    assert deal["to_act"] == 2


# -- the thulla ---------------------------------------------------------------------------------

# THREE: three seats, dealer 2.  Seat 2 holds no heart.
THREE = {0: "AS 2H", 1: "KS AH", 2: "QS " + suit_cards("D") + " AC KC QC"}


def test_thulla_thulla_ends_trick_and_highest_led_card_picks_up():
    # Seat 0 leads 2H, seat 1 plays AH, seat 2 has no heart and throws AC: the trick ends,
    # seat 1 (the highest heart) picks up all three cards and leads.
    match, out = thulla(3).deal(THREE, "AS KS QS | 2H AH AC", dealer=2).run()
    deal = out["deals"][0]
    assert deal["to_act"] == 1
    assert {"2H", "AH", "AC"} <= set(deal["hands"][1])
    assert [len(h) for h in deal["hands"]] == [16, 18, 15]
    assert match.current.history[-1][2:] == (True, 1)


def test_thulla_thulla_ends_trick_before_the_rest_play():
    # Seat 0 leads a spade, seat 1 throws a thulla at once: seat 2 does not play.
    _, out = thulla(3).deal(DRAW_HANDS, "AS 2S 3S | KS KH", dealer=2).run()
    deal = out["deals"][0]
    assert deal["to_act"] == 0
    assert len(deal["hands"][2]) == 16  # played only the 3S
    assert set(deal["hands"][0]) >= {"KS", "KH"}


def test_thulla_thrower_never_picks_up():
    match, out = two("AS AD").run()
    deal = out["deals"][0]
    assert "AD" in deal["hands"][0] and "AD" not in deal["hands"][1]
    assert match.current.history[0][3] == 0


def test_thulla_no_hukum_a_high_card_of_another_suit_never_wins():
    match, _ = six("AS KS QS JS TS 9S | AH KH QH JH TH 9H").run()
    assert [taker for *_, taker in match.current.history] == [0, 0]


# -- going out ----------------------------------------------------------------------------------


def test_thulla_several_go_out_in_one_trick_in_play_order():
    # Trick 8 is led by seat 5: seat 5 plays its last card first, seat 4 its last card
    # last, so seat 5 is out before seat 4 although it sits after it.
    _, out = six(SIX_EIGHT).run()
    deal = out["deals"][0]
    assert deal["out"] == [5, 4]
    assert deal["hands"][4] == deal["hands"][5] == []


def test_thulla_winner_with_no_cards_next_holder_leads():
    # Seat 5 wins trick 8 with its last card; the next seat holding cards is seat 0.
    match, out = six(SIX_EIGHT).run()
    assert match.current.history[-1][3] == 5
    assert out["deals"][0]["to_act"] == 0


def test_thulla_playing_your_last_card_is_not_yet_safe():
    # Seat 0 leads its last card, 2S; seat 1 throws a thulla: seat 0 picks up and plays on.
    _, out = six(SIX_NINE).run()
    deal = out["deals"][0]
    assert deal["hands"][0] == ["2S", "2H"]
    assert 0 not in deal["out"]
    assert deal["to_act"] == 0


def test_thulla_thrower_who_throws_last_card_goes_out():
    _, out = six(SIX_NINE).run()
    assert out["deals"][0]["out"] == [5, 4, 1]


# -- the Hand Call --------------------------------------------------------------------------------


def test_thulla_hand_call_asks_the_next_player_still_in_the_round():
    _, out = six(SIX_NINE + " | call").run()
    deal = out["deals"][0]
    assert deal["to_act"] == 2  # seat 1 is out
    assert deal["legal"] == [{"answer": "accept"}, {"answer": "refuse"}]


def test_thulla_hand_call_accept_hands_over_the_whole_hand_and_asked_is_out():
    match, out = thulla(4).deal(FOUR, FOUR_CALL, dealer=3).run()
    deal = out["deals"][0]
    assert deal["out"] == [1]
    assert deal["hands"][1] == []
    assert len(deal["hands"][0]) == 24
    assert deal["to_act"] == 0  # the asker leads
    assert view_for(match, 0).calls == ((1, 0, 1, True, 12),)


def test_thulla_hand_call_refuse_changes_nothing_and_asker_leads():
    _, before = six(SIX_NINE).run()
    _, out = six(SIX_NINE + " | call refuse").run()
    deal = out["deals"][0]
    assert deal["hands"] == before["deals"][0]["hands"]
    assert deal["to_act"] == 0
    assert deal["legal"] == [{"play": "2S"}, {"play": "2H"}]


def test_thulla_hand_call_only_once_per_lead():
    err = six(SIX_NINE + " | call refuse 0:call").error()
    assert (err.deal, err.action) == (0, 52)
    assert "one Hand Call" in err.message
    err = thulla(4).deal(FOUR, FOUR_CALL + " 0:call", dealer=3).error()
    assert (err.deal, err.action) == (0, 6)


def test_thulla_hand_call_only_from_the_second_trick():
    err = six("0:call").error()
    assert (err.deal, err.action) == (0, 0)
    assert "second trick" in err.message


def test_thulla_hand_call_needs_three_players_in_the_round():
    err = two("AS AD | 0:call").error()
    assert (err.deal, err.action) == (0, 2)
    assert "three players" in err.message


def test_thulla_hand_call_only_by_the_player_about_to_lead():
    err = six("AS KS QS JS TS 9S | 8S 1:call").error()
    assert (err.deal, err.action) == (0, 7)


def test_thulla_accepted_hand_call_can_end_the_round():
    # Seat 0 takes seat 2's 2D: only seats 0 and 3 hold cards and share no suit, so the
    # shootout ends the round with seat 0, the asker who would lead, as the Bhabhi.
    _, out = six(SIX_NINE + " | call accept").run()
    deal = out["deals"][0]
    assert deal["status"] == "over"
    assert deal["bhabhi"] == 0
    assert deal["out"] == [5, 4, 1, 2, 3]
    assert deal["reveal"] == {"0": cards("2S 2H 2D"), "3": ["2C"]}


# -- giving up ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("actions", "quitter"),
    [("0:give_up", 0), ("1:give_up", 1), ("AS 0:give_up", 0), ("AS 1:give_up", 1)],
)
def test_thulla_give_up_either_player_any_moment(actions, quitter):
    _, out = two(actions).run()
    deal = out["deals"][0]
    assert deal["status"] == "over"
    assert deal["bhabhi"] == quitter
    assert deal["out"] == [1 - quitter]
    assert out["match"]["bhabhi_count"] == [int(quitter == 0), int(quitter == 1)]


def test_thulla_give_up_is_open_to_both_of_the_last_two():
    _, out = two("AS").run()
    deal = out["deals"][0]
    assert deal["can_give_up"] == [0, 1]
    assert deal["legal"][0] == {"give_up": True}  # non-card actions first
    _, out = thulla(3).deal(DRAW_HANDS, DRAW_PLAY, dealer=2).run()
    assert out["deals"][0]["can_give_up"] == [0, 1]


def test_thulla_give_up_only_with_two_players_left():
    _, out = six("AS").run()
    assert out["deals"][0]["can_give_up"] == []
    err = six("AS 3:give_up").error()
    assert (err.deal, err.action) == (0, 1)
    assert "last two" in err.message


def test_thulla_give_up_mid_trick_ends_the_round():
    # DRAW after the Hand Call: seats 0 and 1 are the last two; seat 1 has led and seat 0
    # gives up before playing.
    sc = thulla(3).deal(DRAW_HANDS, DRAW_PLAY + " | 1:JH 0:give_up", dealer=2)
    _, out = sc.run()
    deal = out["deals"][0]
    assert (deal["status"], deal["bhabhi"], deal["out"]) == ("over", 0, [2, 1])
    assert deal["to_act"] is None and deal["legal"] == []


# -- how the round ends ---------------------------------------------------------------------------

# DRAW: three seats, dealer 2 (seat 0 holds 18 cards).  Seat 1 has one spade; after the
# first trick seat 0 leads spades six times and seat 1 throws six thullas, which seat 0
# picks up.  Seat 1 then wins three clean tricks and takes seat 2's hand with a Hand
# Call.  Seats 0 and 1 now hold five cards of every suit each, so every trick is clean
# and both play their last card in the same trick: nobody is left holding cards.
DRAW_HANDS = {
    0: "AS KS QS JS TS 9S 5H 4H 3H 2H 5D 4D 3D 2D 5C 4C 3C 2C",
    1: "2S AH KH QH JH TH AD KD QD JD TD AC KC QC JC TC 9C",
    2: "8S 7S 6S 5S 4S 3S 9H 8H 7H 6H 9D 8D 7D 6D 8C 7C 6C",
}
DRAW_PLAY = (
    "AS 2S 3S | KS KH | QS QH | JS KD | TS QD | 9S KC | KS QC"
    " | 2H AH 6H | AD 6D 2D | AC 6C 2C | call accept"
)


def test_thulla_draw_when_the_last_players_play_their_last_cards_in_one_trick():
    match, out = thulla(3).deal(DRAW_HANDS, DRAW_PLAY + " ...", dealer=2).run()
    deal = out["deals"][0]
    assert deal["status"] == "over"
    assert deal["draw"] is True
    assert deal["bhabhi"] is None
    assert sorted(deal["out"]) == [0, 1, 2]
    assert deal["hands"] == [[], [], []]
    assert out["match"]["bhabhi_count"] == [0, 0, 0]
    last = match.current.history[-1]
    assert not last[2] and len(last[1]) == 2  # a clean trick of the last two


def test_thulla_one_holder_is_bhabhi_and_nothing_shown_when_never_two():
    # FOUR after the Hand Call: seats 2 and 3 play their last cards in the same trick,
    # seat 0 still holds twelve: it is the Bhabhi.  Three players went straight to one.
    _, out = thulla(4).deal(FOUR, FOUR_CALL + " ...", dealer=3).run()
    deal = out["deals"][0]
    assert deal["bhabhi"] == 0
    assert deal["out"] == [1, 2, 3]
    assert len(deal["hands"][0]) == 12
    assert deal["reveal"] == {}


def test_thulla_shootout_next_leader_is_bhabhi():
    # Trick 10: seat 0 leads 2S, seat 2 throws its 2D and seat 0 picks up.  Seats 0
    # (2S 2H 2D) and 3 (2C) share no suit; seat 0 would lead, so it is the Bhabhi.
    _, out = six(SIX_NINE + " | 2S 2D").run()
    deal = out["deals"][0]
    assert deal["status"] == "over"
    assert deal["bhabhi"] == 0
    assert deal["out"] == [5, 4, 1, 2, 3]
    assert deal["hands"][0] == cards("2S 2H 2D")
    assert deal["hands"][3] == ["2C"]


def test_thulla_shootout_at_a_two_player_table():
    # Seat 1 throws the AD on the ace of spades; seat 0 leads it back and wins; now seat 0
    # holds spades and hearts, seat 1 diamonds and clubs: seat 0 would lead and is Bhabhi.
    _, out = two("AS AD | AD KD").run()
    deal = out["deals"][0]
    assert (deal["status"], deal["bhabhi"], deal["out"]) == ("over", 0, [1])


def test_thulla_round_goes_on_while_the_last_two_share_a_suit():
    _, out = two("AS AD").run()
    assert out["deals"][0]["status"] == "in_progress"


# -- checking the result (the reveal) ---------------------------------------------------------


def test_thulla_reveal_shows_hands_when_two_first_held_cards():
    # FOUR: after trick 2 seat 2 takes seat 3's hand with a Hand Call.  From then on only
    # seats 0 and 2 hold cards; the round runs on to seat 2 as the Bhabhi, and the reveal
    # shows the two hands as they were right after the call, not as they ended.
    actions = FOUR_CALL + " | 5S KS QS | call accept"
    _, at_call = thulla(4).deal(FOUR, actions, dealer=3).run()
    _, out = thulla(4).deal(FOUR, actions + " ...", dealer=3).run()
    deal = out["deals"][0]
    assert deal["bhabhi"] == 2
    held = at_call["deals"][0]["hands"]
    assert deal["reveal"] == {"0": held[0], "2": held[2]}
    assert deal["reveal"]["2"] != deal["hands"][2]
    assert at_call["deals"][0]["reveal"] == {}  # shown only when the round ends


def test_thulla_reveal_at_two_player_table_is_the_deal():
    _, out = two("AS AD | AD KD").run()
    assert out["deals"][0]["reveal"] == {
        "0": cards(TWO[0]),
        "1": cards(TWO[1]),
    }
    _, out = two("1:give_up").run()
    assert out["deals"][0]["reveal"] == {"0": cards(TWO[0]), "1": cards(TWO[1])}


def test_thulla_reveal_snapshot_is_taken_after_a_trick_not_mid_trick():
    # In trick 9 seat 0 plays its last card and seat 1 throws its last card: for a moment
    # only seats 2 and 3 hold cards, but seat 0 then picks up.  Two players first hold
    # cards after trick 10, and that is what the reveal shows.
    _, out = six(SIX_NINE + " | 2S 2D").run()
    assert out["deals"][0]["reveal"] == {"0": cards("2S 2H 2D"), "3": ["2C"]}


def test_thulla_reveal_is_public_only_when_the_round_is_over():
    match, _ = six(SIX_NINE + " | 2S 2D").run()
    assert view_for(match, 3).reveal == {0: 1 << 12 | 1 << 25 | 1 << 38, 3: 1 << 51}
    match, _ = two("AS").run()
    assert view_for(match, 1).reveal == {}


# -- a series of rounds ---------------------------------------------------------------------------


def test_thulla_series_counts_bhabhis_and_dealer_passes_left():
    sc = thulla(4, seed=21).deal(None, "...", dealer=2)
    for _ in range(4):
        sc.deal(None, "...")
    match, out = sc.run()
    assert [d["dealer"] for d in out["deals"]] == [2, 3, 0, 1, 2]
    counts = [0, 0, 0, 0]
    for deal in out["deals"]:
        if deal["bhabhi"] is not None:
            counts[deal["bhabhi"]] += 1
    assert out["match"] == {"bhabhi_count": counts}
    assert sum(counts) >= 1
    assert match.finishing_orders == [d["out"] for d in out["deals"]]


def test_thulla_series_each_round_is_dealt_fresh():
    def series():
        return thulla(2, seed=8).deal(None, "0:give_up", dealer=0).deal(None, "1:give_up")

    match, _ = series().run()
    first, second = (d.start_hands for d in match.deals)
    assert first != second
    again, _ = series().run()  # the seed alone fixes every round
    assert [d.start_hands for d in again.deals] == [first, second]


def test_thulla_series_records_bhabhi_count_over_the_rounds():
    sc = thulla(2, seed=3).deal(None, "0:give_up", dealer=0)
    sc.deal(None, "1:give_up").deal(None, "1:give_up")
    _, out = sc.run()
    assert out["match"] == {"bhabhi_count": [1, 2]}
    assert [d["dealer"] for d in out["deals"]] == [0, 1, 0]


def test_thulla_series_wrong_dealer_is_refused():
    sc = thulla(2, seed=3).deal(None, "0:give_up", dealer=0).deal(None, "", dealer=0)
    err = sc.error()
    assert (err.deal, err.action) == (1, None)


def test_thulla_view_holds_own_hand_and_no_other_hand():
    match, _ = six("AS KS").run()
    text = json.dumps(view_for(match, 2).to_json())
    assert cards_of(view_for(match, 2).hand) == cards_of(match.current.hands[2])
    for seat in (0, 1, 3, 4, 5):
        for card in cards_of(match.current.hands[seat]):
            assert f'"{format_card(card)}"' not in text


def test_thulla_shootout_when_the_higher_seat_would_lead():
    # TWO with the hands swapped: seat 1 leads and ends up with spades and hearts, seat 0
    # with diamonds and clubs; seat 1 would lead, so seat 1 is the Bhabhi, seat 0 safe.
    _, out = thulla(2).deal({0: TWO[1], 1: TWO[0]}, "AS AD | AD KD", dealer=0).run()
    deal = out["deals"][0]
    assert (deal["status"], deal["bhabhi"], deal["out"]) == ("over", 1, [0])


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_thulla_no_hand_call_while_only_two_are_in_the_round(seats):
    rng = random.Random(seats)
    checked = 0
    for _ in range(40):
        match = replay(
            {
                "game": "thulla",
                "seats": seats,
                "seed": rng.randrange(10**6),
                "deals": [{"dealer": 0, "actions": []}],
            }
        )
        deal = match.current
        while not deal.over:
            legal = [a for a in deal.legal_actions() if a != GIVE_UP]
            if deal.seats - len(deal.out) == 2 and deal.phase == "lead" and deal.tricks_done:
                assert HAND_CALL not in legal
                with pytest.raises(IllegalActionError):
                    deal.apply(deal.to_act, HAND_CALL)
                checked += 1
            match.apply(deal.to_act, rng.choice([a for a in legal if a != HAND_CALL] or legal))
    assert checked > 20
