"""Law 54: a faced opening lead out of turn."""

from __future__ import annotations

from solver.laws.choices import LawOption
from solver.laws.citation import Assumption


def law54_options(declarer: int) -> list[LawOption]:
    """54A-D: after a defender faces the opening lead out of turn, declarer may spread his
    hand and become dummy, his partner declaring (54A), accept the lead, dummy spread and
    the second card played from declarer's own hand (54B), or refuse it (54D): the proper
    leader then leads, the card becomes a major penalty card, and 50D2's choice follows at
    once since the proper leader is the offender's partner."""
    return [
        LawOption(declarer, "54B", "accept-lead"),
        LawOption(declarer, "54A", "declarer-becomes-dummy"),
        LawOption(declarer, "54D", "refuse-lead"),
    ]


def law54_sub_law(option: str) -> str:
    """The sub-law of an option a case records under ``law: 54`` (the law, not its letter)."""
    return next((o.law for o in law54_options(0) if o.option == option), "54")


def law54c_not_seen() -> Assumption:
    """54C: a declarer who could have seen any of dummy's cards (but those exposed during the
    auction) must accept the opening lead out of turn. Whether he could is a fact the case
    does not give: he is taken not to have, the assumption ``fact-declarer-saw-dummy``."""
    return Assumption(
        "fact-declarer-saw-dummy",
        "54C",
        "declarer is taken not to have seen any of dummy's cards before the choice (but those "
        "exposed during the auction): had he, he must accept the opening lead out of turn",
    )


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
