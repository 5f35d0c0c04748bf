"""Thulla with two players left: the exact search, and Ultra playing by it."""

from __future__ import annotations

import random

import pytest

from thaasbai.bots.normal import NormalBot
from thaasbai.bots.thulla_solver import (
    BHABHI,
    DRAW,
    SAFE,
    ThullaSolver,
    TooBig,
    two_player_hands,
)
from thaasbai.bots.ultra import UltraBot
from thaasbai.engine.match import GameOptions, Match, new_match
from thaasbai.engine.views import view_for
from thaasbai.learn.thulla_endgame import Endgame
from thaasbai.learn.thulla_endgame import TooBig as OracleTooBig


def two_player_positions(n: int, seed: int, seats: int = 4, steps_after: int = 0) -> list[Match]:
    """Rounds played by Normal bots up to the first moment (then ``steps_after`` actions
    more) that only two players hold cards and one of them is to play a card."""
    rng = random.Random(seed)
    bot = NormalBot()
    out: list[Match] = []
    while len(out) < n:
        m = new_match(GameOptions(game="thulla", seats=seats), rng=rng)
        m.start_deal(rng=rng)
        d = m.current
        waited = 0
        while not d.over:
            view = view_for(m, d.to_act)
            if two_player_hands(view) is not None:
                if waited == steps_after:
                    out.append(m)
                    break
                waited += 1
            m.apply(d.to_act, bot.choose(view, rng))
    return out


def oracle_values(m: Match, node_limit: int = 20_000) -> dict[int, int] | None:
    """Every legal card's value for the seat to act, by plain minimax over the engine's
    own moves (the review's endgame, thaasbai.learn); None when too big for it."""
    d = m.current
    seat = d.to_act
    eg = Endgame(seat, node_limit)
    try:
        return {c: eg.after(d, seat, c) for c in d.legal_actions(seat) if 0 <= c < 52}
    except OracleTooBig:
        return None


def test_two_player_hands_reads_the_other_hand_from_the_view_alone():
    for m in two_player_positions(20, seed=1, steps_after=1):
        d = m.current
        seat = d.to_act
        view = view_for(m, seat)
        other = next(s for s in range(m.seats) if d.in_round[s] and s != seat)
        assert two_player_hands(view) == (d.hands[seat], d.hands[other])
        # Not for a seat that is not to act.
        assert two_player_hands(view_for(m, other)) is None


def test_no_answer_while_three_players_hold_cards():
    rng = random.Random(3)
    m = new_match(GameOptions(game="thulla", seats=4), rng=rng)
    m.start_deal(rng=rng)
    for _ in range(8):
        d = m.current
        m.apply(d.to_act, NormalBot().choose(view_for(m, d.to_act), rng))
    assert sum(m.current.in_round) >= 3
    view = view_for(m, m.current.to_act)
    assert two_player_hands(view) is None
    with pytest.raises(ValueError, match="one other player"):
        ThullaSolver().move_values(view)


@pytest.mark.parametrize("seats,steps_after", [(4, 0), (4, 3), (3, 1), (5, 0), (6, 2)])
def test_the_search_agrees_with_minimax_over_the_engine(seats, steps_after):
    """Every card's value equals the one the engine's own rules give when played out in
    full (shootouts, draws, pick-ups and going out included)."""
    seen = {SAFE: 0, DRAW: 0, BHABHI: 0}
    checked = 0
    for m in two_player_positions(
        25, seed=seats * 10 + steps_after, seats=seats, steps_after=steps_after
    ):
        expected = oracle_values(m)
        if expected is None:
            continue
        got = ThullaSolver(1_000_000).move_values(view_for(m, m.current.to_act))
        assert got == expected
        checked += 1
        for v in got.values():
            seen[v] += 1
    assert checked >= 10
    assert seen[SAFE] and seen[BHABHI]


def test_a_solver_reused_across_positions_answers_as_a_fresh_one():
    reused = ThullaSolver(1_000_000)
    for m in two_player_positions(15, seed=8, steps_after=2):
        view = view_for(m, m.current.to_act)
        assert reused.move_values(view) == ThullaSolver(1_000_000).move_values(view)


def test_the_search_stops_at_its_node_limit():
    big = max(
        two_player_positions(30, seed=9),
        key=lambda m: sum(h.bit_count() for h in m.current.hands),
    )
    view = view_for(big, big.current.to_act)
    solver = ThullaSolver(max_nodes=1)
    with pytest.raises(TooBig):
        solver.move_values(view)


def test_ultra_keeps_itself_safe_when_a_card_does():
    """Where some card keeps the seat safe against best play, Ultra plays one of them (by
    the exact search); where every card loses against best play, it leaves the choice to
    its flat search, which models the other player's mistakes."""
    won = lost = 0
    for m in two_player_positions(40, seed=12, steps_after=1):
        expected = oracle_values(m)
        if expected is None:
            continue
        view = view_for(m, m.current.to_act)
        bot = UltraBot(iterations=20)
        action = bot.choose(view, random.Random(5))
        assert action in view.legal
        best = max(expected.values())
        if len(expected) < 2:
            continue  # one card: played without a search
        if best == BHABHI:
            lost += 1
            assert bot.last_mode != "thulla-endgame"
        else:
            won += 1
            assert bot.last_mode == "thulla-endgame"
            assert expected[action] == best
    assert won >= 5 and lost >= 1


def test_ultra_falls_back_to_its_flat_search_when_the_search_does_not_fit(monkeypatch):
    import thaasbai.bots.ultra as ultra

    monkeypatch.setattr(ultra, "THULLA_NODES", 1)
    flat = 0
    for m in two_player_positions(5, seed=14, steps_after=1):
        view = view_for(m, m.current.to_act)
        if len(view.legal) < 2:
            continue
        bot = ultra.UltraBot(iterations=10)
        assert bot.choose(view, random.Random(6)) in view.legal
        assert bot.last_mode != "thulla-endgame"
        flat += bot.last_mode == "flat"
    assert flat


def test_ultra_plays_a_two_seat_round_through(monkeypatch):
    """At a two-seat table the whole round is two-player: early on too big to solve, so
    the flat search plays, then the exact search takes over."""
    import thaasbai.bots.ultra as ultra

    monkeypatch.setattr(ultra, "THULLA_NODES", 20_000)
    rng = random.Random(21)
    m = new_match(GameOptions(game="thulla", seats=2), rng=rng)
    m.start_deal(rng=rng)
    bot = ultra.UltraBot(iterations=8)
    modes = set()
    while not m.current.over:
        d = m.current
        view = view_for(m, d.to_act)
        if d.to_act == 0:
            action = bot.choose(view, random.Random(len(d.history)))
            modes.add(bot.last_mode)
        else:
            action = NormalBot().choose(view, rng)
        assert action in view.legal
        m.apply(d.to_act, action)
    assert "thulla-endgame" in modes


def test_on_a_clock_the_endgame_yields_between_slices_and_still_answers(monkeypatch):
    """In the browser the search must give the event loop a turn: on a wall-clock budget it
    stops every slice, yields, and takes the search up again with its finished nodes."""
    import thaasbai.bots.ultra as ultra
    from thaasbai.bots.thulla_solver import CHECK_EVERY

    def nodes(m: Match) -> int:
        solver = ThullaSolver(1_000_000)
        solver.move_values(view_for(m, m.current.to_act))
        return solver.nodes

    big = max(two_player_positions(40, seed=9), key=nodes)
    assert nodes(big) > 2 * CHECK_EVERY
    view = view_for(big, big.current.to_act)
    untimed = ultra.UltraBot(iterations=10)
    expected = untimed.choose(view, random.Random(7))
    monkeypatch.setattr(ultra, "THULLA_SLICE_S", 0.0)  # every look at the clock ends a slice
    bot = ultra.UltraBot()
    steps = bot.steps(view, random.Random(7), budget_ms=60_000)
    yields = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            action = done.value
            break
        yields += 1
    assert yields >= 2
    assert bot.last_mode == untimed.last_mode == "thulla-endgame"
    assert action == expected
