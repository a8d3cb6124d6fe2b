"""The outcome a consistent history belongs to: what the Laws rule on, group by group.

Histories are grouped by declarer's tricks in play, the revokes they contain (Laws 61-64) and
the double play, if any (Law 67B2). The engines pack an outcome into one integer on their hot
paths (``solver.engines.problem``); everything above them sees an ``Outcome``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import total_ordering

from solver.facts.history import DoublePlay, RevokeEvent
from solver.facts.irregularity import ChoiceMade, choices_bits


@total_ordering
@dataclass(frozen=True, slots=True, eq=True)
class Outcome:
    """One outcome group: declarer's tricks as played, the revokes, the double play.

    Outcomes sort in the order reports list them: fewer revokes first; then by the revokes,
    the latest compared first (each by its faced penalty card, deemed, defective, trick-12 and
    trick-transfer facts, then suit, seat and trick: ``_event_order``); then by the double
    play (none first); then by declarer's tricks. It is the order of the engines' packed keys
    (``tests/engines/test_outcome.py`` holds the two to agree).

    >>> Outcome(9) < Outcome(10) < Outcome(8, (RevokeEvent(3, 1, 0, False, True, 1, False),))
    True
    """

    declarer_tricks: int
    """Declarer's side's tricks in play (before any revoke adjustment)."""
    revokes: tuple[RevokeEvent, ...] = ()
    """The revokes of the histories of this group, in trick order."""
    double_play: DoublePlay | None = None
    """Law 67B2: the trick a player dropped two cards on, with the card left and the card
    returned; None without one."""
    choices: tuple[ChoiceMade, ...] = ()
    """The choices the Laws gave after an irregularity (Laws 50-57) that the histories of
    this group assume, in trick order; empty without irregularities."""

    def _order(self) -> tuple[object, ...]:
        return (
            len(self.revokes),
            tuple(_event_order(event) for event in reversed(self.revokes)),
            choices_bits(self.choices),
            () if self.double_play is None else (self.double_play[::-1]),
            self.declarer_tricks,
        )

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return self._order() < other._order()


def _event_order(event: RevokeEvent) -> tuple[int, ...]:
    return (
        event.faced,
        event.restored,
        event.defective,
        event.actual_tricks,
        event.corrected_tricks,
        event.replayed_tricks,
        event.won_later_with_suit,
        min(event.side_later, 2),
        event.side_won,
        event.revoker_won,
        event.suit,
        event.seat,
        event.trick,
    )
