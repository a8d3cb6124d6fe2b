"""Law 51: two or more penalty cards of one defender."""

from __future__ import annotations

from itertools import combinations

from solver.laws.choices import LawOption
from solver.laws.obligations import Obligations, penalty_suits


def law51b_options(state: Obligations, leader: int, declarer: int) -> list[LawOption]:
    """51B2: the holder's partner is to lead and the penalty cards are of two or more suits:
    declarer may require the lead of any one of those suits (51B2(a)), forbid the lead of any
    one or more of them while the leader retains the lead (51B2(b)), or leave them (51B2(c)).
    Cards of one suit only are 51B1, which is 50D2's choice (``law50.law50d2_options``)."""
    suits = penalty_suits(state, (leader + 2) % 4)
    named = tuple(s for s in range(4) if suits >> s & 1)
    if len(named) < 2:
        return []
    options = [LawOption(declarer, "51B2(a)", "require-suit", (s,)) for s in named]
    for size in range(1, len(named) + 1):
        for chosen in combinations(named, size):
            options.append(LawOption(declarer, "51B2(b)", "forbid-suits", chosen))
    options.append(LawOption(declarer, "51B2(c)", "leave-penalty-cards"))
    return options
