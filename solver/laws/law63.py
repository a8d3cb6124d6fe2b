"""Law 63: when a revoke becomes established (and so can no longer be corrected, 63B).

63A1: the offender or his partner leads or plays to the following trick. In a history every
player plays to every trick after the revoke trick, so a revoke is established exactly when the
history goes on past its trick. (63A2-A4, naming a card, claiming, agreeing to a claim, do not
arise in a case without a claim.)
"""

from __future__ import annotations

from solver.engines.problem import RevokeEvent
from solver.laws.citation import Reason


def law63a_established(event: RevokeEvent, tricks_played: int) -> tuple[bool, Reason]:
    """Is the revoke established, and why (63A1)."""
    trick = event.trick + 1
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
