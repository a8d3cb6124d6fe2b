"""Tests of the table's values: cards, seats, sides, suits, contracts, deals, tricks."""
