"""Law 45: card played. Here 45E, a fifth card contributed to a trick.

45E1: a defender's fifth card becomes a penalty card (Law 50 then classes and governs it),
unless the Director deems it a lead, when Laws 53 or 56 apply instead. 45E2: declarer's fifth
card, from his hand or from dummy, goes back to that hand with no further rectification,
unless the Director deems it a lead (then Law 55). Whether it was a lead is his judgement: a
case that gives a ``fifth_card`` says he deemed it none (a lead is written as a
``lead_out_of_turn``), named as the assumption ``judge-lead-or-exposure``.

The play model: a defender's card lies as a penalty card from the start of the next trick,
classed by Law 50B from the card and ``how`` (``exposed``, the default, is taken as not
inadvertent, as for any card whose exposure is not described); declarer's card is still in
its hand at the start of the next trick, and nothing else binds the play.
"""

from __future__ import annotations

from solver.bridge import Seat
from solver.facts.irregularity import FifthCard, PenaltyCard
from solver.laws.citation import Assumption, Reason


def law45e_penalty_card(fact: FifthCard, declarer: Seat) -> PenaltyCard | None:
    """45E1: a defender's fifth card lies as a penalty card from the trick after the one it
    was added to; 45E2: declarer's or dummy's goes back to the hand (None)."""
    if fact.seat.side == declarer.side:
        return None
    return PenaltyCard(fact.seat, fact.card, fact.trick + 1, fact.how, by=fact.by)


def law45e_reason(fact: FifthCard, declarer: Seat) -> Reason:
    """Which sub-law, and what it makes of the card."""
    if fact.seat.side == declarer.side:
        return Reason(
            "45E2",
            f"{fact.seat.full_name}'s {fact.card}, a fifth card played by declarer to trick "
            f"{fact.trick}, goes back to the hand without further rectification (it is in the "
            f"hand at the start of trick {fact.trick + 1})",
        )
    return Reason(
        "45E1",
        f"{fact.seat.full_name}'s {fact.card}, a fifth card added to trick {fact.trick}, "
        f"becomes a penalty card, lying from trick {fact.trick + 1} (Law 50)",
    )


def law45e_not_a_lead(fact: FifthCard) -> Assumption:
    """45E: whether the fifth card was a lead is the Director's judgement; the case's
    ``fifth_card`` is read as his finding that it was none (``judge-lead-or-exposure``)."""
    return Assumption(
        "judge-lead-or-exposure",
        "45E",
        f"{fact.seat.full_name}'s {fact.card} added to trick {fact.trick} is taken as no lead "
        "(the Director may deem a fifth card a lead, then a lead out of turn under Laws 53 to "
        "56: give it as such)",
    )
