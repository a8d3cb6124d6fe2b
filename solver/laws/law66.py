"""Law 66 — Inspection of Tricks (Laws of Duplicate Bridge 2017).

66D: after play, quitted cards may be inspected to settle a claim of a revoke or the number of
tricks won; if, once such a dispute has arisen, a player mixes his cards so that the facts can
no longer be established, the Director rules in favour of the other side.

Encoded: a row given with ``when: after-dispute`` makes its player a 66D offender. Not encoded:
whether the other rows still settle the facts is what the engines establish: when they do (one
total), Law 79 decides and 66D is not needed.
"""

from __future__ import annotations

from solver.facts import Case, MixedWhen
from solver.laws.law65 import Offence


def law66d_mixed_after_dispute(case: Case) -> list[Offence]:
    """Law 66D: rows mixed after the dispute arose."""
    return [
        Offence(seat, "66D", f"{seat} mixed his quitted cards after the dispute had arisen")
        for seat, row in sorted(case.rows.items(), key=lambda item: item[0].index)
        if row.mixed and row.when is MixedWhen.AFTER_DISPUTE
    ]
