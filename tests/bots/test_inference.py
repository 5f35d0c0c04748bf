"""Determinisation: every sampled world agrees with everything the seat has seen."""

from __future__ import annotations

import copy
import random

import pytest

from thaasbai.bots.inference import check_world, play_likelihood, sample_world
from thaasbai.engine.views import TrickView, view_for


def test_every_sampled_world_matches_the_view(positions):
    rng = random.Random(7)
    for match in positions(130, seed=1):
        deal = match.current
        for seat in range(match.seats):
            view = view_for(match, seat)
            if view.hand_sizes[seat] == 0:
                continue
            for _ in range(3):
                world = sample_world(view, rng)
                check_world(view, world)
                # The world, put in place of the real deal, shows this seat the same view.
                other = copy.copy(match)
                other.deals = [*match.deals[:-1], world]
                assert view_for(other, seat) == view
        check_world(view_for(match, deal.to_act), deal)


def test_the_real_deal_is_a_possible_world(positions):
    for match in positions(60, seed=2):
        for seat in range(match.seats):
            view = view_for(match, seat)
            if view.hand_sizes[seat]:
                check_world(view, match.current)


def test_worlds_that_explain_the_plays_weigh_more_than_zero(positions):
    rng = random.Random(3)
    for match in positions(40, seed=4):
        view = view_for(match, match.current.to_act)
        if isinstance(view, TrickView):
            assert play_likelihood(view, sample_world(view, rng)) > 0
            assert play_likelihood(view, match.current) > 0


def _normal_played_thaas(actions: int, seed: int):
    """A deal played by the reading's model of Normal (the search bots' default move: the
    Normal bot's own rules while the implicit hukum is open are not in it)."""
    from thaasbai.bots.search_common import heuristic_choice
    from thaasbai.engine.match import GameOptions, new_match

    match = new_match(GameOptions(game="thaas", hukum="implicit"), rng=random.Random(seed))
    match.start_deal(rng=random.Random(seed))
    for _ in range(actions):
        seat = match.current.to_act
        match.apply(seat, heuristic_choice(view_for(match, seat)))
    return match


def test_the_real_deal_of_normal_players_explains_every_play_and_a_sharper_model_says_so():
    """Every other seat played Normal's card, so the real deal scores ``p`` per play with a
    choice; any other world explains fewer plays, and a sharper ``p_match`` (Ultra's)
    separates the two by more."""
    rng = random.Random(5)
    separated = 0
    for seed in range(6):
        match = _normal_played_thaas(18 + seed, seed)
        view = view_for(match, match.current.to_act)
        real = {p: play_likelihood(view, match.current, p) for p in (0.6, 0.85)}
        assert real[0.85] > real[0.6]  # p ** m with m > 0 plays that had a choice
        for _ in range(30):
            world = sample_world(view, rng)
            ratio = {p: real[p] / play_likelihood(view, world, p) for p in (0.6, 0.85)}
            assert ratio[0.6] >= 1 - 1e-9
            assert ratio[0.85] >= ratio[0.6] * (1 - 1e-9)
            separated += ratio[0.85] > ratio[0.6] * 1.01
    assert separated > 0  # some worlds do explain fewer plays


@pytest.mark.parametrize("game", ["thaas", "dhihaeh"])
@pytest.mark.parametrize("hukum", ["implicit", "declared", "none"])
def test_the_real_deal_of_normal_players_weighs_exactly_p_per_choice_they_made(game, hukum):
    """The likelihood replays Normal with exactly what the Normal bot reads from its view
    (voids, and with no hukum the suits each seat led last), so in a deal played by that
    model (the search bots' default move, which leaves out the Normal bot's rules while the
    implicit hukum is open) every other seat's choice matched: the real deal weighs ``p``
    to the number of them."""
    from thaasbai.bots.search_common import heuristic_choice
    from thaasbai.engine.match import GameOptions, new_match

    for seed in range(4):
        match = new_match(GameOptions(game=game, hukum=hukum), rng=random.Random(seed))
        match.start_deal(rng=random.Random(seed))
        choices = [0, 0, 0, 0]
        card_choices = [0, 0, 0, 0]  # the declaration left out
        for _ in range(20 + 5 * seed):
            seat = match.current.to_act
            view = view_for(match, seat)
            choices[seat] += len(view.legal) > 1
            card_choices[seat] += len(view.legal) > 1 and not view.declaring
            match.apply(seat, heuristic_choice(view))
        me = match.current.to_act
        view = view_for(match, me)
        m = sum(choices) - choices[me]
        assert m > 5
        assert play_likelihood(view, match.current, 0.85) == pytest.approx(0.85**m)
        # With the partner on a p of its own, its cards weigh that p, the rest 0.85.
        partner = card_choices[me ^ 2]
        assert partner > 0
        assert play_likelihood(view, match.current, 0.85, partner_p=0.7) == pytest.approx(
            0.85 ** (m - partner) * 0.7**partner
        )


def test_with_no_voids_each_unseen_card_goes_to_each_holder_in_proportion_to_its_need():
    """Without voids the deal is uniform: a card lands with a holder as often as the
    holder's share of the unseen places (here unequal, as two seats have played to the
    trick)."""
    from thaasbai.bots.inference import deal_unknown, knowledge
    from thaasbai.engine.match import GameOptions, new_match

    rng = random.Random(8)
    match = new_match(GameOptions(game="thaas", hukum="none"), rng=rng)
    match.start_deal(rng=rng)
    for _ in range(6):  # a trick and two cards, all following suit
        seat = match.current.to_act
        view = view_for(match, seat)
        match.apply(seat, view.legal[0])
    view = view_for(match, match.current.to_act)
    k = knowledge(view)
    assert not any(k.voids)
    share = {s: n / sum(k.need) for s, n in enumerate(k.need) if n}
    assert len(set(share.values())) > 1
    draws = 3000
    counts = {c: dict.fromkeys(share, 0) for c in range(52) if k.pool >> c & 1}
    for _ in range(draws):
        dealt = deal_unknown(k, rng)
        for s in share:
            for c in counts:
                if dealt[s] >> c & 1:
                    counts[c][s] += 1
    for c, by_seat in counts.items():
        assert sum(by_seat.values()) == draws
        for s, n in by_seat.items():
            assert abs(n / draws - share[s]) < 0.04, (c, s, n)


def test_below_alike_is_a_card_worth_as_much_just_below():
    from thaasbai.bots.common import below_alike
    from thaasbai.engine.cards import FULL_DECK, parse_card

    def hand(*names: str) -> int:
        return sum(1 << parse_card(n) for n in names)

    queen_jack = hand("QS", "JS", "4H")
    assert below_alike(parse_card("QS"), queen_jack, FULL_DECK)
    assert not below_alike(parse_card("JS"), queen_jack, FULL_DECK)
    # The king and the jack are alike once the queen is out of play, not before.
    king_jack = hand("KS", "JS")
    assert not below_alike(parse_card("KS"), king_jack, FULL_DECK)
    assert below_alike(parse_card("KS"), king_jack, FULL_DECK & ~hand("QS"))
    # Dhihaeh's tens are worth more than their rank: never alike with a neighbour.
    jack_ten_nine = hand("JS", "TS", "9S")
    assert below_alike(parse_card("JS"), jack_ten_nine, FULL_DECK)
    assert not below_alike(parse_card("JS"), jack_ten_nine, FULL_DECK, dhihaeh=True)
    assert not below_alike(parse_card("TS"), jack_ten_nine, FULL_DECK, dhihaeh=True)


@pytest.mark.parametrize("game", ["thaas", "dhihaeh"])
def test_a_follow_from_above_equal_cards_weighs_bottom_more(game):
    """Seats that follow with the top of equal cards where they can: with ``bottom`` the
    real deal weighs that factor once for each such follow by another seat, counted from
    the player's own view as it played."""
    from thaasbai.bots.common import below_alike, bottom_equivalent
    from thaasbai.bots.search_common import heuristic_choice, live_cards
    from thaasbai.engine.match import GameOptions, new_match

    def top_of_equals(view: TrickView) -> int:
        card = heuristic_choice(view)
        if not view.trick or card >= 52 or card // 13 != view.trick[0][1] // 13:
            return card
        live = live_cards(view)
        bottom = bottom_equivalent(card, view.hand, live)
        equal = [
            c for c in view.legal if c < 52 and bottom_equivalent(c, view.hand, live) == bottom
        ]
        return min(equal)  # the highest of them: a smaller int is a higher card

    read = 0
    for seed in range(4):
        match = new_match(GameOptions(game=game, hukum="none"), rng=random.Random(seed))
        match.start_deal(rng=random.Random(seed))
        above = [0, 0, 0, 0]
        for _ in range(20 + 4 * seed):
            seat = match.current.to_act
            view = view_for(match, seat)
            card = top_of_equals(view)
            live = live_cards(view)
            led = view.trick[0][1] // 13 if view.trick else None
            dh = game == "dhihaeh"
            if len(view.legal) > 1 and card // 13 == led and below_alike(card, view.hand, live, dh):
                above[seat] += 1
            match.apply(seat, card)
        assert not match.current.over
        view = view_for(match, match.current.to_act)
        n = sum(above) - above[view.seat]
        plain = play_likelihood(view, match.current, 0.85)
        assert play_likelihood(view, match.current, 0.85, bottom=0.3) == pytest.approx(
            plain * 0.3**n
        )
        read += n
    assert read >= 3
