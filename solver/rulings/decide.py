"""The order in which the Laws decide a disputed trick count, written once.

1. No history fits the hard facts: impossible (nothing to rule on).
2. One declarer total among the consistent histories: that is the score (79B).
3. Several totals: a 66D offender side (mixed after the dispute) loses the doubt (66D);
   otherwise, offenders all on one side (65B/65C/65D) lose it (65D).
4. Otherwise: undetermined, for the Director's balance of probabilities (85A).
"""

from __future__ import annotations

from dataclasses import replace

from solver.bridge import Side
from solver.engines.result import EngineResult
from solver.facts import Case, EvidenceUnit
from solver.laws.citation import Assumption, Reason
from solver.laws.law65 import Offence, law65b_contradicted_cards, law65c_disordered_rows
from solver.laws.law66 import law66d_mixed_after_dispute
from solver.laws.law79 import law79b_single_total
from solver.laws.law85 import law85a_balance_of_probabilities
from solver.rulings.revokes import RevokeGroup, groups_reasons
from solver.rulings.ruling import Ruling, board_score


def decide(
    case: Case,
    found: EngineResult,
    contradicted: list[EvidenceUnit],
    groups: list[RevokeGroup] | None = None,
) -> Ruling:
    """Rule on the trick count from the consistent histories.

    With revoke allegations, ``groups`` carry each group's count after Laws 62-64, and the
    rule against the offender works on those final totals.
    """
    # 1. The hard facts admit no history.
    if found.feasible is False:
        reason = Reason("79B", "no legal play history fits the agreed facts and the deal")
        return Ruling("impossible", None, None, None, (reason,))
    totals = sorted(found.outcomes)
    if not totals:
        return Ruling("undetermined", None, None, None, (_not_established(found),))
    if groups is not None:
        if not groups:
            reason = Reason(
                "64A",
                "the revokes in the consistent histories were not established within the time "
                "limit, so the trick adjustment is unknown (raise --time-limit)",
            )
            return Ruling("undetermined", None, None, None, (reason,))
        totals = sorted({g.final for g in groups})
        ruling = _decide_totals(case, totals, found, contradicted, adjusted=True)
        return _with_revoke_reasons(ruling, groups)
    return _decide_totals(case, totals, found, contradicted)


def _not_established(found: EngineResult) -> Reason:
    """The engines stopped before they knew every total: nothing is ruled on part of them."""
    said = "; ".join(found.notes)
    return Reason(
        "85A",
        "the possible trick totals were not established within the time limit"
        + (f" ({said})" if said else "")
        + ": raise --time-limit; until then the Director decides on the balance of "
        "probabilities",
    )


def _with_revoke_reasons(ruling: Ruling, groups: list[RevokeGroup]) -> Ruling:
    """Put the revokes' reasons (61A, 63, 64) before the trick-count reasons."""
    chosen = [g for g in groups if ruling.declarer_tricks in (None, g.final)]
    reasons, assumptions = groups_reasons(chosen, ruling.assumptions)
    if not reasons:
        return ruling
    return replace(ruling, reasons=(*reasons, *ruling.reasons), assumptions=assumptions)


def _decide_totals(
    case: Case,
    totals: list[int],
    found: EngineResult,
    contradicted: list[EvidenceUnit],
    *,
    adjusted: bool = False,
) -> Ruling:
    """Steps 2-4 on a list of possible declarer totals (``adjusted``: after Laws 62-64)."""
    offenders_66 = law66d_mixed_after_dispute(case)
    offenders_65 = law65c_disordered_rows(case) + law65b_contradicted_cards(contradicted)
    offenders = tuple(offenders_66 + offenders_65)
    # 2. One total: Law 79.
    if len(totals) == 1:
        reasons = (law79b_single_total(totals[0], found.count, adjusted=adjusted),)
        return _decided(case, totals[0], reasons, (), offenders)
    # 3. Several totals: rule against the offending side, 66D before 65D.
    side_66 = _single_side(offenders_66)
    if side_66 is not None:
        return _against(case, side_66, totals, offenders, "66D", offenders_66)
    side_all = _single_side(list(offenders))
    if side_all is not None:
        return _against(case, side_all, totals, offenders, "65D", list(offenders))
    # 4. Nothing decides: the Director's judgement.
    why = "offenders on both sides" if offenders else "no player is an offender under Law 65 or 66"
    reasons = (law85a_balance_of_probabilities(totals, why),)
    return Ruling("undetermined", None, None, None, reasons, (), offenders)


def _single_side(offenders: list[Offence]) -> Side | None:
    sides = {o.seat.side for o in offenders}
    return next(iter(sides)) if len(sides) == 1 else None


def _against(
    case: Case,
    side: Side,
    totals: list[int],
    offenders: tuple[Offence, ...],
    citation: str,
    deciding: list[Offence],
) -> Ruling:
    declaring = side is case.declaring_side
    total = min(totals) if declaring else max(totals)
    who = "; ".join(sorted({o.text for o in deciding}))
    reasons = (
        Reason(
            citation,
            f"{who}: the doubtful tricks go against {side}, so declarer's side is credited with "
            f"{total} tricks, the total least favourable to {side} among {_listing(totals)}",
        ),
        Reason("79B", f"the Director rules the score on {total} tricks for declarer's side"),
    )
    # 66D itself rules for the other side; 65D only jeopardises rights, which leaves the
    # Director free to weigh the probabilities (85A) instead.
    text = (
        "the Director rules in favour of the other side (66D); this ruling follows 66D and "
        f"takes the least favourable total for {side} among the consistent histories, with no "
        "weighing of the balance of probabilities."
        if citation == "66D"
        else f"{side}'s rights to doubtful tricks are jeopardised (65D); this ruling takes the "
        f"least favourable total for {side} among the consistent histories. The Director may "
        "instead weigh the balance of probabilities (85A)."
    )
    assumption = Assumption("least-favourable-total", citation, text)
    return _decided(case, total, reasons, (assumption,), offenders)


def _listing(totals: list[int]) -> str:
    return "the possible totals " + ", ".join(str(t) for t in totals)


def stopped_where(tricks_played: int) -> str:
    """Where play stopped, in words ("play stopped after trick 7", or before trick 1)."""
    if tricks_played == 0:
        return "play stopped before trick 1"
    return f"play stopped after trick {tricks_played}"


def _decided(
    case: Case,
    total: int,
    reasons: tuple[Reason, ...],
    assumptions: tuple[Assumption, ...],
    offenders: tuple[Offence, ...],
) -> Ruling:
    if not case.play_complete:
        note = Assumption(
            "play-stopped",
            "79B",
            f"{stopped_where(case.tricks_played)}; the count covers those tricks "
            "only, so there is no result or score",
        )
        return Ruling("decided", total, None, None, reasons, (*assumptions, note), offenders)
    result, scores = board_score(case, total)
    return Ruling("decided", total, result, scores, reasons, assumptions, offenders)
