"""What the table shows, computed from a seat's view JSON: no Flet, no rules.

The app renders a :class:`TableModel`; the model is a pure function of the view dict
(``View.to_json()``, the same shape the room server sends), the lobby's seat list and the
player's own name.  Which cards may be played is exactly ``view["legal"]``: nothing here
re-derives a rule, so a local table and a remote one look the same.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..engine.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, card_name, parse_card

GAME_TITLES = {"thaas": "Thaas", "dhihaeh": "Dhihaeh", "thulla": "Thulla"}

# Where each other seat sits, by how many places after mine it is, for each table size.
# Play goes clockwise on screen: bottom (me) -> left -> top -> right.
SLOTS: dict[int, tuple[str, ...]] = {
    2: ("top",),
    3: ("left", "right"),
    4: ("left", "top", "right"),
    5: ("left", "top-left", "top-right", "right"),
    6: ("left", "top-left", "top", "top-right", "right"),
}


def suit_label(suit: str) -> str:
    """``'S'`` -> ``'♠ Spades'``: a visible text label with its symbol."""
    i = SUITS.index(suit)
    return f"{SUIT_SYMBOLS[i]} {SUIT_NAMES[i].capitalize()}"


def spoken(code: str) -> str:
    """``'AS'`` -> ``'ace of spades'`` (the card's accessibility label)."""
    return card_name(parse_card(code))


@dataclass(frozen=True)
class HandCard:
    code: str
    label: str
    playable: bool
    hinted: bool = False  # the card a hint says to play (see :func:`with_hint`)


@dataclass(frozen=True)
class SeatModel:
    """One seat as shown around the table (``slot`` is ``bottom`` for the viewer)."""

    seat: int
    name: str
    slot: str
    cards: int
    is_turn: bool
    is_me: bool
    team: int | None = None  # Thaas/Dhihaeh partnership; None in Thulla
    partner: bool = False
    out: bool = False  # Thulla: safe, out of the round
    bhabhi: bool = False
    dealer: bool = False
    level: str = ""  # a bot's difficulty, "" for a human
    presence: str = ""  # online play: online | offline | away | bot ("" offline play)


@dataclass(frozen=True)
class SeatTag:
    """The short line under a seat's name, and what it means (the badge colours it by
    ``tone``: ``us``, ``them``, ``bhabhi``, ``safe``, ``away``, ``offline`` or ``muted``)."""

    text: str
    tone: str


def seat_tag(s: SeatModel) -> SeatTag:
    """What a seat badge says about a seat besides its name.  The dealer is not in it (the
    badge shows a dealer disc), so every tag fits a phone's narrow badge."""
    if s.presence == "away":
        return SeatTag("Away: bot plays", "away")
    if s.presence == "offline":
        return SeatTag("Disconnected", "offline")
    if s.bhabhi:
        return SeatTag("Bhabhi", "bhabhi")
    if s.out:
        return SeatTag("Safe", "safe")
    if s.team is not None:
        tag, tone = ("Partner", "us") if s.partner else ("Opponent", "them")
        # Online, a bot may share a friend's name: say which seats are bots.
        return SeatTag(f"{tag} · bot" if s.presence == "bot" else tag, tone)
    return SeatTag(BOT_LEVEL_NAMES.get(s.level, ""), "muted")


BOT_LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard", "ultra": "Ultra"}


@dataclass(frozen=True)
class Tally:
    """One count of a team game for both sides, ours first, so the bar can say which
    number is ours: ``Tricks`` 3 and 5, ``Deal 1/3`` 0 and 1 (deals won)."""

    label: str
    us: int
    them: int
    spoken_label: str = ""  # the label read aloud, when it differs ("Deal 1 of 3")


def score_label(tallies: tuple[Tally, ...]) -> str:
    """The score board read aloud: ``Tricks: us 3, them 5. Deal 1 of 3: us 0, them 1``."""
    return ". ".join(f"{t.spoken_label or t.label}: us {t.us}, them {t.them}" for t in tallies)


@dataclass(frozen=True)
class TrickCard:
    seat: int
    code: str
    slot: str


@dataclass(frozen=True)
class LastTrick:
    """The latest finished trick; ``fate`` says where its cards went."""

    index: int  # 1-based trick number in this deal
    cards: tuple[TrickCard, ...]
    to_seat: int | None
    to_slot: str | None
    fate: str  # "won" (Thaas/Dhihaeh), "discard" or "pickup" (Thulla)
    text: str


@dataclass(frozen=True)
class Hukum:
    """``state``: ``none`` (no hukum this deal), ``unset`` (not chosen yet), ``face_down``
    (hidden card set aside), ``suit`` (known)."""

    state: str
    suit: str | None
    text: str


@dataclass(frozen=True)
class Button:
    label: str
    action: dict[str, Any]
    style: str = "primary"  # primary | secondary | danger
    hinted: bool = False  # the call a hint says to make (see :func:`with_hint`)


@dataclass(frozen=True)
class Result:
    title: str
    lines: tuple[str, ...]
    good: bool | None  # the viewer won (True), lost (False), or neither
    match_over: bool
    next_label: str | None  # "Next deal" / "Next round", when another deal may start
    can_rematch: bool
    reveal: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class TableModel:
    game: str
    title: str
    my_seat: int
    hand: tuple[HandCard, ...]
    seats: tuple[SeatModel, ...]  # every seat, the viewer's first
    trick: tuple[TrickCard, ...]
    last_trick: LastTrick | None
    history_len: int
    hukum: Hukum | None
    score: tuple[str, ...]
    status: str
    my_turn: bool
    buttons: tuple[Button, ...]
    banner: str | None
    result: Result | None
    deal_no: int = 1  # changes when a new deal or round starts
    chips: tuple[str, ...] = ()  # short lines for the top bar (Thulla's round, players left)
    tallies: tuple[Tally, ...] = ()  # a team game's score board: tricks, tens, deals
    hint: str | None = None  # the hint on show, in words ("Hint: ... ." and its reason)

    def seat(self, seat: int) -> SeatModel:
        return next(s for s in self.seats if s.seat == seat)


def slot_of(seat: int, me: int, n: int) -> str:
    """The on-screen slot of ``seat`` for a viewer at ``me`` at an ``n``-seat table."""
    rel = (seat - me) % n
    return "bottom" if rel == 0 else SLOTS[n][rel - 1]


def seat_names(lobby: dict[str, Any] | None, n: int, me: int, my_name: str) -> list[str]:
    """Display names: the lobby's, with the viewer shown as ``my_name``."""
    seats = (lobby or {}).get("seat_list") or []
    names = []
    for i in range(n):
        name = seats[i].get("name", "") if i < len(seats) else ""
        names.append(name.removesuffix(" (bot)") or f"Seat {i + 1}")
    names[me] = my_name or "You"
    return names


def presence(seat: dict[str, Any]) -> str:
    """A seat's presence from its lobby entry: ``online``, ``offline``, ``away`` (a bot
    plays for an absent human), ``bot`` or ``free``."""
    kind = seat.get("kind")
    if kind == "bot":
        return "bot"
    if kind != "human":
        return "free"
    if seat.get("away"):
        return "away"
    return "online" if seat.get("connected") else "offline"


def build(
    view: dict[str, Any],
    lobby: dict[str, Any] | None = None,
    my_name: str = "You",
    *,
    online: bool = False,
) -> TableModel:
    """The table as the viewer sees it, from their view JSON and the lobby.

    ``online``: the other seats are people elsewhere, so each seat carries its presence and
    the viewer keeps the name the server knows them by.
    """
    game = view["game"]
    n = view["seats"]
    me = view["seat"] if view["seat"] is not None else 0
    names = seat_names(lobby, n, me, my_name)
    seat_list = (lobby or {}).get("seat_list") or []
    presences = [presence(s) if online else "" for s in seat_list] + [""] * n
    levels = [
        (s.get("bot_level") or "") if s.get("kind") == "bot" else ""
        for s in (lobby or {}).get("seat_list", [{}] * n)
    ] + [""] * n
    ctx = _Ctx(view, names, me, n)
    legal = view["legal"]
    playable = {a["play"] for a in legal if "play" in a}
    hand = tuple(HandCard(c, spoken(c), c in playable) for c in view["hand"])
    thulla = game == "thulla"
    seats = []
    for rel in range(n):
        s = (me + rel) % n
        seats.append(
            SeatModel(
                seat=s,
                name=names[s],
                slot=slot_of(s, me, n),
                cards=view["hand_sizes"][s],
                is_turn=view["to_act"] == s,
                is_me=s == me,
                team=None if thulla else s & 1,
                partner=not thulla and s != me and (s & 1) == (me & 1),
                out=thulla and not view["in_round"][s],
                bhabhi=thulla and view.get("bhabhi") == s,
                dealer=view["dealer"] == s,
                level=levels[s],
                presence=presences[s],
            )
        )
    trick = tuple(TrickCard(t["seat"], t["card"], slot_of(t["seat"], me, n)) for t in view["trick"])
    result = _result(ctx) if view["status"] == "over" else None
    return TableModel(
        game=game,
        title=GAME_TITLES.get(game, game.title()),
        my_seat=me,
        hand=hand,
        seats=tuple(seats),
        trick=trick,
        last_trick=_last_trick(ctx),
        history_len=len(view["history"]),
        hukum=None if thulla else _hukum(view),
        score=_thulla_score(ctx) if thulla else _team_score(ctx),
        status=result.title if result else _status(ctx),
        my_turn=view["to_act"] == me and bool(legal),
        buttons=_buttons(legal),
        banner=_banner(ctx),
        result=result,
        deal_no=view["match"].get("deal_number") or view["match"].get("rounds_played", 1),
        chips=_thulla_chips(ctx) if thulla else (),
        tallies=() if thulla else _team_tallies(ctx),
    )


@dataclass(frozen=True)
class _Ctx:
    view: dict[str, Any]
    names: list[str]
    me: int
    n: int

    def name(self, seat: int | None) -> str:
        return "?" if seat is None else self.names[seat]

    def owner(self, seat: int | None) -> str:
        """``"your"`` for the viewer, else ``"Hassan's"``: never "You's"."""
        return "your" if seat == self.me else f"{self.name(seat)}'s"

    def team_name(self, team: int) -> str:
        return "Your team" if team == (self.me & 1) else "Their team"


def _hukum(view: dict[str, Any]) -> Hukum:
    if view["hukum"] is not None:
        how = {"declared": "declared", "hidden": "revealed", "implicit": "set by a discard"}
        suit = view["hukum"]
        return Hukum("suit", suit, f"Hukum {suit_label(suit)} ({how.get(view['hukum_how'], '')})")
    mode = view["hukum_mode"]
    if mode == "none":
        return Hukum("none", None, "No hukum this deal")
    if mode == "hidden":
        return Hukum("face_down", None, "Hukum: hidden card, face down")
    if mode == "declared":
        return Hukum("unset", None, "Hukum: to be declared")
    return Hukum("unset", None, "Hukum: set by the first discard")


def hukum_label(h: Hukum) -> str:
    """The hukum chip's short accessible label: ``Hukum: ♥ Hearts``, ``Hukum: face down``,
    ``Hukum: not set`` or ``No hukum``."""
    if h.state == "suit" and h.suit:
        return f"Hukum: {suit_label(h.suit)}"
    if h.state == "face_down":
        return "Hukum: face down"
    if h.state == "none":
        return "No hukum"
    return "Hukum: not set"


def _team_score(ctx: _Ctx) -> tuple[str, ...]:
    v = ctx.view
    mine = ctx.me & 1
    t = v["tricks"]
    m = v["match"]
    lines = [f"Tricks  Us {t[mine]} · Them {t[1 - mine]}"]
    if v["game"] == "dhihaeh":
        tens = v.get("tens", [0, 0])
        lines.append(f"Tens  Us {tens[mine]} · Them {tens[1 - mine]}")
        bangs = m.get("bangs", [0, 0])
        lines.append(f"Bangs  Us {bangs[mine]} · Them {bangs[1 - mine]}")
    dw = m["deals_won"]
    lines.append(
        f"Deal {m['deal_number']} of {m['best_of']}  ·  Deals Us {dw[mine]} · Them {dw[1 - mine]}"
    )
    return tuple(lines)


def _thulla_score(ctx: _Ctx) -> tuple[str, ...]:
    v = ctx.view
    counts = v["match"]["bhabhi_count"]
    round_no = v["match"]["rounds_played"]
    tally = ", ".join(f"{ctx.names[s]} {counts[s]}" for s in range(ctx.n) if counts[s])
    lines = [f"Round {round_no}  ·  Trick {v['tricks_done'] + (1 if v['trick'] else 0)}"]
    lines.append(f"Bhabhi count: {tally}" if tally else "Bhabhi count: none yet")
    lines.append(f"Discarded: {v['discarded']}")
    return tuple(lines)


def _team_tallies(ctx: _Ctx) -> tuple[Tally, ...]:
    v = ctx.view
    mine = ctx.me & 1
    t = v["tricks"]
    m = v["match"]
    out = [Tally("Tricks", t[mine], t[1 - mine])]
    if v["game"] == "dhihaeh":
        out.append(Tally("Tens", v["tens"][mine], v["tens"][1 - mine]))
    dw = m["deals_won"]
    n, best = m["deal_number"], m["best_of"]
    out.append(Tally(f"Deal {n}/{best}", dw[mine], dw[1 - mine], f"Deal {n} of {best}"))
    return tuple(out)


def _thulla_chips(ctx: _Ctx) -> tuple[str, ...]:
    v = ctx.view
    left = sum(v["in_round"])
    return (
        f"Round {v['match']['rounds_played']}",
        f"In play {left}/{ctx.n}",
        f"Discarded {v['discarded']}",
    )


def _status(ctx: _Ctx) -> str:
    v = ctx.view
    to_act = v["to_act"]
    if to_act is None:
        return ""
    mine = to_act == ctx.me
    who = ctx.name(to_act)
    if v["game"] == "thulla":
        if v["phase"] == "answer":
            if mine:
                return f"{ctx.name(v['asker'])} asks for your whole hand"
            return f"{who} is answering {ctx.owner(v['asker'])} Hand Call"
        if mine:
            if v["tricks_done"] == 0 and not v["trick"]:
                return "Your lead: the ace of spades starts"
            return "Your lead" if v["phase"] == "lead" else "Your turn"
        return f"{who} to lead" if v["phase"] == "lead" else f"{who} to play"
    if v.get("declaring"):
        return "Choose the hukum" if mine else f"{who} is choosing the hukum"
    if mine:
        return "Your lead" if not v["trick"] else "Your turn"
    return f"{who} to lead" if not v["trick"] else f"{who} to play"


def _buttons(legal: list[dict[str, Any]]) -> tuple[Button, ...]:
    out = []
    for a in legal:
        if "declare" in a:
            out.append(Button(suit_label(a["declare"]), a))
        elif "hand_call" in a:
            out.append(Button("Hand Call", a, "secondary"))
        elif a.get("answer") == "accept":
            out.append(Button("Accept", a))
        elif a.get("answer") == "refuse":
            out.append(Button("Refuse", a, "secondary"))
        elif "give_up" in a:
            out.append(Button("Give up", a, "danger"))
    return tuple(out)


def _last_trick(ctx: _Ctx) -> LastTrick | None:
    v = ctx.view
    hist = v["history"]
    if not hist:
        return None
    h = hist[-1]
    idx = len(hist)
    if v["game"] == "thulla":
        cards = tuple(
            TrickCard(c["seat"], c["card"], slot_of(c["seat"], ctx.me, ctx.n)) for c in h["cards"]
        )
        taker = h["taker"]
        mine = taker == ctx.me
        if h["thulla"]:
            thrower = cards[-1].seat
            picks = "you pick up" if mine else f"{ctx.name(taker)} picks up"
            text = f"Thulla by {ctx.name(thrower)}: {picks} {len(cards)} cards"
            return LastTrick(idx, cards, taker, slot_of(taker, ctx.me, ctx.n), "pickup", text)
        high = "you were highest and lead" if mine else f"{ctx.name(taker)} was highest and leads"
        text = f"Everyone followed: {high}; cards discarded"
        return LastTrick(idx, cards, taker, slot_of(taker, ctx.me, ctx.n), "discard", text)
    lead = h["leader"]
    cards = tuple(
        TrickCard((lead + i) % ctx.n, c, slot_of((lead + i) % ctx.n, ctx.me, ctx.n))
        for i, c in enumerate(h["cards"])
    )
    w = h["winner"]
    text = f"Trick {idx} won by {ctx.name(w)}"
    return LastTrick(idx, cards, w, slot_of(w, ctx.me, ctx.n), "won", text)


def _banner(ctx: _Ctx) -> str | None:
    """A one-line notice of what just happened that the cards alone do not show."""
    v = ctx.view
    if v["game"] == "thulla":
        calls = v["calls"]
        if v["phase"] == "answer":
            asked = ctx.name(v["to_act"])
            if v["asker"] == ctx.me:
                return f"Hand Call: you ask {asked} for their hand"
            return f"Hand Call: {ctx.name(v['asker'])} asks {asked} for their hand"
        if calls and calls[-1]["before_trick"] == v["tricks_done"] and not v["trick"]:
            c = calls[-1]
            if c["accepted"] and c["asked"] == ctx.me:
                return (
                    f"You accepted {ctx.owner(c['asker'])} Hand Call: your {c['cards']} cards "
                    f"to {ctx.name(c['asker'])}, and you are out safe"
                )
            if c["accepted"]:
                return (
                    f"{ctx.name(c['asked'])} accepted the Hand Call: {c['cards']} cards "
                    f"to {ctx.name(c['asker'])}, and is out safe"
                )
            return f"{ctx.name(c['asked'])} refused {ctx.owner(c['asker'])} Hand Call"
        if len(v["can_give_up"]) == 2 and v["status"] != "over":
            return "Two players left: either may give up"
        return None
    rc = v.get("revealed_card")
    if rc and v["hukum"] is not None and v["hukum_how"] == "hidden":
        owner = ctx.name(v.get("set_aside_owner"))
        return f"The hidden card was {spoken(rc)} ({owner}'s): {suit_label(v['hukum'])} is hukum"
    if v["hukum"] is not None and v["hukum_how"] == "implicit" and v["tricks_played"] <= 1:
        return f"Hukum set: {suit_label(v['hukum'])}"
    return None


def _result(ctx: _Ctx) -> Result:
    return _thulla_result(ctx) if ctx.view["game"] == "thulla" else _team_result(ctx)


def _team_result(ctx: _Ctx) -> Result:
    v = ctx.view
    mine = ctx.me & 1
    w = v["winner"]
    m = v["match"]
    t = v["tricks"]
    dhihaeh = v["game"] == "dhihaeh"
    we_won = w == mine
    lines = [f"Tricks: {_sides(t, mine)} (after trick {v['tricks_played']})"]
    if dhihaeh:
        lines.append(f"Tens: {_sides(v['tens'], mine)}")
    h = _hukum(v)
    lines.append(h.text if h.state in ("suit", "none") else "No hukum was set")
    if v["sweep"]:
        headline = "Big Bang!" if dhihaeh else "Sweep!"
        title = f"{headline} {ctx.team_name(w)} won all 13 tricks"
    elif dhihaeh and v.get("bang"):
        title = f"Bang! {ctx.team_name(w)} took all four tens"
    else:
        title = f"{ctx.team_name(w)} wins the deal"
    dw = m["deals_won"]
    lines.append(f"Match (best of {m['best_of']}): {_sides(dw, mine)}")
    if dhihaeh:
        lines.append(f"Bangs: {_sides(m.get('bangs', [0, 0]), mine)}")
    if m["over"]:
        won = m["winner"] == mine
        lines.append("Your team wins the match!" if won else "Their team wins the match.")
    return Result(
        title=title,
        lines=tuple(lines),
        good=we_won,
        match_over=m["over"],
        next_label=None if m["over"] else "Next deal",
        can_rematch=m["over"],
    )


def _sides(pair: list[int], mine: int) -> str:
    """``Us 7 – 6 Them``: ours first, and no separator that a wrap could put first on a
    line (the spaces round the dash do not break)."""
    return f"Us {pair[mine]}\u00a0–\u00a0{pair[1 - mine]} Them"


def _thulla_result(ctx: _Ctx) -> Result:
    v = ctx.view
    lines = []
    if v["draw"]:
        title = "A draw: no Bhabhi, everybody wins"
        good: bool | None = None
    else:
        b = v["bhabhi"]
        title = "You are the Bhabhi" if b == ctx.me else f"{ctx.name(b)} is the Bhabhi"
        good = b != ctx.me
        holding = sum(1 for c in v["hand_sizes"] if c)
        if v["gave_up"] is not None:
            lines.append(f"{ctx.name(v['gave_up'])} gave up")
        elif holding == 2:
            lines.append("Shootout: the last two hands share no suit, so the leader loses")
    if v["out"]:
        lines.append("Out safe, in order: " + ", ".join(ctx.name(s) for s in v["out"]))
    counts = v["match"]["bhabhi_count"]
    lines.append("Bhabhi count: " + ", ".join(f"{ctx.names[s]} {counts[s]}" for s in range(ctx.n)))
    reveal = tuple(
        (ctx.name(int(s)), tuple(cards)) for s, cards in sorted(v["reveal"].items(), key=_seat_key)
    )
    if reveal:
        lines.append("The last two hands, when two players were left:")
    return Result(
        title=title,
        lines=tuple(lines),
        good=good,
        match_over=False,
        next_label="Next round",
        can_rematch=False,
        reveal=reveal,
    )


def _seat_key(item: tuple[str, Any]) -> int:
    return int(item[0])


def lands_a_card(prev: TableModel, model: TableModel) -> bool:
    """``model`` has a card in the trick that ``prev`` had not: it is flying in."""
    before = {t.code for t in prev.trick}
    return any(t.code not in before for t in model.trick)


HINTED = "hinted"  # said after a hinted card's or button's name (screen readers, tests)


def hint_text(label: str, reason: str | None) -> str:
    """``Hint: queen of hearts. Your partner is already winning: play low.``"""
    return f"Hint: {label}." + (f" {reason}" if reason else "")


def with_hint(model: TableModel, action: dict[str, Any], text: str) -> TableModel:
    """``model`` with a hint marked: the hinted card of the hand (``{"play": ...}``) or the
    button of the hinted call (a hukum, Hand Call, an answer, Give up), and ``text`` shown.
    A hint that matches nothing open now (the table moved on) marks nothing."""
    if not model.my_turn or model.result is not None:
        return model
    if "play" in action:
        code = action["play"]
        if not any(c.code == code and c.playable for c in model.hand):
            return model
        hand = tuple(replace(c, hinted=c.code == code) for c in model.hand)
        return replace(model, hand=hand, hint=text)
    if not any(b.action == action for b in model.buttons):
        return model
    buttons = tuple(replace(b, hinted=b.action == action) for b in model.buttons)
    return replace(model, buttons=buttons, hint=text)


def turn_withheld(model: TableModel, prev: TableModel) -> TableModel:
    """``model`` as shown while a card is still landing: no buttons and, if the card
    passes the turn to us, not our turn yet (no card raised or ringed) and the status that
    was showing (``prev``'s, or none if that was ours), so "Your turn" never appears before
    the previous player's card is down."""
    if not model.my_turn:
        return replace(model, buttons=(), hint=None)
    hand = tuple(replace(c, playable=False, hinted=False) for c in model.hand)
    status = "" if prev.my_turn else prev.status
    return replace(model, hand=hand, my_turn=False, status=status, buttons=(), hint=None)
