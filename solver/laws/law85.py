"""Law 85 — Rulings on Disputed Facts (Laws of Duplicate Bridge 2017).

85A1: the Director bases his view of the facts on the balance of probabilities. 85B: when the
facts cannot be determined, he makes a ruling that permits play to continue.

Encoded: when the consistent histories leave several totals and no rule against an offender
decides between them, the ruling is left undetermined, with the totals and what separates them,
for the Director's decision on the balance of probabilities.
"""

from __future__ import annotations

from solver.laws.citation import Reason


def law85a_balance_of_probabilities(totals: list[int], why: str) -> Reason:
    listed = ", ".join(str(t) for t in totals)
    return Reason(
        "85A",
        f"the facts admit {listed} tricks for declarer's side and {why}; the Director decides "
        "on the balance of probabilities",
    )
