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
        )
    )
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
    p.set_defaults(run=_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return args.run(args)
