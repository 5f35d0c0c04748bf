"""What the table shows for a given view, from views of real engine deals (no browser)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from thaasbai.engine.actions import ACCEPT, GIVE_UP, HAND_CALL, REFUSE
from thaasbai.engine.cards import parse_card
from thaasbai.engine.match import GameOptions
from thaasbai.table import Table
from thaasbai.table.thinking import choose_action
from thaasbai.ui import layout
from thaasbai.ui import table_model as tm


def _table(game: str, seats: int = 4, hukum: str = "implicit", seed: int = 1) -> Table:
    t = Table(
        GameOptions(game=game, seats=seats, hukum=hukum), bot_level="easy", rng=random.Random(seed)
    )
    t.start()
    return t


def _model(t: Table, seat: int = 0) -> tm.TableModel:
    return tm.build(t.view(seat).to_json(), t.lobby(), "Me")


def _bot_move(t: Table, seat: int) -> int:
    level, seed = t.bot_request(seat)
    return choose_action(level, t.view(seat), seed, None)


def _play_until(t: Table, cond, limit: int = 400) -> None:
    for _ in range(limit):
        if cond(t):
            return
        s = t.to_act
        assert s is not None, "the deal ended first"
        t.submit(s, _bot_move(t, s))
    raise AssertionError("condition never met")


def test_playable_cards_are_exactly_the_views_legal_cards() -> None:
    t = _table("thaas")
    _play_until(t, lambda t: t.to_act == 0 and t.match.current.trick)
    view = t.view(0).to_json()
    m = tm.build(view, t.lobby())
    legal = {a["play"] for a in view["legal"] if "play" in a}
    assert [c.code for c in m.hand] == view["hand"]
    assert {c.code for c in m.hand if c.playable} == legal
    assert m.my_turn and m.status == "Your turn"


def test_hand_cards_carry_their_spoken_names() -> None:
    m = _model(_table("thaas"))
    for c in m.hand:
        assert c.label == tm.spoken(c.code)
    assert tm.spoken("AS") == "ace of spades" and tm.spoken("TD") == "ten of diamonds"


def test_nothing_is_playable_when_it_is_not_my_turn() -> None:
    t = _table("thaas")
    _play_until(t, lambda t: t.to_act != 0)
    m = _model(t)
    assert not m.my_turn
    assert not any(c.playable for c in m.hand)
    assert m.status.endswith(("to play", "to lead"))


@pytest.mark.parametrize(
    ("seats", "slots"),
    [
        (2, ["bottom", "top"]),
        (3, ["bottom", "left", "right"]),
        (4, ["bottom", "left", "top", "right"]),
        (6, ["bottom", "left", "top-left", "top", "top-right", "right"]),
    ],
)
def test_seats_go_round_the_table_clockwise_from_the_viewer(seats, slots) -> None:
    t = _table("thulla", seats=seats)
    for me in range(seats):
        m = _model(t, me)
        assert [s.slot for s in m.seats] == slots
        assert m.seats[0].seat == me and m.seats[0].is_me
        assert [s.cards for s in m.seats] == [
            t.view(me).hand_sizes[(me + i) % seats] for i in range(seats)
        ]


def test_thaas_partner_is_opposite() -> None:
    m = _model(_table("thaas"))
    top = next(s for s in m.seats if s.slot == "top")
    assert top.partner and top.team == 0
    assert not any(s.partner for s in m.seats if s.slot in ("left", "right"))


def test_hidden_hukum_is_face_down_then_turned_over() -> None:
    t = _table("thaas", hukum="hidden", seed=3)
    assert _model(t).hukum.state == "face_down"
    _play_until(t, lambda t: t.match.current.hukum >= 0)
    m = _model(t)
    assert m.hukum.state == "suit" and m.hukum.suit in "SHDC"
    assert m.banner and "hidden card was" in m.banner


def test_declaring_offers_four_labelled_suit_buttons() -> None:
    t = _table("dhihaeh", hukum="declared")
    seat = t.to_act
    m = _model(t, seat)
    assert [b.label for b in m.buttons] == ["♠ Spades", "♥ Hearts", "♦ Diamonds", "♣ Clubs"]
    assert m.status == "Choose the hukum"
    assert m.hukum.state == "unset"


def test_no_hukum_mode_says_so() -> None:
    assert _model(_table("thaas", hukum="none")).hukum.state == "none"


def test_thaas_result_reports_winner_tricks_and_match_buttons() -> None:
    t = _table("thaas", seed=5)
    _play_until(t, lambda t: t.to_act is None)
    m = _model(t)
    r = m.result
    assert r is not None and m.status == r.title
    assert "wins the deal" in r.title or "Sweep" in r.title
    assert r.lines[0].startswith("Tricks: Us")
    assert r.can_rematch == r.match_over and (r.next_label is None) == r.match_over


def test_dhihaeh_result_counts_tens() -> None:
    t = _table("dhihaeh", seed=2)
    _play_until(t, lambda t: t.to_act is None)
    r = _model(t).result
    assert any(line.startswith("Tens: Us") for line in r.lines)
    view = t.view(0).to_json()
    if view["bang"] and not view["sweep"]:
        assert r.title.startswith("Bang!")


def test_last_trick_follows_the_history() -> None:
    t = _table("thaas")
    _play_until(t, lambda t: t.match.current.tricks_played == 2 and not t.match.current.trick)
    m = _model(t)
    lt = m.last_trick
    h = t.view(0).to_json()["history"][-1]
    assert lt.index == 2 and [c.code for c in lt.cards] == h["cards"]
    assert lt.to_seat == h["winner"] and lt.fate == "won"


def test_thulla_pickup_is_reported_with_the_taker() -> None:
    t = _table("thulla", seed=4)
    _play_until(t, lambda t: any(h[2] for h in t.match.current.history))
    v = t.view(0).to_json()
    while not v["history"][-1]["thulla"]:
        s = t.to_act
        t.submit(s, _bot_move(t, s))
        v = t.view(0).to_json()
    taker = v["history"][-1]["taker"]
    other = next(s for s in range(4) if s != taker)
    lt = tm.build(t.view(other).to_json(), t.lobby()).last_trick
    assert lt.fate == "pickup" and lt.to_seat == taker
    assert f"{tm.seat_names(t.lobby(), 4, other, 'You')[taker]} picks up" in lt.text
    mine = tm.build(t.view(taker).to_json(), t.lobby(), "You").last_trick
    assert ": you pick up " in mine.text and "You picks" not in mine.text


def test_thulla_hand_call_buttons_and_banner() -> None:
    t = _table("thulla", seed=7)
    _play_until(t, lambda t: HAND_CALL in t.match.current.legal_actions())
    asker = t.to_act
    m = _model(t, asker)
    assert "Hand Call" in [b.label for b in m.buttons]
    t.submit(asker, HAND_CALL)
    asked = t.to_act
    m = _model(t, asked)
    assert [b.label for b in m.buttons] == ["Accept", "Refuse"]
    assert "asks for your whole hand" in m.status
    t.submit(asked, ACCEPT)
    m = _model(t, asker)
    assert m.banner and "accepted the Hand Call" in m.banner
    assert m.seat(asked).out
    theirs = tm.build(t.view(asked).to_json(), t.lobby(), "You")
    assert theirs.banner.startswith("You accepted ") and theirs.banner.endswith("you are out safe")


def test_thulla_give_up_and_result() -> None:
    t = _table("thulla", seats=3, seed=11)
    _play_until(t, lambda t: len(t.match.current.can_give_up()) == 2)
    a, b = t.match.current.can_give_up()
    assert "Give up" in [x.label for x in _model(t, a).buttons]
    t.submit(a, GIVE_UP)
    m = _model(t, b)
    r = m.result
    assert r.title == f"{m.seat(a).name} is the Bhabhi" and r.good is True
    assert any("gave up" in line for line in r.lines)
    assert r.next_label == "Next round"
    assert len(r.reveal) == 2  # the last two hands are shown


def test_thulla_series_results_end_in_bhabhi_or_draw() -> None:
    for seed in range(8):
        t = _table("thulla", seats=4, seed=seed)
        _play_until(t, lambda t: t.to_act is None, limit=2000)
        v = t.view(0).to_json()
        r = tm.build(v, t.lobby()).result
        if v["draw"]:
            assert "draw" in r.title and r.good is None
        else:
            assert "Bhabhi" in r.title
            holding = sum(1 for c in v["hand_sizes"] if c)
            if holding == 2 and v["gave_up"] is None:
                assert any(line.startswith("Shootout") for line in r.lines)


def test_names_come_from_the_lobby_and_my_name() -> None:
    t = _table("thaas")
    m = _model(t)
    assert m.seats[0].name == "Me"
    assert all(not s.name.endswith("(bot)") for s in m.seats)
    assert m.seats[1].level == "easy"


def test_card_codes_parse() -> None:
    m = _model(_table("thulla"))
    for c in m.hand:
        parse_card(c.code)


def test_hukum_labels_say_what_the_chip_shows() -> None:
    assert tm.hukum_label(tm.Hukum("suit", "H", "")) == "Hukum: ♥ Hearts"
    assert tm.hukum_label(tm.Hukum("face_down", None, "")) == "Hukum: face down"
    assert tm.hukum_label(tm.Hukum("none", None, "")) == "No hukum"
    assert tm.hukum_label(tm.Hukum("unset", None, "")) == "Hukum: not set"
    t = _table("thaas", hukum="hidden")
    assert tm.hukum_label(_model(t).hukum) == "Hukum: face down"
    t = _table("thaas", hukum="declared")
    leader = t.to_act
    t.submit(leader, next(a for a in t.match.current.legal_actions() if a != 0))
    m = _model(t)
    assert m.hukum.state == "suit" and tm.hukum_label(m.hukum).startswith("Hukum: ")


def test_my_own_hand_call_reads_naturally() -> None:
    """With the viewer as the asker: "you ask", "your Hand Call", never "You asks"."""
    for seed in range(30):
        t = _table("thulla", seats=3, seed=seed)
        try:
            _play_until(t, lambda t: t.to_act == 0 and HAND_CALL in t.match.current.legal_actions())
        except AssertionError:
            continue
        t.submit(0, HAND_CALL)
        asked = t.to_act
        v = t.view(0).to_json()
        m = tm.build(v, t.lobby(), "You")
        assert m.banner == f"Hand Call: you ask {m.seat(asked).name} for their hand"
        assert m.status == f"{m.seat(asked).name} is answering your Hand Call"
        t.submit(asked, REFUSE)
        m = tm.build(t.view(0).to_json(), t.lobby(), "You")
        assert m.banner == f"{m.seat(asked).name} refused your Hand Call"
        return
    pytest.fail("seat 0 never had a Hand Call")


# -- phone polish: who is "us", nothing that wraps or gets cut ------------------------------


@pytest.mark.parametrize("me", [0, 1])
def test_the_score_board_says_which_counts_are_ours(me: int) -> None:
    t = Table(GameOptions(game="dhihaeh", best_of=3), bot_level="easy", rng=random.Random(3))
    t.start()
    _play_until(t, lambda t: t.view(0).to_json()["tricks"] != [0, 0])
    view = t.view(me).to_json()
    m = tm.build(view, t.lobby(), "Me")
    mine = me & 1
    by_label = {x.label: x for x in m.tallies}
    assert set(by_label) == {"Tricks", "Tens", "Deal 1/3"}
    tricks = by_label["Tricks"]
    assert (tricks.us, tricks.them) == (view["tricks"][mine], view["tricks"][1 - mine])
    assert tm.score_label(m.tallies).startswith(f"Tricks: us {tricks.us}, them {tricks.them}.")
    assert "Deal 1 of 3: us 0, them 0" in tm.score_label(m.tallies)
    assert m.chips == ()  # no bare "0–1" chips that do not say whose is whose


def test_thulla_has_no_sides_to_score() -> None:
    m = _model(_table("thulla", seats=5))
    assert m.tallies == () and m.chips[0] == "Round 1"


def _finished(game: str, seed: int, seats: int = 4) -> tm.TableModel:
    t = _table(game, seats=seats, seed=seed)
    _play_until(t, lambda t: t.to_act is None, limit=2000)
    return _model(t)


@pytest.mark.parametrize(("game", "seats"), [("thaas", 4), ("dhihaeh", 4), ("thulla", 4)])
def test_no_result_line_can_wrap_to_begin_with_a_dot(game: str, seats: int) -> None:
    """A "·" after a breaking space can start a wrapped line on a phone ("· Them 6")."""
    for seed in range(4):
        r = _finished(game, seed, seats).result
        assert r is not None
        for line in (r.title, *r.lines):
            assert re.search(r"(^| )·", line) is None, line
    if game != "thulla":
        assert r.lines[0].startswith("Tricks: Us ") and " Them (after trick" in r.lines[0]


FONT = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "DejaVuSans.ttf"


def _text_width(text: str, size: float) -> float:
    """The width the app's font (DejaVu Sans, as the table draws it) gives ``text``."""
    font = pytest.importorskip("PIL.ImageFont").truetype(str(FONT), size)
    return font.getlength(text)


def _all_seat_tags() -> set[str]:
    base = dict(seat=1, name="Hassan", slot="left", cards=13, is_turn=True, is_me=False)
    seats = [
        tm.SeatModel(**base, team=team, partner=partner, dealer=dealer, presence=presence)
        for team, partner in ((0, True), (1, False), (None, False))
        for dealer in (False, True)
        for presence in ("", "online", "offline", "away", "bot")
    ]
    seats += [tm.SeatModel(**base, out=True), tm.SeatModel(**base, bhabhi=True, dealer=True)]
    seats += [tm.SeatModel(**base, level=lv) for lv in ("easy", "normal", "hard", "ultra")]
    return {tm.seat_tag(s).text for s in seats}


def test_every_seat_tag_fits_a_phones_badge_so_the_dealer_is_never_cut_off() -> None:
    """A phone's seat badge is 108 px wide: 6 px padding and up to a 3 px ring on each
    side leave 90 px for the 11 px tag ("Opponent · dealer" needed 100)."""
    geom = layout.geometry(390, 844, 13)
    room = geom.seat_w - 2 * 6 - 2 * 3
    tags = _all_seat_tags()
    assert {"Partner", "Opponent", "Opponent · bot", "Safe", "Bhabhi", "Hard"} <= tags
    too_wide = {t: _text_width(t, 11) for t in tags if _text_width(t, 11) > room}
    assert not too_wide, f"cut on a phone ({room:.0f} px): {too_wide}"
    assert not any("dealer" in t for t in tags)  # the dealer has its own disc
