"""Readable scenario records for the rules tests.

A scenario is a game record (RECORD.md) written the way a person would describe a deal:
the interesting hands as strings, the rest of the deck filled in deterministically, and
the actions as short tokens.  The record is then replayed with
:func:`thaasbai.engine.record.replay`, the same path ``thaasbai replay`` takes, and the
test asserts on :func:`~thaasbai.engine.record.describe` and on the match objects.

Action tokens (whitespace separated; ``|`` may separate tricks and is ignored):

- ``AS`` play the ace of spades; the seat is whoever holds the card at that moment,
  so a card played out of turn shows up as a replay error, not as a silent fix-up;
- ``2:AS`` play it as seat 2 (explicit seat);
- ``declare=H`` name the hukum; ``call`` make a Hand Call; ``accept`` / ``refuse``
  answer one; ``give_up`` give up.  These act for the seat to act unless a seat is
  given (``3:give_up``);
- ``...`` play the rest of the deal with the first legal card each time (the first
  legal action when no card is open, e.g. naming the hukum): no Hand Calls, no giving up.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from thaasbai.engine import (
    ACCEPT,
    DECLARE,
    GIVE_UP,
    HAND_CALL,
    REFUSE,
    GameOptions,
    Match,
    RecordError,
    action_to_json,
    describe,
    new_match,
    parse_card,
    parse_suit,
    replay,
)
from thaasbai.engine.cards import cards_of, format_card, mask_of
from thaasbai.engine.dealing import hand_sizes
from thaasbai.engine.record import deal_rng

HandSpec = dict[int, str] | Sequence[str] | Sequence[list[str]]
# A deal's hands may also depend on its first leader (for matches, where the rules fix
# the later dealers): a function from the first leader to the hands.
DealHands = HandSpec | Callable[[int], HandSpec]


def fill_hands(spec: HandSpec, seats: int = 4, dealer: int = 0) -> list[list[str]]:
    """Hands for every seat: the cards given in ``spec`` (seat -> ``"AS KS ..."``), then the
    rest of the deck in display order (S H D C, high to low) to the seats still short of
    the size the rules deal them, lowest seat first."""
    if not isinstance(spec, dict):
        spec = dict(enumerate(spec))
    sizes = hand_sizes(seats, dealer)
    hands: list[list[int]] = [[] for _ in range(seats)]
    used = 0
    for seat, text in spec.items():
        cards = [parse_card(t) for t in (text.split() if isinstance(text, str) else text)]
        for c in cards:
            if used >> c & 1:
                raise ValueError(f"{format_card(c)} is given twice")
            used |= 1 << c
        hands[seat] = cards
    rest = iter(cards_of(((1 << 52) - 1) & ~used))
    for seat in range(seats):
        while len(hands[seat]) < sizes[seat]:
            hands[seat].append(next(rest))
        if len(hands[seat]) != sizes[seat]:
            raise ValueError(f"seat {seat} is given {len(hands[seat])} cards, not {sizes[seat]}")
    return [[format_card(c) for c in cards_of(mask_of(h))] for h in hands]


@dataclass
class DealSpec:
    """One deal of a scenario: hands (as for :func:`fill_hands`) and action tokens."""

    hands: DealHands | None
    actions: str = ""
    dealer: int | None = None
    set_aside: str | None = None


@dataclass
class Scenario:
    """A table and its deals; :meth:`record` writes the record, :meth:`run` replays it."""

    game: str = "thaas"
    seats: int = 4
    hukum: str = "implicit"
    best_of: int = 1
    seed: int | None = None
    deals: list[DealSpec] = field(default_factory=list)

    def deal(
        self,
        hands: DealHands | None,
        actions: str = "",
        dealer: int | None = None,
        set_aside: str | None = None,
    ) -> Scenario:
        self.deals.append(DealSpec(hands, actions, dealer, set_aside))
        return self

    def options(self) -> GameOptions:
        if self.game == "thulla":
            return GameOptions(game="thulla", seats=self.seats)
        return GameOptions(game=self.game, seats=4, hukum=self.hukum, best_of=self.best_of)

    def record(self) -> dict[str, Any]:
        """The record, with every action's seat resolved (see the module docstring)."""
        opts = self.options()
        match: Match | None = None
        broken = False
        deals = []
        for i, spec in enumerate(self.deals):
            if match is None:
                match = new_match(opts, first_dealer=spec.dealer if spec.dealer is not None else 0)
            dealer = match.next_dealer()
            entry: dict[str, Any] = {}
            if i == 0 or spec.dealer is not None:
                entry["dealer"] = spec.dealer if spec.dealer is not None else dealer
            hands = None
            if spec.hands is not None:
                given = spec.hands
                if callable(given):
                    given = given((dealer + 1) % self.seats)
                hands = fill_hands(given, self.seats, dealer)
                entry["hands"] = hands
            if spec.set_aside is not None:
                entry["set_aside"] = spec.set_aside
            started = False
            if match.needs_deal and not broken:
                try:
                    _start(match, hands, spec.set_aside, self.seed, i)
                    started = True
                except ValueError:  # a deal the rules refuse: the tests check replay does
                    broken = True
            if started:
                entry["actions"] = _resolve(match, spec.actions)
            else:  # a deal the record must not have (the tests check it is refused)
                entry["actions"] = _explicit(spec.actions.split())
            deals.append(entry)
        record: dict[str, Any] = {"game": self.game, "seats": self.seats}
        if self.game != "thulla":
            record["options"] = {"hukum": self.hukum, "best_of": self.best_of}
        if self.seed is not None:
            record["seed"] = self.seed
        record["deals"] = deals
        return record

    def run(self) -> tuple[Match, dict[str, Any]]:
        """Replay the record (after a JSON round trip) and describe the result."""
        record = json.loads(json.dumps(self.record()))
        match = replay(record)
        return match, describe(match)

    def error(self) -> RecordError:
        """Replay a record that must fail, and return the error it raises."""
        record = json.loads(json.dumps(self.record()))
        try:
            replay(record)
        except RecordError as exc:
            return exc
        raise AssertionError("the record replayed without an error")


def _start(match: Match, hands, set_aside, seed, index) -> None:
    masks = None if hands is None else [mask_of(parse_card(c) for c in h) for h in hands]
    rng = deal_rng(seed, index) if seed is not None else None
    match.start_deal(
        rng=rng,
        hands=masks,
        set_aside=parse_card(set_aside) if set_aside is not None else None,
    )


_WORDS = {"call": HAND_CALL, "accept": ACCEPT, "refuse": REFUSE, "give_up": GIVE_UP}


def _resolve(match: Match, text: str) -> list[dict[str, Any]]:
    """Turn action tokens into record actions, applying each to ``match`` as it goes so
    that the next token's seat can be found."""
    tokens = [t for t in text.split() if t != "|"]
    out: list[dict[str, Any]] = []
    for i, token in enumerate(tokens):
        deal = match.current
        if token == "...":
            while not deal.over:
                legal = deal.legal_actions()
                cards_open = [a for a in legal if a < 52]
                action = cards_open[0] if cards_open else legal[0]
                seat = deal.to_act
                out.append({"seat": seat, **action_to_json(action)})
                match.apply(seat, action)
            continue
        seat, action = _parse_token(token)
        if seat is None:
            if action < 52:
                holders = [s for s, h in enumerate(deal.hands) if h >> action & 1]
                if not holders:
                    raise ValueError(f"nobody holds {token} now")
                seat = holders[0]
            else:
                seat = deal.to_act
        out.append({"seat": seat, **action_to_json(action)})
        # Apply so later tokens see the new state.  An illegal action is left for
        # replay() to report (tests build failing records too); explicit seats are
        # then required for the tokens after it.
        try:
            match.apply(seat, action)
        except ValueError:
            return out + _explicit(tokens[i + 1 :])
    return out


def _explicit(tokens: list[str]) -> list[dict[str, Any]]:
    """Tokens that cannot be checked against a state: each needs its seat."""
    out = []
    for token in tokens:
        if token == "|":
            continue
        seat, action = _parse_token(token)
        if seat is None:
            raise ValueError(f"{token!r} needs an explicit seat here")
        out.append({"seat": seat, **action_to_json(action)})
    return out


def _parse_token(token: str) -> tuple[int | None, int]:
    seat_text, _, body = token.rpartition(":")
    seat = int(seat_text) if seat_text else None
    if body in _WORDS:
        return seat, _WORDS[body]
    if body.startswith("declare="):
        return seat, DECLARE + parse_suit(body.removeprefix("declare="))
    return seat, parse_card(body)


def cards(text: str) -> list[str]:
    """``"AS KS"`` -> ``["AS", "KS"]`` (for comparing with ``describe()`` hands)."""
    return [format_card(c) for c in sorted(parse_card(t) for t in text.split())]


def suit_cards(suit: str, ranks: str = "AKQJT98765432") -> str:
    """``suit_cards("S", "AKQ")`` -> ``"AS KS QS"``."""
    return " ".join(r + suit for r in ranks)


def rotated(hands: dict[int, str], leader: int, seats: int = 4) -> dict[int, str]:
    """Hands written for a first leader at seat 0, moved round so ``leader`` holds the
    hand written for seat 0 (and its left neighbour the one for seat 1, and so on)."""
    return {(leader + k) % seats: text for k, text in hands.items()}
