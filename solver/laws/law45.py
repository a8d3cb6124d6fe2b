"""Law 45: card played. Here 45C4(b), an unintended designation of dummy's card corrected,
and 45E, a fifth card contributed to a trick.

45C4(b): declarer who named a card of dummy's by a slip of the tongue may correct it without
pause for thought; the card named goes back to dummy (47C), and an opponent who had played in
turn after it a card legal before the change may withdraw it and play another, without penalty
(47D; what it showed is information under 16C). A case records what happened as choices: the
correction (``correct-designation``, naming the card of the slip) and the withdrawal
(``replace-own-card``, naming the opponent's card withdrawn). In a history each card named is
in its hand at the start of the trick and is not its player's card to it; the opponent played
after dummy there, and his card withdrawn was legal before the change
(``law45c4b_replacement_fits``). Nothing branches: the history shows the cards played.

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
from solver.bridge.masks import SUIT_MASKS
from solver.facts.irregularity import Choice, FifthCard, PenaltyCard
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


# -- 45C4(b): a designation corrected, and an opponent's card withdrawn after it ------------

CORRECT_DESIGNATION = "correct-designation"
REPLACE_OWN_CARD = "replace-own-card"


def law45c4b_correction(choice: Choice) -> bool:
    """Is this choice declarer's correction of an unintended designation of dummy's card?"""
    return choice.law == "45C4(b)" and choice.option == CORRECT_DESIGNATION


def law45c4b_replacement(choice: Choice) -> bool:
    """Is this choice an opponent's withdrawal of his card after that correction?"""
    return choice.law == "45C4(b)" and choice.option == REPLACE_OWN_CARD


def law45c4b_reason(choice: Choice) -> Reason:
    """What 45C4(b) makes of the card the choice names (with 47C, 47D)."""
    if law45c4b_correction(choice):
        return Reason(
            "45C4(b)",
            f"declarer named dummy's {choice.card} by a slip of the tongue and corrected it at "
            f"once: the {choice.card} goes back to dummy's hand without rectification (47C), "
            f"and dummy's card to trick {choice.trick} is the card declarer meant",
        )
    return Reason(
        "45C4(b)",
        f"{choice.chooser.full_name} had played the {choice.card} after dummy's card named by "
        f"declarer's slip; after the correction he took it back without penalty and played "
        f"another card to trick {choice.trick} (47D): the {choice.card} is back in his hand, no "
        "penalty card",
    )


def law45c4b_replacement_fits(
    defender: int,
    withdrawn: int,
    dummy: int,
    slip: int,
    leader: int,
    lead_card: int,
    held: int,
) -> bool:
    """45C4(b): an opponent may withdraw a card he had "in turn" played after the card named by
    declarer's slip, when it "was legal before the change in designation". In a history that
    is: dummy played before him at that trick (``leader`` led it), and the card withdrawn
    followed suit to the trick as it then stood, or he had none of that suit (``held``: his
    hand at the start of the trick): the suit led is that of the slip card when dummy led, of
    the lead (``lead_card``) otherwise. Law 44's duty to follow suit is all that is judged
    (``interp-45c4b-legal-before-change``)."""
    if (defender - leader) % 4 <= (dummy - leader) % 4:
        return False
    led = (slip if leader == dummy else lead_card) // 13
    return withdrawn // 13 == led or not held & SUIT_MASKS[led]


def law45c4b_unintended() -> Assumption:
    """45C4(b): whether declarer's designation was unintended (a slip of the tongue, not a
    change of mind), corrected without pause for thought and in time (2017: until he next
    plays a card from either hand; 2007: until his partner has played a card) is the
    Director's finding, taken from the case (``judge-unintended``)."""
    return Assumption(
        "judge-unintended",
        "45C4(b)",
        "the case records declarer's correction of his designation of dummy's card: that the "
        "designation was unintended, corrected without pause for thought and in time is taken "
        "as the Director's finding, not judged here",
    )


def law45c4b_legal_before_change() -> Assumption:
    """The card an opponent withdraws after the correction had to be legal before it: judged
    by Law 44 alone (``interp-45c4b-legal-before-change``)."""
    return Assumption(
        "interp-45c4b-legal-before-change",
        "45C4(b)",
        "an opponent's card withdrawn after declarer's correction was played after dummy's "
        "card and was legal before the change: it followed suit to the trick as it then stood "
        "(the suit of the card named by the slip when dummy led), or he had none of that "
        "suit; no other duty of his (a penalty card, an order) is weighed for it",
    )


def law45c4b_information() -> Assumption:
    """16C, for the opponent's card withdrawn after the correction: ``judge-info-damage``."""
    return Assumption(
        "judge-info-damage",
        "16C",
        "a card withdrawn after declarer corrected his designation (45C4(b)) showed something: "
        "authorized to its holder's opponents, unauthorized to his partner; whether that was "
        "used is the Director's judgement",
    )
