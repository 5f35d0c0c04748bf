"""No bot can reach hidden state: reshuffling the unseen cards leaves its view and its
choice unchanged, and every bot returns only legal actions.

The reshuffle comes from the leak oracle (``tests/knowledge.py``), worked out from the
record rather than from the view, and the positions hold every kind of hidden information:
a face-down set-aside card, Thulla pick-ups, accepted Hand Calls and uneven card counts."""

from __future__ import annotations

import copy
import random

import pytest
from knowledge import now, reshuffled

from thaasbai.bots import fast
from thaasbai.bots.easy import EasyBot
from thaasbai.bots.hard import HardBot
from thaasbai.bots.inference import sample_world
from thaasbai.bots.normal import NormalBot
from thaasbai.bots.ultra import UltraBot
from thaasbai.engine.actions import ACCEPT, GIVE_UP, HAND_CALL
from thaasbai.engine.cards import cards_of, format_card
from thaasbai.engine.match import GameOptions, Match, new_match
from thaasbai.engine.record import to_record
from thaasbai.engine.views import view_for

KINDS = ("face_down", "picked_up", "handed_over", "uneven_counts")


def kinds_at(match: Match) -> set[str]:
    """The kinds of hidden information in play for the seat to act, by the oracle."""
    seat = match.current.to_act
    fact = now(to_record(match))
    hidden = fact.hidden_from(seat)
    others = [s for s in range(match.seats) if s != seat]
    slots = sum(bool(fact.hands[s] & hidden) for s in others) + (fact.face_down is not None)
    if slots < 2:
        return set()  # the seat can place every card by elimination: nothing is hidden
    kinds = set()
    if fact.face_down is not None:
        kinds.add("face_down")
    if fact.game == "thulla":
        if any(fact.hands[s] & fact.shown for s in others):
            kinds.add("picked_up")
        accepted = [asker for _, asker, _, ok, _ in match.current.calls if ok]
        if any(fact.hands[a] & hidden for a in accepted if a != seat):
            kinds.add("handed_over")
    if len({fact.counts[s] for s in others}) > 1:
        kinds.add("uneven_counts")
    return kinds


def hidden_positions(per_kind: int, seed: int) -> list[Match]:
    """Mid-deal positions, ``per_kind`` of each kind of hidden information (a position may
    hold several), from random play that makes and accepts Hand Calls often."""
    rng = random.Random(seed)
    setups = [
        ("thaas", 4, "hidden"),
        ("dhihaeh", 4, "hidden"),
        ("thulla", 4, "implicit"),
        ("thulla", 5, "implicit"),
        ("thulla", 3, "implicit"),
        ("thulla", 6, "implicit"),
    ]
    found = dict.fromkeys(KINDS, 0)
    out: list[Match] = []
    for i in range(2000):
        if min(found.values()) >= per_kind:
            return out
        game, seats, hukum = setups[i % len(setups)]
        m = new_match(GameOptions(game=game, seats=seats, hukum=hukum), rng=rng)
        m.start_deal(rng=rng)
        stop = rng.randrange(1, 40 if game != "thulla" else 120)
        for _ in range(stop):
            d = m.current
            legal = [a for a in d.legal_actions(d.to_act) if a != GIVE_UP]
            if d.over or not legal:
                break
            if HAND_CALL in legal and rng.random() < 0.6:
                a = HAND_CALL
            elif ACCEPT in legal and rng.random() < 0.7:
                a = ACCEPT
            else:
                a = rng.choice([a for a in legal if a != HAND_CALL])
            m.apply(d.to_act, a)
        if m.current.over:
            continue
        new = [k for k in kinds_at(m) if found[k] < per_kind]
        if new:
            for k in kinds_at(m):
                found[k] += 1
            out.append(m)
    raise AssertionError(f"random play found too few positions: {found}")


def declaring_positions(seed: int) -> list[Match]:
    """Fresh `declared` deals at the first leader's declaration, in both trick games."""
    rng = random.Random(seed)
    out = []
    for game in ("thaas", "dhihaeh", "thaas", "dhihaeh"):
        m = new_match(GameOptions(game=game, hukum="declared"), rng=rng)
        m.start_deal(rng=rng)
        assert m.current.declaring
        out.append(m)
    return out


def fixed_bots():
    """Every level, with iteration budgets so wall-clock time cannot change a choice."""
    return [
        EasyBot(),
        NormalBot(),
        HardBot(iterations=6),
        UltraBot(iterations=25),
        UltraBot(iterations=25, trick_search="ismcts"),
        UltraBot(iterations=25, reader="chain"),
        # Chains from resampled starts, in Thaas and Dhihaeh and in Thulla
        UltraBot(iterations=25, reader="chain", chain_starts=8),
        UltraBot(iterations=25, end_roulette=0.0),  # every endgame world solved
        # Rollouts that end exactly; the partner read as the opponents are
        UltraBot(iterations=25, trick_finish_cards=4, partner_p=None),
        # Thulla's card reading by roulette (by chains is the default), every throw tried
        UltraBot(iterations=25, thulla_reader="roulette", thulla_throws=True),
        # The endplay (DDS on whole deals) with exact tricks as its tie-break: C code, so
        # only where endplay is installed.
        *([UltraBot(iterations=25, fast=True, end_score="tricks")] if fast.AVAILABLE else []),
        # ... with the tricks' margin as its score
        *([UltraBot(iterations=25, fast=True, end_score="margin")] if fast.AVAILABLE else []),
        # ... and with postponed reasoning (the other seats' DDS cards to its next turn)
        *([UltraBot(iterations=25, fast=True, end_postpone=13)] if fast.AVAILABLE else []),
        # The endgame's worlds from Metropolis chains, by our solver and by DDS
        UltraBot(iterations=25, end_reader="chain"),
        *([UltraBot(iterations=25, fast=True, end_reader="chain")] if fast.AVAILABLE else []),
        # The endgame's ties broken by Normal rollouts, after our solver and after DDS
        UltraBot(iterations=25, end_ties="rollouts"),
        *([UltraBot(iterations=25, fast=True, end_ties="rollouts")] if fast.AVAILABLE else []),
        # Its own side modelled with the Normal bot's own rules (the open-hukum race)
        UltraBot(iterations=25, team_rules=True),
        # A follow from above equal cards read as denying the card below
        UltraBot(iterations=25, bottom=0.3),
        *([UltraBot(iterations=25, fast=True, bottom=0.3)] if fast.AVAILABLE else []),
    ]


def test_positions_hold_every_kind_of_hidden_information():
    tally = dict.fromkeys(KINDS, 0)
    for match in hidden_positions(4, seed=5):
        for k in kinds_at(match):
            tally[k] += 1
    assert min(tally.values()) >= 4, tally


def test_a_reshuffle_moves_hidden_cards_and_keeps_every_count_and_every_known_place():
    rng = random.Random(2)
    moved = 0
    for match in hidden_positions(4, seed=5):
        seat = match.current.to_act
        fact = now(to_record(match))
        deal = reshuffled(match, seat, rng).current
        hands = [{format_card(c) for c in cards_of(h)} for h in deal.hands]
        assert [len(h) for h in hands] == fact.counts and hands[seat] == fact.hands[seat]
        for s in range(match.seats):
            assert fact.hands[s] - fact.hidden_from(seat) <= hands[s]
        face_down = getattr(deal, "set_aside", -1)
        assert (fact.face_down is None) == (face_down < 0 or deal.revealed)
        moved += hands != [set(h) for h in fact.hands]
    assert moved >= 10


@pytest.mark.parametrize("bot", fixed_bots(), ids=lambda b: b.level)
def test_choice_is_unchanged_when_unseen_cards_are_reshuffled(bot, positions):
    shuffle_rng = random.Random(11)
    for match in [*positions(26, seed=5), *hidden_positions(4, seed=5), *declaring_positions(5)]:
        seat = match.current.to_act
        view = view_for(match, seat)
        # The oracle's reshuffle, from the record: the view must not change.
        other = reshuffled(match, seat, shuffle_rng)
        other_view = view_for(other, seat)
        assert other_view == view
        # The bots' own world sampler, from the view, must agree with it too.
        world = sample_world(view, shuffle_rng)
        sampled = copy.copy(match)
        sampled.deals = [*match.deals[:-1], world]
        assert view_for(sampled, seat) == view
        first = bot.choose(view, random.Random(42))
        assert bot.choose(other_view, random.Random(42)) == first


@pytest.mark.parametrize("bot", fixed_bots(), ids=lambda b: b.level)
def test_bots_only_return_legal_actions(bot, positions):
    rng = random.Random(3)
    for match in [*positions(52, seed=6), *hidden_positions(3, seed=6), *declaring_positions(6)]:
        view = view_for(match, match.current.to_act)
        assert bot.choose(view, rng) in view.legal


def test_bots_answer_a_hand_call_and_play_whole_rounds_legally():
    """Whole Thulla rounds and Thaas deals through the engine's own validation."""
    rng = random.Random(9)
    for game, seats in (("thulla", 3), ("thulla", 5), ("dhihaeh", 4)):
        m = new_match(GameOptions(game=game, seats=seats, hukum="hidden"), rng=rng)
        m.start_deal(rng=rng)
        bots = [NormalBot(), HardBot(iterations=2)]
        d = m.current
        for _ in range(2000):
            if d.over:
                break
            seat = d.to_act
            m.apply(seat, bots[seat % 2].choose(view_for(m, seat), rng))
        assert d.over
