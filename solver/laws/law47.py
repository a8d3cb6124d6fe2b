"""Law 47: retraction of a card played. Here 47E1, a lead out of turn made because an opponent
wrongly told its player that it was his lead.

47E1: such a lead is taken back with no further rectification: the card returns to its
owner's hand, no penalty card, and the opponent on the offender's left may not accept it.
The proper leader then leads. Under the 2017 code the retraction is compulsory; the 2007 code
says the lead "may be retracted", an option of the offender's, which a case records by giving
the response ``retracted-misinformed`` (so nothing branches either way). The 1987 and 1997
wordings are not among the project's sources: the same reading is applied there, named. What
the card showed is information under Law 16C (authorized to the side that did not offend,
unauthorized to the offender's partner), for the Director; a card taken back establishes no
revoke (63A1), which the play model has no use for (the card is never played).

The engines read it as a lead out of turn whose trick the proper leader leads freely, the
offender still holding the card at its start (``irregular_play._lead_out_of_turn`` and the
CP-SAT and CSP encodings).
"""

from __future__ import annotations

from solver.facts.irregularity import RETRACTED_MISINFORMED, LeadOutOfTurn
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
