"""Determinisation: sample complete deals that agree with everything a seat has seen.

From a view we derive hard constraints (hand sizes, cards played, voids shown, the known
cards a Thulla pick-up or an accepted Hand Call put in a hand, the face-down set-aside
card) and deal the unseen cards to match them.  :func:`check_world` re-derives the view's
facts from a sampled world; tests assert it for every sample, as OpenSpiel's ISMCTS does.
:func:`play_likelihood` weights a world by how well it explains the other seats' plays.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from ..engine.actions import DECLARE
from ..engine.cards import FULL_DECK, SUIT_MASKS, Mask, Seat, cards_of
from ..engine.dealing import hand_sizes
from ..engine.thulla import ANSWER, LEAD, ThullaDeal
from ..engine.trick import DhihaehDeal, ThaasDeal, TrickDeal
from ..engine.views import ThullaView, TrickView, View
from .common import alike, below_alike
from .trick_policy import declare_suit, heuristic_card

World = TrickDeal | ThullaDeal


class InconsistentWorld(AssertionError):
    """A sampled world contradicts the view it was sampled for (a sampler bug)."""


@dataclass(frozen=True)
class Knowledge:
    """What a seat knows about where the unseen cards are.

    ``fixed[s]``: cards known to be in seat ``s``'s hand; ``allowed[s]``: cards its unknown
    part may contain; ``need[s]``: how many unknown cards it holds.  Index ``seats`` is the
    face-down set-aside card in hidden mode while it is pending.
    """

    me: Seat
    pool: Mask
    fixed: tuple[Mask, ...]
    allowed: tuple[Mask, ...]
    need: tuple[int, ...]
    voids: tuple[int, ...]


# -- trick games -----------------------------------------------------------------------


def trick_voids(view: TrickView) -> list[int]:
    """Per seat, a 4-bit mask of the suits it has shown it does not hold."""
    voids = [0, 0, 0, 0]
    for leader, cards, _ in view.history:
        led = cards[0] // 13
        for i in range(1, len(cards)):
            if cards[i] // 13 != led:
                voids[(leader + i) & 3] |= 1 << led
    if view.trick:
        led = view.trick[0][1] // 13
        for seat, c in view.trick[1:]:
            if c // 13 != led:
                voids[seat] |= 1 << led
    return voids


def trick_knowledge(view: TrickView) -> Knowledge:
    me = view.seat
    assert me is not None
    voids = trick_voids(view)
    unseen = FULL_DECK & ~view.played & ~view.hand
    fixed = [0, 0, 0, 0, 0]
    if view.revealed_card is not None and view.set_aside_owner != me:
        bit = 1 << view.revealed_card
        if unseen & bit:
            fixed[view.set_aside_owner] = bit
    allowed = [0, 0, 0, 0, 0]
    need = [0, 0, 0, 0, 0]
    for s in range(4):
        if s == me:
            continue
        ok = FULL_DECK
        for suit in range(4):
            if voids[s] >> suit & 1:
                ok &= ~SUIT_MASKS[suit]
        allowed[s] = ok
        need[s] = view.hand_sizes[s] - fixed[s].bit_count()
    if view.hidden_pending:
        allowed[4] = FULL_DECK
        need[4] = 1
    pool = unseen
    for m in fixed:
        pool &= ~m
    return Knowledge(me, pool, tuple(fixed), tuple(allowed), tuple(need), tuple(voids))


def _trick_world(view: TrickView, hands: list[Mask], set_aside: int) -> TrickDeal:
    cls = DhihaehDeal if view.game == "dhihaeh" else ThaasDeal
    d = object.__new__(cls)
    d.dealer = view.dealer
    d.mode = view.hukum_mode
    d.start_hands = ()
    d.hands = hands
    if view.revealed_card is not None:
        d.set_aside = view.revealed_card
    else:
        d.set_aside = set_aside
    d.set_aside_owner = (
        view.set_aside_owner if view.set_aside_owner is not None else (view.dealer + 3) & 3
    )
    d.revealed = view.revealed_card is not None
    d.hukum = view.hukum if view.hukum is not None else -1
    d.hukum_how = view.hukum_how
    d.declaring = view.declaring
    d.to_act = view.to_act if view.to_act is not None else -1
    d.leader = view.leader
    d.trick = [c for _, c in view.trick]
    tm = 0
    for c in d.trick:
        tm |= 1 << c
    d.trick_mask = tm
    d.led = view.led if view.led is not None else -1
    d.tricks = list(view.tricks)
    d.tricks_played = view.tricks_played
    d.tens = list(view.tens)
    d.history = list(view.history)
    d.played = view.played
    d.over = view.status == "over"
    d.winner = view.winner if view.winner is not None else -1
    d.sweep = view.sweep
    d.bang = view.bang
    return d


# -- Thulla ------------------------------------------------------------------------------


def thulla_knowledge(view: ThullaView) -> Knowledge:
    """Replay the public record: pick-ups make cards known, thullas show voids, and an
    accepted Hand Call moves the asked seat's hand (known cards and all) to the asker."""
    n = view.seats
    me = view.seat
    assert me is not None
    known = [0] * n
    unknown = hand_sizes(n, view.dealer)
    allowed = [FULL_DECK] * n
    voids = [0] * n
    calls = list(view.calls)
    ci = 0

    def play(seat: Seat, c: int, led: int) -> None:
        bit = 1 << c
        if known[seat] & bit:
            known[seat] ^= bit
        else:
            unknown[seat] -= 1
        if c // 13 != led:
            allowed[seat] &= ~SUIT_MASKS[led]
            voids[seat] |= 1 << led

    def do_calls(t: int) -> None:
        nonlocal ci
        while ci < len(calls) and calls[ci][0] == t:
            _, asker, asked, accepted, _ = calls[ci]
            ci += 1
            if accepted:
                known[asker] |= known[asked]
                unknown[asker] += unknown[asked]
                allowed[asker] |= allowed[asked]
                voids[asker] &= voids[asked]
                known[asked] = 0
                unknown[asked] = 0

    for t, (_, cards, thulla, taker) in enumerate(view.history):
        do_calls(t)
        led = cards[0][1] // 13
        for seat, c in cards:
            play(seat, c, led)
        if thulla:
            for _, c in cards:
                known[taker] |= 1 << c
    do_calls(len(view.history))
    if view.trick:
        led = view.trick[0][1] // 13
        for seat, c in view.trick:
            play(seat, c, led)
    on_table = sum(1 << c for _, c in view.trick)
    pool = FULL_DECK & ~view.discarded & ~view.hand & ~on_table
    fixed = [0] * (n + 1)
    need = [0] * (n + 1)
    allowed_out = [0] * (n + 1)
    for s in range(n):
        if s == me:
            continue
        fixed[s] = known[s] & pool
        need[s] = view.hand_sizes[s] - fixed[s].bit_count()
        allowed_out[s] = allowed[s]
        pool &= ~fixed[s]
    return Knowledge(me, pool, tuple(fixed), tuple(allowed_out), tuple(need), tuple(voids))


def _thulla_world(view: ThullaView, hands: list[Mask]) -> ThullaDeal:
    d = object.__new__(ThullaDeal)
    d.seats = view.seats
    d.dealer = view.dealer
    d.start_hands = ()
    d.hands = hands
    d.in_round = list(view.in_round)
    d.out = list(view.out)
    d.phase = view.phase
    d.to_act = view.to_act if view.to_act is not None else -1
    d.leader = view.leader
    d.trick = list(view.trick)
    d.led = view.led if view.led is not None else -1
    d.called = bool(
        view.phase in (LEAD, ANSWER) and view.calls and view.calls[-1][0] == view.tricks_done
    )
    d.asker = view.asker if view.asker is not None else -1
    d.tricks_done = view.tricks_done
    d.history = list(view.history)
    d.calls = list(view.calls)
    d.discarded = view.discarded
    holders = [s for s in range(view.seats) if view.in_round[s]]
    d.snapshot = None if len(holders) != 2 else {s: hands[s] for s in holders}
    d.bhabhi = view.bhabhi if view.bhabhi is not None else -1
    d.draw = view.draw
    d.over = view.status == "over"
    d.gave_up = view.gave_up if view.gave_up is not None else -1
    return d


# -- sampling ----------------------------------------------------------------------------


def knowledge(view: View) -> Knowledge:
    return trick_knowledge(view) if isinstance(view, TrickView) else thulla_knowledge(view)


def deal_unknown(k: Knowledge, rng: random.Random) -> list[Mask]:
    """Deal the pool to the holders: each gets ``need`` cards from its ``allowed`` set.

    Cards that the same holders may hold form a group (a suit, or every suit no holder
    has shown void in).  Groups with the fewest possible holders go first, and each
    group's cards go to a random sample of its holders' open places, as if each card
    went in turn to a holder drawn in proportion to its remaining need (exactly uniform
    when there are no voids); a rare dead end retries, and a depth-first search settles
    the hardest cases."""
    groups = _groups(k)
    for _ in range(30):
        if len(groups) > 1:
            groups = list(groups)
            rng.shuffle(groups)
            groups.sort(key=lambda g: len(g[0]))  # ties in a random order
        need = list(k.need)
        out = list(k.fixed)
        for holders, cards in groups:
            places: list[int] = []
            for i in holders:
                places += [i] * need[i]
            if len(places) < len(cards):
                break
            for c, i in zip(cards, rng.sample(places, len(cards)), strict=True):
                need[i] -= 1
                out[i] |= 1 << c
        else:
            return out
    cards = [c for _, group in groups for c in group]
    options = {c: list(holders) for holders, group in groups for c in group}
    out = _dfs_deal(cards, options, list(k.need), list(k.fixed), rng)
    if out is None:
        raise InconsistentWorld("no deal of the unseen cards fits the view")
    return out


@lru_cache(maxsize=64)
def _groups(k: Knowledge) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """The pool's cards grouped by the holders that may hold them, fewest holders first
    (cached per knowledge: a search deals thousands of worlds from one)."""
    holders = [i for i, n in enumerate(k.need) if n > 0]
    by_holders: dict[tuple[int, ...], list[int]] = {}
    for c in cards_of(k.pool):
        key = tuple(i for i in holders if k.allowed[i] >> c & 1)
        by_holders.setdefault(key, []).append(c)
    return tuple(sorted(((h, tuple(c)) for h, c in by_holders.items()), key=lambda g: len(g[0])))


def _dfs_deal(cards, options, need, out, rng, i=0):
    if i == len(cards):
        return out
    c = cards[i]
    choices = [h for h in options[c] if need[h]]
    rng.shuffle(choices)
    for h in choices:
        need[h] -= 1
        out[h] |= 1 << c
        res = _dfs_deal(cards, options, need, out, rng, i + 1)
        if res is not None:
            return res
        need[h] += 1
        out[h] &= ~(1 << c)
    return None


def sample_world(view: View, rng: random.Random, k: Knowledge | None = None) -> World:
    """One complete deal consistent with ``view`` (the seat's own cards stay put)."""
    if k is None:
        k = knowledge(view)
    return world_of(view, deal_unknown(k, rng))


def world_of(view: View, dealt: list[Mask]) -> World:
    """The world in which the unseen cards lie as ``dealt`` says (one mask per holder, as
    :func:`deal_unknown` returns; in hidden mode index 4 is the face-down card)."""
    me = view.seat
    if isinstance(view, TrickView):
        hands = [dealt[s] for s in range(4)]
        hands[me] = view.hand
        set_aside = cards_of(dealt[4])[0] if view.hidden_pending else -1
        return _trick_world(view, hands, set_aside)
    hands = [dealt[s] for s in range(view.seats)]
    hands[me] = view.hand
    return _thulla_world(view, hands)


def check_world(view: View, world: World) -> None:
    """Raise :class:`InconsistentWorld` unless ``world`` agrees with everything ``view`` shows."""
    me = view.seat
    if world.hands[me] != view.hand:
        raise InconsistentWorld("the seat's own hand changed")
    if tuple(h.bit_count() for h in world.hands) != tuple(view.hand_sizes):
        raise InconsistentWorld("hand sizes differ")
    if world.card_count() != 52:
        raise InconsistentWorld("cards are missing or doubled")
    seen = 0
    for h in world.hands:
        if h & seen:
            raise InconsistentWorld("a card is in two hands")
        seen |= h
    if isinstance(view, TrickView):
        if seen & view.played:
            raise InconsistentWorld("a played card is still in a hand")
        voids = trick_voids(view)
        for s in range(4):
            for suit in range(4):
                if voids[s] >> suit & 1 and world.hands[s] & SUIT_MASKS[suit]:
                    raise InconsistentWorld(f"seat {s} holds a suit it showed void in")
        if view.hidden_pending and (world.set_aside < 0 or seen >> world.set_aside & 1):
            raise InconsistentWorld("the face-down card is missing")
        rc = view.revealed_card
        owner = view.set_aside_owner
        if rc is not None and not view.played >> rc & 1 and not world.hands[owner] >> rc & 1:
            raise InconsistentWorld("the revealed card is not with its owner")
        return
    k = thulla_knowledge(view)
    for s in range(view.seats):
        if s == me:
            continue
        h = world.hands[s]
        if h & k.fixed[s] != k.fixed[s]:
            raise InconsistentWorld(f"seat {s} lacks a card it picked up")
        if (h & ~k.fixed[s]) & ~k.allowed[s]:
            raise InconsistentWorld(f"seat {s} holds a suit it showed void in")
    if seen & view.discarded:
        raise InconsistentWorld("a discarded card is in a hand")


# -- inference -----------------------------------------------------------------------------


def as_dealt(view: TrickView, world: TrickDeal) -> tuple[TrickDeal, list[tuple[Seat, int]]]:
    """``world`` back at its deal (every card played so far returned to the hand that
    played it, the face-down card set aside again), and the plays in order, so a reader
    can replay the deal card by card as its seats saw it."""
    played_by = [0, 0, 0, 0]
    plays: list[tuple[Seat, int]] = []
    for leader, cards, _ in view.history:
        for i, c in enumerate(cards):
            plays.append(((leader + i) & 3, c))
    plays.extend(view.trick)
    for s, c in plays:
        played_by[s] |= 1 << c
    hands = [world.hands[s] | played_by[s] for s in range(4)]
    set_aside = None
    if view.hukum_mode == "hidden":
        set_aside = world.set_aside
        hands[world.set_aside_owner] |= 1 << set_aside
    return type(world)(hands, view.dealer, view.hukum_mode, set_aside), plays


def play_likelihood(
    view: TrickView,
    world: TrickDeal,
    p_match: float = 0.6,
    floor: float = 0.0,
    partner_p: float | None = None,
    partner_rules: bool = False,
    bottom: float = 1.0,
) -> float:
    """How likely the other seats' plays were, were they dealt ``world``'s cards and played
    like Normal: ``p_match`` for Normal's card (or one equal to it), the rest shared evenly.
    With ``bottom`` below 1, a card followed to the led suit while the world gives its seat
    a card worth as much below it weighs that much more (every bot here, and Normal's
    rules, follow with the bottom of equal cards: the card says the one below is not held).

    ``partner_p``, if given, is the partner's ``p_match`` for its cards (its declaration
    keeps ``p_match``): a partner that searches leaves Normal's card more often than Hard
    opponents do (Ultra about 30% of its cards before its endgame, Hard about 11%).
    ``partner_rules``: the partner's Normal card is the Normal bot's, with its own rules.

    Below ``floor`` the answer is 0.0, and as the product only shrinks play by play, it
    is given up as soon as it falls below: a caller that drops such worlds (Ultra's
    roulette) need not replay the rest."""
    me = view.seat
    d, plays = as_dealt(view, world)
    w = 1.0
    if d.declaring:
        declarer = d.to_act
        if declarer != me:
            w *= p_match if declare_suit(d.hands[declarer]) == DECLARE + view.hukum else 0.13
        d.apply(declarer, DECLARE + view.hukum)
    dh = view.game == "dhihaeh"
    voids = [0, 0, 0, 0]  # as Normal reads them from its view, trick by trick
    last_led = [-1, -1, -1, -1]
    partner = me ^ 2 if partner_p is not None else -1
    for seat, c in plays:
        led = d.led
        if seat != me:
            legal = d.legal_mask()
            n = legal.bit_count()
            if n > 1:
                guess = heuristic_card(
                    d.hands[seat],
                    seat,
                    d.trick,
                    d.leader,
                    d.led,
                    d.hukum,
                    d.mode == "implicit" and d.hukum < 0,
                    d.played,
                    dh,
                    voids,
                    d.mode == "none",
                    last_led,
                    partner_rules and seat == me ^ 2,
                )
                live = FULL_DECK & ~d.played
                hand = d.hands[seat]
                p = partner_p if seat == partner else p_match
                f = p if alike(guess, c, hand, live) else (1.0 - p) / (n - 1)
                if bottom < 1.0 and d.trick and c // 13 == led:
                    # The cards on the table still part a higher card from a lower one.
                    table = sum(1 << t for t in d.trick)
                    if below_alike(c, hand, live | table, dh):
                        f *= bottom
                w *= f
                if w < floor:
                    return 0.0
        if led >= 0 and c // 13 != led:
            voids[seat] |= 1 << led
        if not d.trick:
            last_led[seat] = c // 13
        d.play_card(c)
    return w if w >= floor else 0.0
