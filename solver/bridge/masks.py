"""Cards as small integers and sets of cards as bit masks: the kernel every engine and law shares.

A card is its ``Card.index``, 0..51: 13 to a suit, spades 0-12, hearts 13-25, diamonds 26-38,
clubs 39-51, the two lowest within its suit (so the SA is 12, H2 13, C2 39). A set of cards is a
``CardMask``: an int whose bit ``i`` is set when card ``i`` is in it. Seats are 0..3 clockwise
from North. Law 44E/F (which card wins a trick) is written here once, in ``beats``; the three
ways of reading a trick (by seat, in play order, passing over some cards) all ask it.

Compiled with mypyc (``solver/native.py``): the claim search calls these at every play.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from mypy_extensions import i64

CardMask = int
"""A set of cards: bit ``i`` set when card ``i`` (0..51) is in it."""

SUIT_MASKS: Final[tuple[int, ...]] = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
"""The cards of each suit (0 spades .. 3 clubs), as bit masks."""


def suit_of(card: int) -> int:
    """The suit of a card (0 spades .. 3 clubs).

    >>> suit_of(12), suit_of(13), suit_of(51)
    (0, 1, 3)
    """
    return card // 13


def mask_of(cards: Iterable[int]) -> CardMask:
    """The mask holding these cards.

    >>> bin(mask_of([0, 2, 13]))
    '0b10000000000101'
    """
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: CardMask) -> list[int]:
    """Card indices in a bit mask, lowest first.

    >>> cards_in(mask_of([39, 12, 13]))
    [12, 13, 39]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def popcount(mask: i64) -> i64:
    """``mask.bit_count()`` for a card mask (0 <= mask < 2**52). Compiled, ``int.bit_count`` is
    a method call on a boxed integer; these additions of bit fields are a few machine
    instructions on a native 64-bit integer (``i64``; a plain ``int`` when interpreted): pairs,
    then nibbles, then bytes, then the bytes summed into the lowest.

    >>> popcount(SUIT_MASKS[3]), popcount(0)
    (13, 0)
    """
    mask -= (mask >> 1) & 0x5555555555555
    mask = (mask & 0x3333333333333) + ((mask >> 2) & 0x3333333333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F
    mask += mask >> 8
    mask += mask >> 16
    mask += mask >> 32
    return mask & 0xFF


def hand_of(held: tuple[CardMask, CardMask, CardMask, CardMask], seat: int) -> CardMask:
    """``held[seat]``. Compiled (``solver/native.py``), indexing a tuple of fixed size by a
    variable copies it into a new tuple object first; the claim search does it at every turn."""
    if seat == 0:
        return held[0]
    if seat == 1:
        return held[1]
    if seat == 2:
        return held[2]
    return held[3]


def lowest_card(mask: CardMask) -> int:
    """The lowest card of a mask, -1 when it is empty.

    >>> lowest_card(mask_of([20, 14])), lowest_card(0)
    (14, -1)
    """
    return (mask & -mask).bit_length() - 1


def highest_card(mask: CardMask) -> int:
    """The highest card of a mask, -1 when it is empty.

    >>> highest_card(mask_of([20, 14])), highest_card(0)
    (20, -1)
    """
    return mask.bit_length() - 1


def top_of(hand: CardMask, suit: int) -> int:
    """The hand's highest card of the suit (-1 when it holds none).

    >>> top_of(mask_of([3, 12, 20]), 0), top_of(mask_of([3]), 2)
    (12, -1)
    """
    return (hand & SUIT_MASKS[suit]).bit_length() - 1


def cards_above(card: int) -> CardMask:
    """The cards of the card's suit that rank above it.

    >>> cards_in(cards_above(10)), cards_above(12)
    ([11, 12], 0)
    """
    return SUIT_MASKS[card // 13] & ~((1 << (card + 1)) - 1)


def beats(card: int, best: int, trump: int | None) -> bool:
    """Law 44E/F: does ``card`` beat ``best``, the card winning the trick so far? A higher card
    of its suit does, and a trump on a card of another suit; nothing else does.

    >>> beats(11, 10, None), beats(13, 12, None), beats(39, 12, 3), beats(12, 39, 3)
    (True, False, True, False)
    """
    if card // 13 == best // 13:
        return card > best
    return trump is not None and card // 13 == trump  # narrowed: compiled, an int compare


def trick_winner(leader: int, cards: tuple[int, ...], trump: int | None) -> int:
    """Law 44E/F on a trick's cards indexed by seat (``cards[seat]``): the seat that wins.

    >>> trick_winner(0, (12, 0, 1, 51), None), trick_winner(0, (12, 0, 1, 51), 3)
    (0, 3)
    """
    best_seat = leader
    best = cards[leader]
    for offset in (1, 2, 3):
        seat = (leader + offset) % 4
        card = cards[seat]
        if beats(card, best, trump):
            best, best_seat = card, seat
    return best_seat


def winner_so_far(leader: int, cards: tuple[int, ...], trump: int | None) -> tuple[int, int]:
    """Law 44E/F on cards in play order from ``leader``, the trick complete or not: (seat, card)
    winning so far.

    >>> winner_so_far(3, (12, 0), None), winner_so_far(3, (12, 0, 51), 3)
    ((3, 12), (1, 51))
    """
    best, best_seat = cards[0], leader
    for offset in range(1, len(cards)):  # no slice, no enumerate: it runs at every trick
        card = cards[offset]
        if beats(card, best, trump):
            best, best_seat = card, (leader + offset) % 4
    return best_seat, best


def winner_without(leader: int, cards: tuple[int, ...], trump: int | None, dead: CardMask) -> int:
    """The seat whose card would win a trick (cards in play order from ``leader``) if the cards
    in ``dead`` took no part in it: Law 44E/F among the others. The card led must not be dead.

    >>> winner_without(0, (0, 51, 5, 50), 3, mask_of([51])), winner_without(0, (0, 51), 3, 0)
    (3, 1)
    """
    best = cards[0]
    best_seat = leader
    for offset in range(1, len(cards)):
        card = cards[offset]
        if (dead >> card) & 1:
            continue
        if beats(card, best, trump):
            best = card
            best_seat = (leader + offset) & 3
    return best_seat
