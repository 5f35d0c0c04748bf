"""Actions as small ints, with the record notation as their text form.

``0..51`` play that card; ``52..55`` declare that suit the hukum; then the Thulla
actions.  Ints keep legal-action lists cheap for search; :func:`action_to_json` and
:func:`action_from_json` are the paired format/parse of RECORD.md's notation.
"""

from __future__ import annotations

from typing import TypeAlias

from .cards import SUITS, format_card, parse_card, parse_suit
from .errors import ActionParseError, CardParseError

Action: TypeAlias = int

DECLARE = 52  # DECLARE + suit
HAND_CALL = 56
ACCEPT = 57
REFUSE = 58
GIVE_UP = 59
NUM_ACTIONS = 60


def play(card: int) -> Action:
    return card


def declare(suit: int) -> Action:
    return DECLARE + suit


def action_to_json(a: Action) -> dict:
    """The record form without ``seat``: ``{"play": "QH"}``, ``{"declare": "H"}`` ..."""
    if 0 <= a < 52:
        return {"play": format_card(a)}
    if DECLARE <= a < DECLARE + 4:
        return {"declare": SUITS[a - DECLARE]}
    if a == HAND_CALL:
        return {"hand_call": True}
    if a == ACCEPT:
        return {"answer": "accept"}
    if a == REFUSE:
        return {"answer": "refuse"}
    if a == GIVE_UP:
        return {"give_up": True}
    raise ActionParseError(f"not an action number: {a!r}")


_ACTION_KEYS = ("play", "declare", "hand_call", "answer", "give_up")


def action_from_json(obj: object) -> Action:
    """Parse one action object; a ``seat`` key, if present, is ignored here."""
    if not isinstance(obj, dict):
        raise ActionParseError("an action must be an object")
    keys = [k for k in _ACTION_KEYS if k in obj]
    unknown = set(obj) - set(_ACTION_KEYS) - {"seat"}
    if unknown:
        raise ActionParseError(f"unknown action field(s): {', '.join(sorted(map(str, unknown)))}")
    if len(keys) != 1:
        raise ActionParseError("an action needs exactly one of: " + ", ".join(_ACTION_KEYS))
    key = keys[0]
    value = obj[key]
    try:
        if key == "play":
            return parse_card(value)
        if key == "declare":
            return DECLARE + parse_suit(value)
    except CardParseError as exc:
        raise ActionParseError(str(exc)) from None
    if key == "hand_call":
        if value is not True:
            raise ActionParseError('"hand_call" must be true')
        return HAND_CALL
    if key == "give_up":
        if value is not True:
            raise ActionParseError('"give_up" must be true')
        return GIVE_UP
    if value == "accept":
        return ACCEPT
    if value == "refuse":
        return REFUSE
    raise ActionParseError('"answer" must be "accept" or "refuse"')


def action_sort_key(a: Action) -> tuple[bool, int]:
    """Non-card actions first, then cards in display order (RECORD.md's ``legal`` order)."""
    return (a < 52, a)


def format_action(a: Action) -> str:
    """A short human form for logs and errors: ``QH``, ``declare H``, ``hand call``."""
    if 0 <= a < 52:
        return format_card(a)
    if DECLARE <= a < DECLARE + 4:
        return f"declare {SUITS[a - DECLARE]}"
    return {HAND_CALL: "hand call", ACCEPT: "accept", REFUSE: "refuse", GIVE_UP: "give up"}.get(
        a, f"action {a}"
    )
