"""Settings and last choices survive a round trip and shrug off bad stored values."""

from __future__ import annotations

from thaasbai.ui.settings import HISTORY_KEEP, Choices, Settings


def test_settings_round_trip() -> None:
    s = Settings(player_name="Aisha", speed="fast", four_colour=True, theme="light")
    assert Settings.from_json(s.to_json()) == s
    for keep in HISTORY_KEEP:
        s = Settings(history_keep=keep)
        assert Settings.from_json(s.to_json()) == s


def test_the_history_size_is_a_number_of_games_or_all_until_storage_is_full() -> None:
    assert Settings().history_limit == 200
    assert Settings(history_keep=50).history_limit == 50
    assert Settings(history_keep=0).history_limit is None  # all, until storage is full
    for bad in ('{"history_keep": 7}', '{"history_keep": "50"}', '{"history_keep": null}'):
        assert Settings.from_json(bad).history_keep == 200


def test_a_rooms_hints_choice_round_trips_and_is_off_unless_chosen() -> None:
    assert Choices().room_hints is False
    c = Choices(room_hints=True)
    assert Choices.from_json(c.to_json()) == c
    assert Choices.from_json('{"room_hints": "yes"}').room_hints is False


def test_choices_round_trip() -> None:
    c = Choices(game="thulla", hukum="hidden", best_of=5, players=6, levels=["easy"] * 5)
    assert Choices.from_json(c.to_json()) == c
    assert c.seats == 6 and Choices(game="thaas", players=6).seats == 4


def test_bad_values_fall_back_to_defaults() -> None:
    assert Settings.from_json("not json") == Settings()
    assert Settings.from_json(None) == Settings()
    bad = '{"game": "poker", "best_of": 4, "players": "9", "levels": ["godlike", 3]}'
    c = Choices.from_json(bad)
    assert (c.game, c.best_of, c.players) == ("thaas", 3, 4)
    assert c.levels == ["normal"] * 5


def test_pace_env_override(monkeypatch) -> None:
    monkeypatch.setenv("THAASBAI_PACE", "0")
    assert Settings().pace() == (0.0, 0)
    monkeypatch.delenv("THAASBAI_PACE")
    slow, fast = Settings(speed="slow").pace(), Settings(speed="fast").pace()
    assert slow[0] > fast[0] and slow[1] > fast[1]
