"""What a notebook shows of a bridge value can be typed back: ``eval(repr(x)) == x``."""

from __future__ import annotations

from typing import Any

import pytest

import solver.bridge
from solver.bridge import (
    ALL_CARDS,
    SEATS,
    SUITS,
    Card,
    Contract,
    Deal,
    Seat,
    Side,
    Strain,
    Suit,
    Trick,
)
from solver.bridge.cards import RANK_CHARS

NAMES = {name: getattr(solver.bridge, name) for name in solver.bridge.__all__}
"""What ``from solver.bridge import *`` gives a notebook."""

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.J8.T987 65432.J7.AKQ2.AK .65432.T943.QJ65"


def typed_back(value: Any) -> Any:
    return eval(repr(value), dict(NAMES))


def test_every_seat_side_suit_and_strain_reads_back_as_itself() -> None:
    for value in [*Seat, *Side, *Suit, *Strain]:
        assert typed_back(value) is value, repr(value)


def test_seat_short_names_are_aliases_that_leave_four_seats() -> None:
    assert [Seat.N, Seat.E, Seat.S, Seat.W] == [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
    assert list(Seat) == list(SEATS) and len(Seat) == 4
    assert [seat.name for seat in Seat] == ["NORTH", "EAST", "SOUTH", "WEST"]
    assert [repr(seat) for seat in Seat] == ["Seat.N", "Seat.E", "Seat.S", "Seat.W"]
    assert Seat("W") is Seat.W and Seat.parse("w") is Seat.WEST


def test_every_rank_and_all_52_cards_read_back_as_themselves() -> None:
    assert len(ALL_CARDS) == 52
    for card in ALL_CARDS:
        assert typed_back(card) == card, repr(card)
        assert typed_back(card.rank) == card.rank and typed_back(card.suit) is card.suit
    for suit in SUITS:
        for rank, char in enumerate(RANK_CHARS, start=2):
            assert typed_back(Card.parse(f"{suit}{char}")) == Card(suit.index, rank)
    assert typed_back([Card.parse("SA"), Card.parse("H10")]) == [Card(0, 14), Card(1, 10)]


@pytest.mark.parametrize("strain", list(Strain))
def test_every_contract_reads_back_as_itself(strain: Strain) -> None:
    for level in range(1, 8):
        for doubling in range(3):
            contract = Contract(level, strain, doubling)
            assert typed_back(contract) == contract, repr(contract)


def test_deals_and_tricks_read_back_as_themselves() -> None:
    deal = Deal.from_pbn(DEAL)
    assert repr(deal) == f"Deal.from_pbn({DEAL!r})" and typed_back(deal) == deal
    short = Deal.from_pbn("W:A... Q... .J.. ...2", allow_short=True)
    assert typed_back(short) == short
    uneven = Deal((frozenset(ALL_CARDS[:2]), frozenset(), frozenset(), frozenset()))
    assert typed_back(uneven) == uneven
    cards = (Card.parse("DK"), Card.parse("D2"), Card.parse("DA"), Card.parse("D4"))
    for leader in SEATS:
        trick = Trick(3, leader, cards)
        assert typed_back(trick) == trick, repr(trick)
