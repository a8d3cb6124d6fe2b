"""Law 49 (and 58B2): how a defender's card comes to lie face up as a penalty card.

49: a defender's card exposed other than in the normal course of play (dropped face up, held
so that partner could see its face, shown or named as held) is left face up on the table as a
penalty card, and Law 50 then governs it. 58B2: a defender who plays two or more cards to a
trick at once plays the one he designates, and the others become penalty cards.

A case gives each penalty card with ``how`` it was exposed. The cards that other laws leave as
penalty cards (a lead out of turn refused, 54 and 56; a premature play, 57A; a card played in
breach of an obligation and rejected, 52B2) are cited by those laws' own entries; this module
names the law for the exposures themselves, so that the report says why the card is on the
table before Law 50B says which class it is.
"""

from __future__ import annotations

from solver.facts.irregularity import PenaltyCard
from solver.laws.citation import Reason

EXPOSED = frozenset({"inadvertent", "deliberate", "exposed"})
"""The ways of exposure Law 49 covers: by accident, on purpose, or not said which."""

_WAYS = {
    "inadvertent": "exposed by accident",
    "deliberate": "exposed on purpose",
    "exposed": "exposed (seen by partner or named as held)",
}


def law49_exposure(penalty_card: PenaltyCard) -> Reason | None:
    """Why the card lies as a penalty card, when it was exposed rather than led or played
    wrongly: 49 for an exposure, 58B2 for a second card played with the one meant; None
    for the ``how`` that another law's entry cites (a lead out of turn, a premature play).

    >>> from solver.bridge import Card, Seat
    >>> law49_exposure(PenaltyCard(Seat.W, Card.parse("C5"), 8, "inadvertent")).citation
    '49'
    >>> law49_exposure(PenaltyCard(Seat.E, Card.parse("H3"), 4, "second-card")).citation
    '58B2'
    >>> law49_exposure(PenaltyCard(Seat.E, Card.parse("HA"), 4, "premature")) is None
    True
    """
    name, card = penalty_card.seat.full_name, penalty_card.card
    if penalty_card.how in EXPOSED:
        return Reason(
            "49",
            f"{name}'s {card} was {_WAYS[penalty_card.how]} outside the normal course of "
            "play: a defender's exposed card lies face up as a penalty card (Law 50)",
        )
    if penalty_card.how == "second-card":
        return Reason(
            "58B2",
            f"{name}'s {card} was played to a trick at the same time as the card he "
            "played: a defender's card played with another is a penalty card (Law 50)",
        )
    return None
