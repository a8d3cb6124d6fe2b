"""Law 79 — Tricks Won (Laws of Duplicate Bridge 2017).

79A: the number of tricks won is agreed before all four hands are returned to the board.
79B: if there is a disagreement, the Director is called; he rules on the score (79B2).

Encoded: when every history consistent with the facts gives declarer's side the same number of
tricks, that number is the Director's ruling on the score (79B2), whoever disputed it.
"""

from __future__ import annotations

from solver.laws.citation import Reason


def law79b_single_total(total: int, histories: int | None) -> Reason:
    """Law 79B: the facts admit one total: that is the score."""
    how_many = "every" if histories is None else f"all {histories}"
    return Reason(
        "79B",
        f"{how_many} play histories consistent with the facts give declarer's side {total} tricks",
    )
