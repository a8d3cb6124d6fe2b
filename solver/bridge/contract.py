"""Contracts: level, strain and doubling (Law 77 needs all three)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum


class Strain(Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def trump_suit_index(self) -> int | None:
        """The trump suit's index in PBN order, or None at no trump."""
        return None if self is Strain.NOTRUMP else "SHDC".index(self.value)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Strain.{self.name}"


_CONTRACT = re.compile(r"^([1-7])(C|D|H|S|NT|N)(XX|X)?$")


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract.

    >>> Contract.parse("3NTX"), str(Contract.parse("4s")), Contract.parse("6DXX").doubling
    (Contract(level=3, strain=Strain.NOTRUMP, doubling=1), '4S', 2)
    """

    level: int
    strain: Strain
    doubling: int = 0
    """0 undoubled, 1 doubled, 2 redoubled."""

    @staticmethod
    def parse(text: str) -> Contract:
        match = _CONTRACT.match(str(text).strip().upper().replace(" ", ""))
        if not match:
            raise ValueError(
                f"bad contract {text!r} (expected level and strain, like 4S, 3NT or 3NTX)"
            )
        strain_text = "NT" if match.group(2) in ("N", "NT") else match.group(2)
        doubling = {None: 0, "X": 1, "XX": 2}[match.group(3)]
        return Contract(int(match.group(1)), Strain(strain_text), doubling)

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{'X' * self.doubling}"
