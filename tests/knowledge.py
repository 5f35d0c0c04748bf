"""A leak oracle: what each seat may know, worked out from the game record by RULES.md.

Nothing here reads a view (``thaasbai.engine.views``): the record is replayed action by
action through the engine, and at each point the oracle says who holds which cards, which
card lies face down, which cards have been shown face up, and so which card names each
seat (and a spectator) may ever be told.  Tests then hold every view and every server
message against it, so a view that shows too much cannot vouch for itself.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass

from thaasbai.engine.actions import ACCEPT, action_from_json
from thaasbai.engine.cards import cards_of, format_card, mask_of, parse_card
from thaasbai.engine.match import Match
from thaasbai.engine.record import replay, to_record

CARD = re.compile(r'"([AKQJT98765432][SHDC])"')


@dataclass(frozen=True)
class Knowledge:
    """One point of the current deal: who holds what, and what each seat may be told."""

    game: str
    hands: tuple[frozenset[str], ...]  # who holds which card right now
    face_down: str | None  # the hidden set-aside card while it lies face down
    shown: frozenset[str]  # every card shown face up to everyone so far in this deal
    over: bool

    @property
    def counts(self) -> list[int]:
        """Cards per seat: public (everyone sees how many cards each seat holds)."""
        return [len(h) for h in self.hands]

    def may_know(self, seat: int | None) -> frozenset[str]:
        """The cards ``seat`` (``None``: a spectator) may be told of: its own hand and the
        cards shown face up.  Never the face-down card, never another seat's hidden card."""
        own = self.hands[seat] if seat is not None else frozenset()
        return self.shown | own

    def hidden_from(self, seat: int | None) -> frozenset[str]:
        """Cards whose whereabouts ``seat`` must not learn: everything it may not know."""
        everything = frozenset().union(*self.hands) | self.shown
        if self.face_down is not None:
            everything |= {self.face_down}
        return everything - self.may_know(seat)


def _names(mask: int) -> frozenset[str]:
    return frozenset(format_card(c) for c in cards_of(mask))


def timeline(record: dict) -> list[Knowledge]:
    """A :class:`Knowledge` for the last deal of ``record``: at its start, then after
    each of its actions (so entry ``i`` is the point after ``i`` actions)."""
    deals = record["deals"]
    if not deals:
        return []
    head = copy.deepcopy(record)
    actions = head["deals"][-1].pop("actions", [])
    head["deals"][-1]["actions"] = []
    match = replay(head)
    deal = match.current
    game = record["game"]
    seats = match.seats
    played: set[str] = set()
    # Thulla's end-of-round check: the hands of the last two holders, taken when exactly
    # two players first hold cards after a trick or a Hand Call (or at the deal, with two).
    pair: dict[int, frozenset[str]] | None = None
    if game == "thulla" and seats == 2:
        pair = {s: _names(deal.hands[s]) for s in range(2)}

    def point() -> Knowledge:
        set_aside = getattr(deal, "set_aside", -1)
        owner = getattr(deal, "set_aside_owner", -1)
        face_down = None
        shown = set(played)
        if set_aside >= 0:
            name = format_card(set_aside)
            if deal.hands[owner] >> set_aside & 1 or name in played:
                shown.add(name)  # turned face up and given back to its owner
            else:
                face_down = name
        if deal.over and pair is not None:
            for cards in pair.values():
                shown |= cards
        return Knowledge(
            game=game,
            hands=tuple(_names(deal.hands[s]) for s in range(seats)),
            face_down=face_down,
            shown=frozenset(shown),
            over=deal.over,
        )

    out = [point()]
    for obj in actions:
        tricks = len(getattr(deal, "history", ()))
        action = action_from_json(obj)
        match.apply(obj["seat"], action)
        if "play" in obj:
            played.add(obj["play"])
        trick_closed = len(getattr(deal, "history", ())) > tricks
        if game == "thulla" and pair is None and (trick_closed or action == ACCEPT):
            holders = [s for s in range(seats) if deal.hands[s]]
            if len(holders) == 2:
                pair = {s: _names(deal.hands[s]) for s in holders}
        out.append(point())
    return out


def now(record: dict) -> Knowledge:
    """The :class:`Knowledge` of the record's last point."""
    return timeline(record)[-1]


def check_message(raw: str, seat: int | None, fact: Knowledge, view: dict | None) -> None:
    """Fail if a message to ``seat`` names a card it may not know, or if its view misstates
    the seat's own hand or any seat's card count."""
    seen = set(CARD.findall(raw))
    leaked = seen - fact.may_know(seat)
    assert not leaked, f"seat {seat} was told of {sorted(leaked)}: {raw[:400]}"
    if view is not None:
        own = fact.hands[seat] if seat is not None else frozenset()
        assert set(view["hand"]) == own, (seat, view["hand"], sorted(own))
        assert view["hand_sizes"] == fact.counts, (view["hand_sizes"], fact.counts)


def reshuffled(match: Match, seat: int, rng: random.Random) -> Match:
    """A copy of ``match`` in which the cards hidden from ``seat`` are dealt again at random.

    Every other seat keeps its card count and every card whose place ``seat`` may know
    (cards shown face up and still held, such as Thulla pick-ups or the returned set-aside
    card); the face-down card, if any, is one of the cards dealt again.  A view for
    ``seat`` must not change, nor may anything a bot decides from it."""
    fact = now(to_record(match))
    hidden = sorted(fact.hidden_from(seat))
    rng.shuffle(hidden)
    deal = match.current.copy()
    for s in range(match.seats):
        if s == seat:
            continue
        kept = fact.hands[s] - fact.hidden_from(seat)
        take = len(fact.hands[s]) - len(kept)
        new, hidden = hidden[:take], hidden[take:]
        deal.hands[s] = mask_of(parse_card(c) for c in (*kept, *new))
    if fact.face_down is not None:
        (card,) = hidden
        deal.set_aside = parse_card(card)
    else:
        assert not hidden
    other = copy.copy(match)
    other.deals = [*match.deals[:-1], deal]
    return other
