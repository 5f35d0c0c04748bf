"""The ``thaasbai`` command line: ``serve``, ``build-web``, ``replay`` and ``arena``.

Each subcommand has one function that adds its parser (``_add_serve`` ...) and small
functions that add its options, so a new option or subcommand is a few lines in one place.
Every option's help shows its default; ``serve`` options that an environment variable can
set name it, and the variable, when set, is the default shown.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from . import __version__

DOCS = "docs/CONFIG.md"  # where every setting is described at length (in the source tree)

# The THAASBAI_* variables a `serve` process reads besides its options' own ones (those are
# named in each option's help): (name, what it sets, default).  The room server reads them
# in thaasbai/server/config.py; tests/test_cli.py checks these defaults against its
# ServerConfig and that every THAASBAI_* variable the code reads is documented.
SERVER_ENVIRONMENT: tuple[tuple[str, str, str], ...] = (
    ("THAASBAI_BOT_PACE", "least seconds from a change to a bot's move", "0.8"),
    ("THAASBAI_BOT_PROCESSES", "processes for Hard/Ultra; 0 = threads", "cores - 1"),
    ("THAASBAI_HTTP_RATE", "HTTP requests/s per client address; 0 = off", "2"),
    ("THAASBAI_HTTP_BURST", "... and their burst", "20"),
    ("THAASBAI_WS_RATE", "WebSocket messages/s per connection; 0 = off", "10"),
    ("THAASBAI_WS_BURST", "... and their burst", "30"),
    ("THAASBAI_MIN_TURN_TIMER", "shortest turn timer a room may set, s", "5"),
    ("THAASBAI_FINISHED_TTL", "seconds a finished match's room is kept", "3600"),
    ("THAASBAI_IDLE_TTL", "seconds an untouched room is kept", "604800"),
    ("THAASBAI_LEASE", "seconds before a dead process's rooms move", "5"),
    ("THAASBAI_WS_PER_ADDRESS", "open WebSockets per client address", "64"),
    ("THAASBAI_MAX_SOCKETS", "open WebSockets in this process", "4000"),
)


class _Formatter(argparse.ArgumentDefaultsHelpFormatter, argparse.RawDescriptionHelpFormatter):
    """Defaults in every option's help (but not the empty ones, ``None``, ``False`` and
    ``""``, nor where the help already says in words what leaving the option out does),
    and descriptions and epilogs printed as written."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        default = action.default
        if default is None or default is False or default == "" or not action.help:
            return action.help
        if "(default:" in action.help:  # the help says it in words
            return action.help
        return super()._get_help_string(action)


def _env(name: str, default: str) -> str:
    """The environment's value of ``name``, or ``default`` when it is unset or empty (as the
    room server reads its own variables).  A string default is converted by the option's
    ``type`` at parse time, so a bad value is a usage error, not a traceback."""
    return os.environ.get(name) or default


def _subcommand(sub, name: str, run, *, help: str, description: str, epilog: str = ""):
    p = sub.add_parser(
        name, help=help, description=description, epilog=epilog, formatter_class=_Formatter
    )
    p.set_defaults(run=run)
    return p


# --- serve -----------------------------------------------------------------------------


def _serve(args: argparse.Namespace) -> int:
    from .serve import ServeSettings, run

    run(
        ServeSettings(
            host=args.host,
            port=args.port,
            store=args.store,
            data_dir=args.data_dir,
            public_url=args.public_url,
            grace_s=args.grace,
            web_dir=args.web_dir,
            allow_origins=tuple(o for o in args.allow_origin if o),
            certfile=args.certfile,
            keyfile=args.keyfile,
            trusted_proxies=_trusted_proxies(args),
        )
    )
    return 0


def _serve_epilog() -> str:
    width = max(len(name) for name, _, _ in SERVER_ENVIRONMENT)
    lines = [f"  {name:<{width}}  {what} ({default})" for name, what, default in SERVER_ENVIRONMENT]
    return (
        "environment variables (besides the ones named above), with their defaults:\n"
        + "\n".join(lines)
        + "\n\nfor tests: THAASBAI_PACE (seconds between the bots' moves in solo play) and"
        "\nTHAASBAI_SEED (an integer: every solo game is dealt from it), read by the app when"
        "\nit runs natively; the static app reads ?pace=0&seed=11 on its address instead."
        f"\n\nEvery setting at length: {DOCS}."
    )


def _add_serve(sub) -> None:
    p = _subcommand(
        sub,
        "serve",
        _serve,
        help="serve the web app and the room server",
        description=(
            "Serve the web app, the room server and /healthz in one process, and print the\n"
            "URL to open. The web app is a static build whose Python runs in the browser\n"
            "(built into --web-dir first when missing or stale). Rooms are kept in SQLite\n"
            "under --data-dir unless --store says otherwise, so they survive a restart."
        ),
        epilog=_serve_epilog(),
    )
    _serve_listen_options(p.add_argument_group("where it listens"))
    _serve_web_options(p.add_argument_group("the web app"))
    _serve_room_options(p.add_argument_group("rooms"))


def _serve_listen_options(g) -> None:
    g.add_argument(
        "--host",
        default=_env("THAASBAI_HOST", "127.0.0.1"),
        help="the address to listen on; 0.0.0.0 for every interface; env THAASBAI_HOST",
    )
    g.add_argument(
        "--port",
        type=int,
        default=_env("THAASBAI_PORT", "8550"),
        help="the TCP port to listen on; env THAASBAI_PORT",
    )
    g.add_argument(
        "--public-url",
        default=_env("THAASBAI_PUBLIC_URL", ""),
        metavar="URL",
        help="the base of invite links, when players reach the server through another "
        "address such as a proxy (default: http://HOST:PORT); env THAASBAI_PUBLIC_URL",
    )
    g.add_argument(
        "--certfile",
        default=_env("THAASBAI_CERTFILE", ""),
        metavar="PEM",
        help="serve HTTPS with this certificate: phones install the app and play offline "
        "only from an HTTPS address or localhost (default: plain HTTP); env THAASBAI_CERTFILE",
    )
    g.add_argument(
        "--keyfile",
        default=_env("THAASBAI_KEYFILE", ""),
        metavar="PEM",
        help="the certificate's private key (default: inside --certfile); env THAASBAI_KEYFILE",
    )
    g.add_argument(
        "--trusted-proxy",
        dest="trusted_proxies",
        action="append",
        metavar="ADDRESS",
        help="a reverse proxy (IP address, network such as 10.0.0.0/8, or *) whose "
        "X-Forwarded-For names the client; repeat for more (default: none, the peer's "
        "own address counts); env THAASBAI_TRUSTED_PROXIES, comma-separated",
    )


def _trusted_proxies(args: argparse.Namespace) -> tuple[str, ...]:
    """The flags if given, else ``THAASBAI_TRUSTED_PROXIES`` (comma-separated)."""
    given = args.trusted_proxies or os.getenv("THAASBAI_TRUSTED_PROXIES", "").split(",")
    return tuple(a.strip() for a in given if a.strip())


def _serve_web_options(g) -> None:
    g.add_argument(
        "--web-dir",
        default=_env("THAASBAI_WEB_DIR", ""),
        metavar="DIR",
        help="the static app's build to serve, made by build-web and rebuilt when stale "
        "(default: build/web in a checkout, else web/ in the data directory); "
        "env THAASBAI_WEB_DIR",
    )
    g.add_argument(
        "--allow-origin",
        action="append",
        default=[o.strip() for o in _env("THAASBAI_ALLOW_ORIGINS", "").split(",") if o.strip()],
        metavar="ORIGIN",
        help="an origin (https://cards.example) whose static copy of the app may use this "
        "server's rooms from the browser (CORS); repeat for more (default: only the app "
        "served here); env THAASBAI_ALLOW_ORIGINS, comma-separated",
    )


def _serve_room_options(g) -> None:
    g.add_argument(
        "--store",
        default=_env("THAASBAI_STORE", ""),
        metavar="URL",
        help="where rooms live: sqlite (in --data-dir), memory (forgotten on exit), or "
        "redis://HOST:PORT/DB to share rooms between several processes, which needs the "
        "redis extra: pip install 'thaasbai[redis]'; env THAASBAI_STORE (default: sqlite)",
    )
    g.add_argument(
        "--data-dir",
        default=_env("THAASBAI_DATA_DIR", ""),
        metavar="DIR",
        help="the folder of rooms.sqlite3 (default: $XDG_DATA_HOME/thaasbai, or "
        "~/.local/share/thaasbai); env THAASBAI_DATA_DIR",
    )
    g.add_argument(
        "--grace",
        type=float,
        default=_env("THAASBAI_GRACE", "60"),
        metavar="SECONDS",
        help="how long a disconnected player's turns wait before a bot plays them"
        "; env THAASBAI_GRACE",
    )


# --- build-web -------------------------------------------------------------------------


def _build_web(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .web.build import build_web, default_web_dir

    out = Path(args.out) if args.out else default_web_dir()
    result = build_web(out, server_url=args.server_url)
    print(f"version {result.version} in {result.seconds:.1f} s")
    return 0


def _add_build_web(sub) -> None:
    p = _subcommand(
        sub,
        "build-web",
        _build_web,
        help="build the static app (Python in the browser) for any web host",
        description=(
            "Build the static web app: Flet's client, Pyodide, the engine, bots and UI, all\n"
            "local (nothing is downloaded at build or run time). serve builds it on its own\n"
            "when needed; this command is for hosting the files elsewhere (docs/DEPLOY.md)."
        ),
    )
    _build_web_options(p)


def _build_web_options(p) -> None:
    p.add_argument(
        "--out",
        default="",
        metavar="DIR",
        help="the folder to (re)write (default: build/web in a checkout, else web/ in the "
        "data directory)",
    )
    p.add_argument(
        "--server-url",
        default="",
        metavar="URL",
        help="the room server for online play, when the app is hosted apart from it "
        "(default: the address the app is served from); written to site.json, which "
        "can be edited after the build",
    )


# --- replay ----------------------------------------------------------------------------


def _replay(args: argparse.Namespace) -> int:
    from .engine.errors import RecordError
    from .engine.record import describe, replay

    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as fh:
                text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        return _record_error(RecordError(f"cannot read the record: {exc}"))
    try:
        record = json.loads(text)
    except ValueError as exc:  # JSONDecodeError is a ValueError
        return _record_error(RecordError(f"not valid JSON: {exc}"))
    except RecursionError:  # the decoder recurses once per nested array or object
        return _record_error(RecordError("not valid JSON: nested too deeply"))
    try:
        match = replay(record)
    except RecordError as exc:
        return _record_error(exc)
    except RecursionError:
        return _record_error(RecordError("the record is nested too deeply"))
    print(json.dumps(describe(match)))
    return 0


def _record_error(exc) -> int:
    print(json.dumps(exc.to_json()))
    return 2


def _add_replay(sub) -> None:
    p = _subcommand(
        sub,
        "replay",
        _replay,
        help="replay a game record and print the resulting state",
        description=(
            "Replay a game record (a JSON document: the table, its deals and every action;\n"
            "the format is docs/RECORD.md), checking every action against the rules, and\n"
            "print the resulting state as one JSON document."
        ),
        epilog=(
            "exit status: 0 with the state on standard output; 2 when the record is\n"
            'malformed or holds an illegal action, with {"error": ..., "deal": i,\n'
            '"action": j} on standard output (indices from 0, null when not in a deal or\n'
            "an action)."
        ),
    )
    _replay_options(p)


def _replay_options(p) -> None:
    p.add_argument("file", help="the record's path, or - for standard input")


# --- arena -----------------------------------------------------------------------------


def _arena(args: argparse.Namespace) -> int:
    from .arena import ArenaConfig, format_summary, progress_bar, run

    cfg = ArenaConfig(
        game=args.game,
        hukum=args.hukum,
        a=args.a,
        b=args.b,
        deals=args.deals,
        seed=args.seed,
        seats=args.seats,
        budget_ms=args.budget_ms,
        fast=args.fast,
    )
    out = run(cfg, jobs=args.jobs, progress=None if args.quiet else progress_bar)
    print(format_summary(out))
    if args.json:
        print(json.dumps(out))
    return 0


def _add_arena(sub) -> None:
    p = _subcommand(
        sub,
        "arena",
        _arena,
        help="play bots against each other on duplicate deals",
        description=(
            "Play bot level A against level B on duplicate deals (each deal twice, the\n"
            "sides swapped) and print A's win rate with its 95% interval; in Thulla, A\n"
            "plays one seat among B's and the figure is how often A ends as the Bhabhi."
        ),
        epilog=(
            "how long it takes: Easy and Normal answer in well under a millisecond (200\n"
            "deals of Normal vs Easy take seconds), but Hard thinks up to 200 ms a move\n"
            "and Ultra up to 700 ms, so Ultra vs Hard costs about 25 s a Thaas deal on\n"
            "one core: 200 deals run about 1.5 hours (--jobs 2 about halves that on two\n"
            "free cores). Try --deals 4 first."
        ),
    )
    _arena_options(p)


def _arena_options(p) -> None:
    from .bots import ARENA_LEVELS, LEVELS

    levels = (*LEVELS, *ARENA_LEVELS)
    p.add_argument(
        "--game", choices=("thaas", "dhihaeh", "thulla"), default="thaas", help="the game"
    )
    p.add_argument(
        "--hukum",
        choices=("implicit", "declared", "hidden", "none"),
        default="implicit",
        help=(
            "how the hukum (trump) is set, Thaas and Dhihaeh only; the app calls them "
            "implicit 'First discard', declared 'Declared', hidden 'Hidden card' and "
            "none 'No hukum'"
        ),
    )
    p.add_argument(
        "--a",
        choices=levels,
        default="normal",
        help="the level measured (pimc-dds: the GIB-style double-dummy reference, arena "
        "only, needs the fast extra)",
    )
    p.add_argument("--b", choices=levels, default="easy", help="its opponents' level")
    p.add_argument("--deals", type=int, default=100, help="duplicate deals to play")
    p.add_argument("--seed", type=int, default=1, help="the deals' seed (same seed, same deals)")
    p.add_argument("--seats", type=int, default=4, help="players, Thulla only: 2 to 6")
    p.add_argument(
        "--budget-ms",
        type=int,
        default=None,
        metavar="MS",
        help="one per-move thinking budget for every search bot (default: each level's own)",
    )
    p.add_argument("--jobs", type=int, default=1, help="processes to play deals in")
    p.add_argument("--json", action="store_true", help="also print one JSON object, last")
    p.add_argument("--quiet", action="store_true", help="no progress bar on standard error")
    p.add_argument(
        "--fast",
        action="store_true",
        help="Ultra uses endplay's C double-dummy solver where it can (the fast extra: "
        "pip install 'thaasbai[fast]'; without it, the Python solver)",
    )


# --- the command -------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="thaasbai",
        description=(
            "Thaas, Dhihaeh and Thulla: serve the app and its room server, build the static\n"
            "app, replay a game record, or measure the bots. 'thaasbai COMMAND --help' tells\n"
            "more."
        ),
        epilog=(
            "serve also reads THAASBAI_* environment variables: 'thaasbai serve --help'\n"
            f"lists them, and {DOCS} describes every setting."
        ),
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_serve(sub)
    _add_build_web(sub)
    _add_replay(sub)
    _add_arena(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return args.run(args)
