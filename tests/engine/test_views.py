"""Views say the public facts truly: each field of a view's JSON, pinned for readable
positions worked out by hand from their records (PROTOCOL.md's ``view``).

The leak tests check that a view names no card its seat may not know; these check that
what a view does say (whose turn, the trick, the hukum, Hand Calls, who is out, the
result) is right and under the documented key."""

from __future__ import annotations

from thaasbai.engine import view_for

from .deals import led_by
from .scenarios import Scenario, suit_cards
from .test_dhihaeh_rules import LEADER_WINS_BANG, dhihaeh
from .test_thaas_rules import ONE_SUIT_EACH, thaas
from .test_thulla_rules import (
    DRAW_HANDS,
    DRAW_PLAY,
    FOUR,
    FOUR_CALL,
    SIX_NINE,
    six,
    thulla,
    two,
)


def trick(leader: int, cards: str) -> list[dict]:
    return [{"seat": (leader + i) % 6, "card": c} for i, c in enumerate(cards.split())]


def test_thulla_view_while_a_hand_call_awaits_its_answer():
    # Seat 0 won the first trick with AS and asks seat 1 for its hand.
    match, _ = thulla(4).deal(FOUR, FOUR_CALL.replace(" accept", ""), dealer=3).run()
    assert view_for(match, 2).to_json() == {
        "game": "thulla",
        "seat": 2,
        "seats": 4,
        "dealer": 3,
        "status": "in_progress",
        "phase": "answer",
        "to_act": 1,
        "legal": [],
        "hand": ["KS", "JS", "9S", "AH", "QH", "TH", "AD", "QD", "TD", "AC", "QC", "TC"],
        "hand_sizes": [12, 12, 12, 12],
        "in_round": [True, True, True, True],
        "out": [],
        "leader": 0,
        "trick": [],
        "led": None,
        "asker": 0,
        "history": [
            {
                "leader": 0,
                "cards": [
                    {"seat": 0, "card": "AS"},
                    {"seat": 1, "card": "2S"},
                    {"seat": 2, "card": "7S"},
                    {"seat": 3, "card": "6S"},
                ],
                "thulla": False,
                "taker": 0,
            }
        ],
        "calls": [],
        "tricks_done": 1,
        "discarded": 4,
        "can_give_up": [],
        "bhabhi": None,
        "draw": False,
        "gave_up": None,
        "reveal": {},
        "match": {"bhabhi_count": [0, 0, 0, 0], "rounds_played": 1},
    }
    assert view_for(match, 1).to_json()["legal"] == [{"answer": "accept"}, {"answer": "refuse"}]


def test_thulla_view_after_an_accepted_hand_call():
    match, _ = thulla(4).deal(FOUR, FOUR_CALL, dealer=3).run()
    view = view_for(match, 0).to_json()
    assert view["calls"] == [
        {"before_trick": 1, "asker": 0, "asked": 1, "accepted": True, "cards": 12}
    ]
    assert (view["phase"], view["to_act"], view["asker"]) == ("lead", 0, None)
    assert view["hand_sizes"] == [24, 0, 12, 12] and len(view["hand"]) == 24
    assert view["in_round"] == [True, False, True, True] and view["out"] == [1]
    # The asker leads at once: any card, and no second Hand Call before this lead.
    assert {"hand_call": True} not in view["legal"] and len(view["legal"]) == 24


def test_thulla_view_after_a_thulla_picked_up():
    # Eight clean tricks, then seat 0 leads its last card, 2S, and seat 1 throws its 2H.
    match, _ = six(SIX_NINE).run()
    view = view_for(match, None).to_json()
    assert view["history"][-1] == {
        "leader": 0,
        "cards": trick(0, "2S 2H"),
        "thulla": True,
        "taker": 0,
    }
    assert view["history"][6]["taker"] == 5 and view["history"][7]["leader"] == 5
    assert view["hand_sizes"] == [2, 0, 1, 1, 0, 0]
    assert view["out"] == [5, 4, 1]
    assert view["in_round"] == [True, False, True, True, False, False]
    assert (view["tricks_done"], view["discarded"]) == (9, 48)
    assert (view["phase"], view["to_act"], view["leader"], view["led"]) == ("lead", 0, 0, None)
    assert view["seat"] is None and view["hand"] == [] and view["legal"] == []


def test_thulla_view_mid_trick_names_the_led_suit():
    match, _ = six("AS KS").run()
    view = view_for(match, 2).to_json()
    assert view["trick"] == trick(0, "AS KS") and view["led"] == "S"
    assert (view["phase"], view["to_act"]) == ("follow", 2)


def test_thulla_view_of_a_round_given_up_shows_the_result_and_the_hands():
    # Two seats: the deal itself is the moment two hold cards, so both hands are shown.
    match, _ = two("0:AS 1:give_up").run()
    view = view_for(match, 0).to_json()
    assert (view["status"], view["phase"], view["to_act"]) == ("over", "over", None)
    assert (view["bhabhi"], view["gave_up"], view["draw"]) == (1, 1, False)
    assert view["out"] == [0]
    assert view["reveal"] == {
        "0": (suit_cards("S") + " " + suit_cards("H")).split(),
        "1": (suit_cards("D") + " " + suit_cards("C")).split(),
    }
    assert view["match"] == {"bhabhi_count": [0, 1], "rounds_played": 1}


def test_thulla_view_offers_giving_up_to_both_of_the_last_two():
    match, _ = two("AS").run()
    for seat in (0, 1):
        view = view_for(match, seat).to_json()
        assert view["can_give_up"] == [0, 1]
        assert {"give_up": True} in view["legal"]


def test_trick_view_with_the_set_aside_card_face_down():
    match, _ = thaas("hidden").deal({1: suit_cards("H")}, "", dealer=3, set_aside="2D").run()
    view = view_for(match, 0).to_json()
    assert (view["hukum_mode"], view["hukum"], view["hukum_how"]) == ("hidden", None, None)
    assert (view["hidden_pending"], view["set_aside_owner"], view["revealed_card"]) == (
        True,
        2,
        None,
    )
    assert view["hand_sizes"] == [13, 13, 12, 13]
    assert (view["to_act"], view["leader"], view["led"], view["declaring"]) == (0, 0, None, False)


def test_trick_view_once_the_set_aside_card_is_turned_up():
    # Seat 1 holds no spade: before it chooses, the 2D goes back to seat 2, face up.
    match, _ = thaas("hidden").deal({1: suit_cards("H")}, "AS", dealer=3, set_aside="2D").run()
    assert view_for(match, 3).to_json() == {
        "game": "thaas",
        "seat": 3,
        "seats": 4,
        "dealer": 3,
        "status": "in_progress",
        "to_act": 1,
        "legal": [],
        "hand": suit_cards("C").split(),
        "hand_sizes": [12, 13, 13, 13],
        "hukum_mode": "hidden",
        "hukum": "D",
        "hukum_how": "hidden",
        "declaring": False,
        "hidden_pending": False,
        "set_aside_owner": 2,
        "revealed_card": "2D",
        "leader": 0,
        "trick": [{"seat": 0, "card": "AS"}],
        "led": "S",
        "history": [],
        "tricks": [0, 0],
        "tricks_played": 0,
        "winner": None,
        "sweep": False,
        "match": {
            "best_of": 1,
            "deal_number": 1,
            "deals_won": [0, 0],
            "over": False,
            "winner": None,
        },
    }


def test_trick_view_while_the_leader_declares():
    match, _ = Scenario(game="thaas", hukum="declared", seed=3).deal(None, "", dealer=1).run()
    view = view_for(match, 2).to_json()
    assert (view["declaring"], view["to_act"], view["hukum"]) == (True, 2, None)
    assert view_for(match, 2).to_json()["legal"] == [{"declare": s} for s in "SHDC"]


def test_dhihaeh_view_at_the_end_of_a_bang():
    match, _ = dhihaeh(best_of=3).deal(LEADER_WINS_BANG, "...", dealer=3).run()
    view = view_for(match, None).to_json()
    assert (view["status"], view["to_act"], view["winner"]) == ("over", None, 0)
    assert (view["tricks"], view["tricks_played"], view["tens"]) == ([12, 1], 13, [4, 0])
    assert (view["bang"], view["sweep"]) == (True, False)
    assert view["history"][-1] == {"leader": 0, "cards": ["2H", "3H", "2D", "2C"], "winner": 1}
    assert view["match"] == {
        "best_of": 3,
        "deal_number": 1,
        "deals_won": [1, 0],
        "over": False,
        "winner": None,
        "bangs": [1, 0],
    }


def test_thulla_view_at_the_start_of_a_round():
    match, _ = six("").run()
    view = view_for(match, 0).to_json()
    assert (view["phase"], view["to_act"], view["leader"], view["led"]) == ("lead", 0, 0, None)
    assert (view["asker"], view["tricks_done"], view["discarded"]) == (None, 0, 0)
    assert (view["bhabhi"], view["draw"], view["gave_up"], view["out"]) == (None, False, None, [])
    assert view["legal"] == [{"play": "AS"}] and view["history"] == [] and view["calls"] == []


def test_thulla_view_of_every_way_a_round_ends_says_it_is_over():
    ends = [
        thulla(3).deal(DRAW_HANDS, DRAW_PLAY + " ...", dealer=2),  # a draw
        thulla(4).deal(FOUR, FOUR_CALL + " ...", dealer=3),  # one holder left
        six(SIX_NINE + " | 2S 2D"),  # the shootout
        two("AS 1:give_up"),  # giving up
    ]
    for sc in ends:
        match, _ = sc.run()
        for seat in [*range(match.seats), None]:
            view = view_for(match, seat).to_json()
            assert (view["status"], view["phase"], view["to_act"]) == ("over", "over", None)
            assert view["legal"] == [] and view["can_give_up"] == []


def test_trick_view_between_tricks_has_no_led_suit():
    match, _ = thaas("none").deal(ONE_SUIT_EACH, "AS KH KD KC", dealer=3).run()
    view = view_for(match, 1).to_json()
    assert (view["trick"], view["led"], view["leader"], view["to_act"]) == ([], None, 0, 0)
    assert view["history"] == [{"leader": 0, "cards": ["AS", "KH", "KD", "KC"], "winner": 0}]
    assert (view["tricks"], view["tricks_played"]) == ([1, 0], 1)


def test_views_name_seat_zero_and_spades_like_any_other():
    # Seat 0 and suit 0 (spades) are easy to mistake for "none": they must still show.
    match, _ = six(SIX_NINE + " | 2S 2D").run()  # the shootout: seat 0 is the Bhabhi
    assert view_for(match, 3).to_json()["bhabhi"] == 0
    match, _ = two("AS 0:give_up").run()
    view = view_for(match, 1).to_json()
    assert (view["gave_up"], view["bhabhi"]) == (0, 0)
    match, _ = thaas("declared").deal(ONE_SUIT_EACH, "declare=S", dealer=3).run()
    view = view_for(match, 1).to_json()
    assert (view["hukum"], view["hukum_how"], view["set_aside_owner"]) == ("S", "declared", None)


def test_trick_view_lists_the_trick_in_playing_order_from_its_leader():
    # Dealer 1: seat 2 leads; seats 3 and 0 follow.
    match, _ = thaas("none").deal(led_by(ONE_SUIT_EACH), "AS KH KD", dealer=1).run()
    view = view_for(match, 1).to_json()
    assert view["trick"] == [
        {"seat": 2, "card": "AS"},
        {"seat": 3, "card": "KH"},
        {"seat": 0, "card": "KD"},
    ]
    assert (view["to_act"], view["leader"]) == (1, 2)


def test_trick_view_of_a_finished_match_names_the_winner():
    match, _ = thaas("none").deal(ONE_SUIT_EACH, "...", dealer=3).run()
    view = view_for(match, 2).to_json()
    assert view["match"] == {
        "best_of": 1,
        "deal_number": 1,
        "deals_won": [1, 0],
        "over": True,
        "winner": 0,
    }
    assert (view["winner"], view["sweep"]) == (0, True) and "bangs" not in view["match"]


def test_thulla_view_of_a_refused_hand_call_hands_over_no_cards():
    match, _ = thulla(4).deal(FOUR, FOUR_CALL.replace("accept", "refuse"), dealer=3).run()
    view = view_for(match, 2).to_json()
    assert view["calls"] == [
        {"before_trick": 1, "asker": 0, "asked": 1, "accepted": False, "cards": 0}
    ]
    assert view["hand_sizes"] == [12, 12, 12, 12] and view["out"] == []
