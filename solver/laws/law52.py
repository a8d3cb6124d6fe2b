"""Law 52: failure to lead or play a penalty card.

A defender who leads or plays another card when a penalty card of his was due (the card
played is then "the wrong card"): declarer may accept the wrong card (52B1: it stands, the
penalty card stays on the table, still due; no automatic trick transfer, as for a revoke,
64B3), or require the penalty card instead (52B2: it goes into the trick in place of the
wrong card, and every card played wrongly becomes a major penalty card of the offender).
Once declarer has played again from either hand, only acceptance is open.

Encoded: the options per edition (the 1987 code's rejection is refused as input: its effect
is not settled by the sources the tool follows), the citation of each option, the acceptance
as the one trick where the holder's card may leave a penalty card due unplayed
(``irregular_play``, ``accepted_failures``), and the rejection as what it leaves, read from a
recorded ``reject-play`` naming the wrong card (``law52b2_rejection``): the play records show
the penalty card in the trick (it was put there), and the wrong card lies as a major penalty
card of the offender from the next trick.

A choice still pending where play stopped (the offender led the wrong card to the trick
play stopped at, or played it to that trick's cards given in progress, ``FailureToPlay``) is
listed with both options by ``rulings.pending``, each valued under what it leaves; only
acceptance once declarer has played again from either hand in the trick in progress
(``law52b1_only_acceptance``). A history fits it only where that card was a failure (52A,
``law52a_wrong_lead``, ``law52a_wrong_play``): a penalty card of his still lay there and its
duty forbade the card, not one already played or put back in his hand by declarer's earlier
50D2/51B choice.

Not encoded: a recorded rejection by an offender with several penalty cards that could
replace the wrong card (refused as input), and whether declarer had played again from either
hand before a recorded rejection: a history records the cards that finally stood, so the
moment of the rejection is the case's word.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.bridge import Card, Seat
from solver.errors import CaseFileError
from solver.facts import Case
from solver.facts.irregularity import Choice, LeadOutOfTurn, PenaltyCard, PrematurePlay
from solver.laws.choices import LawOption
from solver.laws.law48 import LAW48A_REASON, law48a_may_become_penalty_card
from solver.laws.obligations import (
    Obligations,
    add_penalty_card,
    legal_plays,
    restricted_plays,
)

LAW52B1_ACCEPT = LawOption(-1, "52B1", "accept-play")
"""Declarer's acceptance of the wrong card, as an outcome group names it."""
CITATIONS = {"accept-play": "52B1", "reject-play": "52B2"}


def law52_options(edition: int) -> tuple[str, ...]:
    """The options Law 52 gives declarer: accept or reject the wrong card; under the 1987
    code only acceptance is applied (the effect of a rejection there is not settled)."""
    return ("accept-play",) if edition == 1987 else ("accept-play", "reject-play")


def law52b2_wrong_card_lies(state: Obligations, offender: int, wrong: int) -> Obligations:
    """52B2: once rejected, the card played wrongly goes back to the offender's hand as a
    major penalty card (his other penalty cards then all major too, 50B)."""
    return add_penalty_card(state, offender, wrong, major=True)


def law52_pending_remark(edition: int) -> str | None:
    """What a ruling says beside the options of a Law 52 choice still pending: under the 1987
    code the rejection is not offered, its effect not being settled (``law52_options``)."""
    if "reject-play" in law52_options(edition):
        return None
    return (
        f"under the {edition} Laws a rejection of the card led (52B2) is not applied: its "
        "effect is not settled by the sources the tool follows, so only acceptance is listed"
    )


def law52a_wrong_lead(
    state: Obligations, seat: int, card: int, held: tuple[int, int, int, int]
) -> bool:
    """52A: leading ``card`` is a failure to lead a penalty card: ``seat`` holds it, it obeys
    every restriction on his lead (a lead requirement or prohibition is no penalty card's
    duty), and the duty of a penalty card lying in ``state`` forbids it (50D1 for a major
    one, 50C for a minor one). A penalty card taken back by declarer's 50D2/51B choice, or
    already played, no longer lies in ``state``: then no lead is such a failure."""
    return law52a_wrong_play(state, seat, card, held, -1)


def law52a_wrong_play(
    state: Obligations, seat: int, card: int, held: tuple[int, int, int, int], led: int
) -> bool:
    """52A at a card played (``led`` the suit led; -1 for a lead, ``law52a_wrong_lead``):
    ``seat`` holds ``card``, it follows suit and obeys every restriction on his play (a 57A
    order, a lead requirement or prohibition: no penalty card's duty), and the duty of a
    penalty card lying in ``state`` forbids it (50D1 for a major one he could play there,
    50C for a minor one)."""
    bit = 1 << card
    allowed = restricted_plays(state, seat, held[seat], led)
    return bool(allowed & bit) and not legal_plays(state, seat, held[seat], led) & bit


def law52b1_only_acceptance(edition: int, played_again: bool) -> str | None:
    """Why a rejection is not listed beside the acceptance of a card played instead of a
    penalty card, or None when both are: declarer has played from his hand or dummy since
    (52B1: he must then accept it), or the 1987 code (``law52_pending_remark``)."""
    if played_again:
        return (
            "declarer has played from his hand or dummy since the card was played, so only "
            "acceptance is open (Law 52B1)"
        )
    return law52_pending_remark(edition)


def law52_citation(option: str) -> str:
    """The sub-law of a Law 52 option: 52B1 to accept, 52B2 to reject."""
    return CITATIONS[option]


def law52_is_rejection(fact: object) -> bool:
    """A recorded rejection of a card played instead of a penalty card (52B2)."""
    return isinstance(fact, Choice) and fact.law.startswith("52") and fact.option == "reject-play"


@dataclass(frozen=True, slots=True)
class Rejection:
    """What a 52B2 rejection leaves: the offender's penalty card played to ``trick`` (from
    1), and his wrong card a major penalty card from the trick after."""

    trick: int
    offender: Seat
    penalty_card: Card
    wrong_card: Card


def law52b2_rejection(case: Case, choice: Choice) -> Rejection:
    """The rejection ``choice`` records (``card``: the wrong card), checked against the case:
    the wrong card is a defender's (48A), one who has exactly one penalty card lying at that
    trick that is not the wrong card itself, and the trick was played. Raises
    ``CaseFileError`` naming the choice otherwise."""

    def refuse(why: str) -> CaseFileError:
        return CaseFileError(case.source, "play.irregularities", f"{choice.describe()}: {why}")

    if "reject-play" not in law52_options(case.edition):
        raise refuse(
            f"the effect of a rejection (52B2) under the {case.edition} Laws is not settled, so "
            "it is not applied; expected accept-play (a rejection is applied from the 1997 "
            "Laws on)"
        )
    wrong = choice.card
    assert wrong is not None, "the reader requires the card of a reject-play"
    holder = next(s for s in Seat if wrong in case.deal.hands[s.index])
    if not law48a_may_become_penalty_card(holder, case.declarer):
        raise refuse(
            f"{wrong} is {holder.full_name}'s: {LAW48A_REASON}; expected the card a defender "
            "played instead of his penalty card"
        )
    if choice.trick > case.tricks_played:
        raise refuse(
            f"play stopped after trick {case.tricks_played}, so no card was played to trick "
            f"{choice.trick}; a rejection still to be made is not valued yet"
        )
    lying = _lying(case, holder, choice.trick, before=choice)
    if wrong in lying:
        raise refuse(
            f"{wrong} is {holder.full_name}'s penalty card itself; expected the card he played "
            "instead of it"
        )
    if not lying:
        raise refuse(
            f"the case gives {holder.full_name}, who holds {wrong}, no penalty card lying at "
            f"trick {choice.trick}; expected the card played by the holder of a penalty card "
            "due there (Law 52)"
        )
    if len(lying) > 1:
        cards = ", ".join(str(c) for c in lying)
        raise refuse(
            f"{holder.full_name} has several penalty cards lying at trick {choice.trick} "
            f"({cards}): which one replaced {wrong} is not read yet"
        )
    return Rejection(choice.trick, holder, lying[0], wrong)


def _lying(case: Case, seat: Seat, trick: int, before: Choice) -> list[Card]:
    """The agreed penalty cards of ``seat`` lying at the start of ``trick`` as far as the case
    says: given ones, the cards of his refused leads out of turn and premature plays, and the
    wrong cards of earlier rejections; less those an agreed trick before, or an earlier
    rejection, shows played."""
    facts = [f for f in case.irregularities if f.by is None and f is not before]
    refused = {f.trick for f in facts if isinstance(f, Choice) and f.option == "refuse-lead"}
    out: list[Card] = []
    gone = {c for t in case.agreed_tricks if t.number < trick for c in t.cards}
    for fact in facts:
        card = None
        if isinstance(fact, PenaltyCard) and fact.seat == seat and fact.trick <= trick:
            card = fact.card
        elif isinstance(fact, PrematurePlay) and fact.seat == seat and fact.trick <= trick:
            card = None if fact.exempt or fact.played_after else fact.card
        elif isinstance(fact, LeadOutOfTurn) and fact.seat == seat and fact.trick <= trick:
            if fact.response == "refused" or fact.trick in refused:
                card = fact.card
        elif law52_is_rejection(fact) and isinstance(fact, Choice) and fact.trick < trick:
            earlier = law52b2_rejection(case, fact)
            gone.add(earlier.penalty_card)
            card = earlier.wrong_card if earlier.offender == seat else None
        if card is not None and card in case.deal.hands[seat.index] and card not in out:
            out.append(card)
    return [c for c in out if c not in gone]
