"""Law 55: declarer's lead out of turn."""

from __future__ import annotations

from solver.laws.choices import LawOption


def law55a_options(chooser: int) -> list[LawOption]:
    """55A-B: either defender may accept declarer's lead out of turn (55A; when they differ,
    the one next in turn after it decides) or require him to lead from the right hand (55B):
    the card goes back to his hand and is no penalty card (declarer's cards never are, 48A)."""
    return [
        LawOption(chooser, "55A", "accept-lead"),
        LawOption(chooser, "55B", "refuse-lead"),
    ]
