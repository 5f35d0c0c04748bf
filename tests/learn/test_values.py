"""The review's valuation of a decision (``value_cards``) and of a position
(``best_score``, from any hint) give plain minimax's numbers with every solver a review
uses (the plain one, the one built around the first discard, and natively with endplay
the hybrid one), in Thaas and Dhihaeh, before the hukum is set and after it is named
mid-trick."""

from __future__ import annotations

import random

import pytest

from tests.bots.test_solver import open_implicit
from thaasbai.bots import fast
from thaasbai.bots.solver import DHIHAEH_TARGET
from thaasbai.engine.cards import FULL_DECK, SUIT_MASKS
from thaasbai.engine.trick import DhihaehDeal, TrickDeal
from thaasbai.learn.values import (
    BoundedSolver,
    OpenThaasDeal,
    best_score,
    dds_card_values,
    level_of,
    review_solver,
    value_cards,
)

from .test_review import minimax

NEEDS_DDS = pytest.mark.skipif(not fast.AVAILABLE, reason="the fast extra (endplay)")
SOLVERS = [
    ("thaas", False),  # OpenHukumSolver, pure Python
    ("dhihaeh", False),  # the plain solver
    pytest.param("thaas", True, marks=NEEDS_DDS),  # HybridSolver
]


def open_position(rng: random.Random, game: str, cards: int) -> TrickDeal:
    """A position with ``cards`` cards a hand, no hukum yet, and up to three random
    cards into the trick (a discard among them names the hukum mid-trick)."""
    d = open_implicit(rng, OpenThaasDeal if game == "thaas" else DhihaehDeal, cards)
    for _ in range(rng.randrange(4)):
        legal = [c for c in range(52) if d.legal_mask() >> c & 1]
        d.play_card(rng.choice(legal))
    return d


def exact_values(d: TrickDeal, team: int) -> dict[int, int]:
    out = {}
    for c in d.legal_actions():
        after = d.copy()
        after.play_card(c)
        out[c] = level_of(d.game, minimax(after, team))
    return out


@pytest.mark.parametrize(("game", "dds"), SOLVERS)
def test_value_cards_gives_minimax_values_and_the_lowest_better_card(game, dds):
    rng = random.Random(f"values{game}{dds}")
    win = DHIHAEH_TARGET if game == "dhihaeh" else 7
    mistakes = known_to_reach = by_the_deal = 0
    for _ in range(120):
        d = open_position(rng, game, rng.choice((2, 3)))
        team = d.to_act & 1
        exact = exact_values(d, team)
        played = rng.choice(sorted(exact))
        hint = rng.choice([None, exact[played], exact[played] + rng.randrange(-3, 4), win])
        got = value_cards(review_solver(game, dds), d, team, played, hint)
        best = max(exact.values())
        flip = exact[played] < win <= best  # the played card loses a deal another wins
        assert (not got.exact and got.better is not None) == flip
        if got.exact:
            assert (got.played.points, got.best.points) == (exact[played], best)
        elif flip:
            # Judged by the deal itself: the played card's score at most, the better
            # card's at least (the winning score), both true bounds.
            by_the_deal += 1
            assert exact[played] <= got.played.points < win == got.best.points <= best
        else:
            # Left unproven only for the best card, which reaches the hint it was given.
            known_to_reach += 1
            assert exact[played] == best and hint is not None
            assert got.played == got.best and got.played.points == level_of(game, hint) <= best
        if exact[played] == best:
            assert got.better is None
        else:
            mistakes += 1
            reach = win if flip else best  # the lowest card that wins the deal, if that
            assert got.better == min(c for c, v in exact.items() if v >= reach)
    assert mistakes >= 3 and known_to_reach >= 3 and by_the_deal >= 2


@pytest.mark.parametrize(("game", "dds"), SOLVERS)
def test_best_score_is_the_same_from_any_hint(game, dds):
    rng = random.Random(f"hints{game}{dds}")
    for _ in range(12):
        d = open_position(rng, game, 3)
        team = rng.randrange(2)
        exact = level_of(game, minimax(d, team))
        solver = review_solver(game, dds)
        for hint in (None, exact, exact - 1, exact + 1, exact + 3, 0, 40):
            assert best_score(solver, d, team, hint).points == exact


@pytest.mark.parametrize("dds", [False, pytest.param(True, marks=NEEDS_DDS)])
def test_the_review_solvers_value_larger_open_positions_as_the_plain_one(dds):
    """At 6 cards a hand, too many for minimax, the plain solver is the yardstick; among
    the positions, the seat to act must discard (and so name the hukum) in some."""
    rng = random.Random(41)
    discards = 0
    for _ in range(16):
        d = open_position(rng, "thaas", 6)
        team = d.to_act & 1
        discards += bool(d.trick) and not d.hands[d.to_act] & SUIT_MASKS[d.led]
        played = rng.choice(d.legal_actions())
        fast_one = value_cards(review_solver("thaas", dds), d, team, played)
        plain = value_cards(BoundedSolver("thaas"), d, team, played)
        assert fast_one == plain
    assert discards >= 1


def lost_by_one_card_won_by_two() -> OpenThaasDeal:
    """Four cards a hand, tricks 4-5, seat 0 to lead, hearts the hukum: leading card 32
    takes team 0 to 6 tricks (the deal lost), card 9 to 7 (won) and cards 20 and 24 to
    8 (won with a trick more, which the game does not score)."""
    d = open_implicit(random.Random(0), OpenThaasDeal, 4)
    d.hands = [0x101100200, 0x88002001000, 0x48020040, 0x1040000000003]
    d.played = FULL_DECK & ~(d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3])
    d.tricks = [4, 5]
    d.leader = 0
    d.hukum = 1
    return d


@pytest.mark.parametrize("dds", [False, pytest.param(True, marks=NEEDS_DDS)])
@pytest.mark.parametrize("hint", [None, 6, 7, 8])
def test_the_lowest_card_that_wins_the_deal_is_named_and_tricks_past_it_count_for_nothing(
    dds, hint
):
    d = lost_by_one_card_won_by_two()
    tricks = {}
    for c in d.legal_actions():
        after = d.copy()
        after.play_card(c)
        tricks[c] = minimax(after, 0)
    assert tricks == {9: 7, 20: 8, 24: 8, 32: 6}
    assert exact_values(d, 0) == {9: 7, 20: 7, 24: 7, 32: 1}  # won, won, won, lost
    got = value_cards(review_solver("thaas", dds), d, 0, 32, hint)
    assert got.better == 9 and got.played.points < 7 == got.best.points
    if dds:
        native = dds_card_values(d, 0, 32)
        assert native.better == 9 and (native.played.points, native.best.points) == (1, 7)


@NEEDS_DDS
def test_dds_names_the_card_the_search_names_once_the_hukum_is_known():
    """Natively the review values a position with the hukum known by DDS, every card at
    once (``dds_card_values``): its numbers are minimax's and it names the card the
    search names, the lowest that wins a deal the played card loses even where another
    card takes more tricks, which count for nothing (the test above)."""
    rng = random.Random("dds names")
    for _ in range(100):
        d = open_position(rng, "thaas", rng.choice((3, 4)))
        if d.hukum < 0:
            d.hukum = rng.randrange(4)
        team = d.to_act & 1
        exact = exact_values(d, team)
        played = rng.choice(sorted(exact))
        got = dds_card_values(d, team, played)
        best = max(exact.values())
        assert (got.played.points, got.best.points) == (exact[played], best)
        hint = rng.choice([None, 7, exact[played]])
        assert got.better == value_cards(BoundedSolver("thaas"), d, team, played, hint).better


def _thaas_result(tricks: int) -> int:
    """RULES.md: swept, lost, won, a sweep (tricks of 13, no lock)."""
    return 0 if tricks == 0 else 3 if tricks == 13 else 2 if tricks >= 7 else 1


def _dhihaeh_result(tens: int, tricks: int) -> int:
    """RULES.md: the other team's Big Bang, its Bang, lost, won, a Bang, a Big Bang."""
    if tricks == 0:
        return 0
    if tens == 0:
        return 1
    if tricks == 13:
        return 5
    if tens == 4:
        return 4
    return 3 if tens == 3 or (tens == 2 and tricks >= 7) else 2


def test_a_review_tells_apart_exactly_the_results_the_rules_score():
    """Two whole-deal scores get the same level exactly when the rules give them the
    same result, and a better result a higher level."""
    scores = [("thaas", t, _thaas_result(t)) for t in range(14)]
    for tens in range(5):
        for tricks in range(14):
            # A ten comes with a trick (several may share one); 13 tricks hold every ten.
            if (tricks == 0) <= (tens == 0) and (tricks == 13) <= (tens == 4):
                scores.append(("dhihaeh", 14 * tens + tricks, _dhihaeh_result(tens, tricks)))
    for game, a, ra in scores:
        for g, b, rb in scores:
            if g == game:
                la, lb = level_of(game, a), level_of(game, b)
                assert (la < lb) == (ra < rb) and (la == lb) == (ra == rb)
