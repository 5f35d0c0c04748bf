"""The lobby as each seat sees it, the invite link and its QR code: pure functions."""

from __future__ import annotations

import struct

import pytest

from thaasbai.ui.lobby_model import build_lobby, invite_link, qr_png, summary
from thaasbai.ui.settings import SeatToken, Settings, clean_server_url

ROOM = {
    "code": "K7M2QX",
    "game": "thaas",
    "seats": 4,
    "options": {"hukum": "implicit", "best_of": 3},
    "bots": "easy",
    "started": False,
    "over": False,
    "host": 0,
    "turn_timer": 30,
    "seat_list": [
        {"kind": "human", "name": "Aisha", "bot_level": None, "connected": True, "away": False},
        {"kind": "human", "name": "Ibrahim", "bot_level": None, "connected": False, "away": False},
        {"kind": "free", "name": "", "bot_level": None, "connected": None, "away": False},
        {
            "kind": "bot",
            "name": "Hassan (bot)",
            "bot_level": "easy",
            "connected": None,
            "away": False,
        },
    ],
}


def test_the_host_may_start_and_learns_who_the_bots_will_be():
    lobby = build_lobby(ROOM, 0)
    assert lobby.can_start
    assert lobby.status == "1 free seat will be played by bots"
    assert [s.presence for s in lobby.seats] == ["online", "offline", "free", "bot"]
    assert lobby.seats[0].label == "Host · Connected"
    assert lobby.seats[3].name == "Hassan" and lobby.seats[3].label == "Easy bot"
    assert lobby.humans == 2


def test_a_guest_waits_for_the_host_by_name():
    lobby = build_lobby(ROOM, 1)
    assert not lobby.can_start
    assert lobby.status == "Waiting for Aisha to start"
    assert lobby.seats[1].is_me and not lobby.seats[0].is_me


def test_a_spectator_only_watches():
    assert build_lobby(ROOM, None).status.startswith("Watching")


def test_an_away_player_shows_a_bot_is_playing_for_them():
    room = {**ROOM, "started": True, "seat_list": [dict(s) for s in ROOM["seat_list"]]}
    room["seat_list"][1]["away"] = True
    lobby = build_lobby(room, 0)
    assert lobby.seats[1].presence == "away"
    assert not lobby.can_start and lobby.status == "The game has started"


def test_the_summary_names_the_rules_a_joiner_sits_down_to():
    assert summary(ROOM) == "Thaas · Hukum: First discard · best of 3 · Easy bots · 30 s per turn"
    thulla = {"game": "thulla", "seats": 5, "options": {}, "bots": "hard"}
    assert summary(thulla) == "Thulla · 5 players · Hard bots"
    assert summary({**thulla, "hints": True}) == "Thulla · 5 players · Hard bots · hints allowed"
    assert summary({**thulla, "hints": False}) == summary(thulla)


def test_the_invite_link_is_the_app_at_join_code():
    assert invite_link("https://t.example/", "k7m2qx") == "https://t.example/join/K7M2QX"


def test_the_qr_code_is_a_square_png():
    png = qr_png("https://t.example/join/K7M2QX")
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", png[16:24])  # the IHDR chunk
    assert width == height >= 200


@pytest.mark.parametrize(
    ("typed", "clean"),
    [
        ("thaasbai.example/", "https://thaasbai.example"),
        ("HTTP://10.0.0.2:8550", "http://10.0.0.2:8550"),
        ("", ""),
        ("ftp://x", ""),
        ("http://a b", ""),
        (None, ""),
    ],
)
def test_a_server_url_is_cleaned_or_refused(typed, clean):
    assert clean_server_url(typed) == clean


def test_settings_keep_the_server_url_and_seat_tokens_round_trip():
    s = Settings(server_url="https://t.example")
    assert Settings.from_json(s.to_json()).server_url == "https://t.example"
    tok = SeatToken(2, "abc")
    assert SeatToken.from_json(tok.to_json()) == tok
    assert SeatToken.from_json('{"seat": "2", "token": "abc"}') is None
    assert SeatToken.key("k7m2qx") == "thaasbai.room.K7M2QX"


def test_a_link_to_this_device_is_known_for_what_it_is():
    from thaasbai.ui.lobby_model import local_only

    for link in (
        "http://127.0.0.1:8550/join/K7M2QX",
        "http://localhost:8550/join/K7M2QX",
        "http://[::1]:8550/join/K7M2QX",
    ):
        assert local_only(link), link
    for link in ("http://192.168.1.20:8550/join/K7M2QX", "https://cards.example/join/K7M2QX"):
        assert not local_only(link), link
