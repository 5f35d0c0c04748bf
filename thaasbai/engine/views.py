"""Per-seat views: the only way hidden information leaves the engine.

A view holds everything public (cards played, the trick on the table, scores, the
hukum once known) and, of the hidden cards, only the viewing seat's own hand.  The deck
order, the seed, the face-down set-aside card and other seats' hands are never in a view;
Thulla's reveal appears only once the round is over.  A view with ``seat=None`` is a
spectator's: public information only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action, action_to_json
from .cards import Card, Mask, Seat, cards_of, format_card
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
