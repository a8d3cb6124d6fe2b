"""Law 79 — Tricks Won (Laws of Duplicate Bridge 2017).

79A: the number of tricks won is agreed before all four hands are returned to the board.
79B: if there is a disagreement, the Director is called; he rules on the score (79B2).

Encoded: when every history consistent with the facts gives declarer's side the same number of
tricks, that number is the Director's ruling on the score (79B2), whoever disputed it.
"""

from __future__ import annotations

from solver.laws.citation import Reason


def law79b_single_total(total: int, histories: int | None, *, adjusted: bool = False) -> Reason:
    """Law 79B: the facts admit one total: that is the score. ``adjusted``: the total is the one
    after the revoke adjustments of Laws 62-64, not the tricks won in play.

    >>> print(law79b_single_total(9, 1))
    Law 79B: the one play history consistent with the facts gives declarer's side 9 tricks
    >>> law79b_single_total(10, 3, adjusted=True).text.endswith("once the revoke adjustments "
    ...     "are made (Laws 62-64)")
    True
    """
    if histories == 1:
        said = "the one play history consistent with the facts gives"
    else:
        how_many = "every" if histories is None else f"all {histories}"
        said = f"{how_many} play histories consistent with the facts give"
    after = " once the revoke adjustments are made (Laws 62-64)" if adjusted else ""
    return Reason("79B", f"{said} declarer's side {total} tricks{after}")
