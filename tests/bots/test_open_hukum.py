"""The solvers built around the first discard of an open implicit hukum (searching on,
in Thaas and Dhihaeh, or DDS after it, in Thaas: skipped without endplay) give the
exact answers: those of plain minimax on small positions and of the plain solver on
larger ones, with the hukum still open, set mid-trick, or known."""

from __future__ import annotations

import random
from functools import cache

import pytest

from thaasbai.bots import fast
from thaasbai.bots.open_hukum import HybridSolver, OpenHukumSolver
from thaasbai.bots.solver import TEN_SCORE, Solver, brute_force_wins
from thaasbai.engine.cards import SUIT_MASKS, SUIT_NAMES, TENS
from thaasbai.engine.trick import DhihaehDeal, ThaasDeal, TrickDeal

NEEDS_DDS = pytest.mark.skipif(not fast.AVAILABLE, reason="endplay is not installed")
# (game, solver): the search everywhere, DDS in Thaas
KINDS = [
    ("thaas", "search"),
    ("dhihaeh", "search"),
    pytest.param("thaas", "dds", marks=NEEDS_DDS),
]


def _solver(game: str = "thaas", kind: str = "dds"):
    return HybridSolver(game) if kind == "dds" else OpenHukumSolver(game)


def into_trick(rng: random.Random, d: TrickDeal, cards: int) -> TrickDeal:
    """``d`` with up to ``cards`` random legal cards played into its trick (a discard
    among them names the hukum mid-trick)."""
    for _ in range(cards):
        if d.over or len(d.trick) == 3:
            break
        legal = [c for c in range(52) if d.legal_mask() >> c & 1]
        d.play_card(rng.choice(legal))
    return d


def open_positions(rng: random.Random, game: str, cards: int, n: int) -> list[TrickDeal]:
    """Implicit-mode positions with no hukum yet, some mid-trick, some with few suits
    (voids, so discards, early), some where a discard already named the hukum."""
    from test_solver import open_implicit, two_suit_position

    cls = ThaasDeal if game == "thaas" else DhihaehDeal
    out = []
    while len(out) < n:
        if rng.random() < 0.5 or 4 * cards > 26:  # two suits hold 26 cards
            d = open_implicit(rng, cls, cards)
        else:
            d = two_suit_position(rng, cls, "implicit", cards)
            d.hukum = -1
        out.append(into_trick(rng, d, rng.randrange(4)))
    return out


@pytest.mark.parametrize(("game", "kind"), KINDS)
def test_it_matches_brute_force_minimax_on_small_open_positions(game, kind):
    rng = random.Random(f"small{game}")
    for d in open_positions(rng, game, 3, 60):
        for team in (0, 1):
            assert _solver(game, kind).wins(d, team) == brute_force_wins(d, team)


@pytest.mark.parametrize(("game", "kind"), KINDS)
@pytest.mark.parametrize("cards", [5, 6, 7, 8])
def test_it_matches_the_plain_solver_before_the_hukum_is_set(cards, game, kind):
    rng = random.Random(f"open{game}{cards}")
    valued = 0
    for d in open_positions(rng, game, cards, 40 if cards < 8 else 20):
        for team in (0, 1):
            solver = _solver(game, kind)
            assert solver.wins(d, team) == Solver(game).wins(d, team)
            valued += bool(solver.discards)
    assert valued >= 20  # discard nodes were valued, not only cut off above them


@NEEDS_DDS
def test_hybrid_matches_the_pure_solver_in_played_down_deals():
    """Positions reached by Normal play (7 cards a hand and a few into the trick): the
    hukum open in some, known in others (those go to DDS whole)."""
    from test_solver import played_down

    rng = random.Random(32)
    for _ in range(12):
        d = played_down(rng, "thaas", "implicit", 7)
        team = rng.randrange(2)
        assert _solver().wins(d, team) == Solver("thaas").wins(d, team)


@pytest.mark.parametrize(("game", "kind"), KINDS)
def test_a_discard_node_at_the_root_is_valued_per_suit(game, kind):
    """The seat to act is void in the led suit: each of its suits would be the hukum."""
    rng = random.Random(f"root{game}")
    found = 0
    while found < 16:
        (d,) = open_positions(rng, game, 5, 1)
        if d.hukum >= 0 or not d.trick or d.hands[d.to_act] & SUIT_MASKS[d.led]:
            continue
        found += 1
        for team in (0, 1):
            assert _solver(game, kind).wins(d, team) == Solver(game).wins(d, team)


@pytest.mark.parametrize(("game", "kind"), KINDS)
def test_a_reused_solver_gives_the_answers_of_a_fresh_one(game, kind):
    """Its tables (the discard nodes' bounds, the transposition table) persist between
    calls, over different positions, teams and targets."""
    rng = random.Random(f"reuse{game}")
    shared = _solver(game, kind)
    for d in open_positions(rng, game, 6, 10):
        for team in (0, 1):
            probe = d.copy()
            probe.tricks = [0, 0]
            probe.tricks[team] = rng.randrange(3, 7)
            if game == "dhihaeh":
                probe.tens = [0, 0]
                probe.tens[team] = rng.randrange(3)
                probe.tricks[team] += rng.randrange(-3, 4)
            assert shared.wins(probe, team) == Solver(game).wins(probe, team)


def side_points(d: TrickDeal, side: int, since: TrickDeal) -> int:
    """Plain minimax: the most ``side`` scores (tricks, and 14 a ten in Dhihaeh) from the
    position ``since`` on, which ``d`` follows, against best defence."""
    ts = TEN_SCORE if isinstance(d, DhihaehDeal) else 0
    base = since.tricks[side] + ts * since.tens[side]
    positions = {}

    def key(x: TrickDeal) -> tuple:
        return (*x.hands, x.to_act, tuple(x.trick), x.hukum, *x.tricks, *x.tens)

    @cache
    def value(k: tuple) -> int:
        x = positions[k]
        if x.tricks_played == 13:
            return x.tricks[side] + ts * x.tens[side] - base
        vals = []
        for c in x.legal_actions():
            y = x.copy()
            y.play_card(c)
            positions[key(y)] = y
            vals.append(value(key(y)))
        return max(vals) if (x.to_act & 1) == side else min(vals)

    positions[key(d)] = d
    return value(key(d))


@pytest.mark.parametrize("game", ["thaas", "dhihaeh"])
def test_the_static_discard_bounds_hold_against_minimax(game):
    """The bounds set without a search at a discard node (an un-over-ruffable discard
    wins the trick, and the tens on the table in Dhihaeh; a top run of the suit takes
    its tricks) contain the exact value of naming that suit."""
    from thaasbai.learn.values import OpenThaasDeal

    rng = random.Random(f"static{game}")
    checked = 0
    while checked < 60:
        (d,) = open_positions(rng, game, rng.choice((2, 3)), 1)
        seat = d.to_act
        if d.hukum >= 0 or not d.trick or d.hands[seat] & SUIT_MASKS[d.led]:
            continue
        if game == "thaas":  # plays all 13 tricks, as the solver counts them
            d.__class__ = OpenThaasDeal
        solver = _solver(game, "search")
        solver.hands = d.hands[:]
        total = solver._to_come(d.hands[seat], d.trick_mask)
        bounds = solver._static_bounds(seat, len(d.trick), d.led, d.trick_mask, total)
        for h in range(4):
            mine = d.hands[seat] & SUIT_MASKS[h]
            lo, hi = bounds[h][:2]
            if not mine:
                assert hi < 0
                continue
            exact = []
            for c in range(52):
                if mine >> c & 1:
                    after = d.copy()
                    after.play_card(c)
                    exact.append(side_points(after, seat & 1, d))
            assert lo <= max(exact) <= hi
        checked += 1


@NEEDS_DDS
def test_the_static_discard_bounds_hold_against_dds():
    """The same at 4 to 8 cards a hand in Thaas, where DDS gives the exact values."""
    rng = random.Random(35)
    checked = 0
    while checked < 100:
        (d,) = open_positions(rng, "thaas", rng.choice((4, 6, 8)), 1)
        seat = d.to_act
        if d.hukum >= 0 or not d.trick or d.hands[seat] & SUIT_MASKS[d.led]:
            continue
        solver = _solver("thaas", "search")
        solver.hands = d.hands[:]
        left = d.hands[seat].bit_count()
        bounds = solver._static_bounds(seat, len(d.trick), d.led, d.trick_mask, left)
        for h in range(4):
            mine = d.hands[seat] & SUIT_MASKS[h]
            lo, hi = bounds[h][:2]
            if not mine:
                assert hi < 0
                continue
            bridge = d.copy()
            bridge.hukum = h
            exact = max(t for c, t in fast.card_tricks(bridge).items() if mine >> c & 1)
            assert lo <= exact <= hi
        checked += 1


@NEEDS_DDS
def test_trump_reaches_and_reaches_agree_with_dds_scores():
    from test_solver import played_down

    rng = random.Random(36)
    for _ in range(10):
        d = played_down(rng, "thaas", "declared", rng.choice((5, 8)))
        scores = fast.card_tricks(d)
        left = d.hands[d.to_act].bit_count()
        trump = SUIT_MASKS[d.hukum]
        for target in range(1, left + 1):
            assert fast.reaches(d.hands, d.leader, d.trick, d.hukum, target) == any(
                t >= target for t in scores.values()
            )
            assert fast.trump_reaches(d.hands, d.leader, d.trick, d.hukum, target) == any(
                t >= target for c, t in scores.items() if trump >> c & 1
            )


def test_the_hybrid_solver_is_for_thaas_only():
    with pytest.raises((ValueError, RuntimeError)):
        HybridSolver("dhihaeh")


def test_tens_on_the_table_count_in_dhihaeh_discard_nodes():
    """Two discard nodes alike but for the ten led instead of the nine (the nine gone
    earlier instead of the ten) are not the same node: the ten goes with the trick."""
    from thaasbai.engine.cards import FULL_DECK, mask_of, parse_card

    def position(on_table: str, gone: str) -> DhihaehDeal:
        d = DhihaehDeal.deal(random.Random(1), dealer=3, mode="implicit")  # seat 0 leads
        d.hands = [
            mask_of(parse_card(c) for c in h.split())
            for h in ("AH 8C", "KH 2H 3C", "4S 5S KC", "6S QH 7D")
        ]
        led = parse_card(on_table)
        d.trick, d.trick_mask, d.led, d.to_act = [led], 1 << led, led // 13, 1
        held = d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
        d.played = FULL_DECK & ~held
        d.tricks_played, d.tricks = 10, [5, 5]
        gone_tens = (TENS & d.played & ~d.trick_mask).bit_count()
        d.tens = [gone_tens // 2, gone_tens - gone_tens // 2]
        assert d.played >> parse_card(gone) & 1
        return d

    shared = OpenHukumSolver("dhihaeh")
    for on_table, gone in (("TS", "9S"), ("9S", "TS")):
        d = position(on_table, gone)
        for team in (0, 1):
            for tens in range(4):
                for tricks in range(-2, 4):
                    probe = d.copy()
                    probe.tens = [0, 0]
                    probe.tens[team] = tens
                    probe.tricks = [0, 0]
                    probe.tricks[team] = 5 + tricks
                    assert shared.wins(probe, team) == Solver("dhihaeh").wins(probe, team)


def test_partition_search_keeps_the_open_hukum_answers():
    """Before the first discard and after it (discard nodes keep which ranks decided
    their bounds): one solver over many positions and targets, against the same search
    with the exact tables only."""
    rng = random.Random("open-partition")
    shared = OpenHukumSolver("thaas")
    for d in open_positions(rng, "thaas", 7, 16):
        for team in (0, 1):
            for need in (2, 4, 6):
                probe = d.copy()
                probe.tricks = [0, 0]
                probe.tricks[team] = 7 - need
                exact = OpenHukumSolver("thaas")
                exact.partition = False
                assert shared.wins(probe, team) == exact.wins(probe, team)


class RecordingSolver(OpenHukumSolver):
    """Notes the suits a discard node tries, in order."""

    def __init__(self) -> None:
        super().__init__("thaas")
        self.tried: list[str] = []

    def _suit_reaches(self, pos, seat, led, tmask, suit, target):
        self.tried.append(SUIT_NAMES[suit])
        return super()._suit_reaches(pos, seat, led, tmask, suit, target)


def discard_at_the_root(seat_1: str, seat_3: str) -> ThaasDeal:
    """Four tricks left, the hukum open, 5♦ led; seat 1 (void in diamonds) to discard,
    holding ``seat_1``, its partner ``seat_3``."""
    from thaasbai.engine.cards import FULL_DECK, mask_of, parse_card

    d = ThaasDeal.deal(random.Random(1), dealer=3, mode="implicit")  # seat 0 leads
    d.hands = [
        mask_of(parse_card(c) for c in h.split())
        for h in ("QS 9S 8S", seat_1, "2D 3D 4D 7S", seat_3)
    ]
    led = parse_card("5D")
    d.trick, d.trick_mask, d.led, d.to_act = [led], 1 << led, led // 13, 1
    d.played = FULL_DECK & ~(d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3] | 1 << led)
    d.tricks_played, d.tricks = 9, [6, 3]  # seat 1's side needs all four tricks left
    return d


def test_a_discarder_names_the_suit_with_the_higher_cards_first():
    """Hearts and clubs are as long on the discarder's side: the suit with the ace is
    tried first, and it settles the node (and counts as a win for the next nodes)."""
    for seat_1, seat_3, first in (
        ("KH JH AC KC", "QH QC 6S 7D", "clubs"),
        ("AH JH KC QC", "KH AC 6S 7D", "hearts"),
    ):
        d = discard_at_the_root(seat_1, seat_3)
        s = RecordingSolver()
        assert s.wins(d, 1) and Solver("thaas").wins(d, 1)
        assert s.tried == [first]
        assert s.discard_wins[1][SUIT_NAMES.index(first)] == 1


def test_a_suit_that_settled_earlier_discard_nodes_is_tried_first():
    """What worked for the side before goes before the length and the top cards."""
    d = discard_at_the_root("KH JH AC KC", "QH QC 6S 7D")
    s = RecordingSolver()
    s.discard_wins[1][SUIT_NAMES.index("hearts")] = 1
    s.wins(d, 1)
    assert s.tried[0] == "hearts"
    assert s.wins(d, 1) == Solver("thaas").wins(d, 1)


def test_a_lead_for_partner_to_discard_on_is_the_lowest_of_the_suit():
    """Partner, void in diamonds, names the hukum on the lead and beats it whatever it
    is: the 3♦ goes first, the K♦ and 8♦ are kept for later (after the safe spade)."""
    from thaasbai.engine.cards import format_card, mask_of, parse_card

    hands = [
        mask_of(parse_card(c) for c in h.split())
        for h in ("KD 8D 3D 9S", "AD QD 5D 2S", "AH KH QH 4S", "JD TD KS QS")
    ]
    s = OpenHukumSolver("thaas")
    s.hands, s.team, s.implicit = hands, 0, True
    reps = [parse_card(c) for c in ("9S", "KD", "8D", "3D")]
    others = (hands[1] | hands[2] | hands[3]) & ~hands[0]
    order = s._order_leads(reps, hands[0], others, 0, -1)
    assert [format_card(c) for c in order] == ["3D", "KD", "9S", "8D"]


def test_cut_offs_before_the_first_discard_order_only_the_open_phases_leads():
    """The leads that settled positions while the hukum was open and those that settled
    them once it was set are kept apart: a history of the one does not reorder the
    other's leads."""
    from thaasbai.engine.cards import format_card, mask_of, parse_card

    hands = [
        mask_of(parse_card(c) for c in h.split())
        for h in ("9S 5S 8H", "AS 7S KH", "KS 6S QH", "QS 4S JH")
    ]

    def order(hukum: int, open_cut: int = 0, set_cut: int = 0) -> list[str]:
        s = OpenHukumSolver("thaas")
        s.hands, s.team, s.implicit = hands, 0, True
        s.open_history[parse_card("5S")] = open_cut
        s.history[parse_card("5S")] = set_cut
        reps = [parse_card(c) for c in ("9S", "5S", "8H")]
        others = (hands[1] | hands[2] | hands[3]) & ~hands[0]
        return [format_card(c) for c in s._order_leads(reps, hands[0], others, 0, hukum)]

    diamonds = SUIT_NAMES.index("diamonds")
    assert order(-1) == ["9S", "8H", "5S"]
    assert order(-1, open_cut=5) == ["5S", "9S", "8H"]
    assert order(-1, set_cut=5) == order(-1)
    assert order(diamonds, set_cut=5)[0] == "5S"
    assert order(diamonds, open_cut=5) == order(diamonds)


@NEEDS_DDS
def test_hybrid_asks_dds_only_at_discard_nodes_of_larger_hands():
    """Discard nodes below ``DDS_FROM_CARDS`` cards a hand are searched on in Python (no
    DDS call); from there DDS values them: the same answers as the pure search both
    ways."""
    from thaasbai.bots.open_hukum import DDS_FROM_CARDS

    rng = random.Random(38)
    for cards, asks in ((DDS_FROM_CARDS - 1, False), (DDS_FROM_CARDS, True)):
        found = 0
        while found < 3:
            (d,) = open_positions(rng, "thaas", cards, 1)
            if d.hukum >= 0 or not d.trick or d.hands[d.to_act] & SUIT_MASKS[d.led]:
                continue  # a discard node at the root, so one is met whatever happens
            found += 1
            team = rng.randrange(2)
            hybrid = HybridSolver("thaas")
            assert hybrid.wins(d, team) == OpenHukumSolver("thaas").wins(d, team)
            assert (hybrid.dds_calls > 0) == asks
