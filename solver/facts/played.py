"""A consistent history as a reader sees it: seats, cards and winners, trick by trick.

The engines keep a history as integers (``solver.facts.history``: per trick the leader and the
card index of each seat). ``PlayedHistory`` is the same history for a person or a program
using the Python API (``Analysis.histories()``), and what the JSON's ``listed`` is written from.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.bridge import SEATS, Card, Seat
from solver.bridge.masks import trick_winner
from solver.facts.case import Case
from solver.facts.history import PHANTOM, History


@dataclass(frozen=True, slots=True)
class DroppedCard:
    """Law 67B2: the second card a player dropped on a trick (returned to his hand, played to
    trick 13)."""

    seat: Seat
    card: Card | None


@dataclass(frozen=True, slots=True)
class HistoryTrick:
    """One trick of a history."""

    number: int
    """1-based."""
    leader: Seat
    cards: dict[Seat, Card | None]
    """Each seat's card, in the order played from the leader; None where the player played no
    card (a defective trick, Law 67)."""
    winner: Seat
    surplus: DroppedCard | None = None
    """The card a player dropped on this trick besides his own (Law 67B2), if any."""
    restored: bool = False
    """Trick 13 after a double play: played with the card Law 67B2 returned to the hand."""

    def __str__(self) -> str:
        cards = " ".join("--" if card is None else str(card) for card in self.cards.values())
        return f"{self.number:>2} {self.leader}: {cards} (won by {self.winner})"


@dataclass(frozen=True, slots=True)
class PlayedHistory:
    """A consistent history, trick by trick.

    >>> from solver import analyse, load_case
    >>> analysis = analyse(load_case("cases/example-mixed-row.yaml"))
    >>> first = analysis.histories()[0].tricks[0]
    >>> str(first.leader), str(first.winner), [str(card) for card in first.cards.values()]
    ('W', 'E', ['C3', 'CK', 'CA', 'C6'])
    """

    tricks: tuple[HistoryTrick, ...]

    @classmethod
    def of(cls, case: Case, history: History) -> PlayedHistory:
        """The history ``history`` (integers, as the engines give it) of the case ``case``."""
        trump = case.contract.strain.trump_suit_index
        tricks = []
        for number, (leader, cards) in enumerate(history, start=1):
            surplus = None
            if len(cards) == 5 and case.surplus is not None:
                surplus = DroppedCard(case.surplus, _card(cards[4]))
            tricks.append(
                HistoryTrick(
                    number=number,
                    leader=SEATS[leader],
                    cards={
                        SEATS[seat]: _card(cards[seat])
                        for seat in ((leader + i) % 4 for i in range(4))
                    },
                    winner=SEATS[trick_winner(leader, cards, trump)],
                    surplus=surplus,
                    restored=number == 13 and case.surplus is not None,
                )
            )
        return cls(tuple(tricks))

    @property
    def double_play(self) -> HistoryTrick | None:
        """The trick a player dropped two cards on (Law 67B2), if any."""
        return next((trick for trick in self.tricks if trick.surplus is not None), None)

    def __str__(self) -> str:
        return "\n".join(str(trick) for trick in self.tricks)


def _card(index: int) -> Card | None:
    return None if index == PHANTOM else Card.from_index(index)
