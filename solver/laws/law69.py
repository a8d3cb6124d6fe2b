"""Law 69 — Acquiescence in a Claim or Concession (Laws of Duplicate Bridge 2017).

69A: agreement to a claim is established when the side assents and raises no objection before
calling on a later board or before the round ends. 69B: within the Correction Period an
agreement may be withdrawn if the player agreed to lose a trick his side had actually won, or
one it would *likely* have won had play continued.

Encoded: when the opponents agreed and later withdrew, the tool reports what the Director
needs: if no normal line gives them a trick beyond the claim, the agreement stands; otherwise
how many tricks they take on the worst normal line for the claimer (a trick they *could* win),
leaving to the Director whether it was *likely* (69B2's test is stricter than 70's "normal").
When the table agreed and it is the claimer who later asks for more (``claim.claimer_asks_more``),
the agreement stands (69A): the tricks agreed are never lowered, and only Law 71 can add to them.
"""

from __future__ import annotations

from solver.facts import Claim
from solver.laws.citation import Reason


def law69b_withdrawn_agreement(claim: Claim, claimer_tricks: int) -> tuple[Reason, bool]:
    """Law 69B: (reason, settled). Not settled means the Director must judge "likely"."""
    if claimer_tricks >= claim.tricks:
        return (
            Reason(
                "69B",
                "the opponents agreed to the claim; no normal line gives them a trick beyond it, "
                "so the agreement stands",
            ),
            True,
        )
    could = claim.tricks - claimer_tricks
    return (
        Reason(
            "69B2",
            f"the opponents agreed, then withdrew: on the worst normal line for the claimer they "
            f"take {could} more trick(s); the Director decides whether they would likely have "
            "won them had play continued",
        ),
        False,
    )


def law69a_agreement_stands(claim: Claim) -> Reason:
    """Law 69A: the table agreed the claim; it is the claimer who now asks for more, so the
    agreement stands and the tricks agreed are never lowered (Law 70 does not apply)."""
    return Reason(
        "69A",
        f"the opponents agreed to {claim.tricks} of the {claim.position.tricks_left} tricks left: "
        "the agreement stands and is not lowered; only a conceded trick the claimer asks back "
        "is in question (Law 71), not the claim (Law 70 does not apply)",
    )
