"""Cards and suits: small frozen values, printed suit first as PBN does ("SA", "HT")."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Suit(Enum):
    """A suit, in PBN order (spades first)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def index(self) -> int:
        """Position in PBN order: spades 0 ... clubs 3."""
        return SUITS.index(self)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        """``Suit.SPADES``, which evaluates (the default ``<Suit.SPADES: 'S'>`` does not)."""
        return f"Suit.{self.name}"


SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
RANK_CHARS = "23456789TJQKA"


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One of the 52 cards.

    >>> Card.parse("SA"), Card.parse("h10"), Card.parse("D2").index
    (Card.parse('SA'), Card.parse('HT'), 26)
    >>> Card.parse("SA") > Card.parse("SK")
    True
    """

    suit_index: int
    """0 spades, 1 hearts, 2 diamonds, 3 clubs."""
    rank: int
    """2 .. 14 (ace)."""

    @property
    def suit(self) -> Suit:
        return SUITS[self.suit_index]

    @property
    def index(self) -> int:
        """0..51: suit-major (spades 0..12), two lowest within a suit."""
        return self.suit_index * 13 + self.rank - 2

    @staticmethod
    def from_index(index: int) -> Card:
        return ALL_CARDS[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card written suit then rank ("SA", "HT", "H10"); raises ValueError. Letters
        outside ASCII are refused, not made capitals: ``upper()`` turns the long s into S."""
        stripped = text.strip()
        cleaned = stripped.upper()
        if len(cleaned) < 2 or not stripped.isascii():
            raise ValueError(f"bad card {text!r} (expected suit then rank, like 'SA' or 'H10')")
        suit_char, rank_text = cleaned[0], cleaned[1:]
        if rank_text == "10":
            rank_text = "T"
        if suit_char not in "SHDC" or len(rank_text) != 1 or rank_text not in RANK_CHARS:
            raise ValueError(f"bad card {text!r} (expected suit then rank, like 'SA' or 'H10')")
        return ALL_CARDS["SHDC".index(suit_char) * 13 + RANK_CHARS.index(rank_text)]

    def __str__(self) -> str:
        return f"{'SHDC'[self.suit_index]}{RANK_CHARS[self.rank - 2]}"

    def __repr__(self) -> str:
        """``Card.parse('SA')``: readable, and it evaluates (the constructor takes two ints)."""
        return f"Card.parse({str(self)!r})"


ALL_CARDS: tuple[Card, ...] = tuple(Card(s, r) for s in range(4) for r in range(2, 15))


def suit_order_key(card: Card) -> tuple[int, int]:
    """Sort key for cards as a bridge player writes them: spades first, high to low.

    >>> [str(c) for c in sorted(parse_cards("C2 SK HA S3"), key=suit_order_key)]
    ['SK', 'S3', 'HA', 'C2']
    """
    return (card.suit_index, -card.rank)


def parse_cards(text: str | list[str]) -> list[Card]:
    """Read a list of cards, given as a space-separated string or a list of strings.

    >>> [str(c) for c in parse_cards("SA h10  D2")]
    ['SA', 'HT', 'D2']
    """
    items = text.split() if isinstance(text, str) else [str(item) for item in text]
    return [Card.parse(item) for item in items]
