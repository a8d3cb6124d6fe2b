"""The irregularities of a case as the reports give them: each with its citation, and each
penalty card with its class under Law 50B (``solver/laws/law50.py``).

The classes are worked out per account of the play: the agreed facts, together with what one
side says (a side's statements and its players'). Which penalty cards have gone from the table,
and when, is known here only from the agreed tricks; a card not seen played is taken to lie on.
"""

from __future__ import annotations

import html
from typing import Any

from solver.bridge import Card, Seat, Side
from solver.bridge.cards import RANK_CHARS
from solver.facts import Case
from solver.facts.irregularity import (
    LEAD_ANSWERS,
    Choice,
    DeclarerEarlyPlay,
    DummyDesignation,
    FailureToPlay,
    FifthCard,
    Irregularity,
    LeadOutOfTurn,
    PenaltyCard,
    PlayAtRhoTurn,
    PrematurePlay,
    declarer_early_sub_law,
)
from solver.laws.citation import Assumption, Reason
from solver.laws.law45 import (
    law45c4b_correction,
    law45c4b_information,
    law45c4b_legal_before_change,
    law45c4b_reason,
    law45c4b_replacement,
    law45c4b_unintended,
    law45e_not_a_lead,
    law45e_penalty_card,
    law45e_reason,
)
from solver.laws.law46 import (
    law46b4_card_not_held,
    law46b_citation,
    law46b_intention,
    law46b_known_to_win,
    law46b_no_suit_at_lead,
    law46b_option,
    law46b_pick,
    law46b_pick_reason,
    law46b_suit_won_in,
    law46b_void_suit,
)
from solver.laws.law47 import (
    law47e1_choice,
    law47e1_choice_reason,
    law47e1_edition,
    law47e1_information,
    law47e1_reason,
    law47e1_retracted,
    law47e2_in_time,
    law47e2_information,
    law47e2_reason,
    law47e2_retraction,
)
from solver.laws.law49 import law49_exposure
from solver.laws.law50 import Classified, law50b_classes_at, law50e_information
from solver.laws.law52 import law52_citation, law52_is_rejection
from solver.laws.law53 import (
    law53_proper_lead_citation,
    law53b_information,
    law53c_citation,
    law53c_lead_stands,
)
from solver.laws.law54 import law54_before_2007, law54_sub_law, law54c_not_seen
from solver.laws.law55 import law55a_defenders_differ, law55c_information
from solver.laws.law57 import (
    law57a_minor_card_yields,
    law57a_must_choose,
    law57c1_exempt,
    law57c3_illegal_withdrawn,
    law57d_information,
    law57d_legal_at_turn,
)
from solver.laws.law58 import law58b3_information
from solver.laws.law60 import (
    law60a1_lead_accepted,
    law60a1_premature_lead,
    law60a1_premature_lead_only,
    law60a_older_codes,
)
from solver.laws.law72 import law72_could_have_known


def irregularities_json(case: Case) -> list[dict[str, Any]]:
    """The JSON ``irregularities``: one entry per fact, in the case's order."""
    return [_entry(case, fact) for fact in case.irregularities]


def irregularity_assumptions(case: Case) -> tuple[Assumption, ...]:
    """The Director's judgements a ruling after these irregularities rests on and does not
    make, each named with its law: what the Laws leave to him (72C, 50E3, 55C) and the
    readings the engines take where the Laws are unsettled (57A)."""
    if not case.irregularities:
        return ()
    facts = case.irregularities
    differ = [
        law55a_defenders_differ(kept.describe(), other.describe())
        for other in case.overruled
        for kept in facts
        if isinstance(kept, Choice) and kept.trick == other.trick and _answers_a_lead(kept)
    ]
    declarers = case.declaring_side
    found: list[Assumption] = [law72_could_have_known(case.edition), *differ]
    answers = {f.trick: f.option for f in facts if isinstance(f, Choice) and _answers_a_lead(f)}
    loots = [f for f in facts if isinstance(f, LeadOutOfTurn)]
    penalty_cards: list[Irregularity] = [
        f
        for f in facts
        if isinstance(f, PenaltyCard)
        or _rectified_premature(f)
        or (isinstance(f, FifthCard) and law45e_penalty_card(f, case.declarer) is not None)
    ]
    penalty_cards += [
        f
        for f in loots
        if f.seat.side != declarers
        and f.response != "accepted"
        and not law47e1_retracted(f)
        and answers.get(f.trick) not in ("accept-lead", "declarer-becomes-dummy", "proper-lead")
    ]
    if penalty_cards or any(law52_is_rejection(f) for f in facts):
        found.append(law50e_information(case.edition))
    if any(f.seat.side == declarers for f in loots):
        found.append(law55c_information())
    if any(answers.get(f.trick) == "proper-lead" for f in loots):
        found.append(law53b_information(case.edition))
    found += _retraction_assumptions(case, loots)
    found += [law45e_not_a_lead(f) for f in facts if isinstance(f, FifthCard)]
    if any(
        isinstance(f, Choice) and (f.law, f.option) == ("58", "replace-own-card") for f in facts
    ):
        found.append(law58b3_information())
    if case.edition < 2007 and any(f.trick == 1 and f.seat.side != declarers for f in loots):
        found.append(law54_before_2007(case.edition))
    if any(f.trick == 1 and f.seat.side != declarers for f in loots) and answers.get(1) != (
        "accept-lead"
    ):
        found.append(law54c_not_seen())
    premature = [f for f in facts if isinstance(f, PrematurePlay) and _rectified_premature(f)]
    found += _forfeit_assumptions(case)
    if premature:
        if not any(isinstance(f, Choice) and f.law.startswith("57") for f in facts):
            found.append(law57a_must_choose())
        ordered = {f.seat.partner for f in premature}
        if any(
            isinstance(f, PenaltyCard) and f.seat in ordered and _may_be_minor(case, f)
            for f in facts
        ):
            found.append(law57a_minor_card_yields())
    found += [law57d_information(f) for f in facts if isinstance(f, PlayAtRhoTurn)]
    if any(isinstance(f, PlayAtRhoTurn) for f in facts):
        found.append(law57d_legal_at_turn())
    found += [
        law57c3_illegal_withdrawn(f, case.edition)
        for f in facts
        if isinstance(f, DeclarerEarlyPlay)
    ]
    found += _withdrawal_assumptions(case)
    return tuple(found + _designation_assumptions(case))


def _withdrawal_assumptions(case: Case) -> list[Assumption]:
    """Laws 45C4(b) and 47E2: the Director's findings a recorded correction, withdrawal or
    retraction rests on, the reading of "legal before the change", and what a card taken
    back showed (16C)."""
    choices = [f for f in case.irregularities if isinstance(f, Choice)]
    found: list[Assumption] = []
    if any(law45c4b_correction(f) for f in choices):
        found.append(law45c4b_unintended())
    if any(law45c4b_replacement(f) for f in choices):
        found += [law45c4b_legal_before_change(), law45c4b_information()]
    if any(law47e2_retraction(f) for f in choices):
        found += [law47e2_in_time(), law47e2_information()]
    return found


def _rectified_premature(fact: Irregularity) -> bool:
    """A premature card that Law 57A rectifies: not exempt (57C1), not forfeited (60A1)."""
    return isinstance(fact, PrematurePlay) and not law57c1_exempt(fact) and not fact.played_after


def _retraction_assumptions(case: Case, loots: list[LeadOutOfTurn]) -> list[Assumption]:
    """Law 47E1: what a lead taken back showed (16C), and the reading of 47E1 before 2007."""
    if not any(law47e1_retracted(f) for f in loots):
        return []
    older = law47e1_edition(case.edition)
    return [law47e1_information(), *([] if older is None else [older])]


def _forfeit_assumptions(case: Case) -> list[Assumption]:
    """Law 60A: the reading of a premature card played to by the side that did not offend,
    and, under the codes before 2007, the reading of 60A itself."""
    forfeits = [
        f
        for f in case.irregularities
        if isinstance(f, LeadOutOfTurn | PrematurePlay) and f.played_after
    ]
    found: list[Assumption] = []
    if any(isinstance(f, PrematurePlay) for f in forfeits):
        found.append(law60a1_premature_lead_only())
    older = law60a_older_codes(case.edition)
    if forfeits and older is not None:
        found.append(older)
    return found


def _designation_assumptions(case: Case) -> list[Assumption]:
    """Law 46B: the Director's judgement of declarer's intention, and the readings the
    engines take of the calls the case gives (none for "play anything": the defenders chose
    the card, and every legal card is taken)."""
    calls = [
        f for f in case.irregularities if isinstance(f, DummyDesignation) and f.said != "anything"
    ]
    if not calls:
        return []
    found = [law46b_intention()]
    suited = [f for f in calls if f.said in ("high", "low", "win", "suit")]
    if any(f.suit < 0 and _led_by(case, f.trick) in (None, f.seat) for f in suited):
        found.append(law46b_no_suit_at_lead())
    if suited:
        found.append(law46b_void_suit())
    if any(f.said == "win" for f in calls):
        found.append(law46b_known_to_win())
    if any(f.said == "rank" and _led_by(case, f.trick) in (None, f.seat) for f in calls):
        found.append(law46b_suit_won_in())
    return found


def _led_by(case: Case, trick: int) -> Seat | None:
    """Who led ``trick`` where the case says (as the reader checks it): its agreed trick,
    else the winner of the agreed trick before (44G), the opening leader at trick 1."""
    agreed = {t.number: t for t in case.agreed_tricks}
    if trick in agreed:
        return agreed[trick].leader
    if trick == 1:
        return case.opening_leader
    before = agreed.get(trick - 1)
    if before is None:
        return None
    return before.winner(case.contract.strain.trump_suit_index)


def _answers_a_lead(choice: Choice) -> bool:
    """A choice about a lead out of turn (Laws 53 to 56)."""
    return choice.law.startswith(LEAD_ANSWERS)


def _may_be_minor(case: Case, card: PenaltyCard) -> bool:
    return bool(_classed(case, card)["class"] == "minor")


def irregularity_lines(case: Case) -> list[str]:
    """The text report's section, or nothing for a case without irregularities."""
    if not case.irregularities:
        return []
    lines = ["", "Irregularities during play (as the case gives them; Laws 45-60)"]
    for fact in case.irregularities:
        entry = _entry(case, fact)
        speaker = "agreed" if fact.by is None else f"{fact.by} says"
        if isinstance(fact, PenaltyCard):
            later = entry.get("major_from_trick")
            then = "" if later is None else f", major from trick {later} if it still lies then"
            lines.append(f"  {speaker}: {fact.describe()}: a {entry['class']} penalty card{then}")
            exposure = entry.get("exposure")
            if exposure is not None:
                lines.append(f"    Law {exposure['citation']}: {exposure['reason']}")
            lines.append(f"    Law {entry['citation']}: {entry['reason']}")
        elif isinstance(fact, Choice):
            said = fact.describe().replace(f"(Law {fact.law})", f"(Law {entry['citation']})")
            lines.append(f"  {speaker}: {said}")
            because = _choice_reason(fact)
            if because is not None:
                lines.append(f"    {because}")
            if law52_is_rejection(fact):
                lines.append(
                    f"    Law 52B2: the penalty card goes to the trick in place of {fact.card}, "
                    f"which lies as a major penalty card from trick {fact.trick + 1}"
                )
        else:
            said = fact.describe()
            if isinstance(fact, LeadOutOfTurn):
                said = said.replace("(choice pending)", f"({_lead_state(case, fact, entry)})")
            lines.append(f"  {speaker}: {said}, Law {entry['citation']}")
            lines += _what_it_makes(case, fact, entry)
        assumption = entry.get("assumption")
        if assumption is not None:
            lines.append(
                f"    assumption ({assumption['name']}, Law {assumption['citation']}): "
                f"{assumption['text']}"
            )
    return lines


def _what_it_makes(case: Case, fact: Irregularity, entry: dict[str, Any]) -> list[str]:
    """The text report's lines under a fact other than a penalty card or a choice: what its
    law makes of it."""
    lines = []
    if isinstance(fact, DummyDesignation) and fact.card is not None:
        lines.append(f"    {law46b4_card_not_held(fact)}")
    elif isinstance(fact, DummyDesignation):
        lines.append(f"    Law {entry['citation']}: {_DESIGNATION_TEXT[fact.said]}")
    explained = _EXPLAINED.get(type(fact))
    if explained is not None:
        lines.append(f"    Law {entry['citation']}: {explained}")
    if isinstance(fact, FifthCard):
        lines.append(f"    Law {entry['citation']}: {entry['reason']}")
        if "class" in entry:
            lines.append(f"    Law {entry['class_citation']}: {entry['class_reason']}")
    because = _forfeit_reason(fact) or _retraction_reason(case, fact)
    if because is not None:
        lines.append(f"    {because}")
    return lines


def irregularities_html(case: Case) -> list[str]:
    """The section of the HTML document, or nothing for a case without irregularities."""
    lines = irregularity_lines(case)
    if not lines:
        return []
    items = "".join(f"<li>{html.escape(line.strip())}</li>" for line in lines[2:])
    return [f"<section><h2>{html.escape(lines[1])}</h2><ul>{items}</ul></section>"]


_EXPLAINED: dict[type, str] = {
    DeclarerEarlyPlay: "a played card, his card to that trick at its turn when it is legal "
    "there; otherwise it goes back (no penalty card, 48A) and he plays another",
    FailureToPlay: "declarer may accept the card (52B1: it stands, the penalty card stays) or "
    "require a penalty card due instead (52B2: that card becomes a major penalty card)",
    PlayAtRhoTurn: "his card to that trick, played at his own turn, when it is a legal play "
    "there; otherwise a major penalty card, and he plays another card",
}
"""What the text report adds under a fact of these kinds: what its law makes of it."""


def _choice_reason(choice: Choice) -> Reason | None:
    """What the law makes of a recorded choice that names a card withdrawn, retracted or
    picked (45C4(b), 46B, 47E2), or that takes back a lead out of turn (47E1); None for the
    others."""
    if choice.law == "45C4(b)":
        return law45c4b_reason(choice)
    if law46b_pick(choice):
        return law46b_pick_reason(choice)
    if law47e1_choice(choice):
        return law47e1_choice_reason(choice)
    if law47e2_retraction(choice):
        return law47e2_reason(choice)
    return None


def _forfeit_reason(fact: Irregularity) -> Reason | None:
    """Law 60A1's reason for a lead out of turn or a premature lead played to by the side
    that did not offend; None for any other fact."""
    if isinstance(fact, LeadOutOfTurn) and fact.played_after:
        return law60a1_lead_accepted(fact)
    if isinstance(fact, PrematurePlay) and fact.played_after:
        return law60a1_premature_lead(fact)
    return None


def _retraction_reason(case: Case, fact: Irregularity) -> Reason | None:
    """Law 47E1's reason for a lead out of turn taken back on an opponent's wrong word."""
    if isinstance(fact, LeadOutOfTurn) and law47e1_retracted(fact):
        return law47e1_reason(fact, case.edition)
    return None


_VOID = "; a card of a suit dummy no longer held is void, any legal card (46B4)"
_DESIGNATION_TEXT = {
    "high": "dummy's highest card of the suit named, else of the suit led" + _VOID,
    "low": "dummy's lowest card of the suit named, else of the suit led" + _VOID,
    "suit": "dummy's lowest card of the suit named" + _VOID,
    "win": "dummy's lowest card known to win the trick, of the suit named, else of the suit "
    "led (a trump when he has none); no such card: the call is void, any legal card (46B4)",
    "rank": "a card of that rank: leading, in the suit in which dummy won the trick before, "
    "if he holds it there; else any of that rank he may legally play, declarer saying which; "
    "none of that rank: void, any legal card (46B4)",
    "anything": "either defender designated dummy's card, and every legal card of dummy's is "
    "taken as the one they may have chosen",
}


def _entry(case: Case, fact: Irregularity) -> dict[str, Any]:
    by = None if fact.by is None else str(fact.by)
    if isinstance(fact, DummyDesignation):
        return _designation_entry(case, fact, by)
    if isinstance(fact, Choice):
        return _choice_entry(case, fact, by)
    entry: dict[str, Any] = {
        "kind": _KINDS[type(fact)],
        "seat": str(fact.seat),
        "card": str(fact.card),
        "trick": fact.trick,
        "by": by,
    }
    if isinstance(fact, PenaltyCard):
        entry["how"] = fact.how
        exposure = law49_exposure(fact)
        if exposure is not None:
            # extension: the law that put the card on the table, before 50B classes it
            entry["exposure"] = {"citation": exposure.citation, "reason": exposure.text}
        entry.update(_classed(case, fact))
    elif isinstance(fact, LeadOutOfTurn):
        retraction = _retraction_reason(case, fact)
        entry["citation"] = (
            _lead_citation(case, fact) if retraction is None else retraction.citation
        )
        entry["response"] = fact.response
    elif isinstance(fact, DeclarerEarlyPlay):
        entry["citation"] = declarer_early_sub_law(case.edition)
    elif isinstance(fact, PlayAtRhoTurn | FailureToPlay):
        entry["citation"] = _CITED[type(fact)]
    elif isinstance(fact, FifthCard):
        entry.update(_fifth_card_entry(case, fact))
    else:
        entry["citation"] = "57C1" if law57c1_exempt(fact) else "57A"
    forfeit = _forfeit_reason(fact)
    if forfeit is not None:
        # extension: Law 60A1, the rectification forfeited by a play after the card
        entry["citation"] = forfeit.citation
        entry["played_after"] = True
    return entry


def _designation_entry(case: Case, fact: DummyDesignation, by: str | None) -> dict[str, Any]:
    """Law 46B's entry: what declarer said, and the sub-law it falls under."""
    entry_46: dict[str, Any] = {
        "kind": "dummy_designation",
        "seat": str(fact.seat),
        "card": None if fact.card is None else str(fact.card),
        "trick": fact.trick,
        "by": by,
        "citation": law46b_citation(fact),
        "said": fact.said,
    }
    if fact.suit >= 0:
        entry_46["suits"] = ["SHDC"[fact.suit]]
    if fact.said == "rank":
        entry_46["rank"] = RANK_CHARS[fact.rank]
    if fact.said == "anything":
        entry_46["chosen_by"] = str(case.declarer.lho.side)  # the defenders (46B5)
    option = law46b_option(fact)
    if option is not None:
        # extension: who picks dummy's card after this call (46B5 a defender, 46B4 declarer)
        entry_46["option"] = option
    return entry_46


def _choice_entry(case: Case, fact: Choice, by: str | None) -> dict[str, Any]:
    """A recorded choice's entry: its chooser, law and option, and the suits it names; the
    citation in the case's edition (the proper lead is 53C before 2017)."""
    citation = law52_citation(fact.option) if fact.law == "52" else fact.law
    if fact.option == "proper-lead":
        citation = law53_proper_lead_citation(case.edition)
    elif citation == "54":  # the case names the law; the option names its sub-law
        citation = law54_sub_law(fact.option)
    entry: dict[str, Any] = {
        "kind": "choice",
        "seat": str(fact.chooser),
        "card": None if fact.card is None else str(fact.card),
        "trick": fact.trick,
        "by": by,
        "citation": citation,
        "option": fact.option,
    }
    if fact.suits:
        entry["suits"] = ["SHDC"[suit] for suit in fact.suits]
    return entry


def _fifth_card_entry(case: Case, fact: FifthCard) -> dict[str, Any]:
    """45E: its sub-law and what it makes of the card; a defender's adds, as a penalty card's
    entry does, ``how`` and Law 50B's ``class`` with its ``reason`` (under ``class_citation``
    and ``class_reason``, the entry's ``citation`` being 45E1)."""
    reason = law45e_reason(fact, case.declarer)
    out: dict[str, Any] = {"citation": reason.citation, "reason": reason.text}
    penalty_card = law45e_penalty_card(fact, case.declarer)
    if penalty_card is not None:
        classed = _classed(case, penalty_card)
        out |= {
            "how": fact.how,
            "class": classed["class"],
            "class_citation": classed["citation"],
            "class_reason": classed["reason"],
        }
        out |= {k: v for k, v in classed.items() if k in ("assumption", "major_from_trick")}
    return out


_CITED: dict[type, str] = {PlayAtRhoTurn: "57D", FailureToPlay: "52"}

_KINDS: dict[type, str] = {
    PenaltyCard: "penalty_card",
    LeadOutOfTurn: "lead_out_of_turn",
    PrematurePlay: "premature",
    PlayAtRhoTurn: "played_at_rho_turn",
    DeclarerEarlyPlay: "declarer_played_early",
    FailureToPlay: "failure_to_play",
    FifthCard: "fifth_card",
}


def _lead_state(case: Case, lead: LeadOutOfTurn, entry: dict[str, Any]) -> str:
    """What became of a lead out of turn the case gives with no ``response``: the choice the
    case records for it, that it stands (53C), that no choice exists (the last trick under
    the 2017 code), or that the choice is still to be made."""
    answer = _recorded_answer(case, lead)
    if answer is not None:
        return f"{answer.chooser} chose {answer.option}"
    if lead.seat.side == case.declaring_side and entry["citation"] == law53c_citation(case.edition):
        return "it stands"
    if lead.trick == 13 and case.edition >= 2017:
        return "no choice at trick 13: it counts as played in turn, 53A"
    return "choice pending"


def _recorded_answer(case: Case, lead: LeadOutOfTurn) -> Choice | None:
    return next(
        (
            f
            for f in case.irregularities
            if isinstance(f, Choice) and f.trick == lead.trick and _answers_a_lead(f)
        ),
        None,
    )


def _lead_citation(case: Case, lead: LeadOutOfTurn) -> str:
    """54 for a defender's opening lead out of turn, 56 for a defender's later one refused
    (53A when it was accepted), 55 for declarer's (from either hand), or 53C (53B before 2017)
    when the defender on its right played to it first: the lead then stands."""
    if lead.seat.side == case.declaring_side:
        side = case.declarer.index % 2
        for fact in case.irregularities:
            if (
                isinstance(fact, PrematurePlay)
                and not law57c1_exempt(fact)
                and fact.trick == lead.trick
                and fact.by == lead.by
                and law53c_lead_stands(lead.seat.index, fact.seat.index, side)
            ):
                return law53c_citation(case.edition)
        return "55"
    if lead.trick == 1:
        return "54"
    answer = _recorded_answer(case, lead)
    if answer is not None and answer.option == "proper-lead":
        return law53_proper_lead_citation(case.edition)
    accepted = lead.response == "accepted" or (
        answer is not None and answer.option == "accept-lead"
    )
    return "53A" if accepted else "56"


def _classed(case: Case, card: PenaltyCard) -> dict[str, Any]:
    """Law 50B's class of a penalty card where it comes to lie, in its own account, and the
    trick from which a later penalty card of its holder makes it major, if one does."""
    account = _account(case, card.by)
    gone = _gone(case)
    here = _find(law50b_classes_at(account, card.trick, edition=case.edition, gone=gone), card)
    out: dict[str, Any] = {
        "citation": here.reason.citation,
        "class": here.penalty_class,
        "reason": here.reason.text,
    }
    if here.assumption is not None:
        out["assumption"] = _assumption_json(here.assumption)
    if here.penalty_class == "minor" and card.declared_class is None:
        later = sorted({p.trick for p in account if p.seat == card.seat and p.trick > card.trick})
        for trick in later:
            if gone.get(card.card, 14) <= trick:
                break
            then = law50b_classes_at(account, trick, edition=case.edition, gone=gone)
            if _find(then, card).penalty_class == "major":
                out["major_from_trick"] = trick
                break
    return out


def _find(classes: dict[Seat, tuple[Classified, ...]], card: PenaltyCard) -> Classified:
    return next(c for c in classes[card.seat] if c.card == card)


def _assumption_json(assumption: Assumption) -> dict[str, str]:
    return {"name": assumption.name, "citation": assumption.citation, "text": assumption.text}


def _account(case: Case, by: Seat | Side | None) -> list[PenaltyCard]:
    """The penalty cards of one account: the agreed ones and those the same side gives,
    with the cards that leads out of turn refused and premature plays leave as major penalty
    cards (Laws 54, 56 and 57A) unless the case gives them itself."""
    side = None if by is None else _side_of(by)
    facts = [f for f in case.irregularities if f.by is None or _side_of(f.by) == side]
    given = [f for f in facts if isinstance(f, PenaltyCard)]
    out = list(given)
    written = {(p.seat, p.card) for p in given}
    for fact in facts:
        implied = None
        if _rectified_premature(fact):
            assert isinstance(fact, PrematurePlay)
            implied = PenaltyCard(fact.seat, fact.card, fact.trick, "premature", by=fact.by)
        elif (
            isinstance(fact, LeadOutOfTurn)
            and fact.response == "refused"
            and fact.seat.side != case.declaring_side
        ):
            implied = PenaltyCard(fact.seat, fact.card, fact.trick, "lead-out-of-turn", by=fact.by)
        elif isinstance(fact, FifthCard):
            implied = law45e_penalty_card(fact, case.declarer)  # 45E1: a defender's
        elif law52_is_rejection(fact) and isinstance(fact, Choice) and fact.card is not None:
            # 52B2: the card played wrongly is a major penalty card from the next trick
            holder = case.deal.holder(fact.card)
            implied = PenaltyCard(holder, fact.card, fact.trick + 1, "deliberate", by=fact.by)
        if implied is not None and (implied.seat, implied.card) not in written:
            out.append(implied)
    return out


def _side_of(owner: Seat | Side) -> Side:
    return owner if isinstance(owner, Side) else owner.side


def _gone(case: Case) -> dict[Card, int]:
    """For each card of an agreed trick, the first trick at whose start it no longer lies."""
    return {card: trick.number + 1 for trick in case.agreed_tricks for card in trick.cards}
