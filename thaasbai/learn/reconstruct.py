"""An online deal rebuilt exactly from what the seat was shown, where that is possible.

An online game is kept as the seat saw it (:class:`~.history.OnlineRecorder`): its own
hand and the last view of each deal.  A review needs every hand, so a deal can be
reviewed only when each card's first owner follows from those views alone:

- a card played came from the hand of the seat that played it, unless that seat had
  picked it up (Thulla: a thulla's cards, all shown) or been handed a whole hand by an
  accepted Hand Call, whose cards are not shown: then it may have come from either hand;
- a card never played is placed only by what the seat may know: its own hand, Thulla's
  reveal of the last two hands, and counting (one seat short of cards, one card unplaced).

Whatever is not placed that way was never shown, and the deal is refused with the reason
in words (a Thaas deal decided by the 7-trick rule leaves three hands unplayed).  A deal
that is placed is replayed through the engine as a one-deal record, and the replay must
end in exactly the view the seat last had of it; so a review of it is a review of the
deal as it was played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.cards import Card, Seat, format_card, parse_card
from ..engine.dealing import hand_sizes
from ..engine.errors import EngineError
from ..engine.record import replay
from ..engine.views import view_for


class NotExact(ValueError):
    """The seat's views do not fix every hand of the deal; ``reason`` says why in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class _Origins:
    """Who was dealt which card: placed cards, and the seats each other card may be from."""

    sizes: list[int]
    origin: dict[Card, Seat] = field(default_factory=dict)
    maybe: dict[Card, set[Seat]] = field(default_factory=dict)

    def place(self, card: Card, seat: Seat) -> None:
        if self.origin.get(card, seat) != seat:
            raise NotExact("The views kept of this deal contradict each other.")
        self.origin[card] = seat
        self.maybe.pop(card, None)

    def could_be(self, card: Card, seats: set[Seat]) -> None:
        if card in self.origin:
            return
        if len(seats) == 1:
            self.place(card, next(iter(seats)))
        else:
            self.maybe[card] = self.maybe.get(card, set(seats)) & seats

    def settle(self) -> None:
        """Place what counting fixes: a seat whose hand is full takes no more cards, and a
        seat that needs exactly as many as could still be its own takes them all."""
        changed = True
        while changed:
            changed = False
            held = [0] * len(self.sizes)
            for s in self.origin.values():
                held[s] += 1
            for seat, size in enumerate(self.sizes):
                if held[seat] > size:
                    raise NotExact("The views kept of this deal contradict each other.")
                open_cards = [c for c, seats in self.maybe.items() if seat in seats]
                if len(open_cards) < size - held[seat]:
                    raise NotExact("The views kept of this deal contradict each other.")
                if held[seat] == size:
                    for c in open_cards:
                        self.maybe[c].discard(seat)
                elif len(open_cards) == size - held[seat]:
                    for c in open_cards:
                        self.place(c, seat)
                    changed = True
                    break
            for c, seats in list(self.maybe.items()):
                if not seats:
                    raise NotExact("The views kept of this deal contradict each other.")
                if len(seats) == 1:
                    self.place(c, next(iter(seats)))
                    changed = True

    def hands(self) -> list[list[str]]:
        out: list[list[Card]] = [[] for _ in self.sizes]
        for c, s in sorted(self.origin.items()):
            out[s].append(c)
        return [[format_card(c) for c in h] for h in out]


def exact_record(seen: dict[str, Any], deal_index: int) -> dict[str, Any]:
    """The one-deal record of deal ``deal_index`` of an online game (what
    :class:`~.history.OnlineRecorder` keeps), with every hand as it was dealt; raises
    :class:`NotExact` when the seat's views do not fix them."""
    try:
        deal = seen["deals"][deal_index]
        final = deal["final"]
        game, seats, me = seen["game"], int(seen["seats"]), int(seen["seat"])
        dealer = int(deal["dealer"])
    except (KeyError, IndexError, TypeError, ValueError):
        raise NotExact("This game was kept in a form that cannot be read back.") from None
    if final.get("status") != "over":
        raise NotExact("This deal was not finished.")
    try:
        if game == "thulla":
            record = _thulla(seats, me, dealer, deal, final)
        else:
            record = _trick(game, me, dealer, deal, final, seen.get("options") or {})
    except (KeyError, IndexError, TypeError, ValueError, EngineError) as exc:
        if isinstance(exc, NotExact):
            raise
        raise NotExact("This game was kept in a form that cannot be read back.") from None
    _check(record, me, final)
    return record


def _check(record: dict[str, Any], me: Seat, final: dict[str, Any]) -> None:
    """The rebuilt deal, replayed by the rules, must end in the very view the seat had."""
    try:
        match = replay(record)
    except EngineError:
        raise NotExact("The views kept of this deal do not replay by the rules.") from None
    got = view_for(match, me).to_json()
    if {k: v for k, v in got.items() if k != "match"} != {
        k: v for k, v in final.items() if k != "match"
    }:
        raise NotExact("The views kept of this deal do not replay to how it ended.")


def _start_hand(deal: dict[str, Any], size: int) -> list[Card] | None:
    """The seat's own hand as dealt, when its first view came before any card was played."""
    if not deal.get("start_seen"):
        return None
    cards = [parse_card(c) for c in deal.get("start_hand") or []]
    return cards if len(cards) == size else None


def _trick(
    game: str,
    me: Seat,
    dealer: Seat,
    deal: dict[str, Any],
    final: dict[str, Any],
    options: dict[str, Any],
) -> dict[str, Any]:
    o = _Origins([13] * 4)
    hidden = final["hukum_mode"] == "hidden"
    owner = (dealer + 3) % 4
    set_aside = final.get("revealed_card")
    n = final["tricks_played"]
    unseen = (
        f"This deal ended after trick {n}, once a side had 7 tricks (the 7-trick rule): the"
        " cards still in the other hands were never shown, so it cannot be replayed exactly"
        " for a review."
        if game == "thaas" and n < 13
        else "Some cards of this deal were never shown, so it cannot be replayed exactly"
        " for a review."
    )
    if hidden and set_aside is None:  # never turned up: nobody saw which card it was
        raise NotExact(unseen)
    if set_aside is not None:
        o.place(parse_card(set_aside), owner)
    actions: list[dict[str, Any]] = []
    if final.get("hukum_how") == "declared":
        actions.append({"seat": (dealer + 1) % 4, "declare": final["hukum"]})
    for h in final["history"]:
        for i, code in enumerate(h["cards"]):
            seat = (h["leader"] + i) % 4
            o.place(parse_card(code), seat)  # in Thaas and Dhihaeh a card is its dealt owner's
            actions.append({"seat": seat, "play": code})
    for code in final["hand"]:
        o.place(parse_card(code), me)
    start = _start_hand(deal, 12 if hidden and me == owner else 13)
    for c in start or []:
        o.place(c, me)
    unplaced = {c for c in range(52) if c not in o.origin}
    for c in unplaced:
        o.could_be(c, {s for s in range(4) if final["hand_sizes"][s]} or set(range(4)))
    o.settle()
    if o.maybe:
        raise NotExact(unseen)
    doc: dict[str, Any] = {"dealer": dealer, "hands": o.hands(), "actions": actions}
    if set_aside is not None:
        doc["set_aside"] = set_aside
    opts = {"hukum": final["hukum_mode"], "best_of": int(options.get("best_of", 1))}
    return {"game": game, "seats": 4, "options": opts, "deals": [doc]}


def _thulla(
    n: int, me: Seat, dealer: Seat, deal: dict[str, Any], final: dict[str, Any]
) -> dict[str, Any]:
    sizes = hand_sizes(n, dealer)
    o = _Origins(list(sizes))
    held: list[set[Card]] = [set() for _ in range(n)]  # cards known to be in each hand
    pools: list[set[Seat]] = [{s} for s in range(n)]  # whose dealt cards each may hold
    counts = list(sizes)
    in_round = [True] * n
    reveal = {int(s): [parse_card(c) for c in cards] for s, cards in final["reveal"].items()}
    snapshot_done = n == 2  # with two, the reveal is of the hands as dealt

    def shown(seat: Seat, cards: list[Card]) -> None:
        """Every card ``seat`` holds now is shown: those not known to be there are from
        its stock of dealt (or handed-over) cards."""
        for c in cards:
            if c not in held[seat]:
                o.could_be(c, set(pools[seat]))
        held[seat] = set(cards)
        pools[seat] = set()

    if n == 2:
        for s, cards in reveal.items():
            shown(s, cards)
    start = _start_hand(deal, sizes[me])
    for c in start or []:
        o.place(c, me)

    def two_left() -> None:
        nonlocal snapshot_done
        if not snapshot_done and sum(in_round) == 2:
            snapshot_done = True
            for s, cards in reveal.items():
                if len(cards) != counts[s]:
                    raise NotExact("The views kept of this deal contradict each other.")
                shown(s, cards)

    actions: list[dict[str, Any]] = []
    calls = final["calls"]
    handed_unseen = False

    def call_before(t: int) -> None:
        nonlocal handed_unseen
        for c in calls:
            if c["before_trick"] != t:
                continue
            asker, asked = c["asker"], c["asked"]
            actions.append({"seat": asker, "hand_call": True})
            actions.append({"seat": asked, "answer": "accept" if c["accepted"] else "refuse"})
            if c["accepted"]:
                if c["cards"] != counts[asked]:
                    raise NotExact("The views kept of this deal contradict each other.")
                handed_unseen = handed_unseen or bool(pools[asked] - {me})
                held[asker] |= held[asked]
                pools[asker] |= pools[asked]
                held[asked], pools[asked] = set(), set()
                counts[asker] += counts[asked]
                counts[asked] = 0
                in_round[asked] = False
                two_left()

    def play(seat: Seat, code: str) -> Card:
        c = parse_card(code)
        if c in held[seat]:
            held[seat].discard(c)
        else:
            o.could_be(c, set(pools[seat]))
        counts[seat] -= 1
        actions.append({"seat": seat, "play": code})
        return c

    for t, h in enumerate(final["history"]):
        call_before(t)
        cards = [play(p["seat"], p["card"]) for p in h["cards"]]
        if h["thulla"]:
            held[h["taker"]] |= set(cards)
            counts[h["taker"]] += len(cards)
        for p in h["cards"]:  # going out, as the engine does, in the order they played
            s = p["seat"]
            if counts[s] == 0 and in_round[s]:
                in_round[s] = False
        two_left()
    call_before(len(final["history"]))
    for p in final["trick"]:
        play(p["seat"], p["card"])
    if final["gave_up"] is not None:
        actions.append({"seat": final["gave_up"], "give_up": True})
    # What is in each hand at the end: the seat's own is shown to it.
    mine = [parse_card(c) for c in final["hand"]]
    if counts[me] != len(mine):
        raise NotExact("The views kept of this deal contradict each other.")
    shown(me, mine)
    stock = set().union(*(pools[s] for s in range(n) if counts[s] > len(held[s])))
    for c in range(52):
        if c not in o.origin and c not in o.maybe:
            o.could_be(c, set(stock))  # never seen: still in a hand nobody was shown
    o.settle()
    if o.maybe:
        if handed_unseen:
            why = (
                "A Hand Call handed a whole hand over unseen: which of the cards played"
                " afterwards were dealt to whom cannot be told, so this round cannot be"
                " replayed exactly for a review."
            )
        else:
            why = (
                "Cards still in a hand at the end of this round were never shown, so it"
                " cannot be replayed exactly for a review."
            )
        raise NotExact(why)
    doc = {"dealer": dealer, "hands": o.hands(), "actions": actions}
    return {"game": "thulla", "seats": n, "deals": [doc]}
