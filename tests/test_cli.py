"""The ``thaasbai`` command line as a newcomer meets it: --version, --help, defaults and the
environment variables behind ``serve``'s options (``replay`` has tests/test_cli_replay.py)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

import thaasbai
from thaasbai import cli
from thaasbai.server.config import ServerConfig
from thaasbai.settings import ServeSettings

ROOT = Path(__file__).resolve().parent.parent
SERVE_VARIABLES = ("HOST", "PORT", "PUBLIC_URL", "STORE", "DATA_DIR", "GRACE")


@pytest.fixture(autouse=True)
def _no_serve_variables(monkeypatch):
    """Tests see the built-in defaults, whatever the developer's shell exports."""
    for name in SERVE_VARIABLES:
        monkeypatch.delenv(f"THAASBAI_{name}", raising=False)


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("no subcommands")


def help_text(*argv: str) -> str:
    parser = cli.build_parser()
    for name in argv:
        parser = subcommands(parser)[name]
    return parser.format_help()


def test_version_prints_the_package_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"thaasbai {thaasbai.__version__}\n"


def test_version_works_as_a_real_process():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run(
        [sys.executable, "-m", "thaasbai", "--version"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    assert out.stdout.strip() == f"thaasbai {thaasbai.__version__}"


@pytest.mark.parametrize("argv", [(), ("serve",), ("replay",), ("arena",)])
def test_help_is_plain_text_without_rest_markup(argv):
    text = help_text(*argv)
    assert "``" not in text
    assert ":func:" not in text and ":class:" not in text


def test_help_lists_every_subcommand_with_a_line_of_help():
    text = help_text()
    for name, sub in subcommands(cli.build_parser()).items():
        assert name in text
        assert sub.description, f"{name} has no description"


@pytest.mark.parametrize("command", ["serve", "replay", "arena"])
def test_every_option_has_help_and_every_valued_option_shows_its_default(command):
    sub = subcommands(cli.build_parser())[command]
    formatter = sub._get_formatter()
    for action in sub._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        name = "/".join(action.option_strings) or action.dest
        assert action.help, f"{command} {name} has no help"
        if action.option_strings and action.nargs != 0:  # takes a value: say its default
            assert "(default:" in formatter._get_help_string(action), (
                f"{command} {name} does not show its default"
            )


def test_serve_help_shows_the_defaults_a_newcomer_needs():
    text = " ".join(help_text("serve").split())  # argparse wraps lines
    assert "(default: 127.0.0.1)" in text
    assert "(default: 8550)" in text
    assert "(default: 60)" in text
    assert "~/.local/share/thaasbai" in text
    assert "pip install 'thaasbai[redis]'" in text


def test_serve_defaults_without_environment():
    args = cli.build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.store, args.data_dir, args.public_url, args.grace) == (
        "127.0.0.1",
        8550,
        "",
        "",
        "",
        60.0,
    )
    assert args.port == ServeSettings().port and args.host == ServeSettings().host
    assert args.grace == ServeSettings().grace_s == ServerConfig().grace_s


def test_serve_environment_variables_set_the_defaults(monkeypatch, tmp_path):
    monkeypatch.setenv("THAASBAI_HOST", "0.0.0.0")
    monkeypatch.setenv("THAASBAI_PORT", "9001")
    monkeypatch.setenv("THAASBAI_STORE", "memory")
    monkeypatch.setenv("THAASBAI_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("THAASBAI_PUBLIC_URL", "https://cards.example.org")
    monkeypatch.setenv("THAASBAI_GRACE", "15")
    args = cli.build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.store, args.data_dir, args.public_url, args.grace) == (
        "0.0.0.0",
        9001,
        "memory",
        str(tmp_path),
        "https://cards.example.org",
        15.0,
    )
    assert "(default: 9001)" in " ".join(help_text("serve").split())  # what will be used


def test_an_option_wins_over_its_environment_variable(monkeypatch):
    monkeypatch.setenv("THAASBAI_PORT", "9001")
    monkeypatch.setenv("THAASBAI_HOST", "0.0.0.0")
    args = cli.build_parser().parse_args(["serve", "--port", "9002", "--host", "::1"])
    assert (args.host, args.port) == ("::1", 9002)


def test_an_empty_environment_variable_counts_as_unset(monkeypatch):
    monkeypatch.setenv("THAASBAI_PORT", "")
    monkeypatch.setenv("THAASBAI_GRACE", "")
    args = cli.build_parser().parse_args(["serve"])
    assert (args.port, args.grace) == (8550, 60.0)


def test_a_bad_port_variable_is_a_usage_error_of_serve_only(monkeypatch, capsys):
    monkeypatch.setenv("THAASBAI_PORT", "eighty")
    with pytest.raises(SystemExit) as exit_:
        cli.build_parser().parse_args(["serve"])
    assert exit_.value.code == 2
    assert "--port" in capsys.readouterr().err
    assert cli.build_parser().parse_args(["arena", "--deals", "1"]).deals == 1


def _config_with(env: dict[str, str]) -> ServerConfig:
    return ServerConfig.from_settings(ServeSettings(), env=env)


@pytest.mark.parametrize("name,what,default", cli.SERVER_ENVIRONMENT)
def test_serve_help_names_each_server_variable_with_the_servers_default(name, what, default):
    """Setting the variable changes exactly one ServerConfig field, whose built-in value is
    the default that --help prints."""
    base = _config_with({})
    changed = [
        field
        for field, value in vars(_config_with({name: "97"})).items()
        if value != vars(base)[field]
    ]
    assert len(changed) == 1, f"{name} changes {changed}"
    actual = vars(base)[changed[0]]
    if default == "cores - 1":
        assert actual == max(1, (os.cpu_count() or 2) - 1)
    else:
        assert actual == float(default)
    assert name in help_text("serve")


def test_store_redis_without_the_extra_says_how_to_install_it(monkeypatch):
    from thaasbai.server import open_backend

    monkeypatch.setitem(sys.modules, "redis", None)  # import redis now fails
    monkeypatch.delitem(sys.modules, "thaasbai.server.redis_store", raising=False)
    with pytest.raises(SystemExit) as exit_:
        open_backend(ServerConfig(store="redis://127.0.0.1:1/0"))
    assert "pip install 'thaasbai[redis]'" in str(exit_.value.code)


def test_arena_help_says_how_long_search_bots_take():
    text = " ".join(help_text("arena").split())
    assert "1.5 hours" in text and "--jobs" in text


def test_top_level_help_points_at_the_environment_variables():
    text = " ".join(help_text().split())
    assert "THAASBAI_*" in text and "thaasbai serve --help" in text and cli.DOCS in text


def test_arena_help_names_each_hukum_mode_as_the_app_does():
    """One name per thing: the CLI keeps the API's names and says the app's beside them."""
    from thaasbai.ui.rules_text import HUKUM_NAMES

    text = " ".join(help_text("arena").split())
    for api, shown in HUKUM_NAMES.items():
        assert f"{api} '{shown}'" in text
