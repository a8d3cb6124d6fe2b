"""Trick mechanics of Law 44: who may play what, who wins, who leads next."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from solver.bridge.cards import Card
from solver.bridge.masks import beats
from solver.bridge.seats import Seat


def legal_cards(hand: Iterable[Card], led: Card | None) -> list[Card]:
    """Law 44C/44D: a player must follow suit if able, else may play any card.

    >>> hand = [Card.parse(c) for c in ("SA", "S2", "HK")]
    >>> [str(c) for c in legal_cards(hand, Card.parse("S9"))]
    ['SA', 'S2']
    >>> [str(c) for c in legal_cards(hand, Card.parse("D9"))]
    ['SA', 'S2', 'HK']
    """
    cards = list(hand)
    if led is None:
        return cards
    following = [c for c in cards if c.suit_index == led.suit_index]
    return following or cards


def winning_position(cards: Sequence[Card], trump_suit_index: int | None) -> int:
    """Law 44E/44F: index, in play order, of the card that wins a complete trick.

    >>> trick = [Card.parse(c) for c in ("HK", "HA", "S2", "H3")]
    >>> winning_position(trick, None), winning_position(trick, 0)
    (1, 2)
    """
    best = 0
    for position in range(1, len(cards)):
        if beats(cards[position].index, cards[best].index, trump_suit_index):
            best = position
    return best


@dataclass(frozen=True, slots=True)
class Trick:
    """A complete trick: its leader and the four cards in play order from the leader."""

    number: int
    leader: Seat
    cards: tuple[Card, Card, Card, Card]

    def winner(self, trump_suit_index: int | None) -> Seat:
        """Law 44G: the hand that won this trick (and leads the next).

        >>> t = Trick(1, Seat.WEST, tuple(Card.parse(c) for c in ("DK", "D2", "DA", "D4")))
        >>> t.winner(None)
        Seat.E
        """
        return Seat.from_index(self.leader.index + winning_position(self.cards, trump_suit_index))

    def card_of(self, seat: Seat) -> Card:
        return self.cards[(seat.index - self.leader.index) % 4]

    def seat_of(self, position: int) -> Seat:
        return Seat.from_index(self.leader.index + position)
