"""One name per hukum mode: the rules, Home and the lobby say the same words."""

from __future__ import annotations

from thaasbai.engine.trick import HUKUM_MODES
from thaasbai.ui.lobby_model import summary
from thaasbai.ui.rules_text import HUKUM_HELP, HUKUM_NAMES, RULES


def test_every_mode_has_a_name_and_a_help_line() -> None:
    assert set(HUKUM_NAMES) == set(HUKUM_HELP) == set(HUKUM_MODES)


def test_the_rules_use_the_names_the_buttons_show() -> None:
    hukum = dict(RULES["thaas"])["The hukum"]
    for name in HUKUM_NAMES.values():
        assert f"{name}:" in hukum or f"{name} (" in hukum, name


def test_the_lobby_names_the_mode_as_home_does() -> None:
    for mode, name in HUKUM_NAMES.items():
        line = summary({"game": "thaas", "options": {"hukum": mode}})
        assert line.split(" · ")[1] in (name, f"Hukum: {name}"), line
        assert "implicit" not in line
