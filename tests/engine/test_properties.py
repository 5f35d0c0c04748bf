"""Property tests: every format round-trips with its parser, records round-trip through
JSON and replay, and every malformed record or illegal action is a RecordError that
names the deal and the action."""

from __future__ import annotations

import contextlib
import copy
import json
import random
import string

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from thaasbai.engine import (
    ActionParseError,
    CardParseError,
    CardSet,
    GameOptions,
    Match,
    RecordError,
    action_from_json,
    action_to_json,
    describe,
    format_card,
    new_match,
    parse_card,
    parse_suit,
    replay,
    to_record,
)
from thaasbai.engine.actions import NUM_ACTIONS
from thaasbai.engine.cards import RANKS, SUITS
from thaasbai.engine.trick import HUKUM_MODES

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

cards = st.integers(min_value=0, max_value=51)
masks = st.integers(min_value=0, max_value=(1 << 52) - 1)
card_texts = st.builds(lambda r, s: r + s, st.sampled_from([*RANKS, "10"]), st.sampled_from(SUITS))


# -- cards, suits, card sets, actions ---------------------------------------------------------


@given(cards)
def test_parse_card_inverts_format_card(c):
    assert parse_card(format_card(c)) == c


@given(card_texts)
def test_format_card_of_parse_card_is_the_canonical_form(text):
    assert format_card(parse_card(text)) == text.replace("10", "T")


def test_ten_as_10_formats_as_t():
    assert format_card(parse_card("10H")) == "TH"


@given(st.text(max_size=5))
def test_any_other_string_is_a_card_parse_error(text):
    assume(text not in {r + s for r in [*RANKS, "10"] for s in SUITS})
    with pytest.raises(CardParseError):
        parse_card(text)


@given(st.one_of(st.none(), st.integers(), st.floats(), st.lists(st.text()), st.booleans()))
def test_a_card_must_be_a_string(value):
    with pytest.raises(ValueError):
        parse_card(value)


def test_card_parse_error_is_a_value_error():
    assert issubclass(CardParseError, ValueError)


@given(st.text(max_size=3))
def test_parse_suit_accepts_exactly_the_four_letters(text):
    if text in tuple(SUITS):
        assert SUITS[parse_suit(text)] == text
    else:
        with pytest.raises(CardParseError):
            parse_suit(text)


@given(masks)
def test_cardset_round_trips_through_its_text_and_repr(mask):
    cs = CardSet(mask)
    assert CardSet.parse(str(cs)) == cs
    assert eval(repr(cs), {"CardSet": CardSet}) == cs
    assert len(cs) == mask.bit_count()
    assert list(cs) == sorted(cs)


@given(masks, masks)
def test_cardset_speaks_the_set_protocol(a, b):
    x, y = CardSet(a), CardSet(b)
    sx, sy = set(x), set(y)
    assert set(x | y) == sx | sy
    assert set(x & y) == sx & sy
    assert set(x - y) == sx - sy
    assert all((c in x) == (c in sx) for c in range(52))


@given(st.integers(min_value=0, max_value=NUM_ACTIONS - 1), st.integers(0, 5))
def test_action_from_json_inverts_action_to_json(action, seat):
    obj = action_to_json(action)
    assert action_from_json(obj) == action
    assert action_from_json({"seat": seat, **obj}) == action
    assert json.loads(json.dumps(obj)) == obj


json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 100), st.text(max_size=4), st.floats()
)


@given(
    st.dictionaries(
        st.sampled_from(["play", "declare", "hand_call", "answer", "give_up", "seat", "x"]),
        json_scalars,
        max_size=3,
    )
)
def test_action_from_json_parses_or_raises_action_parse_error(obj):
    try:
        action = action_from_json(obj)
    except ActionParseError:
        return
    assert action_from_json(action_to_json(action)) == action


# -- records round-trip -----------------------------------------------------------------------

games = st.one_of(
    st.tuples(st.sampled_from(["thaas", "dhihaeh"]), st.just(4), st.sampled_from(HUKUM_MODES)),
    st.tuples(st.just("thulla"), st.integers(2, 6), st.none()),
)


def random_match(seed: int, game: str, seats: int, hukum: str | None, steps: int) -> Match:
    """A match of up to ``steps`` random legal actions, dealt from ``seed``."""
    rng = random.Random(seed)
    if game == "thulla":
        options = GameOptions(game=game, seats=seats)
    else:
        options = GameOptions(game=game, hukum=hukum, best_of=rng.choice([1, 3, 5, 7]))
    match = new_match(options, rng=rng)
    for _ in range(steps):
        if match.needs_deal:
            match.start_deal(rng)
        deal = match.current
        if deal.over:
            break
        legal = deal.legal_actions()
        match.apply(deal.to_act, legal[rng.randrange(len(legal))])
    if not match.deals:
        match.start_deal(rng)
    return match


@SETTINGS
@given(st.integers(0, 2**32), games, st.integers(0, 160))
def test_record_round_trips_through_json_and_replay(seed, config, steps):
    match = random_match(seed, *config, steps)
    record = to_record(match)
    text = json.dumps(record)
    again = replay(json.loads(text))
    assert describe(again) == describe(match)
    assert to_record(again) == record
    assert json.dumps(to_record(again)) == text


# -- malformed records and illegal actions ----------------------------------------------------


def played_record(seed: int, config, steps: int = 400) -> dict:
    return to_record(random_match(seed, *config, steps))


def error_of(record) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(record)
    return info.value


def deals_with_actions(record: dict) -> list[int]:
    return [i for i, d in enumerate(record["deals"]) if d["actions"]]


@SETTINGS
@given(st.integers(0, 2**32), games, st.sampled_from(["game", "seats", "deals"]))
def test_record_missing_a_top_field_is_an_error(seed, config, field):
    record = played_record(seed, config, 5)
    del record[field]
    err = error_of(record)
    assert (err.deal, err.action) == (None, None)


@SETTINGS
@given(st.integers(0, 2**32), games)
def test_record_first_deal_without_dealer_is_an_error(seed, config):
    record = played_record(seed, config, 5)
    del record["deals"][0]["dealer"]
    err = error_of(record)
    assert (err.deal, err.action) == (0, None)


wrong_values = st.sampled_from(["4", 4.5, None, [], {}, True, -1, 99, "x"])


@SETTINGS
@given(
    st.integers(0, 2**32),
    games,
    st.sampled_from(["game", "seats", "options", "seed", "deals"]),
    wrong_values,
)
def test_record_top_field_of_wrong_type_is_an_error(seed, config, field, value):
    record = played_record(seed, config, 5)
    allowed = {"seed": [None, -1, 99], "options": [{}], "deals": [[]]}
    assume(value not in allowed.get(field, []))
    record[field] = value
    err = error_of(record)
    assert (err.deal, err.action) == (None, None)


@SETTINGS
@given(st.integers(0, 2**32), games, st.data())
def test_record_deal_field_of_wrong_type_is_an_error(seed, config, data):
    record = played_record(seed, config)
    i = data.draw(st.integers(0, len(record["deals"]) - 1))
    field = data.draw(st.sampled_from(["dealer", "hands", "actions"]))
    value = data.draw(st.sampled_from(["0", 1.5, {}, "AS", [1, 2], -1, 9]))
    record["deals"][i][field] = value
    err = error_of(record)
    assert err.deal == i
    # A list of actions is read item by item: its first item is the one in error.
    assert err.action == (0 if field == "actions" and isinstance(value, list) else None)


@SETTINGS
@given(st.integers(0, 2**32), games, st.data())
def test_record_with_a_card_dealt_twice_is_an_error(seed, config, data):
    record = played_record(seed, config)
    i = data.draw(st.integers(0, len(record["deals"]) - 1))
    hands = record["deals"][i]["hands"]
    a, b = data.draw(st.lists(st.integers(0, len(hands) - 1), min_size=2, max_size=2, unique=True))
    hands[b][0] = hands[a][0]
    err = error_of(record)
    assert (err.deal, err.action) == (i, None)


def draw_action(record: dict, data) -> tuple[int, int, list]:
    """Draw an action of the record: (deal index, action index, that deal's action list)."""
    candidates = deals_with_actions(record)
    assume(candidates)
    i = data.draw(st.sampled_from(candidates))
    actions = record["deals"][i]["actions"]
    return i, data.draw(st.integers(0, len(actions) - 1)), actions


@SETTINGS
@given(st.integers(0, 2**32), games, st.data())
def test_record_illegal_action_is_an_error_at_that_action(seed, config, data):
    record = played_record(seed, config)
    i, j, actions = draw_action(record, data)
    prefix = copy.deepcopy(record)
    prefix["deals"] = prefix["deals"][: i + 1]
    prefix["deals"][i]["actions"] = actions[:j]
    state = replay(prefix).current
    seat = actions[j]["seat"]
    open_now = set(state.legal_actions(seat))
    bad = data.draw(st.sampled_from([a for a in range(NUM_ACTIONS) if a not in open_now]))
    actions[j] = {"seat": seat, **action_to_json(bad)}
    err = error_of(record)
    assert (err.deal, err.action) == (i, j)


@SETTINGS
@given(st.integers(0, 2**32), games, st.data())
def test_record_action_by_the_wrong_seat_is_an_error_at_that_action(seed, config, data):
    record = played_record(seed, config)
    i, j, actions = draw_action(record, data)
    if "give_up" in actions[j]:
        return  # giving up is open to either of the last two seats
    seats = record["seats"]
    actions[j]["seat"] = data.draw(
        st.sampled_from([s for s in [*range(seats), seats, -1] if s != actions[j]["seat"]])
    )
    err = error_of(record)
    assert (err.deal, err.action) == (i, j)


@SETTINGS
@given(st.integers(0, 2**32), games, st.data())
def test_record_action_after_the_deal_ended_is_an_error(seed, config, data):
    record = played_record(seed, config)
    match = replay(record)
    over = [i for i, d in enumerate(match.deals) if d.over]
    assume(over)
    i = data.draw(st.sampled_from(over))
    actions = record["deals"][i]["actions"]
    extra = data.draw(st.integers(0, NUM_ACTIONS - 1))
    actions.append(
        {"seat": data.draw(st.integers(0, record["seats"] - 1)), **action_to_json(extra)}
    )
    err = error_of(record)
    assert (err.deal, err.action) == (i, len(actions) - 1)


@SETTINGS
@given(st.integers(0, 2**32), games, st.data())
def test_record_wrong_dealer_on_a_later_deal_is_an_error(seed, config, data):
    record = played_record(seed, config)
    assume(len(record["deals"]) > 1)
    i = data.draw(st.integers(1, len(record["deals"]) - 1))
    right = record["deals"][i]["dealer"]
    record["deals"][i]["dealer"] = data.draw(
        st.sampled_from([s for s in range(record["seats"]) if s != right])
    )
    err = error_of(record)
    assert (err.deal, err.action) == (i, None)


@SETTINGS
@given(st.integers(0, 2**32), st.sampled_from(["thaas", "dhihaeh"]))
def test_record_extra_deal_after_the_match_is_over_is_an_error(seed, game):
    match = random_match(seed, game, 4, "implicit", 10_000)
    assert match.over
    record = to_record(match)
    record["deals"].append({"actions": []})
    record["seed"] = 1
    err = error_of(record)
    assert (err.deal, err.action) == (len(record["deals"]) - 1, None)


@SETTINGS
@given(
    st.integers(0, 2**32),
    games,
    st.sampled_from(["top", "options", "deal", "action"]),
    st.text(string.ascii_lowercase, min_size=1, max_size=8),
)
def test_record_unknown_field_is_an_error(seed, config, where, name):
    record = played_record(seed, config)
    known = {
        "game",
        "seats",
        "options",
        "seed",
        "deals",
        "dealer",
        "hands",
        "set_aside",
        "actions",
        "hukum",
        "best_of",
        "seat",
        "play",
        "declare",
        "hand_call",
        "answer",
        "give_up",
    }
    assume(name not in known)
    expected = (None, None)
    if where == "top":
        record[name] = 1
    elif where == "options":
        record.setdefault("options", {})[name] = 1
    elif where == "deal":
        i = len(record["deals"]) - 1
        record["deals"][i][name] = 1
        expected = (i, None)
    else:
        candidates = deals_with_actions(record)
        assume(candidates)
        i = candidates[-1]
        j = len(record["deals"][i]["actions"]) - 1
        record["deals"][i]["actions"][j][name] = 1
        expected = (i, j)
    err = error_of(record)
    assert (err.deal, err.action) == expected


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 10), st.text(max_size=4)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "game": st.one_of(st.sampled_from(["thaas", "dhihaeh", "thulla"]), json_values),
            "seats": st.one_of(st.integers(0, 7), json_values),
            "options": st.one_of(
                st.fixed_dictionaries(
                    {},
                    optional={
                        "hukum": st.one_of(st.sampled_from(HUKUM_MODES), json_values),
                        "best_of": st.one_of(st.sampled_from([1, 3, 5, 7]), json_values),
                    },
                ),
                json_values,
            ),
            "seed": st.one_of(st.integers(0, 5), json_values),
            "deals": st.one_of(
                st.lists(
                    st.fixed_dictionaries(
                        {},
                        optional={
                            "dealer": st.one_of(st.integers(0, 6), json_values),
                            "hands": json_values,
                            "set_aside": st.one_of(card_texts, json_values),
                            "actions": st.one_of(
                                st.lists(
                                    st.fixed_dictionaries(
                                        {"seat": st.one_of(st.integers(0, 5), json_values)},
                                        optional={
                                            "play": st.one_of(card_texts, json_values),
                                            "declare": st.one_of(
                                                st.sampled_from(SUITS), json_values
                                            ),
                                            "hand_call": json_values,
                                            "answer": json_values,
                                            "give_up": json_values,
                                        },
                                    ),
                                    max_size=4,
                                ),
                                json_values,
                            ),
                        },
                    ),
                    max_size=3,
                ),
                json_values,
            ),
        },
    )
)
def test_any_json_document_replays_or_is_a_record_error(record):
    try:
        match = replay(record)
    except RecordError as exc:
        assert exc.deal is None or isinstance(exc.deal, int)
        assert exc.action is None or isinstance(exc.action, int)
        assert json.loads(json.dumps(exc.to_json())) == exc.to_json()
        return
    json.dumps(describe(match))


@given(json_values)
def test_any_json_value_replays_or_is_a_record_error(value):
    with contextlib.suppress(RecordError):
        replay(value)


@pytest.mark.parametrize("game", [[], {}, ["thaas"], {"a": 1}])
def test_record_with_an_unhashable_game_is_a_record_error(game):
    err = error_of({"game": game, "seats": 4, "deals": []})
    assert (err.deal, err.action) == (None, None)
    assert '"game" must be one of' in err.message


def _paths(obj, path=()):
    yield path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, (*path, i))


@SETTINGS
@given(st.integers(0, 2**32), games, st.data())
def test_record_with_any_value_replaced_replays_or_is_a_record_error(seed, config, data):
    record = played_record(seed, config, data.draw(st.integers(0, 200)))
    path = data.draw(st.sampled_from(list(_paths(record))[1:]))
    value = data.draw(json_values)
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        match = replay(json.loads(json.dumps(record)))
    except RecordError as exc:
        assert json.loads(json.dumps(exc.to_json())) == exc.to_json()
        return
    json.dumps(describe(match))
