"""Law 67: a defective trick found after both sides played to the next one (67B).

Only the missing card is modelled: a player who did not play to a trick finishes with a card
left over (``play.unplayed``). The engines find at which tricks he can have missed; this module
rules on each.

67B1: he faces a card and puts it among his played cards; the ownership of the trick does not
change. (a) If he holds a card of the suit led he must choose it, (b) otherwise any card. Either
way (2007 and 2017) the failure to play is a revoke and one trick is transferred as in 64A2.
1987/1997: (a) was no revoke, so no trick was transferred when he held the suit.
"""

from __future__ import annotations

from solver.bridge import SEATS, Card
from solver.engines.problem import RevokeEvent
from solver.facts import Case
from solver.laws.citation import Reason
from solver.laws.law61 import SUIT_NAMES


def card_added(case: Case, event: RevokeEvent) -> Card | None:
    """The card he faces and adds (``play.unplayed``)."""
    return case.unplayed.get(SEATS[event.seat])


def held_after_play(case: Case, event: RevokeEvent) -> list[Card]:
    """The cards he still holds when the defect is found: dealt to him and not in his row."""
    seat = SEATS[event.seat]
    row = case.rows.get(seat)
    played = set(row.cards) if row is not None else set()
    return sorted(case.deal.hand(seat) - played)


def law67b1(case: Case, event: RevokeEvent) -> tuple[int, str, tuple[Reason, ...]]:
    """Transfer, deciding citation and reasons for a trick this player did not play to."""
    seat = SEATS[event.seat]
    added = card_added(case, event)
    of_suit = [c for c in held_after_play(case, event) if c.suit_index == event.suit]
    holds_suit = bool(of_suit)
    if not holds_suit:
        which = f"he holds no {SUIT_NAMES[event.suit][:-1]} and adds {added} (67B1(b))"
    elif added in of_suit:
        which = f"he holds {added}, of the suit led, and must add it (67B1(a))"
    else:
        names = " ".join(str(c) for c in of_suit)
        which = f"holding {names} of the suit led he must add one of them, not {added} (67B1(a))"
    facts = Reason(
        "67B1",
        f"{seat.full_name} did not play to trick {event.trick + 1} ({SUIT_NAMES[event.suit]} "
        f"led): {which}; who won the trick does not change",
    )
    if case.edition == 1997 and holds_suit:
        return (
            0,
            "67B1",
            (
                facts,
                Reason("67B1", "1997 Laws: having the suit led, he incurs no penalty"),
            ),
        )
    if not event.side_won and not event.side_later:
        return (
            0,
            "64B1",
            (
                facts,
                Reason(
                    "64B1",
                    "the failure to play is a revoke (67B1), but his side won neither that "
                    "trick nor a later one: no transfer",
                ),
            ),
        )
    return (
        1,
        "67B1",
        (
            facts,
            Reason(
                "64A2",
                "the failure to play counts as a revoke (67B1): one trick is transferred as in "
                "64A2, his side having won that trick or a later one",
            ),
        ),
    )
