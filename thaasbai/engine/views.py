"""Per-seat views: the only way hidden information leaves the engine.

A view holds everything public (cards played, the trick on the table, scores, the
hukum once known) and, of the hidden cards, only the viewing seat's own hand.  The deck
order, the seed, the face-down set-aside card and other seats' hands are never in a view;
Thulla's reveal appears only once the round is over.  A view with ``seat=None`` is a
spectator's: public information only.

``View.to_json()`` is what the room server sends a seat; :func:`view_from_json` is its
parser, so a client rebuilds the very view the engine made (the hint of an online room is
worked out from it) from nothing but that JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import Action, action_from_json, action_to_json
from .cards import TENS, Card, Mask, Seat, cards_of, format_card, mask_of, parse_card, parse_suit
from .errors import EngineError
from .match import DhihaehMatch, Match, ThullaSeries
from .thulla import ThullaDeal
from .trick import TrickDeal


@dataclass(frozen=True)
class TrickView:
    """What one seat may know of a Thaas or Dhihaeh deal and its match."""

    game: str
    seat: Seat | None
    dealer: Seat
    status: str
    to_act: Seat | None
    legal: tuple[Action, ...]
    hand: Mask
    hand_sizes: tuple[int, ...]
    hukum_mode: str
    hukum: int | None
    hukum_how: str | None
    declaring: bool
    hidden_pending: bool
    set_aside_owner: Seat | None
    revealed_card: Card | None
    leader: Seat
    trick: tuple[tuple[Seat, Card], ...]
    led: int | None
    history: tuple[tuple[Seat, tuple[Card, ...], Seat], ...]
    tricks: tuple[int, int]
    tricks_played: int
    tens: tuple[int, int]
    winner: int | None
    sweep: bool
    bang: bool
    best_of: int
    deal_number: int
    deals_won: tuple[int, int]
    bangs: tuple[int, int]
    match_over: bool
    match_winner: int | None
    seats: int = 4

    @property
    def played(self) -> Mask:
        """Every card played face up so far in this deal (tricks and the table)."""
        m = 0
        for _, cards, _ in self.history:
            for c in cards:
                m |= 1 << c
        for _, c in self.trick:
            m |= 1 << c
        return m

    def to_json(self) -> dict:
        d = {
            "game": self.game,
            "seat": self.seat,
            "seats": self.seats,
            "dealer": self.dealer,
            "status": self.status,
            "to_act": self.to_act,
            "legal": [action_to_json(a) for a in self.legal],
            "hand": [format_card(c) for c in cards_of(self.hand)],
            "hand_sizes": list(self.hand_sizes),
            "hukum_mode": self.hukum_mode,
            "hukum": "SHDC"[self.hukum] if self.hukum is not None else None,
            "hukum_how": self.hukum_how,
            "declaring": self.declaring,
            "hidden_pending": self.hidden_pending,
            "set_aside_owner": self.set_aside_owner,
            "revealed_card": (
                format_card(self.revealed_card) if self.revealed_card is not None else None
            ),
            "leader": self.leader,
            "trick": [{"seat": s, "card": format_card(c)} for s, c in self.trick],
            "led": "SHDC"[self.led] if self.led is not None else None,
            "history": [
                {"leader": lead, "cards": [format_card(c) for c in cards], "winner": w}
                for lead, cards, w in self.history
            ],
            "tricks": list(self.tricks),
            "tricks_played": self.tricks_played,
            "winner": self.winner,
            "sweep": self.sweep,
            "match": {
                "best_of": self.best_of,
                "deal_number": self.deal_number,
                "deals_won": list(self.deals_won),
                "over": self.match_over,
                "winner": self.match_winner,
            },
        }
        if self.game == "dhihaeh":
            d["tens"] = list(self.tens)
            d["bang"] = self.bang
            d["match"]["bangs"] = list(self.bangs)
        return d


@dataclass(frozen=True)
class ThullaView:
    """What one seat may know of a Thulla round and the series."""

    game: str
    seat: Seat | None
    seats: int
    dealer: Seat
    status: str
    phase: str
    to_act: Seat | None
    legal: tuple[Action, ...]
    hand: Mask
    hand_sizes: tuple[int, ...]
    in_round: tuple[bool, ...]
    out: tuple[Seat, ...]
    leader: Seat
    trick: tuple[tuple[Seat, Card], ...]
    led: int | None
    asker: Seat | None
    history: tuple[tuple[Seat, tuple[tuple[Seat, Card], ...], bool, Seat], ...]
    calls: tuple[tuple[int, Seat, Seat, bool, int], ...]
    tricks_done: int
    discarded: Mask
    can_give_up: tuple[Seat, ...]
    bhabhi: Seat | None
    draw: bool
    gave_up: Seat | None
    reveal: dict[Seat, Mask] = field(default_factory=dict)
    bhabhi_count: tuple[int, ...] = ()
    rounds_played: int = 0
    game_name: str = "thulla"

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "seat": self.seat,
            "seats": self.seats,
            "dealer": self.dealer,
            "status": self.status,
            "phase": self.phase,
            "to_act": self.to_act,
            "legal": [action_to_json(a) for a in self.legal],
            "hand": [format_card(c) for c in cards_of(self.hand)],
            "hand_sizes": list(self.hand_sizes),
            "in_round": list(self.in_round),
            "out": list(self.out),
            "leader": self.leader,
            "trick": [{"seat": s, "card": format_card(c)} for s, c in self.trick],
            "led": "SHDC"[self.led] if self.led is not None else None,
            "asker": self.asker,
            "history": [
                {
                    "leader": lead,
                    "cards": [{"seat": s, "card": format_card(c)} for s, c in cards],
                    "thulla": thulla,
                    "taker": taker,
                }
                for lead, cards, thulla, taker in self.history
            ],
            "calls": [
                {"before_trick": t, "asker": a, "asked": b, "accepted": ok, "cards": n}
                for t, a, b, ok, n in self.calls
            ],
            "tricks_done": self.tricks_done,
            "discarded": self.discarded.bit_count(),
            "can_give_up": list(self.can_give_up),
            "bhabhi": self.bhabhi,
            "draw": self.draw,
            "gave_up": self.gave_up,
            "reveal": {
                str(s): [format_card(c) for c in cards_of(m)]
                for s, m in sorted(self.reveal.items())
            },
            "match": {"bhabhi_count": list(self.bhabhi_count), "rounds_played": self.rounds_played},
        }


View = TrickView | ThullaView


def view_for(match: Match, seat: Seat | None) -> View:
    """The view of the current deal for ``seat`` (``None``: a spectator's public view)."""
    deal = match.current
    if deal is None:
        raise ValueError("no deal has started")
    if isinstance(deal, ThullaDeal):
        assert isinstance(match, ThullaSeries)
        return _thulla_view(match, deal, seat)
    return _trick_view(match, deal, seat)


def _legal_for(deal: TrickDeal | ThullaDeal, seat: Seat | None) -> tuple[Action, ...]:
    if seat is None:
        return ()
    return tuple(deal.legal_actions(seat))


def _trick_view(match: Match, deal: TrickDeal, seat: Seat | None) -> TrickView:
    to_act = None if deal.over else deal.to_act
    dhihaeh = isinstance(match, DhihaehMatch)
    return TrickView(
        game=match.game,
        seat=seat,
        dealer=deal.dealer,
        status="over" if deal.over else "in_progress",
        to_act=to_act,
        legal=_legal_for(deal, seat),
        hand=deal.hands[seat] if seat is not None else 0,
        hand_sizes=tuple(h.bit_count() for h in deal.hands),
        hukum_mode=deal.mode,
        hukum=deal.hukum if deal.hukum >= 0 else None,
        hukum_how=deal.hukum_how,
        declaring=deal.declaring,
        hidden_pending=deal.hidden_card_pending,
        set_aside_owner=deal.set_aside_owner if deal.mode == "hidden" else None,
        revealed_card=deal.set_aside if deal.revealed else None,
        leader=deal.leader,
        trick=tuple(zip(deal.trick_seats(), deal.trick, strict=True)),
        led=deal.led if deal.led >= 0 else None,
        history=tuple(deal.history),
        tricks=(deal.tricks[0], deal.tricks[1]),
        tricks_played=deal.tricks_played,
        tens=(deal.tens[0], deal.tens[1]),
        winner=deal.winner if deal.over else None,
        sweep=deal.sweep,
        bang=deal.bang,
        best_of=match.options.best_of,
        deal_number=len(match.deals),
        deals_won=tuple(match.deals_won),
        bangs=tuple(match.bangs) if dhihaeh else (0, 0),
        match_over=match.over,
        match_winner=match.winner,
    )


def _thulla_view(match: ThullaSeries, deal: ThullaDeal, seat: Seat | None) -> ThullaView:
    return ThullaView(
        game="thulla",
        seat=seat,
        seats=deal.seats,
        dealer=deal.dealer,
        status="over" if deal.over else "in_progress",
        phase=deal.phase,
        to_act=None if deal.over else deal.to_act,
        legal=_legal_for(deal, seat),
        hand=deal.hands[seat] if seat is not None else 0,
        hand_sizes=tuple(h.bit_count() for h in deal.hands),
        in_round=tuple(deal.in_round),
        out=tuple(deal.out),
        leader=deal.leader,
        trick=tuple(deal.trick),
        led=deal.led if deal.led >= 0 else None,
        asker=deal.asker if deal.phase == "answer" else None,
        history=tuple(deal.history),
        calls=tuple(deal.calls),
        tricks_done=deal.tricks_done,
        discarded=deal.discarded,
        can_give_up=tuple(deal.can_give_up()),
        bhabhi=deal.bhabhi if deal.bhabhi >= 0 else None,
        draw=deal.draw,
        gave_up=deal.gave_up if deal.gave_up >= 0 else None,
        reveal=deal.reveal(),
        bhabhi_count=tuple(match.bhabhi_count),
        rounds_played=len(match.deals),
    )


class ViewParseError(EngineError):
    """A view JSON (a ``state`` message's ``"view"``) that is not one the engine writes."""


def view_from_json(d: Any) -> View:
    """The view whose :meth:`~TrickView.to_json` is ``d``: ``view_from_json(v.to_json()) ==
    v`` for every view the engine makes.  Uses ``d`` only; what the JSON leaves out is
    worked out from what it holds (Thaas's tens and Thulla's discard pile from the tricks
    played).  Raises :class:`ViewParseError` on anything else."""
    try:
        if not isinstance(d, dict):
            raise ViewParseError("a view must be an object")
        if d["game"] == "thulla":
            return _thulla_from_json(d)
        if d["game"] in ("thaas", "dhihaeh"):
            return _trick_from_json(d)
        raise ViewParseError(f"unknown game {d['game']!r}")
    except ViewParseError:
        raise
    except (EngineError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ViewParseError(f"not a view: {exc!r}") from None


def _seat(value: Any, seats: int) -> Seat:
    if type(value) is not int or not 0 <= value < seats:
        raise ViewParseError(f"not a seat: {value!r}")
    return value


def _seat_or_none(value: Any, seats: int) -> Seat | None:
    return None if value is None else _seat(value, seats)


def _ints(values: Any) -> tuple[int, ...]:
    if not isinstance(values, list) or any(type(v) is not int for v in values):
        raise ViewParseError(f"not a list of whole numbers: {values!r}")
    return tuple(values)


def _hand(cards: Any) -> Mask:
    parsed = [parse_card(c) for c in cards]
    m = mask_of(parsed)
    if m.bit_count() != len(parsed):
        raise ViewParseError("a card is listed twice")
    return m


def _suit(value: Any) -> int | None:
    return None if value is None else parse_suit(value)


def _trick_from_json(d: dict) -> TrickView:
    seats = d["seats"]
    if seats != 4:
        raise ViewParseError("Thaas and Dhihaeh are played by four")
    history = tuple(
        (_seat(h["leader"], 4), tuple(parse_card(c) for c in h["cards"]), _seat(h["winner"], 4))
        for h in d["history"]
    )
    m = d["match"]
    dhihaeh = d["game"] == "dhihaeh"
    tens = [0, 0]
    for _, cards, winner in history:  # every game counts them; only Dhihaeh sends them
        tens[winner & 1] += (mask_of(cards) & TENS).bit_count()
    if dhihaeh and list(d["tens"]) != tens:
        raise ViewParseError("the tens do not match the tricks")
    revealed = d["revealed_card"]
    return TrickView(
        game=d["game"],
        seat=_seat_or_none(d["seat"], 4),
        dealer=_seat(d["dealer"], 4),
        status=d["status"],
        to_act=_seat_or_none(d["to_act"], 4),
        legal=tuple(action_from_json(a) for a in d["legal"]),
        hand=_hand(d["hand"]),
        hand_sizes=_ints(d["hand_sizes"]),
        hukum_mode=d["hukum_mode"],
        hukum=_suit(d["hukum"]),
        hukum_how=d["hukum_how"],
        declaring=bool(d["declaring"]),
        hidden_pending=bool(d["hidden_pending"]),
        set_aside_owner=_seat_or_none(d["set_aside_owner"], 4),
        revealed_card=parse_card(revealed) if revealed is not None else None,
        leader=_seat(d["leader"], 4),
        trick=tuple((_seat(t["seat"], 4), parse_card(t["card"])) for t in d["trick"]),
        led=_suit(d["led"]),
        history=history,
        tricks=(d["tricks"][0], d["tricks"][1]),
        tricks_played=d["tricks_played"],
        tens=(tens[0], tens[1]),
        winner=d["winner"],
        sweep=bool(d["sweep"]),
        bang=bool(d["bang"]) if dhihaeh else False,
        best_of=m["best_of"],
        deal_number=m["deal_number"],
        deals_won=(m["deals_won"][0], m["deals_won"][1]),
        bangs=(m["bangs"][0], m["bangs"][1]) if dhihaeh else (0, 0),
        match_over=bool(m["over"]),
        match_winner=m["winner"],
    )


def _thulla_from_json(d: dict) -> ThullaView:
    n = d["seats"]
    if type(n) is not int or not 2 <= n <= 6:
        raise ViewParseError(f"Thulla is played by 2 to 6, not {n!r}")
    history = tuple(
        (
            _seat(h["leader"], n),
            tuple((_seat(p["seat"], n), parse_card(p["card"])) for p in h["cards"]),
            bool(h["thulla"]),
            _seat(h["taker"], n),
        )
        for h in d["history"]
    )
    discarded = 0  # the cards of every clean trick, and nothing else
    for _, plays, thulla, _ in history:
        if not thulla:
            discarded |= mask_of(c for _, c in plays)
    if discarded.bit_count() != d["discarded"]:
        raise ViewParseError("the discard pile does not match the tricks")
    m = d["match"]
    return ThullaView(
        game="thulla",
        seat=_seat_or_none(d["seat"], n),
        seats=n,
        dealer=_seat(d["dealer"], n),
        status=d["status"],
        phase=d["phase"],
        to_act=_seat_or_none(d["to_act"], n),
        legal=tuple(action_from_json(a) for a in d["legal"]),
        hand=_hand(d["hand"]),
        hand_sizes=_ints(d["hand_sizes"]),
        in_round=tuple(bool(x) for x in d["in_round"]),
        out=_ints(d["out"]),
        leader=_seat(d["leader"], n),
        trick=tuple((_seat(t["seat"], n), parse_card(t["card"])) for t in d["trick"]),
        led=_suit(d["led"]),
        asker=_seat_or_none(d["asker"], n),
        history=history,
        calls=tuple(
            (c["before_trick"], c["asker"], c["asked"], bool(c["accepted"]), c["cards"])
            for c in d["calls"]
        ),
        tricks_done=d["tricks_done"],
        discarded=discarded,
        can_give_up=_ints(d["can_give_up"]),
        bhabhi=_seat_or_none(d["bhabhi"], n),
        draw=bool(d["draw"]),
        gave_up=_seat_or_none(d["gave_up"], n),
        reveal={int(s): _hand(cards) for s, cards in d["reveal"].items()},
        bhabhi_count=_ints(m["bhabhi_count"]),
        rounds_played=m["rounds_played"],
    )
