"""Law 63: when a revoke becomes established (and so can no longer be corrected, 63B).

63A1: the offender or his partner leads or plays to the following trick. In a history every
player plays to every trick after the revoke trick, so a revoke is established exactly when the
history goes on past its trick. On the last trick before a claim: 63A3, the offender or his
partner claims or concedes; 63A4, he or his partner agrees to the opponents' claim (the case's
``claim.agreed``: agreed, even if withdrawn later). 63A2 (naming a card) is not modelled.
"""

from __future__ import annotations

from solver.bridge import SEATS
from solver.facts import Claim
from solver.facts.history import RevokeEvent
from solver.laws.citation import Reason


def law63a_established(
    event: RevokeEvent, tricks_played: int, claim: Claim | None = None
) -> tuple[bool, Reason]:
    """Is the revoke established, and why (63A1, or 63A3/63A4 by the claim after it)."""
    trick = event.trick + 1
    if trick == tricks_played and claim is not None:
        return _by_the_claim(event, claim)
    if trick < tricks_played:
        return True, Reason(
            "63A1",
            f"the revoke on trick {trick} was established when the offending side played to "
            f"trick {trick + 1}",
        )
    return False, Reason(
        "63A1",
        f"play stopped after trick {trick}: the revoke was not established and is to be "
        "corrected (62A); the corrected trick is not recomputed here",
    )


def _by_the_claim(event: RevokeEvent, claim: Claim) -> tuple[bool, Reason]:
    """A revoke on the last trick before a claim: established only by the claim (63A3, 63A4)."""
    trick = event.trick + 1
    offenders = SEATS[event.seat].side
    if claim.by.side is offenders:
        what = "conceded" if claim.tricks == 0 else "claimed"
        return True, Reason(
            "63A3",
            f"the revoke on trick {trick} was established when {claim.by.full_name}, of the "
            f"offending side, {what} after it",
        )
    if claim.agreed or claim.claimer_asks_more:  # the claim was agreed at the table
        return True, Reason(
            "63A4",
            f"the revoke on trick {trick} was established when the offending side agreed to "
            f"{claim.by.full_name}'s claim",
        )
    return False, Reason(
        "63A",
        f"the revoke on trick {trick} was not established: the opponents claimed and the "
        "offending side did not agree; it is to be corrected (62A), which is not recomputed here",
    )
