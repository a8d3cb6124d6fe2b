"""Law 61A: what a revoke is. The engines find revokes (``problem.revokes_in``); this module
says in words what was found, for the report."""

from __future__ import annotations

from solver.bridge import SEATS
from solver.facts.history import RevokeEvent
from solver.laws.citation import Reason

SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


def law61a_revoke(event: RevokeEvent) -> Reason:
    """61A: failing to follow suit while able is a revoke."""
    seat = SEATS[event.seat]
    return Reason(
        "61A",
        f"{seat.full_name} did not follow to trick {event.trick + 1} ({SUIT_NAMES[event.suit]} "
        f"led) while holding a card of that suit: a revoke",
    )
