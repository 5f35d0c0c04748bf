"""The endgame solver gives the exact result: it agrees with plain minimax."""

from __future__ import annotations

import random

import pytest

from thaasbai.bots.normal import NormalBot
from thaasbai.bots.solver import Solver, Unsolvable, brute_force_wins
from thaasbai.engine.cards import FULL_DECK, format_card, parse_card
from thaasbai.engine.match import GameOptions, new_match
from thaasbai.engine.trick import DhihaehDeal, ThaasDeal
from thaasbai.engine.views import view_for


def played_down(rng: random.Random, game: str, hukum: str, cards: int):
    """A deal played by Normal bots until every hand holds ``cards`` cards, then a few
    random cards into the next trick."""
    while True:
        m = new_match(GameOptions(game=game, hukum=hukum), rng=rng)
        m.start_deal(rng=rng)
        d = m.current
        bot = NormalBot()
        while not d.over and not (not d.trick and d.hands[d.leader].bit_count() == cards):
            m.apply(d.to_act, bot.choose(view_for(m, d.to_act), rng))
        for _ in range(rng.randrange(4)):
            if d.over:
                break
            legal = [c for c in range(52) if d.legal_mask() >> c & 1]
            d.play_card(rng.choice(legal))
        if not d.over and not d.hidden_card_pending:
            return d


def open_implicit(rng: random.Random, cls, cards: int):
    """A small position in implicit mode with no hukum yet, so a discard names it."""
    d = cls.deal(rng, dealer=rng.randrange(4), mode="implicit")
    deck = list(range(52))
    rng.shuffle(deck)
    d.hands = [sum(1 << c for c in deck[i * cards : (i + 1) * cards]) for i in range(4)]
    held = d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
    d.played = FULL_DECK & ~held
    played_tricks = 13 - cards
    d.tricks = [played_tricks // 2, played_tricks - played_tricks // 2]
    d.tricks_played = played_tricks
    d.tens = [0, 0]
    from thaasbai.engine.cards import TENS

    gone = (TENS & d.played).bit_count()
    d.tens = [gone // 2, gone - gone // 2]
    return d


@pytest.mark.parametrize("game", ["thaas", "dhihaeh"])
@pytest.mark.parametrize("hukum", ["implicit", "declared", "hidden", "none"])
def test_solver_matches_brute_force_minimax(game, hukum):
    rng = random.Random(f"{game}{hukum}")
    for _ in range(6):
        d = played_down(rng, game, hukum, 3)
        for team in (0, 1):
            assert Solver(game).wins(d, team) == brute_force_wins(d, team)


@pytest.mark.parametrize("cls", [ThaasDeal, DhihaehDeal])
def test_solver_matches_brute_force_before_the_hukum_is_set(cls):
    rng = random.Random(cls.game)
    for _ in range(8):
        d = open_implicit(rng, cls, 3)
        for team in (0, 1):
            assert Solver(cls.game).wins(d, team) == brute_force_wins(d, team)


def test_exactly_one_team_wins_a_solved_position():
    rng = random.Random(4)
    for _ in range(10):
        d = played_down(rng, "thaas", "implicit", 6)
        s = Solver("thaas")
        assert s.wins(d, 0) != s.wins(d, 1)


def test_solver_refuses_a_position_with_the_hukum_face_down():
    d = ThaasDeal.deal(random.Random(1), dealer=0, mode="hidden")
    with pytest.raises(Unsolvable):
        Solver("thaas").wins(d, 0)


@pytest.mark.parametrize("game", ["thaas", "dhihaeh"])
def test_a_reused_solver_gives_the_answers_of_a_fresh_one(game):
    """The transposition table keeps bounds between calls (as Ultra reuses one solver over
    many worlds): that must never change an answer."""
    rng = random.Random(f"reuse{game}")
    shared = Solver(game)
    for _ in range(12):
        d = played_down(rng, game, rng.choice(["implicit", "declared", "none"]), 5)
        for team in (0, 1):
            assert shared.wins(d, team) == Solver(game).wins(d, team)


def two_suit_position(rng: random.Random, cls, mode: str, cards: int):
    """Hands of ``cards`` cards from two or three suits only, so voids, ruffs and cut-short
    cashing runs are common (the cases the solver's cashing bound must get right)."""
    d = cls.deal(rng, dealer=rng.randrange(4), mode=mode)
    suits = rng.sample(range(4), rng.choice((2, 3)))
    deck = [s * 13 + r for s in suits for r in range(13)]
    rng.shuffle(deck)
    d.hands = [sum(1 << c for c in deck[i * cards : (i + 1) * cards]) for i in range(4)]
    held = d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
    d.played = FULL_DECK & ~held
    done = 13 - cards
    d.tricks = [done // 2, done - done // 2]
    d.tricks_played = done
    from thaasbai.engine.cards import TENS

    gone = (TENS & d.played).bit_count()
    d.tens = [gone // 2, gone - gone // 2]
    d.declaring = False
    if mode != "none" and (mode != "implicit" or rng.random() < 0.5):
        d.hukum = rng.choice(suits)
    return d


@pytest.mark.parametrize("cls", [ThaasDeal, DhihaehDeal])
@pytest.mark.parametrize("mode", ["implicit", "declared", "none"])
def test_solver_matches_brute_force_with_voids_and_ruffs(cls, mode):
    rng = random.Random(f"voids{cls.game}{mode}")
    for _ in range(10):
        d = two_suit_position(rng, cls, mode, rng.choice((2, 3)))
        for team in (0, 1):
            assert Solver(cls.game).wins(d, team) == brute_force_wins(d, team)


def test_a_node_limit_gives_up_and_leaves_the_solver_usable():
    from thaasbai.bots.solver import SearchAborted

    rng = random.Random(6)
    while True:  # a position that takes the full solver more than the cap
        d = played_down(rng, "thaas", "none", 8)
        full = Solver("thaas")
        answer = full.wins(d, 0)
        if full.nodes > 50:
            break
    capped = Solver("thaas", max_nodes=5)
    with pytest.raises(SearchAborted):
        capped.wins(d, 0)
    capped.max_nodes = None
    assert capped.wins(d, 0) == answer


@pytest.mark.parametrize("mode", ["implicit", "declared", "none"])
def test_the_cashing_bound_never_promises_more_than_minimax_gives(mode):
    """The leader's side takes at least what the cashing bound counts (its own runs, a
    crossing to partner's, or both, with the hukum open or known): plain minimax says so."""
    rng = random.Random(f"cash{mode}")
    counted = 0
    for _ in range(40):
        d = two_suit_position(rng, ThaasDeal, mode, rng.choice((3, 4)))
        s = Solver("thaas")
        s.implicit = d.mode == "implicit"
        k = s._cashable(d.hands, d.leader, d.hukum)
        if not k:
            continue
        counted += 1
        side = d.leader & 1
        probe = d.copy()
        probe.tricks = [0, 0]
        probe.tricks[side] = 7 - k
        assert brute_force_wins(probe, side), (d.hands, d.leader, d.hukum, k)
    assert counted > 10


def test_partner_runs_count_after_the_leaders_only_if_partner_keeps_them():
    """Leader A♠ 2♥, partner A♥ K♥: partner must throw a heart on the A♠, so the side
    takes 2 tricks (the low heart to partner), not 1 + 2."""

    d = ThaasDeal.deal(random.Random(0), dealer=3, mode="none")  # seat 0 leads
    hands = [["AS", "2H"], ["KS", "QH"], ["AH", "KH"], ["QS", "JH"]]
    d.hands = [sum(1 << parse_card(c) for c in h) for h in hands]
    d.played = FULL_DECK & ~(d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3])
    d.tricks, d.tricks_played = [5, 6], 11
    s = Solver("thaas")
    s.implicit = False
    assert s._cashable(d.hands, 0, -1) == 2
    assert s.wins(d, 0) and brute_force_wins(d, 0)  # 5 + 2 tricks


def exact_table_solver(game: str) -> Solver:
    """The solver with its exact transposition table only (no partition search)."""
    s = Solver(game)
    s.partition = False
    return s


def with_need(d, team: int, need: int):
    """``d`` with the taken tricks set so that ``team`` needs ``need`` more to win."""
    probe = d.copy()
    probe.tricks = [0, 0]
    probe.tricks[team] = 7 - need
    return probe


@pytest.mark.parametrize("hukum", ["implicit", "declared", "none"])
def test_partition_search_gives_the_exact_tables_answers(hukum):
    """Partition search answers a position from a stored one that differs only below the
    ranks that decided it.  One solver over many positions, teams and targets (so its
    table holds many such entries) against the exact table alone."""
    rng = random.Random(f"partition{hukum}")
    shared = Solver("thaas")
    for _ in range(8):
        d = played_down(rng, "thaas", hukum, 7)
        left = d.hands[d.to_act].bit_count()
        for team in (0, 1):
            for need in range(1, left + 1):
                probe = with_need(d, team, need)
                assert shared.wins(probe, team) == exact_table_solver("thaas").wins(probe, team)


def test_one_solver_over_many_small_positions_matches_minimax():
    rng = random.Random("partition-small")
    shared = Solver("thaas")
    for i in range(60):
        mode = ("implicit", "declared", "none")[i % 3]
        if i % 2:
            d = two_suit_position(rng, ThaasDeal, mode, rng.choice((2, 3)))
        else:
            d = played_down(rng, "thaas", mode, 3)
        for team in (0, 1):
            assert shared.wins(d, team) == brute_force_wins(d, team)


def test_partition_search_shares_work_between_positions():
    """The point of it: fewer nodes than the exact table alone, on the same questions."""
    rng = random.Random("partition-nodes")
    positions = [played_down(rng, "thaas", "declared", 8) for _ in range(6)]
    searched = {}
    for name, make in (("partition", Solver), ("exact", exact_table_solver)):
        s = make("thaas")
        for d in positions:
            s.wins(d, 0)
        searched[name] = s.nodes
    assert searched["partition"] < searched["exact"]


def follow_order(next_hearts: list[str]) -> list[str]:
    """The order the solver tries its hearts in as second hand (K♥ 2♥, after a 5♥ lead)
    when the next seat, an opponent, holds ``next_hearts``."""

    def mask(names):
        return sum(1 << parse_card(c) for c in names)

    hands = [mask(["5H", "QS"]), mask(["KH", "2H"]), mask([*next_hearts, "KS"]), mask(["JS", "TS"])]
    s = Solver("thaas")
    s.hands = hands
    s.team = 0
    s.implicit = False
    five = parse_card("5H")
    legal = hands[1]
    others = (hands[0] | hands[2] | hands[3] | 1 << five) & ~legal
    moves = s._moves(legal, legal, others, 1, five // 13, -1, five, 0, 1)
    return [format_card(c) for c in moves]


def test_a_winner_that_the_next_seats_singleton_beats_is_tried_as_a_loser():
    """The next seat must play its singleton A♥ and win: the K♥ only costs a high card,
    so the low heart goes first.  With A♥ 3♥ there, the K♥ may force the ace: first."""
    assert follow_order(["AH"]) == ["2H", "KH"]
    assert follow_order(["AH", "3H"]) == ["KH", "2H"]
    assert follow_order(["QH"]) == ["KH", "2H"]


def discard_order(last_hand: str, winner_seat: int) -> list[str]:
    """The order the solver tries its cards in as third hand, void in diamonds (spades
    the hukum), after A♦ 3♦ with seat ``winner_seat`` winning; the last seat holds
    ``last_hand``."""

    def mask(names: str) -> int:
        return sum(1 << parse_card(c) for c in names.split())

    hands = [
        mask("KS JS QC AC 8C 5H 6H"),
        mask("TS 9S 3H 4H 7H JC 6C"),
        mask("4S 3S 2S KH 2H KC 3C 2C"),
        mask(last_hand),
    ]
    s = Solver("thaas")
    s.hands = hands
    s.team = 0
    s.implicit = False
    ace = parse_card("AD")
    tmask = 1 << ace | 1 << parse_card("3D")
    legal = hands[2]
    others = (hands[0] | hands[1] | hands[3] | tmask) & ~legal
    spades = parse_card("2S") // 13
    moves = s._moves(legal, legal, others, 2, ace // 13, spades, ace, winner_seat, 2)
    return [format_card(c) for c in moves]


def test_discards_try_a_low_card_of_a_long_suit_and_spare_partners_sure_winner():
    """Partner's A♦ holds (the last seat follows suit): ruffing it only wastes a hukum
    card, so the hukum goes last; a low club (of four) before the low heart (of K♥ 2♥,
    a guarded king), though the 2♥ is the lowest card."""
    assert discard_order("4D 5D QS AS AH 9C TC QH", 0) == ["3C", "2H", "KC", "KH", "4S"]


def test_a_ruff_of_partners_winner_is_not_last_when_the_last_seat_can_overruff():
    """The last seat is void in diamonds and holds hukum cards: partner's ace is not
    sure, so the hukum is ordered like any suit (three cards, a low one)."""
    assert discard_order("8H 9H QS AS AH 9C TC QH", 0) == ["3C", "4S", "2H", "KC", "KH"]


def test_losing_discards_keep_the_long_suits_low_cards_first():
    """An opponent's A♦ wins: the ruff first, then the losers, a low club before the
    2♥ of a guarded king."""
    assert discard_order("4D 5D QS AS AH 9C TC QH", 1) == ["4S", "3C", "KC", "2H", "KH"]
