"""Law 60: play after an irregularity.

60A1: a player of the side that did not offend who plays after his right-hand opponent has led
or played out of turn or too early, before the rectification was assessed, forfeits the right
to have that irregularity rectified. 60A2: the irregular lead or play then counts as made in
turn, with one exception: the proper leader who leads after his right-hand opponent's lead out
of turn does not play to that lead, and his own lead stands (Law 53B in the 2017 code, 53C in
the 2007 one). 60A3: a duty the offending side already had (a penalty card to play, a lead or
play restriction) is not wiped out by the forfeit; it carries on at later turns.

How the tool reads it. A lead out of turn played to by the offender's left-hand opponent is
accepted, as Law 53A already says of a play from the next hand (the engines take it as
``accepted``). A premature card: played to the current trick, it is the fourth hand's card
and the offender's left-hand opponent led that trick, so he has nothing to play after it
there; only a lead to the next trick made before the offender's partner had played to this
one can be followed by that opponent. Then no penalty card and no 57A order: the card is the
offender's lead to that trick, made in turn (he won the trick before). Earlier duties stay in
force in every engine (the obligations are carried on unchanged).
"""

from __future__ import annotations

from solver.facts.irregularity import LeadOutOfTurn, PrematurePlay
from solver.laws.citation import Assumption, Reason


def law60a1_follower(offender: int) -> int:
    """The player whose play after the offender's card forfeits the rectification: the
    offender's left-hand opponent (the offender is on his right)."""
    return (offender + 1) % 4


def law60a1_lead_accepted(fact: LeadOutOfTurn) -> Reason:
    """60A1 with 53A: the lead out of turn stands, play going on from the offender."""
    return Reason(
        "60A1",
        f"{law60a1_seat_name(fact)} played to {fact.seat.full_name}'s lead out of turn before "
        "any rectification was assessed: the right to refuse it is forfeited, and the lead "
        "stands as though made in turn (accepted, as by a play from the next hand under 53A); "
        "any earlier duty of the offending side carries on (60A3)",
    )


def law60a1_premature_lead(fact: PrematurePlay) -> Reason:
    """60A1-60A2 for a lead made too early: no rectification, the card is the lead."""
    return Reason(
        "60A1",
        f"{law60a1_seat_name(fact)} played to {fact.seat.full_name}'s lead to trick "
        f"{fact.trick}, made before his partner had played to trick {fact.trick - 1}, before "
        "any rectification was assessed: no penalty card and no 57A order; the card is his "
        "lead to that trick as though made in turn (60A2), and any earlier duty of his side "
        "carries on (60A3)",
    )


def law60a1_seat_name(fact: LeadOutOfTurn | PrematurePlay) -> str:
    return fact.seat.lho.full_name


def law60a2_exception(edition: int) -> str:
    """The letter of the proper leader's lead that 60A2 leaves standing: 53B in the 2017
    code, 53C in the earlier ones (the 2007 letter; the older texts are read the same)."""
    return "53B" if edition >= 2017 else "53C"


def law60a1_premature_lead_only() -> Assumption:
    """60A1 speaks of the player on the offender's left. After a premature card played to
    the current trick (fourth hand before second) that player is the leader of the trick, who
    does not play to it again: the tool applies 60A1 to a premature card only as a lead made
    too early, and fits no other history (``interp-60A1-lead-made-too-early``)."""
    return Assumption(
        "interp-60A1-lead-made-too-early",
        "60A1",
        "a premature card after which the non-offending side played is read as a lead to the "
        "next trick made too early: a card played too early to the current trick has the "
        "trick's leader on the offender's left, who plays nothing after it there, so no other "
        "history fits",
    )


def law60a_older_codes(edition: int) -> Assumption | None:
    """Law 60A as worded before 2007 is not among the project's sources: its 2007 and 2017
    reading is applied, named ``interp-60A-edition``; None for 2007 and 2017."""
    if edition >= 2007:
        return None
    return Assumption(
        "interp-60A-edition",
        "60A1",
        f"the {edition} wording of Law 60A is not encoded: a play by the side that did not "
        "offend after the irregular card is read as in the 2007 and 2017 codes (the "
        "rectification forfeited, the card counting as played in turn)",
    )
