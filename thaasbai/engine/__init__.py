"""The rules engine: pure, standard-library-only rules for Thaas, Dhihaeh and Thulla.

No I/O, no UI, no networking.  Hidden information leaves only through
:func:`~thaasbai.engine.views.view_for`.
"""

from .actions import (
    ACCEPT,
    DECLARE,
    GIVE_UP,
    HAND_CALL,
    REFUSE,
    Action,
    action_from_json,
    action_to_json,
    format_action,
)
from .cards import (
    CardSet,
    card_name,
    cards_of,
    format_card,
    mask_of,
    parse_card,
    parse_suit,
    suit_of,
)
from .errors import (
    ActionParseError,
    CardParseError,
    EngineError,
    IllegalActionError,
    RecordError,
    SetupError,
)
from .match import GAMES, GameOptions, Match, new_match
from .playout import random_playout
from .record import describe, replay, to_record
from .thulla import ThullaDeal
from .trick import DhihaehDeal, ThaasDeal, TrickDeal
from .views import ThullaView, TrickView, View, ViewParseError, view_for, view_from_json

__all__ = [
    "ACCEPT",
    "DECLARE",
    "GIVE_UP",
    "HAND_CALL",
    "REFUSE",
    "Action",
    "ActionParseError",
    "CardParseError",
    "CardSet",
    "DhihaehDeal",
    "EngineError",
    "GAMES",
    "GameOptions",
    "IllegalActionError",
    "Match",
    "RecordError",
    "SetupError",
    "ThaasDeal",
    "ThullaDeal",
    "ThullaView",
    "TrickDeal",
    "TrickView",
    "View",
    "action_from_json",
    "action_to_json",
    "card_name",
    "cards_of",
    "describe",
    "format_action",
    "format_card",
    "mask_of",
    "new_match",
    "parse_card",
    "parse_suit",
    "random_playout",
    "replay",
    "suit_of",
    "to_record",
    "view_for",
    "view_from_json",
    "ViewParseError",
]
