"""Law 56: a defender's lead out of turn after the opening lead."""

from __future__ import annotations

from solver.laws.choices import LawOption


def law56_options(declarer: int) -> list[LawOption]:
    """56 with 53A and 54D: declarer may accept a defender's lead out of turn, play going on
    from the offender (53A), or refuse it: the proper leader leads and the card becomes a
    major penalty card (54D applied by Law 56), so that 50D2's choice follows whenever the
    offender's partner is to lead while it lies there."""
    return [
        LawOption(declarer, "53A", "accept-lead"),
        LawOption(declarer, "56", "refuse-lead"),
    ]
