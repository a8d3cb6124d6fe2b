"""The table: cards, seats, deal, contract, trick mechanics (Law 44) and scoring (Law 77)."""

from solver.bridge.cards import ALL_CARDS, SUITS, Card, Suit, parse_cards
from solver.bridge.contract import Contract, Strain
from solver.bridge.deal import Deal
from solver.bridge.play import Trick, legal_cards, winning_position
from solver.bridge.scoring import duplicate_score, result_notation
from solver.bridge.seats import SEATS, Seat, Side

__all__ = [
    "ALL_CARDS",
    "SEATS",
    "SUITS",
    "Card",
    "Contract",
    "Deal",
    "Seat",
    "Side",
    "Strain",
    "Suit",
    "Trick",
    "duplicate_score",
    "legal_cards",
    "parse_cards",
    "result_notation",
    "winning_position",
]
