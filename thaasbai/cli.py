"""The ``thaasbai`` command line: ``replay``, ``serve``, ``arena``."""

from __future__ import annotations

import argparse
import json
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="thaasbai", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a game record and print the resulting state")
    p.add_argument("file", help="the record's path, or - for standard input")
    p.set_defaults(run=_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return args.run(args)
