"""Shuffling and dealing, shared by every game."""

from __future__ import annotations

import random

from .cards import FULL_DECK, Mask, Seat, cards_of, format_card
from .errors import SetupError


def hand_sizes(seats: int, dealer: Seat) -> list[int]:
    """Cards per seat when 52 are dealt one at a time from the dealer's left: the first
    ``52 mod n`` seats in dealing order get one card more."""
    base, extra = divmod(52, seats)
    sizes = [base] * seats
    for i in range(extra):
        sizes[(dealer + 1 + i) % seats] += 1
    return sizes


def deal_hands(rng: random.Random, seats: int, dealer: Seat) -> list[Mask]:
    """Shuffle with ``rng`` and deal the whole deck one card at a time from the dealer's left."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0] * seats
    for i, c in enumerate(deck):
        hands[(dealer + 1 + i) % seats] |= 1 << c
    return hands


def check_full_deal(hands: list[Mask], sizes: list[int]) -> None:
    """Each card exactly once, and each hand of the size the rules deal."""
    if len(hands) != len(sizes):
        raise SetupError(f"expected {len(sizes)} hands, got {len(hands)}")
    seen = 0
    for seat, (h, n) in enumerate(zip(hands, sizes, strict=True)):
        if h & seen:
            raise SetupError(f"card {format_card(cards_of(h & seen)[0])} is dealt twice")
        seen |= h
        if h.bit_count() != n:
            raise SetupError(f"seat {seat} must be dealt {n} cards, not {h.bit_count()}")
    if seen != FULL_DECK:
        raise SetupError("the hands must hold all 52 cards")
