"""The ``thaasbai`` command line: ``replay``, ``serve``, ``arena``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence


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


def _serve(args: argparse.Namespace) -> int:
    from .serve import ServeSettings, run

    run(
        ServeSettings(
            host=args.host,
            port=args.port,
            store=args.store or "",
            data_dir=args.data_dir or "",
            public_url=args.public_url or "",
            grace_s=args.grace,
            trusted_proxies=_trusted_proxies(args),
        )
    )
    return 0


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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="thaasbai", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a game record and print the resulting state")
    p.add_argument("file", help="the record's path, or - for standard input")
    p.set_defaults(run=_replay)

    p = sub.add_parser("serve", help="serve the web app and the room server")
    p.add_argument("--host", default=os.getenv("THAASBAI_HOST", "127.0.0.1"))
    p.add_argument("--port", type=int, default=int(os.getenv("THAASBAI_PORT", "8550")))
    p.add_argument(
        "--store",
        default=os.getenv("THAASBAI_STORE", ""),
        help="where rooms live: empty for SQLite (the default), or redis://HOST:PORT/DB",
    )
    p.add_argument("--data-dir", default=os.getenv("THAASBAI_DATA_DIR", ""))
    p.add_argument(
        "--public-url",
        default=os.getenv("THAASBAI_PUBLIC_URL", ""),
        help="the base URL of invite links (default: http://HOST:PORT)",
    )
    p.add_argument(
        "--grace",
        type=float,
        default=60.0,
        help="seconds before a bot plays for a disconnected player",
    )
    _add_trusted_proxy_flag(p)
    p.set_defaults(run=_serve)

    _add_arena_parser(sub)
    return parser


def _add_trusted_proxy_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--trusted-proxy",
        dest="trusted_proxies",
        action="append",
        metavar="ADDRESS",
        help="a reverse proxy (IP address, network such as 10.0.0.0/8, or *) whose "
        "X-Forwarded-For names the client; repeatable; default none, also "
        "THAASBAI_TRUSTED_PROXIES=a,b",
    )


def _trusted_proxies(args: argparse.Namespace) -> tuple[str, ...]:
    """The flags if given, else ``THAASBAI_TRUSTED_PROXIES`` (comma-separated)."""
    given = args.trusted_proxies or os.getenv("THAASBAI_TRUSTED_PROXIES", "").split(",")
    return tuple(a.strip() for a in given if a.strip())


def _add_arena_parser(sub) -> None:
    from .bots import LEVELS

    p = sub.add_parser("arena", help="play bots against each other on duplicate deals")
    p.add_argument("--game", choices=("thaas", "dhihaeh", "thulla"), default="thaas")
    p.add_argument(
        "--hukum", choices=("implicit", "declared", "hidden", "none"), default="implicit"
    )
    p.add_argument("--a", choices=LEVELS, default="normal", help="the bot being measured")
    p.add_argument("--b", choices=LEVELS, default="easy", help="its opponents")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seats", type=int, default=4, help="Thulla only: 2 to 6")
    p.add_argument("--budget-ms", type=int, default=None, help="override per-move budgets")
    p.add_argument("--jobs", type=int, default=1, help="processes to play deals in")
    p.add_argument("--json", action="store_true", help="print one JSON object last")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--fast", action="store_true", help="Ultra uses endplay's C solver (thaasbai[fast])"
    )
    p.set_defaults(run=_arena)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return args.run(args)
