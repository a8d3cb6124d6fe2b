"""Law 54: a faced opening lead out of turn."""

from __future__ import annotations

from solver.laws.choices import LawOption
from solver.laws.citation import Assumption


def law54_options(declarer: int) -> list[LawOption]:
    """54A-D: after a defender faces the opening lead out of turn, declarer may accept it and
    play second from his own hand (54A), accept it and become dummy, his partner declaring
    (54B), or refuse it (54D): the proper leader then leads, the card becomes a major
    penalty card, and 50D2's choice follows at once since the proper leader is the
    offender's partner."""
    return [
        LawOption(declarer, "54A", "accept-lead"),
        LawOption(declarer, "54B", "declarer-becomes-dummy"),
        LawOption(declarer, "54D", "refuse-lead"),
    ]


def law54_before_2007(edition: int) -> Assumption:
    """Law 54 as worded before 2007 is not among the project's sources (its 1987 and 1997
    texts): the options of the 2007 and 2017 codes are applied, the assumption
    ``interp-54-options``."""
    return Assumption(
        "interp-54-options",
        "54",
        f"the {edition} wording of Law 54 is not encoded: the options the 2007 and 2017 codes "
        "give after an opening lead out of turn (accept, become dummy, refuse) are applied",
    )
