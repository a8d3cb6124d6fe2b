"""Law 47: retraction of a card played. Here 47E1, a lead out of turn made because an opponent
wrongly told its player that it was his lead, and 47E2, a card played because of a mistaken
explanation of an opponent's call or play.

47E1: such a lead is taken back with no further rectification: the card returns to its
owner's hand, no penalty card, and the opponent on the offender's left may not accept it.
The proper leader then leads. Under the 2017 code the retraction is compulsory; the 2007 code
says the lead "may be retracted", an option of the offender's, which a case records by giving
the response ``retracted-misinformed``, or the offender's choice ``retract-misinformed-turn``
(the two say the same; so nothing branches either way). The 1987 and 1997
wordings are not among the project's sources: the same reading is applied there, named. What
the card showed is information under Law 16C (authorized to the side that did not offend,
unauthorized to the offender's partner), for the Director; a card taken back establishes no
revoke (63A1), which the play model has no use for (the card is never played).

The engines read it as a lead out of turn whose trick the proper leader leads freely, the
offender still holding the card at its start (``irregular_play._lead_out_of_turn`` and the
CP-SAT and CSP encodings).

47E2(a): a player may retract a card he played because of a mistaken explanation of an
opponent's call or play, before a corrective explanation, without further rectification, but
only if no card was played after it (an opening lead not once dummy has faced a card); 47E2(b)
leaves an adjusted score when it is too late. A case records the retraction as the player's
choice ``retract-misexplained`` naming the card: in a history it is in his hand at the start
of that trick and is not his card to it (he played another one instead), no penalty card.
That the explanation was mistaken and the card retracted in time is the Director's finding
(``judge-misexplanation``), and what the card showed is information under 16C.
"""

from __future__ import annotations

from solver.facts.irregularity import RETRACTED_MISINFORMED, Choice, LeadOutOfTurn
from solver.laws.citation import Assumption, Reason


def law47e1_retracted(fact: LeadOutOfTurn) -> bool:
    """Was this lead out of turn taken back under 47E1?"""
    return fact.response == RETRACTED_MISINFORMED


def law47e1_reason(fact: LeadOutOfTurn, edition: int) -> Reason:
    """What 47E1 makes of the lead: back to the hand, no penalty card, no acceptance."""
    how = "must be" if edition >= 2017 else "may be, and was,"
    return Reason(
        "47E1",
        f"{fact.seat.full_name} led out of turn because an opponent had wrongly told him it "
        f"was his lead: the {fact.card} {how} taken back with no penalty card, "
        f"{fact.seat.lho.full_name} may not accept it, and the proper leader leads",
    )


def law47e1_information() -> Assumption:
    """16C, for the card taken back: ``judge-info-damage``."""
    return Assumption(
        "judge-info-damage",
        "16C",
        "a lead out of turn taken back under Law 47E1 showed a card: authorized to the side "
        "that did not offend, unauthorized to the offender's partner; whether that was used is "
        "the Director's judgement",
    )


def law47e1_edition(edition: int) -> Assumption | None:
    """Before 2007 the wording of 47E1 is not among the project's sources: the 2007 reading
    (the offender may take the lead back, the case saying he did; no acceptance) is applied,
    named ``interp-47E1-edition``; None from 2007."""
    if edition >= 2007:
        return None
    return Assumption(
        "interp-47E1-edition",
        "47E1",
        f"the {edition} wording of Law 47E1 is not encoded: a lead out of turn made on an "
        "opponent's wrong word is read as in the 2007 code (it may be taken back, which the "
        "case says it was, with no penalty card, and it cannot be accepted)",
    )


RETRACT_MISINFORMED_TURN = "retract-misinformed-turn"
RETRACT_MISEXPLAINED = "retract-misexplained"


def law47e1_choice(choice: Choice) -> bool:
    """Is this the offender's choice, under the 2007 code, to take back a lead out of turn
    made on an opponent's wrong word (the reader gives that lead the response
    ``retracted-misinformed``)?"""
    return choice.law == "47E1" and choice.option == RETRACT_MISINFORMED_TURN


def law47e1_choice_reason(choice: Choice) -> Reason:
    """The choice as the report gives it: the offender's, recorded (2007)."""
    return Reason(
        "47E1",
        f"{choice.chooser.full_name} chose to take back his lead out of turn to trick "
        f"{choice.trick}, made because an opponent had wrongly told him it was his lead (the "
        "2007 code lets him): it goes back to his hand, no penalty card, and the proper leader "
        "leads",
    )


def law47e2_retraction(choice: Choice) -> bool:
    """Is this a card retracted after a mistaken explanation (47E2(a))?"""
    return choice.law == "47E2" and choice.option == RETRACT_MISEXPLAINED


def law47e2_reason(choice: Choice) -> Reason:
    """What 47E2(a) makes of the card retracted."""
    return Reason(
        "47E2",
        f"{choice.chooser.full_name} retracted the {choice.card}, played to trick "
        f"{choice.trick} because of a mistaken explanation of an opponent's call or play: it "
        "goes back to the hand without rectification (no penalty card), and another card is "
        "his card to that trick",
    )


def law47e2_in_time() -> Assumption:
    """47E2(a): that the explanation was mistaken, the card played because of it, and retracted
    before a corrective explanation and before any card was played after it (an opening lead
    before dummy faced a card) is the Director's finding, taken from the case: the records do
    not show when it was retracted (``judge-misexplanation``)."""
    return Assumption(
        "judge-misexplanation",
        "47E2",
        "the case records a card retracted after a mistaken explanation: that the explanation "
        "was mistaken, the card played because of it, and retracted before any card was "
        "played after it (an opening lead before dummy faced a card) is taken as the "
        "Director's finding, not judged here; once too late, 47E2(b) leaves an adjusted score",
    )


def law47e2_information() -> Assumption:
    """16C, for the card retracted under 47E2: ``judge-info-damage``."""
    return Assumption(
        "judge-info-damage",
        "16C",
        "a card retracted after a mistaken explanation (47E2) showed something: authorized to "
        "its holder's opponents, unauthorized to his partner; whether that was used is the "
        "Director's judgement",
    )
