"""Seats and sides around the table, with the clockwise order of Law 44B."""

from __future__ import annotations

from enum import Enum


class Seat(Enum):
    """A seat at the table.

    The short names are aliases, so that the compact repr evaluates; iteration and ``len``
    still see four seats.

    >>> Seat.NORTH.lho, Seat.NORTH.rho, Seat.NORTH.partner, Seat.NORTH.side
    (Seat.E, Seat.W, Seat.S, Side.NS)
    >>> Seat.W is Seat.WEST, len(Seat)
    (True, 4)
    """

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"
    N = NORTH
    E = EAST
    S = SOUTH
    W = WEST

    @property
    def index(self) -> int:
        """0 North, 1 East, 2 South, 3 West (clockwise)."""
        return "NESW".index(self.value)

    @staticmethod
    def from_index(index: int) -> Seat:
        return SEATS[index % 4]

    @staticmethod
    def parse(text: str) -> Seat:
        """Read 'N', 'E', 'S' or 'W'; raises ValueError."""
        cleaned = str(text).strip().upper()
        if cleaned not in ("N", "E", "S", "W"):
            raise ValueError(f"unknown seat {text!r} (expected N, E, S or W)")
        return SEATS["NESW".index(cleaned)]

    @property
    def full_name(self) -> str:
        """The seat's name for messages and reports: "North"."""
        return self.name.capitalize()

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next player clockwise."""
        return Seat.from_index(self.index + 1)

    @property
    def rho(self) -> Seat:
        return Seat.from_index(self.index + 3)

    @property
    def partner(self) -> Seat:
        return Seat.from_index(self.index + 2)

    @property
    def side(self) -> Side:
        return Side.NS if self.index % 2 == 0 else Side.EW

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        """``Seat.E``: short in dicts and lists, and it evaluates (the alias of EAST)."""
        return f"Seat.{self.value}"


class Side(Enum):
    """A partnership."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    @staticmethod
    def parse(text: str) -> Side:
        cleaned = str(text).strip().upper()
        if cleaned not in ("NS", "EW"):
            raise ValueError(f"unknown side {text!r} (expected NS or EW)")
        return Side(cleaned)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Side.{self.value}"


SEATS: tuple[Seat, ...] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
