"""Postponed reasoning in the endplay: one card for the worlds the seat cannot tell apart."""

from __future__ import annotations

import random

import pytest
from test_solver import played_down

from thaasbai.bots import fast
from thaasbai.bots.dd_outcomes import team_outcomes
from thaasbai.bots.postponed import PostponedScore, best_card, to_next_turn
from thaasbai.engine.cards import FULL_DECK

pytestmark = pytest.mark.skipif(not fast.AVAILABLE, reason="endplay is not installed")


def bridge_positions(seed: int, n: int, cards=(3, 5, 7, 9)):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        d = played_down(rng, "thaas", rng.choice(("none", "declared")), rng.choice(cards))
        if fast.maps_to_bridge(d) and d.legal_mask().bit_count() > 1:
            out.append(d)
    return out


def legal_cards(d) -> list[int]:
    return [c for c in range(52) if d.legal_mask() >> c & 1]


def test_the_other_seats_play_the_cheapest_of_their_double_dummy_best_cards():
    for d in bridge_positions(1, 12):
        tricks = {c: t for c, (_, t) in team_outcomes(d, d.to_act & 1).items()}
        best = max(tricks.values())
        card = best_card(d)
        assert tricks[card] == best
        cheapest = max((c for c, t in tricks.items() if t == best), key=lambda c: (c % 13, -c))
        assert card == cheapest


def test_one_world_alone_is_plain_double_dummy_play_of_the_next_card():
    """Alone, a world is its own group: a card is worth the world's weight exactly when
    some next card wins it after the other seats' best play, as PIMC would score it."""
    for d in bridge_positions(2, 8):
        me = d.to_act
        moves = legal_cards(d)
        score = PostponedScore(me, moves)
        score.add(d, 2.0)
        for a, v in score.values().items():
            st, _ = to_next_turn(d, a, me)
            won = st.winner == (me & 1) if st.over else any(fast.move_wins(st, me & 1).values())
            assert v == (2.0 if won else 0.0)


@pytest.mark.parametrize("top", [0, 1, 2])
def test_worlds_together_are_worth_no_more_than_each_alone(top):
    """Together the seat must choose one next card for worlds it cannot tell apart, so a
    card is never worth more than the sum of what each world gives it alone (PIMC)."""
    rng = random.Random(3)
    fused = 0
    for d in bridge_positions(3, 10, cards=(4, 6, 8)):
        me = d.to_act
        moves = legal_cards(d)
        worlds = _worlds_like(d, rng, 30)
        outstanding = FULL_DECK & ~d.played & ~d.hands[me]
        together = PostponedScore(me, moves, outstanding, top)
        alone = dict.fromkeys(moves, 0.0)
        for w in worlds:
            together.add(w, 1.0)
            one = PostponedScore(me, moves, outstanding, top)
            one.add(w, 1.0)
            for a, v in one.values().items():
                alone[a] += v
        for a, v in together.values().items():
            assert v <= alone[a] + 1e-9
            fused += v < alone[a]
    if top:  # with small cards alike, the grouping does take something away somewhere
        assert fused > 0


def test_worlds_the_seat_cannot_tell_apart_share_one_next_card():
    """Two worlds that differ only where no card of theirs is played before the seat's next
    turn fall in one group: a card is worth the best single next card over both."""
    rng = random.Random(4)
    checked = 0
    for d in bridge_positions(4, 10, cards=(5, 7)):
        me = d.to_act
        moves = legal_cards(d)
        for w in _worlds_like(d, rng, 6):
            score = PostponedScore(me, moves)
            score.add(d, 1.0)
            score.add(w, 1.0)
            for a, v in score.values().items():
                paths = [_next_wins(x, me, a) for x in (d, w)]
                if paths[0][0] == paths[1][0] and paths[0][1] is not None:  # one group
                    both = {b: paths[0][1][b] + paths[1][1][b] for b in paths[0][1]}
                    assert v == max(both.values())
                    checked += 1
    assert checked >= 5


def _next_wins(d, me: int, a: int):
    """The cards played between ``a`` and the seat's next turn, and then each next card's
    win (None if the deal ends first)."""
    st, between = to_next_turn(d, a, me)
    if st.over:
        return tuple(between), None
    return tuple(between), {b: float(won) for b, won in fast.move_wins(st, me & 1).items()}


def _worlds_like(d, rng: random.Random, n: int = 12):
    """Worlds that keep the seat to act's hand, the table and every hand's size, the other
    hands' cards dealt anew (the scorer is checked here, not the sampler)."""
    me = d.to_act
    others = [s for s in range(4) if s != me]
    pool = [c for s in others for c in range(52) if d.hands[s] >> c & 1]
    sizes = [d.hands[s].bit_count() for s in others]
    out = []
    for _ in range(n):
        for _ in range(50):
            rng.shuffle(pool)
            w = d.copy()
            i = 0
            for s, k in zip(others, sizes, strict=True):
                w.hands[s] = sum(1 << c for c in pool[i : i + k])
                i += k
            # Keep the trick legal as played: a seat that did not follow the led suit
            # must still hold none of it.
            if _trick_consistent(w):
                out.append(w)
                break
    return out


def _trick_consistent(w) -> bool:
    if not w.trick:
        return True
    led = w.trick[0] // 13
    for i, c in enumerate(w.trick[1:], start=1):
        seat = (w.leader + i) & 3
        if c // 13 != led and w.hands[seat] >> (led * 13) & 0x1FFF:
            return False
    return True
