"""Cards, suits and ranks as plain ints, and hands as int bitmasks.

A card is ``suit * 13 + rank`` where suit 0..3 is S H D C and rank 0..12 is
A K Q J T 9 8 7 6 5 4 3 2 (rank 0 is the ace, the highest).  This numbering makes
ascending int order equal to the display order the specs require (suit order
S H D C, then rank high to low), and makes "the highest card of a suit in a mask"
simply the lowest set bit, which is the cheapest thing to compute on a Python int.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeAlias

from .errors import CardParseError

Card: TypeAlias = int
Suit: TypeAlias = int
Rank: TypeAlias = int
Seat: TypeAlias = int
Mask: TypeAlias = int

SUITS = "SHDC"
RANKS = "AKQJT98765432"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = (
    "ace",
    "king",
    "queen",
    "jack",
    "ten",
    "nine",
    "eight",
    "seven",
    "six",
    "five",
    "four",
    "three",
    "two",
)
SUIT_SYMBOLS = "♠♥♦♣"

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
ACE, KING, QUEEN, JACK, TEN = 0, 1, 2, 3, 4

FULL_SUIT: Mask = (1 << 13) - 1
SUIT_MASKS: tuple[Mask, ...] = tuple(FULL_SUIT << (13 * s) for s in range(4))
FULL_DECK: Mask = (1 << 52) - 1
TENS: Mask = sum(1 << (s * 13 + TEN) for s in range(4))

ALL_CARDS: tuple[Card, ...] = tuple(range(52))


def card(rank: Rank, suit: Suit) -> Card:
    """The card of this rank (0 = ace .. 12 = two) and suit (0..3 = S H D C)."""
    return suit * 13 + rank


def suit_of(c: Card) -> Suit:
    return c // 13


def rank_of(c: Card) -> Rank:
    return c % 13


def format_card(c: Card) -> str:
    """``'AS'``, ``'TD'``, ``'2C'``."""
    if not 0 <= c < 52:
        raise CardParseError(f"not a card number: {c!r}")
    return RANKS[c % 13] + SUITS[c // 13]


def parse_card(text: str) -> Card:
    """Parse ``'AS'``, ``'TD'`` or ``'10D'``; raises :class:`CardParseError`."""
    if not isinstance(text, str):
        raise CardParseError(f"a card must be a string, not {type(text).__name__}")
    rank_text, suit_text = text[:-1], text[-1:]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANKS or suit_text not in SUITS or not suit_text:
        raise CardParseError(f"not a card: {text!r}")
    return SUITS.index(suit_text) * 13 + RANKS.index(rank_text)


def parse_suit(text: str) -> Suit:
    if not isinstance(text, str) or len(text) != 1 or text not in SUITS:
        raise CardParseError(f"not a suit: {text!r}")
    return SUITS.index(text)


def card_name(c: Card) -> str:
    """Spoken name, for accessibility labels: ``'ace of spades'``."""
    return f"{RANK_NAMES[c % 13]} of {SUIT_NAMES[c // 13]}"


# -- masks -----------------------------------------------------------------------------


def mask_of(cards: Iterable[Card]) -> Mask:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(m: Mask) -> list[Card]:
    """The cards of a mask in display order."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def highest(m: Mask) -> Card:
    """The highest card of a non-empty single-suit mask (the lowest set bit)."""
    return (m & -m).bit_length() - 1


def suits_present(m: Mask) -> int:
    """A 4-bit mask of the suits present in ``m``."""
    return (
        (1 if m & SUIT_MASKS[0] else 0)
        | (2 if m & SUIT_MASKS[1] else 0)
        | (4 if m & SUIT_MASKS[2] else 0)
        | (8 if m & SUIT_MASKS[3] else 0)
    )


def _pattern_cards(first: Card) -> tuple[tuple[Card, ...], ...]:
    """The cards of each 13-bit pattern of one suit (``first`` is its ace), by pattern.

    Built by doubling (the patterns with bit r are those without it, plus card r): 20x
    cheaper than testing every bit of every pattern, which mattered at every start of
    the browser app."""
    table: list[tuple[Card, ...]] = [()]
    for r in range(13):
        card = (first + r,)
        table += [cards + card for cards in table]
    return tuple(table)


# The cards of every 13-bit suit pattern, so a random legal card can be drawn from a
# suit mask with one table look-up instead of a bit loop (used by playouts).
SUIT_PATTERN_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    _pattern_cards(s * 13) for s in range(4)
)


def format_cards(m: Mask) -> list[str]:
    return [format_card(c) for c in cards_of(m)]


class CardSet:
    """A set of cards backed by an int mask (in the manner of python-chess's SquareSet)."""

    __slots__ = ("mask",)

    def __init__(self, cards: Iterable[Card] | Mask = 0) -> None:
        self.mask = cards if isinstance(cards, int) else mask_of(cards)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """``CardSet.parse('AS KS 2C')``; the inverse of ``str()``."""
        return cls(parse_card(t) for t in text.split())

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and 0 <= c < 52 and bool(self.mask >> c & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def suit(self, s: Suit) -> CardSet:
        return CardSet(self.mask & SUIT_MASKS[s])

    def __str__(self) -> str:
        return " ".join(format_cards(self.mask))

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"
