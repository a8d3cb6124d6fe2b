"""Law 67: a defective trick found after both sides played to the next one (67B).

The engines find at which tricks the defect can have been; this module rules on each.

67B1, a player who did not play to a trick (he finishes with a card left over,
``play.unplayed``): he faces a card and puts it among his played cards; the ownership of the
trick does not change. (a) If he holds a card of the suit led he must choose it, (b) otherwise
any card. Either way (2007 and 2017) the failure to play is a revoke and one trick is
transferred as in 64A2. 1987/1997: (a) was no revoke, so no trick was transferred when he held
the suit.

67B2, a player who played two cards to one trick (his row of 13 cards, the others of 12): the
surplus card goes back to his hand and the card faced to the trick stays; when nobody can tell
which that was, the highest card he could legally have played stays (``surplus_counted``). The
card back in his hand counts as having belonged to it all along, so failing to play it to an
earlier trick may be a revoke (the engines record those, ``RevokeEvent.restored``); he plays it
to trick 13.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.bridge import SEATS, Card, Seat
from solver.facts import Case
from solver.facts.history import DoublePlay, RevokeEvent
from solver.laws.citation import Assumption, Reason
from solver.laws.law61 import SUIT_NAMES

TRICK_OWNERSHIP = Assumption(
    "67B2-trick-ownership",
    "67B2",
    "the trick with two cards of one player is won as if the card left in it had been his only "
    "card: the Laws say for 67B1 that ownership does not change, and are silent for 67B2",
)
HIGHEST_CARD = Assumption(
    "67B2-highest-card",
    "67B2",
    "nobody can tell which of the two cards was faced, so the highest card he could legally "
    "have played stays in the trick: of the suit led if he held it, else a trump before a "
    "plain card, then the higher rank (of equal ranks, the higher suit)",
)
DEEMED_ESTABLISHED = Assumption(
    "67B2-deemed-revoke",
    "67B2",
    "failing to play the restored card to an earlier trick is treated as a revoke established "
    "at that trick and assessed under Law 64",
)


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
    if case.edition <= 1997 and holds_suit:
        return (
            0,
            "67B1",
            (
                facts,
                Reason("67B1", f"{case.edition} Laws: having the suit led, he incurs no penalty"),
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


@dataclass(frozen=True, slots=True)
class DoublePlayFinding:
    """Law 67B2 on one group of histories: where he played two cards, which stays, which
    goes back to his hand."""

    seat: Seat
    trick: int
    """1-based."""
    card_left: Card
    card_restored: Card
    reasons: tuple[Reason, ...]
    assumptions: tuple[Assumption, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": str(self.seat),
            "trick": self.trick,
            "card_left": str(self.card_left),
            "card_restored": str(self.card_restored),
            "citation": "67B2",
        }


def law67b2(case: Case, double_play: DoublePlay, deemed: int) -> DoublePlayFinding:
    """The double play of a group; ``deemed``: how many revokes the restored card makes."""
    assert case.surplus is not None
    seat = case.surplus
    trick, left, restored = double_play
    card_left, card_restored = Card.from_index(left), Card.from_index(restored)
    reasons = [
        Reason(
            "67B2",
            f"{seat.full_name} played two cards, {card_left} and {card_restored}, to trick "
            f"{trick + 1}: {card_left} stays in the trick (the highest he could legally have "
            f"played) and {card_restored} goes back to his hand; he plays it to trick 13",
        )
    ]
    assumptions = [HIGHEST_CARD, TRICK_OWNERSHIP]
    if deemed:
        reasons.append(
            Reason(
                "67B2",
                f"{card_restored} counts as having been in his hand all along: not playing it "
                f"to {'a later trick' if deemed == 1 else 'later tricks'} of its suit is a "
                "revoke",
            )
        )
        assumptions.append(DEEMED_ESTABLISHED)
    return DoublePlayFinding(
        seat, trick + 1, card_left, card_restored, tuple(reasons), tuple(assumptions)
    )


def law67b2_deemed_revoke(event: RevokeEvent) -> Reason:
    """The revoke a restored card makes of an earlier discard."""
    seat = SEATS[event.seat]
    suit = SUIT_NAMES[event.suit]
    return Reason(
        "67B2",
        f"{seat.full_name} did not follow to trick {event.trick + 1} ({suit} led): the "
        f"{suit[:-1]} restored to his hand counts as held then, so this is a revoke",
    )
