"""Law 55: declarer's lead out of turn."""

from __future__ import annotations

from solver.laws.choices import LawOption
from solver.laws.citation import Assumption


def law55a_options(chooser: int) -> list[LawOption]:
    """55A-B: either defender may accept declarer's lead out of turn (55A; when they differ,
    the one next in turn after it decides) or require him to lead from the right hand (55B):
    the card goes back to his hand and is no penalty card (declarer's cards never are, 48A)."""
    return [
        LawOption(chooser, "55A", "accept-lead"),
        LawOption(chooser, "55B", "refuse-lead"),
    ]


def law55a_defenders_differ(kept: str, set_aside: str) -> Assumption:
    """55A: the defenders answered declarer's lead out of turn differently; the answer of the
    one next in turn after it applies (the case reader keeps it and sets the other aside)."""
    return Assumption(
        "law-55a-defenders-differ",
        "55A",
        f"the defenders answered declarer's lead out of turn differently: {kept} applies, as "
        f"the player next in turn after the lead; {set_aside} is set aside",
    )


def law55c_information() -> Assumption:
    """55C: declarer's lead out of turn, accepted or taken back, may have told him something
    (a defender's hand shown by the choice, the card seen): the Director may adjust. The
    engines consider every legal play: the assumption ``judge-info-damage``."""
    return Assumption(
        "judge-info-damage",
        "55C",
        "whether declarer gained from his lead out of turn information useful to him, so that "
        "the Director awards an adjusted score, is the Director's judgement: it is not "
        "judged here",
    )
