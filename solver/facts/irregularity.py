"""Irregularities during the play (Laws 45-60): what happened, as facts of the case.

These are the facts as the case file gives them. What the Laws then require of the offender
and allow the other side (the obligations) lives in ``solver.laws``; which card is a major or a
minor penalty card is decided there too (Law 50B), not here, since it depends on the edition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from solver.bridge import Card, Seat, Side

Exposure = Literal[
    "inadvertent", "deliberate", "lead-out-of-turn", "premature", "second-card", "exposed"
]
"""How a defender's card came to lie face up (Laws 49, 50B, 57A, 58B)."""

EXPOSURES: tuple[Exposure, ...] = (
    "inadvertent",
    "deliberate",
    "lead-out-of-turn",
    "premature",
    "second-card",
    "exposed",
)

PenaltyClass = Literal["major", "minor"]

Response = Literal["accepted", "refused"]
"""What the side entitled to choose did about a lead out of turn (Laws 53-56)."""


@dataclass(frozen=True, slots=True)
class PenaltyCard:
    """A defender's card lying face up before him, unplayed (Law 50)."""

    seat: Seat
    card: Card
    trick: int
    """The first trick (from 1) at whose start the card lies on the table: its obligations
    begin with that trick."""
    how: Exposure
    declared_class: PenaltyClass | None = None
    """``class:`` in the case file: the director's own classification, which overrides Law
    50B's (a judgement, shown as an assumption)."""
    by: Seat | Side | None = None
    """None when agreed; otherwise the side or player whose account this is."""

    def describe(self) -> str:
        return (
            f"{self.seat} {self.card} lies as a penalty card from trick {self.trick} ({self.how})"
        )


@dataclass(frozen=True, slots=True)
class LeadOutOfTurn:
    """A lead by a player who was not the proper leader (Laws 53-56)."""

    seat: Seat
    card: Card
    trick: int
    response: Response | None = None
    """None when the choice has not been made yet (the director was just called)."""
    by: Seat | Side | None = None

    def describe(self) -> str:
        state = self.response or "choice pending"
        return f"{self.seat} led {self.card} out of turn to trick {self.trick} ({state})"


@dataclass(frozen=True, slots=True)
class PrematurePlay:
    """A defender led or played before his partner had played (Law 57A)."""

    seat: Seat
    card: Card
    trick: int
    """The trick to which the card was led or played too early."""
    by: Seat | Side | None = None

    def describe(self) -> str:
        return f"{self.seat} played {self.card} prematurely to trick {self.trick}"


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice the Laws gave and that was made, named by its option (Laws 50D2, 51, 52-57)."""

    trick: int
    """The trick to which it applies: before whose lead it was made, or to which the card
    concerned was led or played."""
    chooser: Seat
    law: str
    """The sub-law giving the choice, as written (``50D2``, ``57A``, ...)."""
    option: str
    """Kebab-case option name: ``require-suit``, ``forbid-suit``, ``leave-penalty-card``,
    ``accept-lead``, ``refuse-lead``, ``partner-highest``, ..."""
    suits: tuple[int, ...] = ()
    """The suit or suits the option names (0 spades .. 3 clubs), when it names any."""
    card: Card | None = None
    """The card the option names (``designate-penalty-card``), when it names one."""
    by: Seat | Side | None = None

    def describe(self) -> str:
        named = "".join("SHDC"[s] for s in self.suits)
        extra = f" {named}" if named else (f" {self.card}" if self.card is not None else "")
        return f"{self.chooser} chose {self.option}{extra} (Law {self.law}) at trick {self.trick}"


Irregularity = PenaltyCard | LeadOutOfTurn | PrematurePlay | Choice
