"""Law 71 — Concession Cancelled (Laws of Duplicate Bridge 2017).

71: a concession stands, but within the Correction Period the Director cancels the concession
of a trick that (A) the side had already won, or (B) it could not have lost by any normal play
of the remaining cards.

Encoded: 71B, when the worst normal line for the claimer gives his side more tricks than he
claimed (so he conceded tricks no normal play could lose), unless the case says the
Correction Period is over. When the table agreed and the claimer later asks for a trick back
(``claim.claimer_asks_more``), 71B is always the question and is always answered: restored, or
not because a normal play could lose the trick. Not encoded: 71A (a trick already won): trick
counts before the claim are taken from the case as agreed.
"""

from __future__ import annotations

from solver.facts import Claim
from solver.laws.citation import Reason


def law71b_unlosable_concession(claim: Claim, claimer_tricks: int) -> Reason | None:
    """Law 71B: conceded tricks no normal play could lose are restored in time."""
    if claimer_tricks <= claim.tricks:
        return None
    extra = claimer_tricks - claim.tricks
    if claim.correction_period_over:
        return Reason(
            "71",
            f"{extra} conceded trick(s) could not be lost by any normal play, but the question "
            "was raised after the Correction Period: the concession stands",
        )
    return Reason(
        "71B",
        f"{extra} conceded trick(s) could not be lost by any normal play: the concession is "
        "cancelled and they are restored to the claimer's side",
    )


def law71b_asked_back(claim: Claim, claimer_tricks: int) -> Reason:
    """Law 71B on an agreed claim whose claimer asks for a conceded trick back: restored when
    no normal play could lose it (in time), else the concession stands."""
    restored = law71b_unlosable_concession(claim, claimer_tricks)
    if restored is not None:
        return restored
    return Reason(
        "71B",
        f"the claimer asks for a conceded trick back, but on the worst normal line his side takes "
        f"{claimer_tricks} of the {claim.position.tricks_left} tricks left, not more than the "
        f"{claim.tricks} agreed: a normal play could lose every trick conceded, so none is "
        "restored",
    )
