"""Law 64: the trick adjustment after an established revoke, from one history's tricks.

Each revoke is assessed on its own, in trick order (Law 70: the Laws do not say whether
one later trick can pay for two transfers; the report names this as an assumption when it
arises). The history supplies what 64A needs: who won the revoke trick and whether the
offending side won a later trick. The case supplies when the revoke came to light (64B4,
64B5, 62D1) and the edition (1997's extra trick in 64A2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from solver.bridge import SEATS, Card, Seat
from solver.facts import Case
from solver.facts.case import Noticed
from solver.facts.history import RevokeEvent
from solver.laws.citation import Assumption, Reason
from solver.laws.law61 import law61a_revoke
from solver.laws.law62 import TRICK_12, corrected_reason, partner_card_stands
from solver.laws.law63 import law63a_established
from solver.laws.law67 import card_added, law67b1, law67b2_deemed_revoke
from solver.laws.obligations import Obligations, legal_plays

AFTER_THE_BOARD: dict[str, tuple[str, str]] = {
    "after-next-board": ("64B4", "first noticed after a player of the non-offending side called"),
    "after-round": ("64B5", "first noticed after the round had ended"),
}
LAW64B3_CARD_REQUIRED = Assumption(
    "64B3-card-required",
    "64B3",
    "a defender's revoke is taken as made in failing to play a card faced on the table when "
    "every card the Laws let him play to that trick lay face up as his penalty card (a major "
    "penalty card of the suit led beside concealed cards of it included, 50D1); the Law does "
    "not say by which card the failure is judged",
)
"""The reading of 64B3 for penalty cards (``law64b3_faced_card_due``), named in a ruling that
applies it."""


@dataclass(frozen=True, slots=True)
class RevokeFinding:
    """One revoke of a history and what the Laws make of it."""

    seat: Seat
    trick: int
    """1-based."""
    suit: int
    established: bool
    transfer: int
    """Tricks transferred to the non-offending side."""
    citation: str
    """The sub-law that decided the transfer (64A1, 64A2, 64B1-B7, 62D1, 62A)."""
    reasons: tuple[Reason, ...]
    noticed: Noticed = "after-play"
    corrected: bool = False
    card_added: Card | None = None
    """For a trick the player did not play to (Law 67): the card he adds to it."""
    deemed_held: bool = False
    """A revoke only because Law 67B2 deems the card he dropped earlier held at this trick."""

    def to_json(self) -> dict[str, Any]:
        extra: dict[str, Any] = {}
        if self.card_added is not None:
            extra = {"defective": True, "card_added": str(self.card_added)}
        if self.deemed_held:
            extra = {"deemed_held": True}
        return extra | {
            "seat": str(self.seat),
            "trick": self.trick,
            "suit": "SHDC"[self.suit],
            "established": self.established,
            "transfer": self.transfer,
            "citation": self.citation,
            "noticed": self.noticed,
            "corrected": self.corrected,
        }


@dataclass(frozen=True, slots=True)
class Adjustment:
    """A history group's revokes, and declarer's final trick count after Laws 62-64."""

    findings: tuple[RevokeFinding, ...]
    in_play: int
    final: int
    assumptions: tuple[Assumption, ...] = ()
    preamble: tuple[Reason, ...] = ()
    """Reasons before the revokes' own (Law 67B2: the double play that led to them)."""

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return (*self.preamble, *(r for f in self.findings for r in f.reasons))


def law64b3_faced_card_due(state: Obligations, seat: int, held: int, led: int) -> bool:
    """64B3: was a revoke by ``seat`` (he did not follow the suit ``led`` though he held it,
    ``held`` his cards, penalty cards included) made in failing to play a card faced on the
    table? Yes when every card the Laws let him play there (``legal_plays``: the suit led,
    the restrictions binding him, his penalty cards' duties) lies face up as a penalty card
    of his in ``state``, the moment of his turn.

    Why: the Law exempts from the automatic transfer a revoke of a card everybody at the table
    can see, dummy's or a penalty card; the opponents could have drawn attention to it before
    it was established, and 64C still restores equity. The test is the card the Laws required,
    not any card of the suit he held: with a major penalty card of the suit led he had to play
    that card (50D1), so failing to follow is failing to play it even if other cards of the
    suit were in his hand. A minor penalty card bars only his other cards of its suit below
    an honour (50C): holding an honour of the suit led in his hand, or being bound by a 57A
    order to play a concealed card, he failed to play a concealed card as well, and the revoke
    is assessed under 64A."""
    legal = legal_plays(state, seat, held, led)
    return bool(legal) and not legal & ~state.penalty_cards(seat)


def noticed_for(case: Case, event: RevokeEvent) -> Noticed:
    """When the allegation that covers this revoke says it came to light."""
    matching = [
        st
        for st in case.statements
        if st.kind == "revoke" and st.revoker is not None and st.revoker.index == event.seat
    ]
    for st in matching:
        if st.trick == event.trick + 1:
            return st.noticed
    for st in matching:
        if st.trick is None and st.revoke_suit == event.suit:
            return st.noticed
    return "after-play"


def assess(
    case: Case, events: tuple[RevokeEvent, ...], in_play: int, claimed: tuple[int, int] = (0, 0)
) -> Adjustment:
    """Laws 62D1, 63 and 64 applied to the revokes of one group of histories.

    ``claimed``: after a claim, the tricks the ruling on it gives declarer's side and the other
    side; they count as won after the revoke (69A), and ``in_play`` includes declarer's.
    """
    events = tuple(_with_claimed(case, e, claimed) for e in events)
    verdicts = [law63a_established(e, case.tricks_played, case.claim) for e in events]
    established = [is_established for is_established, _why in verdicts]
    sides_established = {
        e.seat % 2
        for e, est in zip(events, established, strict=True)
        if est and not _corrected_at_12(case, e) and not e.defective
    }
    both_sides = len(sides_established) == 2 and case.edition != 1997
    findings: list[RevokeFinding] = []
    readings: list[Assumption] = []
    delta = 0
    for index, (event, (is_established, why)) in enumerate(zip(events, verdicts, strict=True)):
        if event.defective:
            findings.append(_defective(case, event))
            continue
        context = _Context(event, is_established, noticed_for(case, event), why)
        if is_established and _corrected_at_12(case, event):
            delta += event.corrected_tricks - event.actual_tricks
            findings.append(context.corrected_at_12())
            other_reading = partner_card_stands(event, case.declarer.index % 2)
            readings += [] if other_reading is None else [other_reading]
            continue
        earlier = _earlier_same_suit(events, established, index)
        findings.append(_assess_one(case, context, earlier, both_sides))
    tricks = case.tricks_played + sum(claimed)
    adjustment = _totals(tricks, findings, in_play, delta, case.declarer.index % 2)
    if readings:
        adjustment = replace(adjustment, assumptions=(*adjustment.assumptions, *readings))
    if any(f.citation == "64B3" and e.faced for f, e in zip(findings, events, strict=True)):
        reading = (*adjustment.assumptions, LAW64B3_CARD_REQUIRED)
        adjustment = replace(adjustment, assumptions=reading)
    if len(sides_established) == 2 and case.edition == 1997:
        both = Assumption(
            "both-sides-1997",
            "64A",
            "the 1997 Laws list no exception for revokes by both sides: each is assessed under "
            "64A (the WBF Laws Committee, 2001, advised restoring equity under 64C instead)",
        )
        return replace(adjustment, assumptions=(*adjustment.assumptions, both))
    return adjustment


def _with_claimed(case: Case, event: RevokeEvent, claimed: tuple[int, int]) -> RevokeEvent:
    """The revoke with the tricks its side takes by the claim counted as won later (69A)."""
    extra = claimed[0] if event.seat % 2 == case.declarer.index % 2 else claimed[1]
    return replace(event, side_later=min(event.side_later + extra, 2))


def _assess_one(
    case: Case, context: _Context, earlier: RevokeEvent | None, both_sides: bool
) -> RevokeFinding:
    """One revoke not corrected under 62D1: the first exception that applies, else 64A."""
    event = context.event
    if not context.established:
        return context.finding(0, "62A", "a revoke corrected in time transfers nothing")
    if event.trick == TRICK_12:
        return context.finding(
            0,
            "64B6",
            "a revoke on trick 12 transfers no trick; it was noticed after the hands went back "
            "to the board, so it stands (62D1 does not apply)",
        )
    late = AFTER_THE_BOARD.get(context.noticed)
    if late is not None:
        return context.finding(0, late[0], f"{late[1]}: no trick is transferred")
    if event.seat == case.declarer.partner.index:
        return context.finding(
            0, "64B3", "a revoke in failing to play a card of dummy transfers nothing"
        )
    if event.faced:
        return context.finding(
            0,
            "64B3",
            "a revoke in failing to play a card faced on the table: every card the Laws let "
            f"{context.seat.full_name} play to this trick lay face up as his penalty card, so no "
            "trick is transferred (64C may still apply)",
        )
    if earlier is not None:
        return context.finding(
            0,
            "64B2",
            f"a second revoke in {'SHDC'[event.suit]} by {context.seat} after his revoke on "
            f"trick {earlier.trick + 1} was established transfers nothing (64C2(a) may apply)",
        )
    if both_sides:
        return context.finding(
            0,
            "64B7",
            "both sides revoked on this board and both revokes were established: no "
            "automatic transfer (equity under 64C)",
        )
    return _law64a(case, context)


@dataclass(frozen=True, slots=True)
class _Context:
    """One revoke being assessed: what every finding about it repeats."""

    event: RevokeEvent
    established: bool
    noticed: Noticed
    why_established: Reason

    @property
    def seat(self) -> Seat:
        return SEATS[self.event.seat]

    def finding(self, transfer: int, citation: str, text: str) -> RevokeFinding:
        event = self.event
        what = law67b2_deemed_revoke(event) if event.restored else law61a_revoke(event)
        reasons = (what, self.why_established, Reason(citation, text))
        return RevokeFinding(
            self.seat,
            event.trick + 1,
            event.suit,
            self.established,
            transfer,
            citation,
            reasons,
            self.noticed,
            deemed_held=event.restored,
        )

    def corrected_at_12(self) -> RevokeFinding:
        """62D1: corrected though established; and 64B6: no transfer."""
        event = self.event
        reasons = (
            law61a_revoke(event),
            self.why_established,
            corrected_reason(str(self.seat), event.actual_tricks, event.corrected_tricks),
            Reason("64B6", "a revoke on trick 12 transfers no trick"),
        )
        return RevokeFinding(
            self.seat, event.trick + 1, event.suit, True, 0, "62D1", reasons, self.noticed, True
        )


def _defective(case: Case, event: RevokeEvent) -> RevokeFinding:
    """Law 67B1: a trick he did not play to, deemed a revoke."""
    transfer, citation, reasons = law67b1(case, event)
    return RevokeFinding(
        SEATS[event.seat],
        event.trick + 1,
        event.suit,
        True,
        transfer,
        citation,
        reasons,
        card_added=card_added(case, event),
    )


def _corrected_at_12(case: Case, event: RevokeEvent) -> bool:
    """62D1: a trick-12 revoke noticed before the hands went back to the board is corrected."""
    return (
        event.trick == TRICK_12
        and case.tricks_played == 13
        and noticed_for(case, event) in ("during-play", "after-play")
        and event.corrected_tricks >= 0
    )


def _earlier_same_suit(
    events: tuple[RevokeEvent, ...], established: list[bool], index: int
) -> RevokeEvent | None:
    """64B2: an earlier established revoke by the same player in the same suit."""
    event = events[index]
    for earlier, est in zip(events[:index], established[:index], strict=True):
        if est and earlier.seat == event.seat and earlier.suit == event.suit:
            return earlier
    return None


def _law64a(case: Case, context: _Context) -> RevokeFinding:
    """64A1/64A2 (and 64B1 when the offending side won nothing from the revoke trick on)."""
    event = context.event
    finding = context.finding
    later = event.side_later
    if event.revoker_won:
        transfer = 1 + (1 if later else 0)
        text = "the offender won the revoke trick: it is transferred" + (
            ", with one later trick his side won" if later else "; his side won no later trick"
        )
        return finding(transfer, "64A1", text)
    if not event.side_won and not later:
        return finding(
            0,
            "64B1",
            "the offending side won neither the revoke trick nor any later trick: no transfer "
            "(64C may still apply)",
        )
    dummy_note = (
        " (won by dummy, which for Law 64 is not won by declarer)"
        if event.side_won and event.seat == case.declarer.index
        else ""
    )
    who = "his partner" if event.side_won else "nobody of his side"
    text = f"the offender did not win the revoke trick ({who} did{dummy_note}); his side won " + (
        "it" if event.side_won else "a later trick"
    )
    if case.edition == 1997 and event.won_later_with_suit and int(event.side_won) + later >= 2:
        return finding(
            2,
            "64A2",
            text + "; and the offender later won a trick with a card of the suit led that he "
            "could have played to the revoke trick: a second trick is transferred (1997)",
        )
    return finding(1, "64A2", text + ": one trick is transferred")


def _totals(
    tricks: int,
    findings: list[RevokeFinding],
    in_play: int,
    delta: int,
    declarer_side: int,
) -> Adjustment:
    """Apply the transfers; no side gives away more tricks than it won (of ``tricks``)."""
    corrected_total = in_play + delta
    won = {declarer_side: corrected_total, 1 - declarer_side: tricks - corrected_total}
    assumptions: list[Assumption] = []
    final = corrected_total
    for side in (0, 1):
        owed = sum(f.transfer for f in findings if f.seat.index % 2 == side)
        paying = [f for f in findings if f.seat.index % 2 == side and f.transfer]
        if len(paying) > 1:
            assumptions.append(
                Assumption(
                    "revokes-assessed-one-by-one",
                    "64A",
                    f"{len(paying)} revokes by {SEATS[side].side} are each assessed on their own "
                    "and their transfers added; the Laws do not say whether one later trick can "
                    "pay for two transfers",
                )
            )
        if owed > won[side]:
            assumptions.append(
                Assumption(
                    "transfer-capped",
                    "64A",
                    f"the transfers ({owed}) exceed the tricks {SEATS[side].side} won "
                    f"({won[side]}): only those are transferred",
                )
            )
            owed = won[side]
        final += -owed if side == declarer_side else owed
    return Adjustment(tuple(findings), in_play, final, tuple(assumptions))
