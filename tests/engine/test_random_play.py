"""Thousands of seeded random games of every game, hukum mode and Thulla table size.

At every step: all 52 cards are accounted for exactly once, the seat to act has a legal
action until the deal ends (and nobody has one after), an illegal action is refused and
changes nothing, and no view -- of any seat, or a spectator's -- holds a card it must not
show.  At the end (and once in the middle) the record round-trips through JSON and
replays to the same state.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from thaasbai.engine import (
    GIVE_UP,
    HAND_CALL,
    GameOptions,
    IllegalActionError,
    Match,
    describe,
    new_match,
    replay,
    to_record,
    view_for,
)
from thaasbai.engine.actions import ACCEPT, NUM_ACTIONS, REFUSE
from thaasbai.engine.cards import FULL_DECK, cards_of, format_card
from thaasbai.engine.thulla import ThullaDeal
from thaasbai.engine.trick import HUKUM_MODES, TrickDeal

CARD_IN_JSON = re.compile(r'"([AKQJT98765432][SHDC])"')

TRICK_CONFIGS = [(game, 4, mode) for game in ("thaas", "dhihaeh") for mode in HUKUM_MODES]
THULLA_CONFIGS = [("thulla", seats, None) for seats in range(2, 7)]
# Thaas and Dhihaeh matches hold one to seven deals, a Thulla series one or two rounds.
# Every view is checked at every step of the first set of matches; the second, larger
# set checks everything but the views (which cost most) at every step.
VIEW_CHECKED_MATCHES = 24
MATCHES = 150


CARD_NAMES = tuple(format_card(c) for c in range(52))


def names(mask: int) -> set[str]:
    return {CARD_NAMES[c] for c in cards_of(mask)}


def check_cards(deal: TrickDeal | ThullaDeal) -> None:
    """Every card is in exactly one place: a hand, the table or played, or face down."""
    seen = 0
    places = list(deal.hands)
    if isinstance(deal, TrickDeal):
        places.append(deal.played)
        if deal.hidden_card_pending:
            places.append(1 << deal.set_aside)
    else:
        places.append(deal.discarded)
        places.append(sum(1 << c for _, c in deal.trick))
    for m in places:
        assert not m & seen, "a card is in two places"
        seen |= m
    assert seen == FULL_DECK
    assert deal.card_count() == 52


def public_cards(deal: TrickDeal | ThullaDeal) -> int:
    """Cards every seat has seen face up (and may still be told about)."""
    if isinstance(deal, TrickDeal):
        # The set-aside card is turned face up for everyone when it is revealed.
        return deal.played | (1 << deal.set_aside if deal.revealed else 0)
    m = 0
    for _, played, _, _ in deal.history:
        for _, c in played:
            m |= 1 << c
    for _, c in deal.trick:
        m |= 1 << c
    if deal.over:
        for hand in deal.reveal().values():
            m |= hand
    return m


def check_views(match: Match) -> None:
    deal = match.current
    public = public_cards(deal)
    hidden = 0
    if isinstance(deal, TrickDeal) and deal.hidden_card_pending:
        hidden = 1 << deal.set_aside
    everyone = 0
    for hand in deal.hands:
        everyone |= hand
    for seat in [None, *range(match.seats)]:
        view = view_for(match, seat)
        doc = view.to_json()
        shown = set(CARD_IN_JSON.findall(json.dumps(doc)))
        own = deal.hands[seat] if seat is not None else 0
        forbidden = ((everyone & ~own) & ~public) | hidden
        if forbidden:
            leaked = shown & names(forbidden)
            assert not leaked, f"seat {seat} sees {sorted(leaked)}"
        assert doc["hand"] == [CARD_NAMES[c] for c in cards_of(own)]
        if seat is None:
            assert view.legal == ()


def check_legal(deal: TrickDeal | ThullaDeal) -> list[int]:
    legal = deal.legal_actions()
    if deal.over:
        assert legal == []
        assert deal.to_act == -1
        for s in range(deal.seats):
            assert deal.legal_actions(s) == []
    else:
        assert legal, "the seat to act has no legal action"
        assert legal == sorted(legal, key=lambda a: (a < 52, a))
    return legal


def check_refused(match: Match, rng: random.Random, legal: list[int]) -> None:
    """An action not open to the seat is refused with IllegalActionError, changing nothing."""
    deal = match.current
    seat = rng.randrange(match.seats)
    open_to_seat = set(deal.legal_actions(seat))
    choices = [a for a in range(NUM_ACTIONS) if a not in open_to_seat]
    action = rng.choice(choices)
    before = describe(match)
    with pytest.raises(IllegalActionError):
        match.apply(seat, action)
    assert describe(match) == before


def choose(match: Match, legal: list[int], rng: random.Random) -> tuple[int, int]:
    """A random (seat, action): uniform in Thaas and Dhihaeh; in Thulla, Hand Calls are
    common, giving up is rare and may come from either of the last two seats."""
    deal = match.current
    if isinstance(deal, ThullaDeal):
        quitters = deal.can_give_up()
        if quitters and rng.random() < 0.03:
            return rng.choice(quitters), GIVE_UP
        if ACCEPT in legal:
            return deal.to_act, rng.choice([ACCEPT, REFUSE])
        if HAND_CALL in legal and rng.random() < 0.3:
            return deal.to_act, HAND_CALL
        cards = [a for a in legal if a < 52]
        return deal.to_act, rng.choice(cards)
    return deal.to_act, rng.choice(legal)


def round_trip(match: Match) -> None:
    record = to_record(match)
    again = replay(json.loads(json.dumps(record)))
    assert describe(again) == describe(match)
    assert to_record(again) == record


def play_match(game: str, seats: int, hukum: str | None, seed: int, views: bool = True) -> Match:
    rng = random.Random(f"random-play:{game}:{seats}:{hukum}:{seed}")
    if game == "thulla":
        options = GameOptions(game=game, seats=seats)
        rounds = rng.choice([1, 2])
    else:
        options = GameOptions(game=game, hukum=hukum, best_of=rng.choice([1, 3, 5, 7]))
        rounds = 7
    match = new_match(options, rng=rng)
    middle = rng.randrange(60)
    steps = 0
    for _ in range(rounds):
        if not match.needs_deal:
            break
        deal = match.start_deal(rng)
        while True:
            check_cards(deal)
            legal = check_legal(deal)
            if views:
                check_views(match)
            if deal.over:
                break
            if steps % 7 == 0:
                check_refused(match, rng, legal)
            if steps == middle:
                round_trip(match)
            match.apply(*choose(match, legal, rng))
            steps += 1
    round_trip(match)
    return match


CONFIGS = TRICK_CONFIGS + THULLA_CONFIGS


@pytest.mark.parametrize(("game", "seats", "hukum"), CONFIGS)
def test_random_play_views_hold_no_hidden_card(game, seats, hukum):
    for seed in range(VIEW_CHECKED_MATCHES):
        play_match(game, seats, hukum, seed)


@pytest.mark.parametrize("half", [0, 1])
@pytest.mark.parametrize(("game", "seats", "hukum"), CONFIGS)
def test_random_play_keeps_every_invariant(game, seats, hukum, half):
    start = VIEW_CHECKED_MATCHES + half * MATCHES // 2
    for seed in range(start, start + MATCHES // 2):
        play_match(game, seats, hukum, seed, views=False)


def test_random_play_reaches_every_kind_of_ending():
    """The suite above is only as good as the states it visits: check it sees them all."""
    seen = set()
    for seed in range(120):
        for seats in (3, 4):
            match = play_match("thulla", seats, None, 10_000 + seed, views=False)
            for deal in match.deals:
                if deal.gave_up >= 0:
                    seen.add("give_up")
                elif deal.draw:
                    seen.add("draw")
                elif deal.calls:
                    seen.add("hand_call")
                if deal.reveal():
                    seen.add("reveal")
                elif deal.over:
                    seen.add("nothing_shown")
    assert {"give_up", "hand_call", "reveal", "nothing_shown"} <= seen
