"""Law 59: inability to lead or play as required.

A player unable to lead or play as a rectification or an option requires (a lead of a suit he
does not hold, a 57A order he cannot meet) plays any otherwise legal card; the requirement
that cannot be met is dropped for that turn. ``obligations.legal_plays`` applies it to each
restriction in turn: what obeys the restriction if anything does, else what was legal before
it. Following suit (Law 44) is never dropped.
"""

from __future__ import annotations


def law59_comply_if_able(legal: int, complying: int) -> int:
    """The cards a player may play under a restriction (card masks): those that comply with
    it, or, when none does, every card that was legal without it."""
    return complying if complying else legal
