"""Law 54: a faced opening lead out of turn."""

from __future__ import annotations

from solver.laws.choices import LawOption


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
