"""Game records (RECORD.md): load and replay a record, write one, and describe the result.

Every problem in a record becomes a :class:`RecordError` that names the deal and the
action, so ``thaasbai replay`` can answer with the specified error object.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import action_from_json, action_sort_key, action_to_json
from .cards import Mask, cards_of, format_card, mask_of, parse_card
from .errors import EngineError, RecordError
from .match import GAMES, GameOptions, Match, new_match
from .thulla import ThullaDeal
from .trick import HIDDEN, TrickDeal

_TOP_KEYS = {"game", "seats", "options", "seed", "deals"}
_DEAL_KEYS = {"dealer", "hands", "set_aside", "actions"}
_OPTION_KEYS = {"hukum", "best_of"}


def deal_rng(seed: int, deal_index: int) -> random.Random:
    """The random source for deal ``deal_index`` of a record with ``seed``.

    Each deal gets its own stream so a deal is reproducible from the seed alone,
    whether or not earlier deals listed their hands (documented in docs/SPEC_NOTES.md).
    """
    return random.Random(f"thaasbai:{seed}:{deal_index}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_options(record: dict) -> GameOptions:
    game = record.get("game")
    # Check the type first: an unhashable value (a list, an object) cannot be looked up.
    if not isinstance(game, str) or game not in GAMES:
        raise RecordError(f'"game" must be one of {", ".join(GAMES)}, not {game!r}')
    if "seats" not in record:
        raise RecordError('"seats" is missing')
    seats = record["seats"]
    if not _is_int(seats):
        raise RecordError(f'"seats" must be a whole number, not {seats!r}')
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError('"options" must be an object')
    if game == "thulla":
        if options:
            raise RecordError("Thulla takes no options")
        return _options(game=game, seats=seats)
    unknown = set(options) - _OPTION_KEYS
    if unknown:
        raise RecordError(f"unknown option(s): {', '.join(sorted(map(str, unknown)))}")
    best_of = options.get("best_of", 1)
    if not _is_int(best_of):
        raise RecordError(f'"best_of" must be 1, 3, 5 or 7, not {best_of!r}')
    return _options(game=game, seats=seats, hukum=options.get("hukum", "implicit"), best_of=best_of)


def _options(**kwargs: Any) -> GameOptions:
    try:
        return GameOptions(**kwargs)
    except EngineError as exc:
        raise RecordError(str(exc)) from None


def _parse_hands(value: Any, seats: int, index: int) -> list[Mask]:
    if not isinstance(value, list) or len(value) != seats:
        raise RecordError(f'"hands" must be a list of {seats} hands', index)
    hands = []
    for hand in value:
        if not isinstance(hand, list):
            raise RecordError("each hand must be a list of cards", index)
        try:
            cards = [parse_card(c) for c in hand]
        except EngineError as exc:
            raise RecordError(str(exc), index) from None
        m = mask_of(cards)
        if m.bit_count() != len(cards):
            raise RecordError("a card is listed twice in one hand", index)
        hands.append(m)
    return hands


def replay(record: Any) -> Match:
    """Replay a parsed record, validating every action; raises :class:`RecordError`."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    unknown = set(record) - _TOP_KEYS
    if unknown:
        raise RecordError(f"unknown field(s): {', '.join(sorted(map(str, unknown)))}")
    options = _parse_options(record)
    seed = record.get("seed")
    if seed is not None and not _is_int(seed):
        raise RecordError(f'"seed" must be a whole number, not {seed!r}')
    deals = record.get("deals")
    if not isinstance(deals, list):
        raise RecordError('"deals" must be a list')
    match: Match | None = None
    for i, deal in enumerate(deals):
        if not isinstance(deal, dict):
            raise RecordError("a deal must be an object", i)
        unknown = set(deal) - _DEAL_KEYS
        if unknown:
            raise RecordError(f"unknown deal field(s): {', '.join(sorted(map(str, unknown)))}", i)
        dealer = deal.get("dealer")
        if dealer is not None and not _is_int(dealer):
            raise RecordError(f'"dealer" must be a seat number, not {dealer!r}', i)
        if match is None:
            if dealer is None:
                raise RecordError('the first deal needs a "dealer"', i)
            match = _new_match(options, dealer, i)
        elif match.over:
            raise RecordError("the match is already over; no further deal is played", i)
        elif dealer is not None and dealer != match.next_dealer():
            raise RecordError(
                f"the dealer of this deal is seat {match.next_dealer()} by the rules, "
                f"not seat {dealer}",
                i,
            )
        _start_deal(match, deal, options, seed, i)
        _replay_actions(match, deal.get("actions", []), i)
        if not match.current.over and i < len(deals) - 1:
            raise RecordError("this deal stops before its end, but more deals follow", i)
    if match is None:
        match = new_match(options, first_dealer=0)
    return match


def _new_match(options: GameOptions, dealer: int, index: int) -> Match:
    try:
        return new_match(options, first_dealer=dealer)
    except EngineError as exc:
        raise RecordError(str(exc), index) from None


def _start_deal(
    match: Match, deal: dict, options: GameOptions, seed: int | None, index: int
) -> None:
    hands = _parse_hands(deal["hands"], options.seats, index) if "hands" in deal else None
    set_aside = None
    if deal.get("set_aside") is not None:
        if options.game == "thulla" or options.hukum != HIDDEN:
            raise RecordError('"set_aside" is used only with hukum mode "hidden"', index)
        try:
            set_aside = parse_card(deal["set_aside"])
        except EngineError as exc:
            raise RecordError(str(exc), index) from None
    rng = deal_rng(seed, index) if seed is not None else None
    if hands is None and rng is None:
        raise RecordError('a deal without "hands" needs the record\'s "seed"', index)
    try:
        match.start_deal(rng=rng, hands=hands, set_aside=set_aside)
    except EngineError as exc:
        raise RecordError(str(exc), index) from None


def _replay_actions(match: Match, actions: Any, index: int) -> None:
    if not isinstance(actions, list):
        raise RecordError('"actions" must be a list', index)
    for j, obj in enumerate(actions):
        try:
            if not isinstance(obj, dict) or "seat" not in obj:
                raise RecordError('an action must be an object with a "seat"', index, j)
            seat = obj["seat"]
            if not _is_int(seat) or not 0 <= seat < match.seats:
                raise RecordError(f"no seat {seat!r} at this table", index, j)
            match.apply(seat, action_from_json(obj))
        except RecordError:
            raise
        except EngineError as exc:
            raise RecordError(str(exc), index, j) from None


# -- writing -------------------------------------------------------------------------------


def to_record(match: Match) -> dict:
    """The record of a match: every deal's hands and actions, so it replays exactly."""
    deals = []
    for log in match.logs:
        entry: dict[str, Any] = {
            "dealer": log.dealer,
            "hands": [[format_card(c) for c in cards_of(h)] for h in log.hands],
        }
        if log.set_aside is not None:
            entry["set_aside"] = format_card(log.set_aside)
        entry["actions"] = [{"seat": s, **action_to_json(a)} for s, a in log.actions]
        deals.append(entry)
    record: dict[str, Any] = {"game": match.game, "seats": match.seats}
    if match.game != "thulla":
        record["options"] = match.options.to_json()
    record["deals"] = deals
    return record


# -- describing the result ---------------------------------------------------------------


def describe(match: Match) -> dict:
    """The output document of ``thaasbai replay`` (RECORD.md, "Output")."""
    out: dict[str, Any] = {"game": match.game, "deals": []}
    for deal in match.deals:
        out["deals"].append(_describe_deal(match, deal))
    if match.game == "thulla":
        out["match"] = {"bhabhi_count": list(match.bhabhi_count)}
    else:
        out["match"] = {
            "over": match.over,
            "winner": match.winner,
            "deals_won": list(match.deals_won),
        }
        if match.game == "dhihaeh":
            out["match"]["bangs"] = list(match.bangs)
    return out


def _describe_deal(match: Match, deal: TrickDeal | ThullaDeal) -> dict:
    legal = [] if deal.over else sorted(deal.legal_actions(), key=action_sort_key)
    d: dict[str, Any] = {
        "status": "over" if deal.over else "in_progress",
        "dealer": deal.dealer,
    }
    if isinstance(deal, TrickDeal):
        d["hukum"] = "SHDC"[deal.hukum] if deal.hukum >= 0 else None
        d["tricks"] = list(deal.tricks)
        d["winner"] = deal.winner if deal.over else None
        d["sweep"] = deal.sweep
        d["tricks_played"] = deal.tricks_played
        if match.game == "dhihaeh":
            d["tens"] = list(deal.tens)
            d["bang"] = deal.bang
    else:
        d["out"] = list(deal.out)
        d["bhabhi"] = deal.bhabhi if deal.bhabhi >= 0 else None
        d["draw"] = deal.draw
        d["reveal"] = {
            str(s): [format_card(c) for c in cards_of(m)] for s, m in sorted(deal.reveal().items())
        }
        d["can_give_up"] = deal.can_give_up()
    d["to_act"] = None if deal.over else deal.to_act
    d["legal"] = [action_to_json(a) for a in legal]
    d["hands"] = [[format_card(c) for c in cards_of(h)] for h in deal.hands]
    return d
