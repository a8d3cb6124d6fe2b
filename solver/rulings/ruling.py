"""The ruling and the analysis behind it, with their JSON form (docs/case-format.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from solver.bridge import SEATS, Card, duplicate_score, result_notation
from solver.engines.problem import CARDS_WEIGHT
from solver.engines.result import EngineResult
from solver.facts import Case, EvidenceUnit
from solver.facts.history import History
from solver.facts.irregularity import ChoiceMade, named_suits
from solver.facts.played import PlayedHistory
from solver.laws.citation import Assumption, Reason
from solver.laws.law53 import law53_proper_lead_citation
from solver.laws.law65 import Offence
from solver.rulings.irregularities import irregularities_json

if TYPE_CHECKING:
    from solver.engines import PendingCount
    from solver.rulings.claimer_view import ClaimerView
    from solver.rulings.claims import ClaimAnalysis, UnsettledClaim
    from solver.rulings.pending import Pending
    from solver.rulings.revokes import RevokeGroup

Status = Literal["decided", "undetermined", "impossible"]


@dataclass(frozen=True, slots=True)
class Ruling:
    """What the Director rules on the trick count."""

    status: Status
    declarer_tricks: int | None
    result: str | None
    score: dict[str, int] | None
    reasons: tuple[Reason, ...]
    assumptions: tuple[Assumption, ...] = ()
    offenders: tuple[Offence, ...] = ()

    @property
    def citations(self) -> list[str]:
        """The sub-laws that decided the ruling, each once, in the order the reasons give them."""
        seen: list[str] = []
        for reason in self.reasons:
            if reason.citation not in seen:
                seen.append(reason.citation)
        return seen

    @property
    def exit_code(self) -> int:
        return 0 if self.status == "decided" else 1


@dataclass(frozen=True, slots=True)
class Analysis:
    """A case, the consistent histories the engines found, and the ruling on them.

    Frozen: ``solver.rulings.analyse`` builds it once; ``finish_count`` returns a new one."""

    case: Case
    found: EngineResult
    ruling: Ruling
    contradicted: list[EvidenceUnit] = field(default_factory=list)
    explanation: list[str] | None = None
    """For impossible facts: a small set of hard facts that cannot all hold."""
    forced: list[EvidenceUnit] = field(default_factory=list)
    """Units contradicted by every consistent history: the facts that had to be set aside."""
    claim: ClaimAnalysis | None = None
    """For a claim: its adjudication (solver.rulings.claims)."""
    unsettled_claim: UnsettledClaim | None = None
    """For a claim whose adjudication ran out of time: what was known of it."""
    claimer_view: ClaimerView | None = None
    """For a claim, on request: every layout the claimer could not see
    (solver.rulings.claimer_view)."""
    revoke_groups: list[RevokeGroup] | None = None
    """With revoke allegations: each outcome group with its adjustment
    (solver.rulings.revokes)."""
    hints: list[str] = field(default_factory=list)
    """Things the Director may want to ask about (a revoke that would explain the rows)."""
    pending_count: PendingCount | None = None
    """When the ruling was made before counting: the count still to make
    (``solver.rulings.analyse.finish_count``); None once counted."""
    pending: Pending | None = None
    """When play stopped at a choice the Laws give after an irregularity: its options
    (``solver.rulings.pending``)."""

    @property
    def status(self) -> Status:
        return self.ruling.status

    @property
    def claimed(self) -> ClaimAnalysis | UnsettledClaim | None:
        """The claim's adjudication, settled or not; None for a case without a claim."""
        return self.claim if self.claim is not None else self.unsettled_claim

    def histories(self) -> list[PlayedHistory]:
        """The consistent histories listed (``found.listed``), trick by trick with seats and
        cards: what the JSON's ``histories.listed`` gives."""
        return self.found.listed_histories(self.case)

    def to_json(self) -> dict[str, Any]:
        """The JSON object of docs/case-format.md (plus documented extensions)."""
        return analysis_json(self)

    def _repr_html_(self) -> str:
        from solver.rulings.report import html_report

        return html_report(self)


def board_score(case: Case, total: int) -> tuple[str, dict[str, int]]:
    """The result (``4S-1``) and the duplicate score by side for declarer's side's total."""
    score = duplicate_score(case.contract, case.declarer_vulnerable, total)
    signed = {str(case.declaring_side): score, str(case.declaring_side.other): -score}
    return result_notation(case.contract, total), {"NS": signed["NS"], "EW": signed["EW"]}


def _card_text(card: Card | None) -> str | None:
    """A card's name; None where the player played no card (a defective trick, Law 67)."""
    return None if card is None else str(card)


def history_json(case: Case, history: History) -> list[dict[str, Any]]:
    out = []
    for trick in PlayedHistory.of(case, history).tricks:
        entry: dict[str, Any] = {
            "trick": trick.number,
            "leader": str(trick.leader),
            "cards": [_card_text(card) for card in trick.cards.values()],
            "winner": str(trick.winner),
        }
        if trick.surplus is not None:
            entry["surplus"] = {
                "seat": str(trick.surplus.seat),
                "card": _card_text(trick.surplus.card),
            }
        if trick.restored:
            entry["restored"] = True
        out.append(entry)
    return out


TOTALS_NOT_ESTABLISHED = "totals not established"
"""``histories.count_stopped`` when the engines stopped before they knew every total."""


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    case, found, ruling = analysis.case, analysis.found, analysis.ruling
    impossible = ruling.status == "impossible"
    min_cost = None
    if found.min_cost is not None and not impossible:
        cards, statements = divmod(found.min_cost, CARDS_WEIGHT)
        min_cost = {"cards": cards, "statements": statements}
    histories: dict[str, Any] = {
        "count": 0 if impossible else found.count,
        "count_at_least": 0 if impossible else found.count_at_least,
        "min_cost": min_cost,
        "contradicted": [unit.to_json(case) for unit in analysis.contradicted],
        "forced": [unit.to_json(case) for unit in analysis.forced],
        "listed": [history_json(case, h) for h in found.listed],
    }
    stopped = found.count_stopped
    if stopped is None and not found.totals_proved and found.count is None:
        # Never counted: the totals themselves were not established (``outcomes`` is empty
        # and the ruling undetermined, 85A), which no reader may take for a count of none.
        stopped = TOTALS_NOT_ESTABLISHED
    if stopped is not None and not impossible:
        histories["count_stopped"] = stopped
        histories["count_is_lower_bound"] = found.count is None
        histories["estimate"] = None if found.estimate is None else found.estimate.to_json()
    outcomes = _outcome_entries(analysis, impossible)
    data: dict[str, Any] = {
        "title": case.title,
        "status": ruling.status,
        "histories": histories,
        "outcomes": outcomes,
        "ruling": None if impossible else ruling_json(ruling),
        "tricks_played": case.tricks_played,
        "engine": found.engine,
        "notes": list(found.notes),
        "hints": list(analysis.hints),
    }
    current = case.trick_in_progress
    if current is not None:
        data["trick_in_progress"] = {
            "trick": current.number,
            "leader": str(current.leader),
            "cards": [str(card) for card in current.cards],
        }
    if case.irregularities:
        data["irregularities"] = irregularities_json(case)
    if analysis.pending is not None:
        data["options"] = [option.to_json() for option in analysis.pending.options]
        if analysis.pending.note is not None:
            data["options_note"] = analysis.pending.note
        if analysis.pending.remark is not None:
            data["options_remark"] = analysis.pending.remark
    if analysis.explanation is not None:
        data["impossible_because"] = analysis.explanation
    claimed = analysis.claimed
    if claimed is not None:
        data["claim"] = claimed.to_json()
        view = analysis.claimer_view
        if view is not None:
            data["claim"]["claimer_view"] = {
                "layouts": view.layouts,
                "complete": view.complete,
                "at_most": view.worst,
                "layout": view.worst_layout,
                "sure": view.sure,
                "sure_note": view.sure_note,
            }
    return data


def _outcome_entries(analysis: Analysis, impossible: bool) -> list[dict[str, Any]]:
    """The JSON's outcome groups: by total, by revoke group, or (after an irregularity) by
    total and the choices made."""
    case, found = analysis.case, analysis.found
    outcomes = []
    # Each entry beside the total in play its trick winners are found under: a revoke group's
    # total counts a claim's tricks too, so its own total in play is the key.
    entries: list[tuple[dict[str, Any], int]]
    if analysis.revoke_groups is not None and not impossible:
        entries = [
            (group.to_json(), group.outcome.declarer_tricks) for group in analysis.revoke_groups
        ]
        if case.irregularities:  # after an irregularity every group says its choices
            for (entry, _), group in zip(entries, analysis.revoke_groups, strict=True):
                entry["choices"] = [choice_json(case, c) for c in group.outcome.choices]
    elif case.irregularities and not impossible:
        entries = [
            (
                {
                    "declarer_tricks": outcome.declarer_tricks,
                    "histories": count,
                    "revokes": [],
                    "final_declarer_tricks": outcome.declarer_tricks,
                    "choices": [choice_json(case, choice) for choice in outcome.choices],
                },
                outcome.declarer_tricks,
            )
            for outcome, count in found.groups.items()
        ]
    else:
        entries = [
            (
                {
                    "declarer_tricks": total,
                    "histories": count,
                    "revokes": [],
                    "final_declarer_tricks": total,
                },
                total,
            )
            for total, count in sorted(found.outcomes.items())
        ]
    for entry, total in entries:
        winners = found.trick_winners.get(total)
        if winners is not None:  # [] when no trick was played: present, as the format says
            entry["trick_winners"] = [sorted(str(SEATS[s]) for s in per) for per in winners]
        outcomes.append(entry)
    return outcomes


def choice_json(case: Case, choice: ChoiceMade) -> dict[str, Any]:
    """A choice an outcome group assumes, as the JSON gives it."""
    return {
        "trick": choice.trick,
        "by": chooser(case, choice.law),
        "law": edition_law(case, choice),
        "option": choice.option,
        **named_suits(choice.option, choice.suits),
    }


def edition_law(case: Case, choice: ChoiceMade) -> str:
    """The sub-law of a choice as the case's edition letters it: the proper leader's lead is
    53B in the 2017 code and 53C before (the catalogue stores one letter for every edition)."""
    if choice.option == "proper-lead":
        return law53_proper_lead_citation(case.edition)
    return choice.law


def chooser(case: Case, law: str) -> str:
    """Who chooses under ``law``: declarer, except under Law 55 (declarer's lead out of turn),
    where either defender may: their side."""
    return str(case.declarer.side.other) if law.startswith("55") else str(case.declarer)


def ruling_json(ruling: Ruling) -> dict[str, Any]:
    return {
        "declarer_tricks": ruling.declarer_tricks,
        "result": ruling.result,
        "score": ruling.score,
        "citations": ruling.citations,
        "reasons": [str(reason) for reason in ruling.reasons],
        "assumptions": [
            {"name": a.name, "citation": a.citation, "text": a.text} for a in ruling.assumptions
        ],
        "offenders": [
            {"seat": str(o.seat), "citation": o.citation, "text": o.text} for o in ruling.offenders
        ],
    }
