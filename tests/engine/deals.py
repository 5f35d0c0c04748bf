"""Stacked deals for the match tests: whatever the first leader, the result is known.

Each is written for a first leader at seat 0 and turned with :func:`rotated`.  They are
played in hukum mode ``none`` with the ``...`` token (the first legal card each time):

- ``LEADER_WINS_BANG``: the leader wins twelve spade leads, then loses its 2H: 12-1 to
  the leader's team, which also takes all four tens.
- ``OTHER_WINS_BANG``: the leader must lead its 2S into the ace; the next seat wins
  twelve tricks and all four tens.
- ``LEADER_WINS`` / ``OTHER_WINS``: the same 12-1, but the 10C falls in the last trick,
  which the losing team wins: three tens to one, no Bang.
- ``ONE_SUIT_EACH``: the leader's team wins all 13 tricks (a sweep, a Big Bang).
- ``OTHER_SWEEPS``: the leader leads its 2S into the ace and never wins a trick: the
  other team wins all 13.
"""

from __future__ import annotations

from collections.abc import Callable

from .scenarios import rotated, suit_cards

TWELVE_SPADES = suit_cards("S", "AKQJT9876543")
TWELVE_HEARTS = suit_cards("H", "AKQJT9876543")
DIAMONDS_BUT_TEN = suit_cards("D", "AKQJ98765432")
CLUBS_BUT_TEN = suit_cards("C", "AKQJ98765432")

LEADER_WINS_BANG = {
    0: TWELVE_SPADES + " 2H",
    1: "2S " + TWELVE_HEARTS,
    2: suit_cards("D"),
    3: suit_cards("C"),
}
OTHER_WINS_BANG = {
    0: "2S " + TWELVE_HEARTS,
    1: TWELVE_SPADES + " 2H",
    2: suit_cards("D"),
    3: suit_cards("C"),
}
LEADER_WINS = {
    0: TWELVE_SPADES + " 2H",
    1: "2S " + TWELVE_HEARTS,
    2: DIAMONDS_BUT_TEN + " TC",
    3: "TD " + CLUBS_BUT_TEN,
}
OTHER_WINS = {
    0: "2S " + TWELVE_HEARTS,
    1: TWELVE_SPADES + " 2H",
    2: DIAMONDS_BUT_TEN + " TC",
    3: "TD " + CLUBS_BUT_TEN,
}
OTHER_SWEEPS = {
    0: "2S " + suit_cards("H", "KQJT98765432"),
    1: TWELVE_SPADES + " AH",
    2: suit_cards("D"),
    3: suit_cards("C"),
}
ONE_SUIT_EACH = {0: suit_cards("S"), 1: suit_cards("H"), 2: suit_cards("D"), 3: suit_cards("C")}


def led_by(hands: dict[int, str]) -> Callable[[int], dict[int, str]]:
    """The hands as a function of the deal's first leader (see ``Scenario.deal``)."""
    return lambda leader: rotated(hands, leader)
