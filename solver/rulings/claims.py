"""Rulings on contested claims and concessions (Laws 69, 70, 71), and their JSON.

The order, written once: an agreed-then-withdrawn claim goes by 69B; otherwise 70A decides
(the worst normal line), 71B restores conceded tricks no normal play loses, 70C and 70D2 are
named where they applied; Law 79B credits the total and Law 77 scores it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from solver.bridge import SEATS, Card
from solver.engines.claims import Adjudication, ClaimProblem, ClaimTimeout, adjudicate
from solver.facts import Case, Claim
from solver.laws.citation import Reason
from solver.laws.law69 import law69b_withdrawn_agreement
from solver.laws.law70 import (
    law70a_adjudicated,
    law70c_outstanding_trump,
    law70d2_defenders_claim,
    policy_assumptions,
)
from solver.laws.law71 import law71b_unlosable_concession
from solver.laws.normal_play import PRESETS, NormalPolicy, for_defenders
from solver.rulings.ruling import Ruling, board_score


@dataclass(frozen=True, slots=True)
class ClaimAnalysis:
    """The adjudication of a claim, beside its double-dummy value."""

    claim: Claim
    adjudication: Adjudication
    double_dummy: int | None
    """Tricks of those left that the claimer's side takes with best play (None if unavailable)."""
    policy: NormalPolicy
    unruffed_tricks: int | None = None
    """With an outstanding trump the claimer did not mention (70C): the claimer's tricks on the
    worst normal line on which no opponent ruffs to win a trick (when he can play another card).
    None when no trump was outstanding unmentioned, when the claimer is credited with all he
    could be anyway, or when that adjudication did not finish in time."""
    unruffed_checked: bool = True
    """False when the adjudication without ruffs ran out of time."""

    @property
    def upheld(self) -> bool:
        return self.adjudication.claimer_tricks >= self.claim.tricks

    def to_json(self) -> dict[str, Any]:
        return {
            "by": str(self.claim.by),
            "tricks": self.claim.tricks,
            "worst_normal_line": [
                {
                    "trick": play.trick,
                    "seat": str(SEATS[play.seat]),
                    "card": str(Card.from_index(play.card)),
                    **(
                        {"winner": str(SEATS[play.wins_trick])}
                        if play.wins_trick is not None
                        else {}
                    ),
                }
                for play in self.adjudication.line
            ],
            "claimer_tricks": self.adjudication.claimer_tricks,
            "double_dummy": self.double_dummy,
            "upheld": self.upheld,
            "policy": self.policy.name,
            "positions": self.adjudication.positions,
            "elapsed": round(self.adjudication.elapsed, 4),
        }


def analyse_claim(
    case: Case, policy: NormalPolicy | None = None, time_limit: float = 20.0
) -> ClaimAnalysis:
    """Adjudicate the case's claim: the worst normal line, and the double-dummy value.

    ``policy`` None: the case file's own policy (``case_policy``)."""
    claim = case.claim
    assert claim is not None
    chosen = policy or case_policy(claim)
    if claim.by_defender:
        chosen = for_defenders(chosen)
    trump = case.contract.strain.trump_suit_index
    started = time.monotonic()
    problem = ClaimProblem.from_claim(claim, trump, chosen)
    adjudication = adjudicate(problem, time_limit)
    unruffed: int | None = None
    checked = True
    credit = _credit_of(claim, adjudication.claimer_tricks)
    could_gain = credit < _credit_of(claim, claim.position.tricks_left)
    if not claim.trumps_mentioned and _trump_outstanding(claim, trump) and could_gain:
        # 70C(3): does a normal line lose a trick to the trump, one the claimer would otherwise
        # take? Compare with the worst normal line on which the opponents never ruff to win.
        left = max(time_limit - (time.monotonic() - started), 0.0)
        try:
            # Barring the opponents' winning ruffs leaves them fewer lines: never fewer tricks,
            # from the claim or from any position the first search went through.
            unruffed = adjudicate(
                replace(problem, opponents_ruff=False),
                left,
                adjudication.claimer_tricks,
                adjudication.proved,
            ).claimer_tricks
        except ClaimTimeout:
            checked = False
    return ClaimAnalysis(claim, adjudication, _double_dummy(case, claim), chosen, unruffed, checked)


def case_policy(claim: Claim) -> NormalPolicy:
    """The policy the case file gives (``claim.policy`` and ``claim.switches``), by default
    WBF2017; the command line's ``--policy`` and ``--switch`` override it (solver/cli.py)."""
    return PRESETS[claim.policy or "WBF2017"].with_switches(**dict(claim.switches))


def _double_dummy(case: Case, claim: Claim) -> int | None:
    from solver.engines import dds
    from solver.errors import EngineError

    position = claim.position
    try:
        return dds.double_dummy_tricks(
            dds.Position(
                position.hands,
                case.contract.strain.trump_suit_index,
                position.leader,
                position.current_trick,
            ),
            claim.side,
        )
    except EngineError:
        return None


def decide_claim(case: Case, analysis: ClaimAnalysis) -> Ruling:
    """Rule on the claim: the claimer's side's tricks of those left, then the board's total."""
    claim = analysis.claim
    adjudicated = analysis.adjudication.claimer_tricks
    reasons: list[Reason] = []
    # Law 69B: the opponents had agreed, then withdrew.
    if claim.agreed:
        reason, settled = law69b_withdrawn_agreement(claim, adjudicated)
        reasons.append(reason)
        if not settled:
            return Ruling(
                "undetermined",
                None,
                None,
                None,
                tuple(reasons),
                policy_assumptions(analysis.policy),
            )
        credited = claim.tricks
    else:
        # Law 70A: the worst normal line, doubt against the claimer.
        reasons.append(law70a_adjudicated(claim, adjudicated))
        credited = min(adjudicated, claim.tricks)
    # Law 70C and 70D2, where they bore on the line.
    trump = case.contract.strain.trump_suit_index
    for extra in (
        law70c_outstanding_trump(
            claim, _trump_outstanding(claim, trump), _trump_cost(claim, analysis)
        ),
        law70d2_defenders_claim(claim, case.declarer.index % 2),
    ):
        if extra is not None:
            reasons.append(extra)
    # Law 71: conceded tricks no normal play could lose.
    concession = law71b_unlosable_concession(claim, adjudicated)
    if concession is not None:
        reasons.append(concession)
        if concession.citation == "71B":
            credited = adjudicated
    return _credit(case, claim, credited, reasons, analysis.policy)


def _trump_cost(claim: Claim, analysis: ClaimAnalysis) -> int | None:
    """Tricks credited to the claimer's side that the unmentioned trump costs him (70C(3)): the
    credit on the worst normal line without winning ruffs by the opponents, less the credit on
    the worst normal line; None if unknown."""
    if not analysis.unruffed_checked:
        return None
    if analysis.unruffed_tricks is None:  # no unmentioned trump, or no trick left to lose
        return 0
    unruffed = _credit_of(claim, analysis.unruffed_tricks)
    return max(unruffed - _credit_of(claim, analysis.adjudication.claimer_tricks), 0)


def _credit_of(claim: Claim, claimer_tricks: int) -> int:
    """The tricks credited for a worst-normal-line value: at most those claimed (70A), unless
    71B restores conceded tricks no normal play loses."""
    if claimer_tricks > claim.tricks and not claim.correction_period_over and not claim.agreed:
        return claimer_tricks
    return min(claimer_tricks, claim.tricks)


def _trump_outstanding(claim: Claim, trump: int | None) -> bool:
    if trump is None:
        return False
    side = claim.by.index % 2
    hands = claim.position.hands
    return any(
        card.suit_index == trump for seat in range(4) if seat % 2 != side for card in hands[seat]
    )


def _credit(
    case: Case, claim: Claim, credited: int, reasons: list[Reason], policy: NormalPolicy
) -> Ruling:
    declaring = case.declarer.index % 2
    left = claim.position.tricks_left
    declarer_more = credited if claim.by.index % 2 == declaring else left - credited
    total = claim.position.won[declaring] + declarer_more
    reasons.append(Reason("79B", f"declarer's side is credited with {total} tricks in all"))
    result, scores = board_score(case, total)
    return Ruling("decided", total, result, scores, tuple(reasons), policy_assumptions(policy))
