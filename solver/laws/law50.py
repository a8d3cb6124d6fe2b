"""Law 50: penalty cards of one defender; here 50D2, declarer's choice before his partner leads.

(Law 50C's limit on a minor penalty card and 50D1's duty to play a major one at the first
legal opportunity are in the legal-play rule, ``solver.laws.obligations.legal_plays``.)
"""

from __future__ import annotations

from solver.laws.choices import LawOption
from solver.laws.obligations import Obligations, penalty_suits


def law50d2_options(state: Obligations, leader: int, declarer: int) -> list[LawOption]:
    """50D2(a)-(b): the partner of a defender with a major penalty card is to lead, and its
    cards are of one suit: declarer may require the lead of that suit, forbid it (while the
    leader retains the lead), or leave the card where it lies. With cards of several suits
    the choice is Law 51B's (``law51.law51b_options``)."""
    suits = penalty_suits(state, (leader + 2) % 4)
    named = tuple(s for s in range(4) if suits >> s & 1)
    if len(named) != 1:
        return []
    return [
        LawOption(declarer, "50D2(a)", "require-suit", named),
        LawOption(declarer, "50D2(a)", "forbid-suit", named),
        LawOption(declarer, "50D2(b)", "leave-penalty-card"),
    ]
